import { useEffect, useState } from 'react';
import { backend } from '../../backend/index.ts';
import type { AccountService } from '../../backend/ports.ts';
import { errorMessage } from '../../components/errorMessage.ts';
import { LockIcon } from '../../components/icons.tsx';
import { notify } from '../../components/notify.ts';
import type { ViewerVisibility } from '../../domain/privacy.ts';
import { ChoiceGroup } from '../../components/ChoiceGroup.tsx';

export const PRIVACY_CHOICE_TEXTS = {
  title: 'What viewers see of you',
  lead: 'Relatives who are viewers of your family trees see this of you. Owners and editors always see your details.',
  label: 'Viewers see',
  everything: 'Everything',
  everythingHint: 'Your name, dates, bio and photo.',
  name: 'My name only',
  nameHint: 'Your dates, bio and photo stay private.',
  private: 'Nothing',
  privateHint: 'Your card shows as "Private".',
  loading: 'Loading your choice…',
  loadFailed: 'Your choice could not be loaded right now.',
  saved: 'Privacy choice saved',
  failed: 'Failed to save your privacy choice',
} as const;

const CHOICES = [
  { value: 'everything', label: PRIVACY_CHOICE_TEXTS.everything, hint: PRIVACY_CHOICE_TEXTS.everythingHint },
  { value: 'name', label: PRIVACY_CHOICE_TEXTS.name, hint: PRIVACY_CHOICE_TEXTS.nameHint },
  { value: 'private', label: PRIVACY_CHOICE_TEXTS.private, hint: PRIVACY_CHOICE_TEXTS.privateHint },
] as const;

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: ViewerVisibility; saving: boolean };

/**
 * On the member's own profile page: what relatives who are viewers see of the card they claimed
 * (§6 privacy of the living). Saved as soon as it is chosen; a failure puts the choice back.
 */
export function ProfilePrivacy({ account = backend.account }: { account?: Pick<AccountService, 'settings' | 'updateSettings'> }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    account.settings().then(
      (s) => live && setState({ status: 'ready', value: s.viewerVisibility, saving: false }),
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [account]);

  const choose = async (value: ViewerVisibility) => {
    if (state.status !== 'ready' || state.saving || value === state.value) return;
    const before = state.value;
    setState({ status: 'ready', value, saving: true });
    try {
      const saved = await account.updateSettings({ viewerVisibility: value });
      setState({ status: 'ready', value: saved.viewerVisibility, saving: false });
      notify.success(PRIVACY_CHOICE_TEXTS.saved);
    } catch (e) {
      setState({ status: 'ready', value: before, saving: false });
      notify.error(PRIVACY_CHOICE_TEXTS.failed, { description: errorMessage(e, '') || undefined });
    }
  };

  return (
    <article className="card profile-privacy" aria-labelledby="profile-privacy-title" aria-busy={state.status === 'loading'}>
      <h2 id="profile-privacy-title" className="card-title">
        <LockIcon size={20} /> {PRIVACY_CHOICE_TEXTS.title}
      </h2>
      <p className="muted profile-privacy-lead">{PRIVACY_CHOICE_TEXTS.lead}</p>
      {state.status === 'loading' && (
        <div className="skeleton-lines" aria-label={PRIVACY_CHOICE_TEXTS.loading}>
          <span />
          <span />
        </div>
      )}
      {state.status === 'error' && <p className="muted">{PRIVACY_CHOICE_TEXTS.loadFailed}</p>}
      {state.status === 'ready' && (
        <ChoiceGroup<ViewerVisibility> label={PRIVACY_CHOICE_TEXTS.label} showLabel={false} value={state.value} choices={CHOICES} onChange={(v) => void choose(v)} />
      )}
    </article>
  );
}
