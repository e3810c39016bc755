import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { backend } from '../../backend/index.ts';
import { SignUpForm } from '../../components/auth/SignUpForm.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useAsync } from '../../components/useAsync.ts';
import { isAppError } from '../../domain/errors.ts';
import { isInvitationToken } from '../../domain/ids.ts';
import { authState } from '../../state/auth.ts';
import { openAuthDialog } from '../../state/authDialog.ts';
import { CenteredPanel } from '../CenteredPanel.tsx';

/** /invite?token=…: the invitation's sign-up form, or a clear message and no form. */
export function InviteScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { user } = useSnapshot(authState);
  const [sentTo, setSentTo] = useState('');
  const invitation = useAsync(
    () => (isInvitationToken(token) ? backend.invitations.details(token) : Promise.reject(new Error('malformed'))),
    token,
  );

  if (invitation.status === 'loading') return <LoadingState text="Opening your invitation…" />;
  if (invitation.status === 'error') {
    const used = isAppError(invitation.error) && invitation.error.code === 'auth/invitation-used';
    return (
      <CenteredPanel title={used ? 'This invitation has already been used' : 'This invitation link is not valid'}>
        <p className="muted">
          {used
            ? 'An account was already created with it. If that was you, sign in with your e-mail and password.'
            : 'Check that you opened the whole link from your invitation e-mail, or ask the relative who invited you for a new one.'}
        </p>
        <button className="btn btn-primary" onClick={() => openAuthDialog('signin')}>
          Sign in
        </button>
      </CenteredPanel>
    );
  }

  const { email, firstAccount } = invitation.value;
  if (sentTo) {
    return (
      <CenteredPanel title="Check your e-mail">
        <p className="muted">We sent a link to {sentTo}. Open it to finish creating your account.</p>
      </CenteredPanel>
    );
  }
  return (
    <CenteredPanel
      title={firstAccount ? 'Create the first account' : "You're invited to Kinfolk"}
      lead={
        firstAccount
          ? 'This site has no members yet. Your account will be the first; you can invite your relatives from your tree.'
          : 'A relative has invited you to join your family tree. Create your account to claim your place in it.'
      }
    >
      {user && (
        <p className="form-alert form-alert-info" role="status">
          You are signed in as {user.email}. Creating this account signs you in as the new member instead.
        </p>
      )}
      <SignUpForm
        invitedEmail={email}
        submitLabel="Create account"
        onSubmit={async (input) => {
          const answer = await backend.auth.acceptInvitation(token, input);
          if (answer.status === 'signed-in') navigate('/app/home', { replace: true });
          else setSentTo(answer.email);
        }}
      />
    </CenteredPanel>
  );
}
