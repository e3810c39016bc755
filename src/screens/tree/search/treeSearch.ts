import { graphIndex } from '../../../domain/graphDraft.ts';
import { profileEntry, reindexProfiles, SearchIndex, type SearchOptions, type SearchResult } from '../../../domain/search/index.ts';
import type { Graph } from '../../../domain/types.ts';
import type { GraphUpdate } from '../session/treeSession.ts';

/**
 * The open tree's people index (issue 9, "Find anyone"), shared by the search box on the tree and
 * "Link existing". It covers every profile of the graph and follows the session: each update
 * re-indexes the profiles it touched, so an edit or a received change costs what it changed.
 *
 * It is never built while the tree opens. A small tree is indexed the first time a search asks
 * (a few milliseconds); a big one in idle time after it opened, a slice per idle period, so the
 * search is ready when the member gets to it. A search asked before that finishes the rest at once.
 */

/** From this many profiles the index is built in idle time instead of on the first search. */
export const IDLE_BUILD_FROM = 2000;
/** Profiles indexed between two looks at the idle deadline. */
const SLICE = 500;

export interface IdleDeadline {
  timeRemaining(): number;
}

export interface Idle {
  request(fn: (deadline: IdleDeadline) => void): unknown;
  cancel(handle: unknown): void;
}

/** requestIdleCallback where there is one; elsewhere (Safari) a short timeout with an 8 ms slice. */
export const realIdle: Idle =
  typeof requestIdleCallback === 'function'
    ? { request: (fn) => requestIdleCallback(fn, { timeout: 2000 }), cancel: (h) => cancelIdleCallback(h as number) }
    : {
        request: (fn) => setTimeout(() => fn({ timeRemaining: () => 8 }), 50),
        cancel: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      };

export interface SearchSession {
  readonly graph: Graph;
  onGraphUpdate(listener: (update: GraphUpdate) => void): () => void;
}

export class TreeSearch {
  private index: SearchIndex | null = null;
  /** Profile ids still to index, while an idle build runs. */
  private queue: string[] = [];
  private next = 0;
  private idleHandle: unknown = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly session: SearchSession,
    private readonly idle: Idle = realIdle,
  ) {
    this.unsubscribe = session.onGraphUpdate((update) => {
      // Not built yet: the build reads the graph as it will be then.
      if (!this.index) return;
      // An import (or its Undo) touches up to 100,000 profiles: they are indexed in idle time as
      // a first build is, not in the update that draws them.
      if (update.profiles.length >= IDLE_BUILD_FROM) this.later(update.profiles);
      else reindexProfiles(this.index, this.session.graph.profiles, update.profiles, this.session.graph);
    });
  }

  /** Changes whenever what a search would answer may have changed. */
  get version(): number {
    return this.index?.version ?? -1;
  }

  /** Whether the index is complete (built, nothing left in idle time). */
  get built(): boolean {
    return this.index !== null && this.next >= this.queue.length;
  }

  /** On a big tree, starts indexing in idle time (the tree has opened). */
  prepare() {
    if (this.index || Object.keys(this.session.graph.profiles).length < IDLE_BUILD_FROM) return;
    this.begin();
    this.idleHandle = this.idle.request(this.work);
  }

  private readonly work = (deadline: IdleDeadline) => {
    this.idleHandle = null;
    do this.indexSome(SLICE);
    while (this.next < this.queue.length && deadline.timeRemaining() > 2);
    if (this.next < this.queue.length) this.idleHandle = this.idle.request(this.work);
  };

  /** Profiles to index again in idle time, after those already waiting. */
  private later(ids: readonly string[]) {
    if (this.next < this.queue.length) this.queue = this.queue.concat(ids);
    else {
      this.queue = ids.slice();
      this.next = 0;
    }
    if (this.idleHandle === null) this.idleHandle = this.idle.request(this.work);
  }

  search(query: string, options?: SearchOptions): SearchResult {
    return this.ready().search(query, options);
  }

  /** The index, finished now if it is not yet. */
  private ready(): SearchIndex {
    if (!this.index) this.begin();
    if (this.next < this.queue.length) {
      this.indexSome(this.queue.length);
      if (this.idleHandle !== null) this.idle.cancel(this.idleHandle);
      this.idleHandle = null;
    }
    return this.index!;
  }

  private begin() {
    this.index = new SearchIndex();
    this.queue = Object.keys(this.session.graph.profiles);
    this.next = 0;
  }

  /**
   * Indexes the next profiles of the queue as the graph has them now; one the graph no longer has
   * leaves the index (an update queued its removal, or it was removed before it was indexed).
   */
  private indexSome(count: number) {
    const graph = this.session.graph;
    const profiles = graph.profiles;
    const end = Math.min(this.queue.length, this.next + count);
    for (; this.next < end; this.next++) {
      const id = this.queue[this.next]!;
      const p = Object.hasOwn(profiles, id) ? profiles[id] : undefined;
      if (p) this.index!.set(profileEntry(p, graph));
      else this.index!.remove(id);
    }
  }

  destroy() {
    this.unsubscribe();
    if (this.idleHandle !== null) this.idle.cancel(this.idleHandle);
    this.idleHandle = null;
  }
}

/**
 * The card that shows a profile on the tree (the first shown one). The tree's search offers only
 * people who have one: a card hidden by Collapse Children is not on screen to fly to.
 */
export function shownCardOf(graph: Graph, profileId: string): string | undefined {
  const index = graphIndex(graph);
  for (const nodeId of index.nodesByProfile.get(profileId) ?? []) if (!index.nodes.get(nodeId)?.hidden) return nodeId;
  return undefined;
}
