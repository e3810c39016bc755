import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { backend } from '../../backend/index.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { isAppError } from '../../domain/errors.ts';
import { authState } from '../../state/auth.ts';
import { openAuthDialog } from '../../state/authDialog.ts';
import { CenteredPanel } from '../CenteredPanel.tsx';
import type { TreeArrival } from '../tree/TreeScreen.tsx';

/** The texts of the two confirmation links (docs/PRODUCT.md §2), verbatim. */
export const CONFIRM_TEXTS = {
  signUpWorking: 'Finishing your account…',
  emailWorking: 'Changing your e-mail address…',
  usedTitle: 'This link can no longer be used',
  signUpUsed: 'Confirmation links work once and expire. If you already finished, sign in; otherwise open your invitation again to get a new one.',
  emailUsed: 'Confirmation links work once and expire. Ask for the change again from your account settings.',
  failedTitle: 'This link could not be opened',
  failed: 'The server could not be reached. Check your internet connection and try again.',
  emailDoneTitle: 'Your e-mail address has been changed',
  emailDone: (email: string) => `You now sign in with ${email}.`,
  signIn: 'Sign in',
  retry: 'Try again',
  account: 'Back to your account',
} as const;

type Outcome = { status: 'working' } | { status: 'used' } | { status: 'failed' } | { status: 'done'; email: string };

/**
 * Runs a confirmation once per token (a second render must not spend the link again), once the
 * app knows who is signed in: the session check answering after the confirmation signed someone
 * in would sign them out again.
 */
function useConfirmation(run: (token: string) => Promise<string>): [Outcome, () => void] {
  const { initialising } = useSnapshot(authState);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'working' });
  const started = useRef('');
  useEffect(() => {
    const key = `${token}:${attempt}`;
    if (initialising || started.current === key) return;
    started.current = key;
    setOutcome({ status: 'working' });
    run(token).then(
      (email) => setOutcome({ status: 'done', email }),
      (e: unknown) => setOutcome({ status: isAppError(e) && (e.code === 'unavailable' || e.code === 'deadline-exceeded') ? 'failed' : 'used' }),
    );
  }, [token, attempt, run, initialising]);
  return [outcome, () => setAttempt((n) => n + 1)];
}

function Failed({ onRetry }: { onRetry: () => void }) {
  return (
    <CenteredPanel title={CONFIRM_TEXTS.failedTitle}>
      <p className="muted">{CONFIRM_TEXTS.failed}</p>
      <button className="btn btn-primary" onClick={onRetry}>
        {CONFIRM_TEXTS.retry}
      </button>
    </CenteredPanel>
  );
}

const confirmSignUp = (token: string) => backend.auth.confirmSignUp(token).then((u) => u.email);
const confirmEmail = (token: string) =>
  backend.account.confirmEmailChange(token).then((u) => {
    if (authState.user?.uid === u.uid) authState.user = u;
    return u.email;
  });

/**
 * /confirm-signup?token=…, the link of the mail a relative's "Create account" sends: it makes the
 * account, joins the tree and signs in, and the new member lands on their own card in it.
 */
export function ConfirmSignUpScreen() {
  const navigate = useNavigate();
  const [outcome, retry] = useConfirmation(confirmSignUp);
  useEffect(() => {
    if (outcome.status !== 'done') return;
    const arrival: TreeArrival = { showOwnCard: true };
    navigate('/app/tree', { replace: true, state: arrival });
  }, [outcome, navigate]);
  if (outcome.status === 'failed') return <Failed onRetry={retry} />;
  if (outcome.status === 'used')
    return (
      <CenteredPanel title={CONFIRM_TEXTS.usedTitle}>
        <p className="muted">{CONFIRM_TEXTS.signUpUsed}</p>
        <button className="btn btn-primary" onClick={() => openAuthDialog('signin')}>
          {CONFIRM_TEXTS.signIn}
        </button>
      </CenteredPanel>
    );
  return <LoadingState text={CONFIRM_TEXTS.signUpWorking} />;
}

/** /confirm-email?token=…, the link sent to a new address: the member's e-mail changes. */
export function ConfirmEmailScreen() {
  const [outcome, retry] = useConfirmation(confirmEmail);
  if (outcome.status === 'failed') return <Failed onRetry={retry} />;
  if (outcome.status === 'used')
    return (
      <CenteredPanel title={CONFIRM_TEXTS.usedTitle}>
        <p className="muted">{CONFIRM_TEXTS.emailUsed}</p>
        <Link to="/app/account" className="btn btn-primary">
          {CONFIRM_TEXTS.account}
        </Link>
      </CenteredPanel>
    );
  if (outcome.status === 'done')
    return (
      <CenteredPanel title={CONFIRM_TEXTS.emailDoneTitle}>
        <p className="muted">{CONFIRM_TEXTS.emailDone(outcome.email)}</p>
        <Link to="/app/account" className="btn btn-primary">
          {CONFIRM_TEXTS.account}
        </Link>
      </CenteredPanel>
    );
  return <LoadingState text={CONFIRM_TEXTS.emailWorking} />;
}
