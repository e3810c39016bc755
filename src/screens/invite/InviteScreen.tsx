import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { backend } from '../../backend/index.ts';
import type { InvitationInfo } from '../../backend/ports.ts';
import { SignInForm } from '../../components/auth/SignInForm.tsx';
import { SignUpForm } from '../../components/auth/SignUpForm.tsx';
import { errorMessage } from '../../components/errorMessage.ts';
import { FormAlert } from '../../components/Field.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useAsync } from '../../components/useAsync.ts';
import { isInvitationToken } from '../../domain/ids.ts';
import { normaliseEmail } from '../../domain/validation/auth.ts';
import { authState } from '../../state/auth.ts';
import { openAuthDialog } from '../../state/authDialog.ts';
import { loadTrees, treePath } from '../../state/trees.ts';
import { CenteredPanel } from '../CenteredPanel.tsx';
import type { TreeArrival } from '../tree/TreeScreen.tsx';
import { INVITE_TEXTS as T, invitationLead, invitationProblem } from './inviteTexts.ts';
import './invite.css';

/**
 * /invite?token=…: who invites whom to which tree, as whom; then both ways to accept, offered
 * alike whether or not the address has an account ("Create account" and "Sign in to accept").
 * A link that cannot be used says why (unknown, used, revoked, expired) and changes nothing.
 */
export function InviteScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [attempt, setAttempt] = useState(0);
  const invitation = useAsync(
    () => (isInvitationToken(token) ? backend.invitations.details(token) : Promise.reject(new Error('malformed'))),
    `${token}:${attempt}`,
  );

  if (invitation.status === 'loading') return <LoadingState text={T.opening} />;
  if (invitation.status === 'error') {
    const problem = invitationProblem(invitation.error);
    return (
      <CenteredPanel title={problem.title}>
        <p className="muted">{problem.text}</p>
        {problem.retry ? (
          <button className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
            {T.retry}
          </button>
        ) : (
          <button className="btn btn-primary" onClick={() => openAuthDialog('signin')}>
            {T.signIn}
          </button>
        )}
      </CenteredPanel>
    );
  }
  return <Invitation token={token} info={invitation.value} />;
}

function Invitation({ token, info }: { token: string; info: InvitationInfo }) {
  const navigate = useNavigate();
  const { user } = useSnapshot(authState);
  const [sentTo, setSentTo] = useState('');

  if (sentTo) {
    return (
      <CenteredPanel title={T.checkTitle}>
        <p className="muted" data-testid="check-email">
          {T.check(sentTo, info.treeName)}
        </p>
      </CenteredPanel>
    );
  }

  const createAccount = (
    <>
      {user && <FormAlert kind="info">{T.signedInCreate(user.email)}</FormAlert>}
      <SignUpForm
        invitedEmail={info.email}
        names={{ firstName: info.firstName, lastName: info.lastName }}
        submitLabel={T.createTab}
        onSubmit={async (input) => {
          const answer = await backend.auth.acceptInvitation(token, input);
          if (answer.status === 'confirm-email') setSentTo(answer.email);
          // Firebase joins a relative's tree at once (DESIGN.md "Sharing on Firebase"): they land
          // on their own card in it, as /confirm-signup does; an invitation without a tree opens Home.
          else if (info.treeName) navigate('/app/tree', { replace: true, state: { showOwnCard: true } satisfies TreeArrival });
          else navigate('/app/home', { replace: true });
        }}
      />
    </>
  );

  if (info.firstAccount) {
    return (
      <CenteredPanel title={T.firstTitle} lead={T.firstLead}>
        {createAccount}
      </CenteredPanel>
    );
  }

  /** Joins the tree as the signed-in member and lands on their card in it. */
  const accept = async () => {
    const { graphId } = await backend.invitations.accept(token);
    if (authState.user) await loadTrees(authState.user.uid, true);
    const arrival: TreeArrival = { showOwnCard: true };
    navigate(treePath(graphId), { replace: true, state: arrival });
  };

  return (
    <CenteredPanel title={T.title} lead={invitationLead(info)}>
      <Tabs.Root defaultValue="create" className="invite-tabs">
        <Tabs.List className="tabs-list" aria-label={T.tabsLabel}>
          <Tabs.Trigger className="tabs-trigger" value="create">
            {T.createTab}
          </Tabs.Trigger>
          <Tabs.Trigger className="tabs-trigger" value="signin">
            {T.signInTab}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="create" className="invite-tab">
          {createAccount}
        </Tabs.Content>
        <Tabs.Content value="signin" className="invite-tab">
          {user && normaliseEmail(user.email) === normaliseEmail(info.email) ? (
            <AcceptAsSignedIn email={user.email} onAccept={accept} />
          ) : (
            <>
              {user && <FormAlert kind="info">{T.signedInOther(user.email)}</FormAlert>}
              <SignInForm fixedEmail={info.email} emailHint={T.emailHint} submitLabel={T.signInTab} onSignedIn={accept} />
            </>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </CenteredPanel>
  );
}

/** Already signed in with the invited address: one button. */
function AcceptAsSignedIn({ email, onAccept }: { email: string; onAccept: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="form">
      <p className="muted">{T.signedInAsInvited(email)}</p>
      <FormAlert kind="error">{error}</FormAlert>
      <button
        type="button"
        className="btn btn-primary btn-lg btn-block"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await onAccept();
          } catch (e) {
            setError(errorMessage(e, T.acceptFailed));
            setBusy(false);
          }
        }}
      >
        {busy ? T.accepting : T.accept}
      </button>
    </div>
  );
}
