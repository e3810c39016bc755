import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emptyChangeSet, type ChangeSet, type ProfilePatch } from '../../src/domain/changeSet.ts';
import { AppError } from '../../src/domain/errors.ts';
import { newOwnProfile } from '../../src/domain/invitations.ts';
import { emptyProfile } from '../../src/domain/profile.ts';
import { parentEdge, RELATIONSHIP_MESSAGES } from '../../src/domain/relationships.ts';
import type { AppliedChange, GraphStore, Publication } from '../../src/domain/save/graphStore.ts';
import { joinGraph } from '../../src/domain/save/joinGraph.ts';
import { graphLookup, type GraphLookup } from '../../src/domain/save/neighbourhood.ts';
import { saveChangeSet } from '../../src/domain/save/saveChangeSet.ts';
import { updateProfile } from '../../src/domain/save/updateProfile.ts';
import type { Graph, GraphNode, Profile } from '../../src/domain/types.ts';
import type { Media } from '../../src/domain/media/types.ts';
import { coupleId, type Citation, type Couple, type FactEvent, type Place, type Source } from '../../src/domain/facts/types.ts';

/**
 * The store port's contract (src/domain/save/graphStore.ts), one behaviour for every
 * implementation: the SQL store (tests/integration/graph-store-contract.test.ts) and the
 * Firestore store of the Cloud Functions (tests/firebase/firestore-store.test.ts, where the
 * Firestore emulator runs). It drives the port through the domain's save path (saveChangeSet,
 * updateProfile, joinGraph) and through its lookups, and reads back what was stored. Every test
 * makes its own members and profiles (ids with a random part), so the tests share one database.
 */

export interface StoredGraph {
  ownerUid: string;
  revision: number;
  migrations: string[];
  graph: Graph;
}

export interface StoreUnderTest {
  store: GraphStore;
  /** Makes an account for `uid` (its own profile then always stays, as a member's does). */
  addAccount(uid: string): Promise<void>;
  /** The graph as stored, whole; null when it does not exist. */
  readGraph(graphId: string): Promise<StoredGraph | null>;
  /** The change log after `since`, oldest first. */
  readLog(graphId: string, since: number): Promise<AppliedChange[]>;
  members(graphId: string): Promise<string[]>;
  /** A profile by id, whether a graph shows it or not. */
  profile(id: string): Promise<Profile | null>;
}

const NOW = '2026-03-01T12:00:00.000Z';
const clock = () => new Date(NOW);

const tag = () => randomBytes(6).toString('hex');

const node = (id: string, profileId: string, isPrimary = false, x = 0): GraphNode => ({
  id,
  type: 'person',
  position: { x, y: 0 },
  modifiedAt: NOW,
  hidden: false,
  data: { profileId, parentRole: '', isPrimary },
});

/**
 * A family of four in `uid`'s graph: uid (primary) married to pr:b, their child pr:c, and pr:d,
 * uid's child with an unknown second parent drawn as a card without a profile (n1005).
 */
function family(uid: string, t: string): { graph: Graph; ids: { b: string; c: string; d: string } } {
  const ids = { b: `pr:b${t}`, c: `pr:c${t}`, d: `pr:d${t}` };
  const profiles: Graph['profiles'] = {};
  const person = (id: string, fields: Partial<Profile> = {}) => (profiles[id] = { ...emptyProfile(id), createdBy: uid, createdAt: NOW, updatedBy: uid, updatedAt: NOW, ...fields });
  person(uid, { ownerUid: uid, firstName: 'Ann', spouses: [ids.b], children: [ids.c, ids.d] });
  person(ids.b, { firstName: 'Bo', spouses: [uid], children: [ids.c] });
  person(ids.c, { firstName: 'Cy', parents: [uid, ids.b] });
  person(ids.d, { firstName: 'Di', parents: [uid] });
  return {
    ids,
    graph: {
      nodes: [node('n1001', uid, true), node('n1002', ids.b), node('n1003', ids.c), node('n1004', ids.d), node('n1005', '')],
      edges: [parentEdge('n1001', 'n1003'), parentEdge('n1002', 'n1003'), parentEdge('n1001', 'n1004'), parentEdge('n1005', 'n1004')],
      profiles,
      updatedAt: NOW,
      version: 1,
    },
  };
}

/** Everything of a graph as one change set of new things (what an import sends). */
export function asChangeSet(graph: Graph, ownUid: string): ChangeSet {
  const cs = emptyChangeSet(0);
  cs.nodes.upsert = graph.nodes;
  cs.edges.upsert = graph.edges;
  cs.profiles.upsert = Object.values(graph.profiles).map((p): ProfilePatch => {
    const add = { spouses: p.spouses, parents: p.parents, children: p.children };
    if (p.id === ownUid) return { id: p.id, add };
    const { id: _id, spouses: _s, parents: _p, children: _c, ...set } = p;
    return { id: p.id, create: true, set, add };
  });
  return cs;
}

async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string } | 'applied'> {
  try {
    await work;
    return 'applied';
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, message: e.message };
    throw e;
  }
}

const byId = <T extends { id: string }>(xs: readonly T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));

export function graphStoreContract(name: string, make: () => StoreUnderTest): void {
  describe(`the store port's contract: ${name}`, () => {
    const published: Publication[] = [];
    const options = { now: clock(), publish: (p: readonly Publication[]) => published.push(...p) };

    /** A member with an account, their own profile written as sign-up writes it. */
    async function member(s: StoreUnderTest, firstName = 'Ann'): Promise<string> {
      const uid = `u${tag()}`;
      await s.addAccount(uid);
      await s.store.transaction((tx) => tx.writeProfiles([newOwnProfile({ uid, firstName, lastName: 'Test', email: `${uid}@example.com`, gender: 'F', now: NOW })]));
      return uid;
    }

    /** A member whose graph holds `family` (saved through the save path, as an import would). */
    async function memberWithFamily(s: StoreUnderTest) {
      const uid = await member(s);
      const { graph, ids } = family(uid, tag());
      const { revision } = await saveChangeSet(s.store, { uid, graphId: uid, changes: asChangeSet(graph, uid), clientId: 'seed' }, options);
      return { uid, ids, revision };
    }

    it("makes a member's own graph on their first save: the primary card, their profile, revision 1 in the log", async () => {
      const s = make();
      const uid = await member(s);
      const changes = emptyChangeSet(0);
      changes.nodes.upsert.push(node('n1001', uid, true));
      expect(await saveChangeSet(s.store, { uid, graphId: uid, changes, clientId: 'tab-1', migrations: ['spouses-v1'] }, options)).toEqual({ revision: 1 });

      const stored = await s.readGraph(uid);
      expect(stored).toMatchObject({ ownerUid: uid, revision: 1, migrations: ['spouses-v1'] });
      expect(stored!.graph.nodes).toEqual([node('n1001', uid, true)]);
      expect(Object.keys(stored!.graph.profiles)).toEqual([uid]);
      expect(await s.members(uid)).toEqual([uid]);
      const log = await s.readLog(uid, 0);
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ revision: 1, clientId: 'tab-1', actorUid: uid });
      expect(log[0]!.changes.nodes.upsert).toEqual(changes.nodes.upsert);
    });

    it('stores a family whole, in the order it was saved, and answers the lookups as the graph in memory does', async () => {
      const s = make();
      const { uid, ids } = await memberWithFamily(s);
      // The same card ids in another member's graph must never leak into the first one's answers.
      const other = await member(s);
      const stranger = `pr:s${tag()}`;
      const theirs = emptyChangeSet(0);
      theirs.nodes.upsert = [node('n1001', other, true), node('n1003', stranger)];
      theirs.edges.upsert = [parentEdge('n1001', 'n1003')];
      theirs.profiles.upsert = [
        { id: stranger, create: true, set: { createdBy: other, firstName: 'Stranger' }, add: { parents: [other] } },
        { id: other, add: { children: [stranger] } },
      ];
      await saveChangeSet(s.store, { uid: other, graphId: other, changes: theirs, clientId: 'seed' }, options);

      const stored = (await s.readGraph(uid))!;
      const memory = graphLookup(stored.graph);
      expect(stored.graph.nodes.map((n) => n.id)).toEqual(['n1001', 'n1002', 'n1003', 'n1004', 'n1005']);
      expect(stored.graph.edges.map((e) => e.id)).toEqual(family(uid, '').graph.edges.map((e) => e.id));
      expect(Object.keys(stored.graph.profiles).sort()).toEqual([uid, ids.b, ids.c, ids.d].sort());
      expect(stored.graph.profiles[ids.c]).toMatchObject({ firstName: 'Cy', parents: [uid, ids.b], createdBy: uid, updatedBy: uid });

      const lookups: [string, (l: GraphLookup) => Promise<{ id: string }[]>][] = [
        ['nodes by id', (l) => l.nodes(['n1001', 'n1004', 'n9999'])],
        ['edges by id', (l) => l.edges(['e-n1001-n1003', 'e-n1-n2'])],
        ['edges of nodes', (l) => l.edgesOfNodes(['n1003', 'n1005'])],
        ['nodes showing profiles', (l) => l.nodesShowing([ids.b, ids.d, stranger, ''])],
        ['profiles by id', (l) => l.profiles([uid, ids.c, stranger, '__proto__'])],
        ['profiles listing a profile', (l) => l.profilesListing([ids.c, 'toString'])],
        ['the primary node', (l) => l.primaryNodes()],
        ['nothing for no ids', (l) => l.nodes([])],
      ];
      await s.store.transaction(async (tx) => {
        const lookup = tx.lookup(uid);
        for (const [what, ask] of lookups) expect(byId(await ask(lookup)), what).toEqual(byId(await ask(memory)));
      });
    });

    it("stores places, couples and a person's events, answers their lookups, and removes them", async () => {
      const s = make();
      const { uid, ids } = await memberWithFamily(s);
      const place = (id: string, parentId = ''): Place => ({ id, name: `Place ${id}`, parentId, kind: '', latitude: parentId ? 48.85 : null, longitude: parentId ? 2.35 : null, altNames: [] });
      const marriage: FactEvent = { id: 'ev-m', type: 'MARR', customType: '', date: '1990', placeId: 'pl-town', description: '', age: '' };
      const couple: Couple = { id: coupleId(uid, ids.b), partners: uid < ids.b ? [uid, ids.b] : [ids.b, uid], events: [marriage] };
      const job: FactEvent = { id: 'ev-j', type: 'OCCU', customType: '', date: '', placeId: 'pl-region', description: 'Carpenter', age: '' };
      const cs: ChangeSet = {
        ...emptyChangeSet(1),
        profiles: { upsert: [{ id: ids.b, events: { upsert: [job], remove: [] } }], remove: [] },
        places: { upsert: [place('pl-region'), place('pl-town', 'pl-region')], remove: [] },
        couples: { upsert: [couple], remove: [] },
      };
      await saveChangeSet(s.store, { uid, graphId: uid, changes: cs, clientId: 'facts' }, options);
      const stored = (await s.readGraph(uid))!;
      expect(stored.graph.places).toEqual({ 'pl-region': place('pl-region'), 'pl-town': place('pl-town', 'pl-region') });
      expect(stored.graph.couples).toEqual({ [couple.id]: couple });
      expect(stored.graph.profiles[ids.b]!.events).toEqual([job]);
      expect((await s.readLog(uid, stored.revision - 1))[0]!.changes.places!.upsert).toHaveLength(2);
      await s.store.transaction(async (tx) => {
        const lookup = tx.lookup(uid);
        expect(byId(await lookup.places(['pl-town', 'pl-none']))).toEqual([place('pl-town', 'pl-region')]);
        expect(await lookup.couples([couple.id, 'cp-x'])).toEqual([couple]);
      });

      const gone: ChangeSet = { ...emptyChangeSet(stored.revision), places: { upsert: [], remove: ['pl-town'] }, couples: { upsert: [], remove: [couple.id] } };
      await saveChangeSet(s.store, { uid, graphId: uid, changes: gone, clientId: 'facts' }, options);
      const after = (await s.readGraph(uid))!;
      expect(Object.keys(after.graph.places ?? {})).toEqual(['pl-region']);
      expect(after.graph.couples ?? {}).toEqual({});
    });

    it('stores sources and the citations in events and couples, and removes a source', async () => {
      const s = make();
      const { uid, ids } = await memberWithFamily(s);
      const source = (id: string): Source => ({ id, title: `Register ${id}`, author: 'Parish', publication: '', repository: 'Archive', url: 'https://example.org/r', note: '<p>Kept <i>whole</i></p>' });
      const citation: Citation = { id: 'ci-1', sourceId: 'sr-a', page: 'folio 3', date: '1 JAN 1990', quality: 3, text: 'entry' };
      const job: FactEvent = { id: 'ev-j', type: 'OCCU', customType: '', date: '', placeId: '', description: 'Carpenter', age: '', note: '<p>n</p>', citations: [citation] };
      const couple: Couple = { id: coupleId(uid, ids.b), partners: uid < ids.b ? [uid, ids.b] : [ids.b, uid], events: [], note: '<p>c</p>', citations: [{ ...citation, id: 'ci-2', sourceId: 'sr-b' }] };
      const cs: ChangeSet = {
        ...emptyChangeSet(1),
        profiles: { upsert: [{ id: ids.b, events: { upsert: [job], remove: [] } }], remove: [] },
        couples: { upsert: [couple], remove: [] },
        sources: { upsert: [source('sr-a'), source('sr-b')], remove: [] },
      };
      await saveChangeSet(s.store, { uid, graphId: uid, changes: cs, clientId: 'sources' }, options);
      const stored = (await s.readGraph(uid))!;
      expect(stored.graph.sources).toEqual({ 'sr-a': source('sr-a'), 'sr-b': source('sr-b') });
      expect(stored.graph.couples).toEqual({ [couple.id]: couple });
      expect(stored.graph.profiles[ids.b]!.events).toEqual([job]);
      const gone: ChangeSet = { ...emptyChangeSet(stored.revision), sources: { upsert: [], remove: ['sr-b'] } };
      await saveChangeSet(s.store, { uid, graphId: uid, changes: gone, clientId: 'sources' }, options);
      expect(Object.keys((await s.readGraph(uid))!.graph.sources ?? {})).toEqual(['sr-a']);
    });

    it("gives back a person's events of every shape exactly, after a later patch merged onto the stored ones", async () => {
      // The SQL store keeps them packed (facts/eventCodec.ts); every read and the save's own
      // merge must give back what was sent, on both stores alike.
      const s = make();
      const { uid, ids } = await memberWithFamily(s);
      const citation: Citation = { id: 'ci-1', sourceId: 'sr-a', page: 'folio 3', date: '', quality: 0, text: '' };
      const events: FactEvent[] = [
        { id: 'ev-1', type: 'RESI', customType: '', date: '', placeId: '', description: '', age: '' },
        { id: 'ev-2', type: 'EVEN', customType: 'Graduation', date: 'BET 1840 AND 1845', placeId: '', description: '0', age: '32y', note: '<p>n</p>' },
        { id: 'ev-3', type: 'OCCU', customType: '', date: 'ABT 1850', placeId: '', description: `"Miller" [1] \\ 'x'`, age: '', citations: [citation, { ...citation, id: 'ci-2', quality: null, text: 'entry', date: '1 JAN 1850' }] },
      ];
      const first: ChangeSet = { ...emptyChangeSet(1), profiles: { upsert: [{ id: ids.b, events: { upsert: events, remove: [] } }], remove: [] } };
      await saveChangeSet(s.store, { uid, graphId: uid, changes: first, clientId: 'events' }, options);
      const later: FactEvent = { id: 'ev-4', type: 'BURI', customType: '', date: '1900', placeId: '', description: '', age: '' };
      const second: ChangeSet = {
        ...emptyChangeSet((await s.readGraph(uid))!.revision),
        profiles: { upsert: [{ id: ids.b, set: { bio: 'now' }, events: { upsert: [later], remove: ['ev-1'] } }], remove: [] },
      };
      await saveChangeSet(s.store, { uid, graphId: uid, changes: second, clientId: 'events' }, options);
      const want = [events[1], events[2], later];
      expect((await s.readGraph(uid))!.graph.profiles[ids.b]).toMatchObject({ bio: 'now', events: want });
      await s.store.transaction(async (tx) => {
        expect((await tx.lookup(uid).profiles([ids.b]))[0]!.events).toEqual(want);
        expect((await tx.profiles([ids.b])).get(ids.b)!.events).toEqual(want);
      });
    });

    it('stores media records (photos, documents, references) and removes one', async () => {
      const s = make();
      const { uid, ids } = await memberWithFamily(s);
      const photo: Media = {
        id: 'mphoto', kind: 'photo', title: 'Wedding', date: '4 JUN 1925', description: 'On the steps', people: [uid, ids.b], couples: [coupleId(uid, ids.b)],
        url: `/files/media/${uid}/mphoto/original.jpg?v=1`, thumb: `/files/media/${uid}/mphoto/thumb_320.webp?v=2`, thumbSmall: `/files/media/${uid}/mphoto/thumb_170.webp?v=3`,
        contentType: 'image/jpeg', bytes: 12345,
      };
      const reference: Media = { id: 'mref', kind: 'photo', title: '', date: '', description: '', people: [ids.b], couples: [], url: 'photos/b.jpg', thumb: '', thumbSmall: '', contentType: '', bytes: 0 };
      const cs: ChangeSet = { ...emptyChangeSet(1), media: { upsert: [photo, reference], remove: [] } };
      await saveChangeSet(s.store, { uid, graphId: uid, changes: cs, clientId: 'media' }, options);
      const stored = (await s.readGraph(uid))!;
      expect(stored.graph.media).toEqual({ mphoto: photo, mref: reference });
      const gone: ChangeSet = { ...emptyChangeSet(stored.revision), media: { upsert: [], remove: ['mphoto'] } };
      await saveChangeSet(s.store, { uid, graphId: uid, changes: gone, clientId: 'media' }, options);
      expect((await s.readGraph(uid))!.graph.media).toEqual({ mref: reference });
    });

    it('refuses a member of another graph whole: nothing is written', async () => {
      const s = make();
      const { uid, revision } = await memberWithFamily(s);
      const intruder = await member(s);
      const changes = emptyChangeSet(revision);
      changes.nodes.upsert.push(node('n1002', '', false, 999));
      expect(await refusal(saveChangeSet(s.store, { uid: intruder, graphId: uid, changes, clientId: 'x' }, options))).toMatchObject({ code: 'permission-denied' });
      expect((await s.readGraph(uid))!.revision).toBe(revision);
      expect((await s.readGraph(uid))!.graph.nodes.find((n) => n.id === 'n1002')!.position.x).toBe(0);
    });

    it('adds a child as one revision, and refuses a third parent whole', async () => {
      const s = make();
      const { uid, ids, revision } = await memberWithFamily(s);
      const child = `pr:e${tag()}`;
      const add = emptyChangeSet(revision);
      add.nodes.upsert.push(node('n1006', child));
      add.edges.upsert.push(parentEdge('n1002', 'n1006'));
      add.profiles.upsert.push({ id: child, create: true, set: { createdBy: uid, firstName: 'Eve' }, add: { parents: [ids.b] } }, { id: ids.b, add: { children: [child] } });
      expect(await saveChangeSet(s.store, { uid, graphId: uid, changes: add, clientId: 'x' }, options)).toEqual({ revision: revision + 1 });
      expect((await s.profile(ids.b))!.children).toEqual([ids.c, child]);

      const third = `pr:f${tag()}`;
      const tooMany = emptyChangeSet(revision + 1);
      tooMany.nodes.upsert.push(node('n1007', third));
      tooMany.edges.upsert.push(parentEdge('n1007', 'n1003'));
      tooMany.profiles.upsert.push({ id: third, create: true, set: { createdBy: uid }, add: { children: [ids.c] } }, { id: ids.c, add: { parents: [third] } });
      expect(await refusal(saveChangeSet(s.store, { uid, graphId: uid, changes: tooMany, clientId: 'x' }, options))).toEqual({
        code: 'invalid-argument',
        message: RELATIONSHIP_MESSAGES.tooManyParents,
      });
      const after = (await s.readGraph(uid))!;
      expect(after.revision).toBe(revision + 1);
      expect(after.graph.nodes.map((n) => n.id)).not.toContain('n1007');
      expect(await s.profile(third)).toBeNull();
      expect((await s.profile(ids.c))!.parents).toEqual([uid, ids.b]);
    });

    it('refuses a new profile under an id that exists, with already-exists', async () => {
      const s = make();
      const { ids } = await memberWithFamily(s);
      const other = await member(s);
      const theirs = emptyChangeSet(0);
      theirs.nodes.upsert = [node('n1001', other, true), node('n1002', ids.b)];
      theirs.profiles.upsert = [{ id: ids.b, create: true, set: { createdBy: other } }];
      expect(await refusal(saveChangeSet(s.store, { uid: other, graphId: other, changes: theirs, clientId: 'x' }, options))).toEqual({ code: 'already-exists', message: `Profile ${ids.b} already exists` });
      expect(await s.readGraph(other)).toBeNull();
      expect((await s.profile(ids.b))!.createdBy).not.toBe(other);
    });

    it('carries a profile edit to every graph that shows the profile, each as its next revision', async () => {
      const s = make();
      const { uid, ids, revision } = await memberWithFamily(s);
      // Another member's graph shows pr:c too (it was linked there).
      const other = await member(s);
      const theirs = emptyChangeSet(0);
      theirs.nodes.upsert = [node('n1001', other, true), node('n1002', ids.c)];
      await s.store.transaction(async (tx) => {
        await tx.ensureOwnGraph(other);
        const c = (await tx.profiles([ids.c])).get(ids.c)!;
        await tx.writeChanges(other, theirs, [c]);
        await tx.appendChange(other, { revision: 1, changes: theirs, clientId: 'seed', actorUid: other });
      });

      published.length = 0;
      const saved = await updateProfile(s.store, { uid, id: ids.c, set: { bio: 'Loves boats', updatedBy: 'someone' }, clientId: 'page' }, options);
      expect(saved).toMatchObject({ bio: 'Loves boats', createdBy: uid, updatedBy: uid, updatedAt: NOW });
      expect((await s.readGraph(uid))!.revision).toBe(revision + 1);
      expect((await s.readGraph(other))!.revision).toBe(2);
      expect((await s.readGraph(other))!.graph.profiles[ids.c]!.bio).toBe('Loves boats');
      for (const [graphId, rev] of [[uid, revision + 1], [other, 2]] as const) {
        const [logged] = await s.readLog(graphId, rev - 1);
        expect(logged).toMatchObject({ revision: rev, clientId: 'page', actorUid: uid });
        expect(logged!.changes.profiles.upsert).toEqual([{ id: ids.c, set: { bio: 'Loves boats', updatedBy: uid, updatedAt: NOW } }]);
      }
      expect(published.map((p) => [p.graphId, p.event.revision]).sort()).toEqual([[uid, revision + 1], [other, 2]].sort());

      // The owner of a tree showing the unclaimed person edits them too (§6, issue 19); a member of no such tree may not.
      expect((await updateProfile(s.store, { uid: other, id: ids.c, set: { bio: 'Loves ships' } }, options)).bio).toBe('Loves ships');
      const stranger = await member(s);
      expect(await refusal(updateProfile(s.store, { uid: stranger, id: ids.c, set: { bio: 'x' } }, options))).toMatchObject({ code: 'permission-denied' });
      expect(await refusal(updateProfile(s.store, { uid, id: `pr:none${tag()}`, set: { bio: 'x' } }, options))).toMatchObject({ code: 'not-found' });
    });

    it('deletes a person: cards, lines and the profile go; a profile another graph shows and a member’s own stay', async () => {
      const s = make();
      const { uid, ids, revision } = await memberWithFamily(s);
      const del = emptyChangeSet(revision);
      del.nodes.remove.push('n1004');
      del.edges.remove.push('e-n1001-n1004', 'e-n1005-n1004');
      del.profiles.remove.push(ids.d);
      del.profiles.upsert.push({ id: uid, remove: { children: [ids.d] } });
      await saveChangeSet(s.store, { uid, graphId: uid, changes: del, clientId: 'x' }, options);
      const after = (await s.readGraph(uid))!;
      expect(after.graph.nodes.map((n) => n.id)).toEqual(['n1001', 'n1002', 'n1003', 'n1005']);
      expect(after.graph.edges.map((e) => e.id)).toEqual(['e-n1001-n1003', 'e-n1002-n1003']);
      expect(after.graph.profiles[ids.d]).toBeUndefined();
      expect(await s.profile(ids.d)).toBeNull();
      expect(after.graph.profiles[uid]!.children).toEqual([ids.c]);

      // Straight through the port: a member's own profile leaving a graph stays theirs.
      const other = await member(s);
      const shown = emptyChangeSet(0);
      await s.store.transaction(async (tx) => {
        const own = (await tx.profiles([other])).get(other)!;
        await tx.writeChanges(uid, shown, [own]);
      });
      expect((await s.readGraph(uid))!.graph.profiles[other]).toBeDefined();
      const drop = emptyChangeSet(0);
      drop.profiles.remove.push(other);
      await s.store.transaction((tx) => tx.writeChanges(uid, drop, []));
      expect((await s.readGraph(uid))!.graph.profiles[other]).toBeUndefined();
      expect(await s.profile(other)).toMatchObject({ id: other, ownerUid: other });
    });

    it("accepting an invitation to a card: the invitee joins, the card's profile becomes theirs, relatives' lists follow", async () => {
      const s = make();
      const { uid, ids, revision } = await memberWithFamily(s);
      const invitee = `u${tag()}`;
      await s.addAccount(invitee);
      const fallback = newOwnProfile({ uid: invitee, firstName: 'Cyrus', lastName: 'New', email: `${invitee}@example.com`, gender: 'M', now: NOW });
      const pubs = await s.store.transaction((tx) =>
        joinGraph(tx, { graphId: uid, nodeId: 'n1003', uid: invitee, firstName: 'Cyrus', lastName: 'New', email: `${invitee}@example.com`, gender: 'M', now: NOW, role: 'viewer' }, fallback),
      );
      expect(pubs.map((p) => p.event.revision)).toEqual([revision + 1]);
      const after = (await s.readGraph(uid))!;
      expect(after.revision).toBe(revision + 1);
      expect(after.graph.nodes.find((n) => n.id === 'n1003')!.data.profileId).toBe(invitee);
      expect(after.graph.profiles[ids.c]).toBeUndefined();
      expect(await s.profile(ids.c)).toBeNull();
      expect(after.graph.profiles[invitee]).toMatchObject({ id: invitee, ownerUid: invitee, firstName: 'Cyrus', email: `${invitee}@example.com`, parents: [uid, ids.b] });
      expect(after.graph.profiles[uid]!.children.sort()).toEqual([ids.d, invitee].sort());
      expect(after.graph.profiles[ids.b]!.children).toEqual([invitee]);
      expect((await s.members(uid)).sort()).toEqual([uid, invitee].sort());
      expect(await s.store.transaction(async (tx) => [await tx.memberRole(uid, uid), await tx.memberRole(uid, invitee), await tx.memberRole(uid, 'nobody')])).toEqual(['owner', 'viewer', null]);
      // A member already there keeps the role they have.
      await s.store.transaction((tx) => tx.addMember(uid, invitee, 'editor'));
      expect(await s.store.transaction((tx) => tx.memberRole(uid, invitee))).toBe('viewer');
      expect((await s.readLog(uid, revision))[0]).toMatchObject({ revision: revision + 1, clientId: 'invitation', actorUid: invitee });
    });

    it('joins with the fresh profile when the card is gone, and writes only the profile when the graph is', async () => {
      const s = make();
      const { uid, revision } = await memberWithFamily(s);
      const invitee = `u${tag()}`;
      await s.addAccount(invitee);
      const fallback = newOwnProfile({ uid: invitee, firstName: 'Zed', lastName: 'New', email: 'z@example.com', gender: '', now: NOW });
      const input = { graphId: uid, nodeId: 'n4242', uid: invitee, firstName: 'Zed', lastName: 'New', email: 'z@example.com', gender: '' as const, now: NOW, role: 'editor' as const };
      await s.store.transaction((tx) => joinGraph(tx, input, fallback));
      expect((await s.readGraph(uid))!.revision).toBe(revision + 1);
      expect(await s.profile(invitee)).toMatchObject({ firstName: 'Zed', ownerUid: invitee });
      expect(await s.members(uid)).toContain(invitee);

      const loner = `u${tag()}`;
      await s.addAccount(loner);
      const own = newOwnProfile({ uid: loner, firstName: 'Lo', lastName: 'Ner', email: 'l@example.com', gender: '', now: NOW });
      expect(await s.store.transaction((tx) => joinGraph(tx, { ...input, graphId: `g${tag()}`, uid: loner }, own))).toEqual([]);
      expect(await s.profile(loner)).toMatchObject({ firstName: 'Lo' });
    });

    it('concurrent saves of one graph: every one applied, each its own revision, none lost', async () => {
      const s = make();
      const { uid, revision } = await memberWithFamily(s);
      const moves = ['n1001', 'n1002', 'n1003', 'n1004', 'n1005'];
      const stored = (await s.readGraph(uid))!.graph;
      const answers = await Promise.all(
        moves.map((id, i) => {
          const cs = emptyChangeSet(revision);
          cs.nodes.upsert.push({ ...stored.nodes.find((n) => n.id === id)!, position: { x: 100 + i, y: 7 } });
          return saveChangeSet(s.store, { uid, graphId: uid, changes: cs, clientId: `tab-${i}` }, options);
        }),
      );
      expect(answers.map((a) => a.revision).sort((a, b) => a - b)).toEqual(moves.map((_, i) => revision + 1 + i));
      const after = (await s.readGraph(uid))!;
      expect(after.revision).toBe(revision + moves.length);
      expect(after.graph.nodes.map((n) => n.position.x)).toEqual([100, 101, 102, 103, 104]);
      expect((await s.readLog(uid, revision)).map((c) => c.revision)).toEqual(moves.map((_, i) => revision + 1 + i));
    });
  });
}
