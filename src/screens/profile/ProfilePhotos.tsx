import { useState } from 'react';
import { Link } from 'react-router-dom';
import { backend } from '../../backend/index.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useAsync } from '../../components/useAsync.ts';
import { cardName } from '../../domain/labels.ts';
import type { Media } from '../../domain/media/types.ts';
import { MediaGrid } from '../tree/panels/media/MediaGrid.tsx';
import { MediaViewer } from '../tree/panels/media/MediaViewer.tsx';
import { shownMediaOf } from '../tree/panels/media/PersonPhotos.tsx';
import '../tree/panels/media/media.css';

export const PROFILE_PHOTOS_TEXTS = {
  title: 'Photos',
  none: 'No photos of you yet. Add them from your card on the family tree.',
  failed: 'Your photos could not be loaded. Check your connection and try again.',
  openTree: 'Open Family Tree',
  who: 'Viewers of your family tree see your photos only when your privacy choice lets them see everything about you.',
} as const;

/**
 * The profile's Photos tab (§2, issue 23): the photos and documents of the member's own card in
 * the tree they opened last, as a grid with the viewer. Adding and changing them is done on the
 * tree, where the people in a photo are chosen.
 */
export function ProfilePhotos({ uid }: { uid: string }) {
  const state = useAsync(() => backend.graphs.load(), uid);
  const [open, setOpen] = useState<number | null>(null);
  if (state.status === 'loading') return <LoadingState text="Loading your photos…" />;
  if (state.status === 'error') {
    return (
      <p className="card empty-state" role="alert">
        {PROFILE_PHOTOS_TEXTS.failed}
      </p>
    );
  }
  const graph = state.value.graph;
  const items = shownMediaOf(graph, uid);
  const names = (m: Media) => m.people.map((id) => (graph.profiles[id] ? cardName(graph.profiles[id]!) : '')).filter(Boolean);
  return (
    <article className="card profile-photos" aria-labelledby="profile-photos-title" data-testid="profile-photos">
      <h2 id="profile-photos-title" className="card-title">
        {PROFILE_PHOTOS_TEXTS.title}
      </h2>
      {items.length ? (
        <MediaGrid items={items} onOpen={setOpen} testId="profile-media-grid" />
      ) : (
        <p className="profile-bio-empty">
          {PROFILE_PHOTOS_TEXTS.none} <Link to="/app/tree">{PROFILE_PHOTOS_TEXTS.openTree}</Link>
        </p>
      )}
      <p className="field-hint">{PROFILE_PHOTOS_TEXTS.who}</p>
      {open !== null && <MediaViewer items={items} index={open} onIndex={setOpen} onClose={() => setOpen(null)} peopleNames={names} />}
    </article>
  );
}
