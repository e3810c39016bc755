import * as Tabs from '@radix-ui/react-tabs';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/Field.tsx';
import { EDIT_PERSON_MESSAGES } from '../../../domain/editPerson.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import { capitaliseName, cardName } from '../../../domain/labels.ts';
import { canEditProfile, RIGHTS_MESSAGES } from '../../../domain/permissions.ts';
import { mayLinkProfile, mayRelink } from '../actions/rights.ts';
import type { Graph, Profile } from '../../../domain/types.ts';
import { storeOwnProfile } from '../../../state/ownProfile.ts';
import { currentYear } from '../actions/context.ts';
import { createPersonAction, linkByEmailAction, linkToProfileAction, savePersonAction } from '../actions/editPerson.ts';
import { useTree } from '../treeContext.ts';
import { closeDialog, type TreeDialog } from '../treeUi.ts';
import { DialogShell } from './DialogShell.tsx';
import { formValuesOf, PersonForm, type PersonFormValues } from './PersonForm.tsx';
import { ProfileSearch } from './ProfileSearch.tsx';
import { personOf, useTreeGraph } from './useTreeGraph.ts';

export const PERSON_DIALOG_TEXTS = {
  createTitle: 'Create Person',
  editTitle: 'Edit Person',
  createDescription: (relation: string, name: string) => `A new ${relation} of ${name}.`,
  editDescription: (name: string) => `Details of ${name}.`,
  create: 'Create',
  save: 'Save',
  detailsTab: 'Details',
  linkTab: 'Link to profile',
  readOnly: (who: string) => `Read only: only ${who} can edit these details.`,
  noProfile: 'This card has no profile yet. Link it to an existing profile instead.',
  linkIntro: 'Show a profile that already exists on this card instead. The card keeps its relatives.',
  linkSearchLabel: 'Choose a profile',
  linkSearchNote: 'People already on the tree are not listed: each person has one card.',
  emailLabel: 'Find by email',
  emailPlaceholder: 'name@example.com',
  linkButton: 'Link',
  alreadyLinked: 'This card already shows that profile.',
} as const;

/**
 * Who may edit a profile an owner or editor finds read-only (§6, `canEditProfile`): the member
 * who claimed it (or whose own profile it is), by name where the tree knows them.
 */
export function editorsOf(graph: Graph, profile: Profile): string {
  const member = graph.profiles[profile.ownerUid || profile.id];
  return member ? cardName(member) : 'the person themselves';
}

export function CreatePersonDialog({ dialog }: { dialog: Extract<TreeDialog, { kind: 'createPerson' }> }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const ref = personOf(graph, dialog.nodeId);
  const [seed] = useState(() => `new-${dialog.nodeId}-${dialog.relation}`);
  const initial = useMemo<PersonFormValues>(() => {
    const values = formValuesOf(undefined);
    // The last name as the card shows it: a member's capitalised (§3), anyone else's as written.
    const last = ref?.profile?.lastName ?? '';
    const refLast = ref?.profile?.ownerUid ? capitaliseName(last) : last.trim();
    if (dialog.relation === 'child' || dialog.relation === 'sibling' || (dialog.relation === 'parent' && dialog.parentRole === 'father')) values.lastName = refLast;
    if (dialog.relation === 'parent') values.gender = dialog.parentRole === 'mother' ? 'F' : dialog.parentRole === 'father' ? 'M' : '';
    return values;
  }, []);
  if (!ref) return null;
  const relation = dialog.relation === 'parent' ? (dialog.parentRole ?? 'parent') : dialog.relation;
  return (
    <DialogShell title={PERSON_DIALOG_TEXTS.createTitle} description={PERSON_DIALOG_TEXTS.createDescription(relation, ref.name)} size="lg" testId="create-person-dialog">
      <PersonForm
        initial={initial}
        seed={seed}
        currentYear={currentYear(tree)}
        lockedFields={dialog.relation === 'parent' ? ['gender'] : []}
        submitLabel={PERSON_DIALOG_TEXTS.create}
        onCancel={closeDialog}
        onSubmit={(fields) => {
          const { nodeId, relation, parentRole, otherParentProfileId, couple } = dialog;
          const result = createPersonAction(tree, { nodeId, kind: relation, parentRole, otherParentProfileId, couple, fields });
          if (result.ok) closeDialog();
        }}
      />
    </DialogShell>
  );
}

export function EditPersonDialog({ nodeId }: { nodeId: string }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const person = personOf(graph, nodeId);
  const [tab, setTab] = useState<'details' | 'link'>('details');
  // The form starts from the profile as it was when the dialog opened.
  const [initial] = useState(() => formValuesOf(person?.profile));
  if (!person) return null;
  const { profile, node } = person;
  const readOnly = !profile || !canEditProfile(profile, tree.uid, tree.session.role);
  const ownCard = node.data.isPrimary || node.data.profileId === tree.uid;

  return (
    <DialogShell title={PERSON_DIALOG_TEXTS.editTitle} description={PERSON_DIALOG_TEXTS.editDescription(person.name)} size="lg" testId="edit-person-dialog">
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as 'details' | 'link')}>
        <Tabs.List className="tabs-list" aria-label="Edit person">
          <Tabs.Trigger className="tabs-trigger" value="details">
            {PERSON_DIALOG_TEXTS.detailsTab}
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs-trigger" value="link">
            {PERSON_DIALOG_TEXTS.linkTab}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="details">
          <PersonForm
            initial={initial}
            seed={person.seed}
            currentYear={currentYear(tree)}
            readOnly={readOnly}
            namesRequired={!!profile?.ownerUid}
            intro={
              readOnly ? (
                <p className="form-alert form-alert-info" role="note">
                  {profile ? PERSON_DIALOG_TEXTS.readOnly(editorsOf(graph, profile)) : PERSON_DIALOG_TEXTS.noProfile}
                </p>
              ) : undefined
            }
            submitLabel={PERSON_DIALOG_TEXTS.save}
            onCancel={closeDialog}
            onSubmit={(fields) => {
              const result = savePersonAction(tree, nodeId, fields);
              if (!result.ok) return;
              // The member's own profile also lives in the header/home store and its browser copy (§3).
              const saved = tree.session.graph.profiles[tree.uid];
              if (result.changed && node.data.profileId === tree.uid && saved) storeOwnProfile(saved);
              closeDialog();
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="link">
          {ownCard || !mayRelink(graph, nodeId, tree.uid) ? (
            <p className="form-alert form-alert-info" role="note">
              {ownCard ? EDIT_PERSON_MESSAGES.ownProfileRelink : RIGHTS_MESSAGES.relink}
            </p>
          ) : (
            <LinkProfilePanel nodeId={nodeId} />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </DialogShell>
  );
}

function LinkProfilePanel({ nodeId }: { nodeId: string }) {
  const tree = useTree();
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  // Profiles on a card, and those another member has claimed (§6: theirs to link), are not offered.
  const accept = useCallback((p: Profile) => !graphIndex(tree.session.graph).nodesByProfile.has(p.id) && mayLinkProfile(p, tree.uid), [tree]);

  const done = (result: { ok: true; linked: boolean } | { ok: false }) => {
    if (!result.ok) return setNote('');
    if (result.linked) closeDialog();
    else setNote(PERSON_DIALOG_TEXTS.alreadyLinked);
  };
  const byEmail = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return;
    done(linkByEmailAction(tree, nodeId, email));
  };

  return (
    <div className="form">
      <p className="muted tree-dialog-text">{PERSON_DIALOG_TEXTS.linkIntro}</p>
      <ProfileSearch
        label={PERSON_DIALOG_TEXTS.linkSearchLabel}
        accept={accept}
        onChoose={(p) => done(linkToProfileAction(tree, nodeId, p.id))}
      />
      <p className="field-hint">{PERSON_DIALOG_TEXTS.linkSearchNote}</p>
      <form className="link-email-row" onSubmit={byEmail} noValidate>
        <TextField
          label={PERSON_DIALOG_TEXTS.emailLabel}
          type="email"
          placeholder={PERSON_DIALOG_TEXTS.emailPlaceholder}
          autoComplete="off"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setNote('');
          }}
        />
        <button type="submit" className="btn btn-secondary" disabled={!email.trim()}>
          {PERSON_DIALOG_TEXTS.linkButton}
        </button>
      </form>
      {note && (
        <p className="field-hint" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
