import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { backend } from '../../backend/index.ts';
import type { ClaimedCardChoice } from '../../backend/ports.ts';
import { errorMessage } from '../../components/errorMessage.ts';
import { FormAlert, SelectField, TextField } from '../../components/Field.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notify } from '../../components/notify.ts';
import { authState } from '../../state/auth.ts';
import { SWITCHER_TEXTS } from '../../app/shell/TreeSwitcher.tsx';
import { ChoiceGroup } from '../../components/ChoiceGroup.tsx';
import { Modal } from '../../components/Modal.tsx';
import { deletionProblem, deletionRequest, heirsOf, initialDraft, peopleDeleted, type DeletionDraft, type OwnedTree } from './deletionPlan.ts';

export const DELETE_TEXTS = {
  title: 'Delete your account',
  description: 'This cannot be undone. Choose what stays of you on the family trees, then type your password.',
  loading: 'Loading your family trees…',
  loadFailed: 'Your family trees could not be loaded, so your account cannot be deleted right now.',
  retry: 'Try again',
  card: 'Your card on the family trees',
  cardHint: 'It goes back to being an unclaimed card, so the trees keep their shape.',
  keepName: 'Keep my name only',
  keepNameHint: 'Relatives still see your name on the card; what you wrote about yourself and your photo are removed. What they entered stays.',
  remove: 'Remove my details',
  removeHint: 'The card stays as "Unnamed": your name, what you wrote about yourself and your photo are removed. What relatives entered stays.',
  ownedIntro: 'You own these family trees. Each one goes to another of its members, or is deleted.',
  transfer: 'Hand it to another member',
  transferHint: 'They become its owner; everything on it stays.',
  deleteTree: 'Delete this tree',
  deleteTreeHint: 'Its people and their relationships are deleted, for every member.',
  heir: 'New owner',
  heirPlaceholder: 'Choose a member…',
  alone: 'Nobody else belongs to it, so it is deleted with your account.',
  peopleGone: (n: number) => `${SWITCHER_TEXTS.people(n)} on the trees you delete will be gone for good, with their relationships.`,
  signedOut: 'You are signed out everywhere at once.',
  password: 'Your password',
  cancel: 'Cancel',
  confirm: 'Delete my account',
  deleting: 'Deleting…',
  deleted: 'Your account was deleted',
  failed: 'Failed to delete your account.',
} as const;

const CARD_CHOICES = [
  { value: 'keep-name', label: DELETE_TEXTS.keepName, hint: DELETE_TEXTS.keepNameHint },
  { value: 'remove', label: DELETE_TEXTS.remove, hint: DELETE_TEXTS.removeHint },
] as const;

const TREE_CHOICES = [
  { value: 'transfer', label: DELETE_TEXTS.transfer, hint: DELETE_TEXTS.transferHint },
  { value: 'delete', label: DELETE_TEXTS.deleteTree, hint: DELETE_TEXTS.deleteTreeHint },
] as const;

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; owned: OwnedTree[] };

/** The trees the member owns, each with the members it could go to. */
async function loadOwned(uid: string): Promise<OwnedTree[]> {
  const trees = (await backend.graphs.list()).filter((t) => t.role === 'owner');
  return Promise.all(trees.map(async (tree) => ({ tree, heirs: heirsOf(await backend.members.list(tree.graphId), uid) })));
}

/**
 * Deleting one's account, after a clear warning: what stays of their claimed card (consent: the
 * name only, or nothing), and for each tree they own, another member to hand it to or its
 * deletion. Every session ends at once; the member lands on the landing page.
 */
export function DeleteAccountDialog({ uid, onClose }: { uid: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<DeletionDraft>({ card: '', trees: {}, password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    loadOwned(uid).then(
      (owned) => {
        if (!live) return;
        setLoaded({ status: 'ready', owned });
        setDraft(initialDraft(owned));
      },
      () => live && setLoaded({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [uid, attempt]);

  const owned = loaded.status === 'ready' ? loaded.owned : [];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = deletionProblem(draft, owned);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await backend.account.deleteAccount(deletionRequest(draft, owned));
    } catch (e) {
      setError(errorMessage(e, DELETE_TEXTS.failed));
      setBusy(false);
      return;
    }
    notify.success(DELETE_TEXTS.deleted);
    // The server ended every session; this tab forgets the member too.
    await backend.auth.signOut().catch(() => {
      authState.user = null;
    });
    navigate('/', { replace: true });
  };
  const gone = peopleDeleted(draft, owned);

  return (
    <Modal title={DELETE_TEXTS.title} description={DELETE_TEXTS.description} size="lg" onClose={busy ? () => undefined : onClose} testId="delete-account-dialog">
      {loaded.status === 'loading' && <LoadingState text={DELETE_TEXTS.loading} />}
      {loaded.status === 'error' && (
        <div className="account-load-error" role="alert">
          <p>{DELETE_TEXTS.loadFailed}</p>
          <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
            {DELETE_TEXTS.retry}
          </button>
        </div>
      )}
      {loaded.status === 'ready' && (
        <form className="form delete-account-form" onSubmit={submit} noValidate aria-label={DELETE_TEXTS.title}>
          <ChoiceGroup<ClaimedCardChoice>
            label={DELETE_TEXTS.card}
            value={draft.card}
            choices={CARD_CHOICES}
            onChange={(card) => setDraft((d) => ({ ...d, card }))}
          />
          <p className="field-hint">{DELETE_TEXTS.cardHint}</p>
          {owned.length > 0 && <p className="delete-account-intro">{DELETE_TEXTS.ownedIntro}</p>}
          {owned.map(({ tree, heirs }) => {
            const decision = draft.trees[tree.graphId];
            return (
              <fieldset key={tree.graphId} className="delete-account-tree">
                <legend className="field-label">
                  {tree.name} <span className="muted">· {SWITCHER_TEXTS.people(tree.people)}</span>
                </legend>
                {heirs.length ? (
                  <>
                    <ChoiceGroup<'transfer' | 'delete'>
                      label={tree.name}
                      showLabel={false}
                      value={decision?.action ?? ''}
                      choices={TREE_CHOICES}
                      onChange={(action) =>
                        setDraft((d) => ({
                          ...d,
                          trees: { ...d.trees, [tree.graphId]: action === 'delete' ? { action } : { action, toUid: heirs.length === 1 ? heirs[0]!.uid : '' } },
                        }))
                      }
                    />
                    {decision?.action === 'transfer' && (
                      <SelectField
                        label={DELETE_TEXTS.heir}
                        placeholder={DELETE_TEXTS.heirPlaceholder}
                        options={heirs.map((h) => ({ value: h.uid, label: `${h.name} (${h.email})` }))}
                        value={decision.toUid}
                        onChange={(e) => setDraft((d) => ({ ...d, trees: { ...d.trees, [tree.graphId]: { action: 'transfer', toUid: e.target.value } } }))}
                      />
                    )}
                  </>
                ) : (
                  <p className="muted delete-account-alone">{DELETE_TEXTS.alone}</p>
                )}
              </fieldset>
            );
          })}
          <div className="form-alert form-alert-error delete-account-warning" role="note">
            {gone > 0 && <p>{DELETE_TEXTS.peopleGone(gone)}</p>}
            <p>{DELETE_TEXTS.signedOut}</p>
          </div>
          <TextField
            label={DELETE_TEXTS.password}
            type="password"
            autoComplete="current-password"
            value={draft.password}
            onChange={(e) => setDraft((d) => ({ ...d, password: e.target.value }))}
          />
          <FormAlert kind="error">{error}</FormAlert>
          <div className="modal-footer">
            <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
              {DELETE_TEXTS.cancel}
            </button>
            <button type="submit" className="btn btn-danger" disabled={busy}>
              {busy ? DELETE_TEXTS.deleting : DELETE_TEXTS.confirm}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
