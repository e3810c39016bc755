import { DigestCard } from './DigestCard.tsx';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { backend } from '../../backend/index.ts';
import { errorMessage } from '../../components/errorMessage.ts';
import { FormAlert, TextField } from '../../components/Field.tsx';
import { ArrowLeftIcon, DownloadIcon, LockIcon, MailIcon, TrashIcon } from '../../components/icons.tsx';
import { notify } from '../../components/notify.ts';
import { useToastsClearOf } from '../../components/toastArea.ts';
import { authState } from '../../state/auth.ts';
import { ACCOUNT_TEXTS as T, validateEmailChange, validatePasswordChange } from './accountTexts.ts';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import './account.css';

/** Saves a blob as a file through a temporary link (the download the browser offers). */
export const downloadEffects = {
  save(blob: Blob, name: string) {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

/**
 * /app/account: one's own data (issue 11). Download everything, change the e-mail (a link to the
 * new address confirms it), change the password, delete the account. Reached from the user menu
 * and the profile page.
 */
export default function AccountScreen() {
  const { user } = useSnapshot(authState);
  const keepToastsClear = useToastsClearOf('below');
  const [deleting, setDeleting] = useState(false);
  if (!user) return null;
  return (
    <div className="page account-page">
      <section className="card account-hero" ref={keepToastsClear}>
        <div>
          <h1>{T.title}</h1>
          <p className="muted">{T.lead}</p>
        </div>
        <Link to="/app/profile" className="btn btn-secondary">
          <ArrowLeftIcon size={18} /> Back to Profile
        </Link>
      </section>
      <div className="account-grid">
        <DataCard uid={user.uid} />
        <EmailCard email={user.email} />
        <PasswordCard />
        <DigestCard />
        <section className="card account-card account-danger" aria-labelledby="account-delete-title">
          <h2 id="account-delete-title" className="card-title">
            <TrashIcon size={20} /> {T.deleteTitle}
          </h2>
          <p className="muted">{T.deleteLead}</p>
          <button type="button" className="btn btn-danger" onClick={() => setDeleting(true)}>
            {T.deleteOpen}
          </button>
        </section>
      </div>
      {deleting && <DeleteAccountDialog uid={user.uid} onClose={() => setDeleting(false)} />}
    </div>
  );
}

function DataCard({ uid }: { uid: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await backend.account.download();
      downloadEffects.save(blob, `kinfolk-${uid}.json`);
      notify.success(T.downloaded);
    } catch (e) {
      notify.error(T.downloadFailed, { description: errorMessage(e, '') || undefined });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card account-card" aria-labelledby="account-data-title">
      <h2 id="account-data-title" className="card-title">
        <DownloadIcon size={20} /> {T.dataTitle}
      </h2>
      <p className="muted">{T.data}</p>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void download()}>
        <DownloadIcon size={18} /> {busy ? T.downloading : T.download}
      </button>
    </section>
  );
}

function EmailCard({ email }: { email: string }) {
  const [next, setNext] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateEmailChange(next, email, password);
    setError(problem);
    setSent('');
    if (problem) return;
    setBusy(true);
    try {
      await backend.account.changeEmail(next.trim(), password);
      setSent(next.trim());
      setNext('');
      setPassword('');
    } catch (e) {
      setError(errorMessage(e, T.emailFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card account-card" aria-labelledby="account-email-title">
      <h2 id="account-email-title" className="card-title">
        <MailIcon size={20} /> {T.emailTitle}
      </h2>
      <p className="muted">{T.emailNow(email)}</p>
      <form className="form" onSubmit={submit} noValidate aria-label="Change email">
        <TextField label={T.newEmail} type="email" autoComplete="email" value={next} onChange={(e) => setNext(e.target.value)} />
        <TextField label={T.password} type="password" autoComplete="current-password" hint={T.passwordHint} value={password} onChange={(e) => setPassword(e.target.value)} />
        <FormAlert kind="error">{error}</FormAlert>
        <FormAlert kind="info">{sent ? T.linkSent(sent) : null}</FormAlert>
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {busy ? T.sendingLink : T.sendLink}
        </button>
      </form>
    </section>
  );
}

function PasswordCard() {
  const [values, setValues] = useState({ current: '', next: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validatePasswordChange(values.current, values.next, values.confirm);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await backend.account.changePassword(values.current, values.next);
      setValues({ current: '', next: '', confirm: '' });
      notify.success(T.passwordChanged, { description: T.passwordChangedDetail });
    } catch (e) {
      setError(errorMessage(e, T.passwordFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card account-card" aria-labelledby="account-password-title">
      <h2 id="account-password-title" className="card-title">
        <LockIcon size={20} /> {T.passwordTitle}
      </h2>
      <form className="form" onSubmit={submit} noValidate aria-label="Change password">
        <TextField label={T.currentPassword} type="password" autoComplete="current-password" value={values.current} onChange={set('current')} />
        <TextField label={T.newPassword} type="password" autoComplete="new-password" value={values.next} onChange={set('next')} />
        <TextField label={T.confirmPassword} type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} />
        <FormAlert kind="error">{error}</FormAlert>
        <button type="submit" className="btn btn-secondary" disabled={busy}>
          {busy ? T.changingPassword : T.changePassword}
        </button>
      </form>
    </section>
  );
}
