import { useEffect, useState } from 'react';
import { backend } from '../../backend/index.ts';
import type { AccountService } from '../../backend/ports.ts';
import { ChoiceGroup } from '../../components/ChoiceGroup.tsx';
import { BellIcon } from '../../components/icons.tsx';
import { errorMessage } from '../../components/errorMessage.ts';
import { notify } from '../../components/notify.ts';
import type { DigestFrequency } from '../../domain/activity/types.ts';

/** The digest choice's words (docs/PRODUCT.md "Activity for the family"). */
export const DIGEST_CHOICE_TEXTS = {
  title: 'E-mail digest',
  lead: 'An e-mail with what your relatives changed in your family trees since your last visit. Nothing is sent when nothing changed.',
  label: 'Send me a digest',
  off: 'Off',
  offHint: 'No e-mail.',
  daily: 'Daily',
  dailyHint: 'At most one e-mail a day.',
  weekly: 'Weekly',
  weeklyHint: 'At most one e-mail a week.',
  loading: 'Loading your choice…',
  loadFailed: 'Your choice could not be loaded right now.',
  saved: 'Digest choice saved',
  failed: 'Failed to save your digest choice',
} as const;

const T = DIGEST_CHOICE_TEXTS;
const CHOICES = [
  { value: 'off', label: T.off, hint: T.offHint },
  { value: 'daily', label: T.daily, hint: T.dailyHint },
  { value: 'weekly', label: T.weekly, hint: T.weeklyHint },
] as const;

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: DigestFrequency; saving: boolean };

/** Account: the opt-in e-mail digest, Off, Daily or Weekly (issue 24); saved as soon as it is chosen, put back on failure. */
export function DigestCard({ account = backend.account }: { account?: Pick<AccountService, 'settings' | 'updateSettings'> }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    account.settings().then(
      (s) => live && setState({ status: 'ready', value: s.digest, saving: false }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [account]);

  const choose = async (value: DigestFrequency) => {
    if (state.status !== 'ready' || state.saving || value === state.value) return;
    const before = state.value;
    setState({ status: 'ready', value, saving: true });
    try {
      const saved = await account.updateSettings({ digest: value });
      setState({ status: 'ready', value: saved.digest, saving: false });
      notify.success(T.saved);
    } catch (e) {
      setState({ status: 'ready', value: before, saving: false });
      notify.error(T.failed, { description: errorMessage(e, '') || undefined });
    }
  };

  return (
    <section className="card account-card" aria-labelledby="account-digest-title" aria-busy={state.status === 'loading'}>
      <h2 id="account-digest-title" className="card-title">
        <BellIcon size={20} /> {T.title}
      </h2>
      <p className="muted">{T.lead}</p>
      {state.status === 'loading' && (
        <div className="skeleton-lines" aria-label={T.loading}>
          <span />
          <span />
        </div>
      )}
      {state.status === 'error' && <p className="muted">{T.loadFailed}</p>}
      {state.status === 'ready' && <ChoiceGroup<DigestFrequency> label={T.label} showLabel={false} value={state.value} choices={CHOICES} onChange={(v) => void choose(v)} />}
    </section>
  );
}
