import { graphWithLoadedEvents, idsWithoutEvents } from '../../domain/facts/eventsLoading.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { TimelineList } from '../../components/timeline/TimelineList.tsx';
import { useAsync } from '../../components/useAsync.ts';
import { backend } from '../../backend/index.ts';
import type { LoadedGraph } from '../../backend/ports.ts';
import { sourcesOf } from '../../domain/facts/factsResult.ts';
import { lifeTimeline, timelinePeople } from '../../domain/timeline/timeline.ts';
import type { Graph, Profile } from '../../domain/types.ts';
import '../../components/timeline/timeline.css';
import '../../components/evidence/evidence.css';

export const PROFILE_TIMELINE_TEXTS = {
  title: 'Timeline',
  loading: 'Loading your timeline…',
  failed: 'Your family’s events could not be loaded. Your own are shown.',
  retry: 'Try again',
  from: (tree: string) => `Your life and your close family’s, from ${tree}.`,
  own: 'Your life as your profile tells it.',
} as const;

/**
 * The profile's Timeline tab (issue "Evidence and memories", item 4): the member's life and their
 * close family's from the tree they opened last (where their card is theirs, keyed by their uid),
 * as the details panel shows it. Loaded when the tab is first opened; without the tree (none yet,
 * or it failed to load) their own profile's dates still show.
 */
export function ProfileTimeline({ profile, graphs = backend.graphs }: { profile: Profile; graphs?: Pick<typeof backend.graphs, 'load'> & Partial<Pick<typeof backend.graphs, 'personEvents'>> }) {
  const state = useAsync<LoadedGraph>(() => withFamilyEvents(graphs, profile.id), profile.id);
  if (state.status === 'loading') return <LoadingState text={PROFILE_TIMELINE_TEXTS.loading} />;
  const loaded = state.status === 'done' && Object.hasOwn(state.value.graph.profiles, profile.id) ? state.value : null;
  // The profile screen's copy is the freshest of the member's own fields.
  const graph: Graph = loaded
    ? { ...loaded.graph, profiles: { ...loaded.graph.profiles, [profile.id]: { ...loaded.graph.profiles[profile.id]!, ...ownFields(profile) } } }
    : { nodes: [], edges: [], profiles: { [profile.id]: { ...profile, spouses: [], parents: [], children: [] } }, updatedAt: '', version: 1 };
  return (
    <article className="card profile-timeline" aria-labelledby="profile-timeline-title">
      <h2 id="profile-timeline-title" className="card-title">
        {PROFILE_TIMELINE_TEXTS.title}
      </h2>
      <p className="muted">{loaded ? PROFILE_TIMELINE_TEXTS.from(loaded.name) : state.status === 'error' ? PROFILE_TIMELINE_TEXTS.failed : PROFILE_TIMELINE_TEXTS.own}</p>
      <TimelineList entries={lifeTimeline(graph, profile.id)} sources={sourcesOf(graph)} testId="profile-timeline" />
    </article>
  );
}

/** The tree opened last with the events its open left out loaded for the member and their close family (`timelinePeople`). */
async function withFamilyEvents(graphs: Pick<typeof backend.graphs, 'load'> & Partial<Pick<typeof backend.graphs, 'personEvents'>>, profileId: string): Promise<LoadedGraph> {
  const loaded = await graphs.load();
  const ids = idsWithoutEvents(loaded.graph.profiles, timelinePeople(loaded.graph, profileId));
  if (!ids.length || !graphs.personEvents) return loaded;
  const { events } = await graphs.personEvents(loaded.graphId, ids);
  return { ...loaded, graph: graphWithLoadedEvents(loaded.graph, events) };
}

/** The §3 fields the profile editor changes (relationship lists and facts stay the tree's). */
function ownFields(p: Profile): Partial<Profile> {
  const { spouses: _s, parents: _p, children: _c, events: _e, names: _n, ...fields } = p;
  return fields;
}
