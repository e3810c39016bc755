import { describe, expect, it } from 'vitest';
import { emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Graph, Profile } from '../../../src/domain/types.ts';
import type { GraphRepository, GraphSubscription, LoadedGraph } from '../../../src/backend/ports.ts';
import { IDLE_BUILD_FROM, TreeSearch, shownCardOf, type Idle, type IdleDeadline } from '../../../src/screens/tree/search/treeSearch.ts';
import { TreeSession } from '../../../src/screens/tree/session/treeSession.ts';

const UID = 'u1';
const NOW = '2026-01-01T00:00:00.000Z';

/** A graph of `count` people on cards, named 'Person {i} Holm', the first the member. */
function graphOf(count: number): Graph {
  const g: Graph = { nodes: [], edges: [], profiles: {}, updatedAt: NOW, version: 1, revision: 1 };
  for (let i = 0; i < count; i++) {
    const id = i === 0 ? UID : `pr:${i}`;
    g.profiles[id] = { ...emptyProfile(id), firstName: `Person${i}`, lastName: 'Holm', createdBy: UID };
    g.nodes.push({ id: `n${1001 + i}`, type: 'person', position: { x: i * 140, y: 0 }, modifiedAt: NOW, hidden: false, data: { profileId: id, parentRole: '', isPrimary: i === 0 } });
  }
  return g;
}

/** The server side: hands over a graph, and lets the test deliver another member's change. */
class LiveGraphs implements Pick<GraphRepository, 'load' | 'save' | 'subscribe'> {
  live: GraphSubscription | null = null;
  revision = 1;
  constructor(private graph: Graph) {}
  async load(): Promise<LoadedGraph> {
    return { graphId: UID, ownerUid: UID, graph: structuredClone(this.graph) as LoadedGraph['graph'], migrations: ['spouses-v1', 'parents-children-v1'], role: 'owner', name: 'Family tree', privacy: {} };
  }
  async save() {
    return { revision: ++this.revision };
  }
  subscribe(_graphId: string, _since: number, handlers: GraphSubscription) {
    this.live = handlers;
    return () => (this.live = null);
  }
  /** Another member saved `changes`. */
  receive(edit: (c: ChangeSet) => void) {
    const changes = emptyChangeSet(this.revision);
    edit(changes);
    this.live!.onChange({ revision: ++this.revision, changes, clientId: 'other-tab', actorUid: 'u2' });
  }
}

/** Idle periods the test hands out: `run(ms)` gives the pending callback that much time. */
function manualIdle() {
  let pending: ((d: IdleDeadline) => void) | null = null;
  const idle: Idle = {
    request: (fn) => {
      pending = fn;
      return fn;
    },
    cancel: (h) => {
      if (pending === h) pending = null;
    },
  };
  return {
    idle,
    get pending() {
      return pending !== null;
    },
    run(ms: number) {
      const fn = pending!;
      pending = null;
      let left = ms;
      // Each look at the deadline costs a millisecond of the period, so a run ends.
      fn({ timeRemaining: () => (left = Math.max(0, left - 1)) });
    },
  };
}

async function open(graph: Graph, idle = manualIdle()) {
  const repo = new LiveGraphs(graph);
  const session = new TreeSession({ graphs: repo, uid: UID, ownProfile: async () => graph.profiles[UID]!, now: () => NOW, clientId: 'this-tab', autosaveMs: 600_000 });
  const search = new TreeSearch(session, idle.idle);
  await session.open();
  return { repo, session, search, idle };
}

const profilePatch = (id: string, set: Partial<Profile>) => ({ id, set });

describe('TreeSearch', () => {
  it('indexes a small tree on the first search, not while it opens', async () => {
    const { search, idle } = await open(graphOf(10));
    search.prepare();
    expect(idle.pending).toBe(false);
    expect(search.built).toBe(false);
    expect(search.search('person3').ids).toEqual(['pr:3']);
    expect(search.built).toBe(true);
  });

  it('indexes a big tree in idle periods; a search before the end finishes it at once', async () => {
    const { repo, search, idle } = await open(graphOf(IDLE_BUILD_FROM + 500));
    expect(search.built).toBe(false);
    search.prepare();
    expect(idle.pending).toBe(true);
    idle.run(3);
    expect(idle.pending).toBe(true);
    expect(search.built).toBe(false);
    // Changes arriving mid-build: one person renamed, one removed, one added.
    repo.receive((c) => {
      c.profiles.upsert.push(profilePatch('pr:2400', { firstName: 'Ingeborg' }));
      c.profiles.remove.push('pr:2401');
      c.nodes.remove.push('n3402');
      c.profiles.upsert.push({ id: 'pr:new', create: true, set: { firstName: 'Åse', lastName: 'Lund', createdBy: 'u2' } });
    });
    expect(search.search('ingeborg').ids).toEqual(['pr:2400']);
    expect(search.built).toBe(true);
    expect(idle.pending).toBe(false);
    expect(search.search('person2401').ids).toEqual([]);
    expect(search.search('aase lund').ids).toEqual(['pr:new']);
    expect(search.search('person2400').ids).toEqual([]);
  });

  it('indexes a big update (an import, its Undo) in idle periods; a search before the end finishes it at once', async () => {
    const { repo, session, search, idle } = await open(graphOf(3));
    expect(search.search('holm', { limit: 10 }).ids).toHaveLength(3);
    const people = Array.from({ length: IDLE_BUILD_FROM }, (_, i) => `pr:imp${i}`);
    repo.receive((c) => {
      for (const id of people) c.profiles.upsert.push({ id, create: true, set: { firstName: `Imported${id.slice(6)}`, lastName: 'Berg', createdBy: 'u2' } });
    });
    // Drawn now, indexed later: nothing of it is searched in the update itself.
    expect(idle.pending).toBe(true);
    expect(search.built).toBe(false);
    idle.run(3);
    expect(search.search('imported1999 berg').ids).toEqual(['pr:imp1999']);
    expect(search.built).toBe(true);
    expect(idle.pending).toBe(false);

    // The import undone: every imported person leaves the index, in idle time again.
    repo.receive((c) => c.profiles.remove.push(...people));
    expect(session.graph.profiles['pr:imp0']).toBeUndefined();
    expect(idle.pending).toBe(true);
    while (idle.pending) idle.run(50);
    expect(search.search('berg').ids).toEqual([]);
    expect(search.search('holm', { limit: 10 }).ids).toHaveLength(3);
  });

  it('follows every update of the session: local edits and other members’ changes', async () => {
    const { repo, session, search } = await open(graphOf(5));
    expect(search.search('holm', { limit: 50 }).ids).toHaveLength(5);
    repo.receive((c) => c.profiles.upsert.push(profilePatch('pr:1', { lastName: 'Strauß', birthYear: '1901' })));
    expect(search.search('strauss 1901').ids).toEqual(['pr:1']);
    expect(search.search('holm').ids).not.toContain('pr:1');
    const before = search.version;
    // A card moved: nothing a search answers changed, the index is not touched.
    session.moveNodes(new Map([['n1003', { x: 5000, y: 5000 }]]));
    expect(search.version).toBe(before);
    search.destroy();
    repo.receive((c) => c.profiles.upsert.push(profilePatch('pr:2', { firstName: 'Gone' })));
    expect(search.search('gone').ids).toEqual([]);
  });

  it('the tree’s search offers only people with a card that is shown', async () => {
    const g = graphOf(3);
    g.profiles['pr:nocard'] = { ...emptyProfile('pr:nocard'), firstName: 'Person9', lastName: 'Holm' };
    g.nodes[2]!.hidden = true;
    const { session, search } = await open(g);
    const shown = (id: string) => shownCardOf(session.graph, id) !== undefined;
    expect(search.search('holm').ids).toEqual([UID, 'pr:1', 'pr:2', 'pr:nocard']);
    expect(search.search('holm', { accept: shown }).ids).toEqual([UID, 'pr:1']);
    expect(shownCardOf(session.graph, 'pr:1')).toBe('n1002');
  });
});
