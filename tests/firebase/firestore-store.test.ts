import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { familyGraph } from '../../bench/scene/familyGraph.ts';
import { chunkChangeSet } from '../../src/domain/changeSetChunks.ts';
import { paths, type ChangeDoc, type GraphDoc, type InvitationDoc, type MembersDoc, type ProfileDoc, type UserDoc, type ViewerChangeDoc } from '../../src/backend/firebase/paths.ts';
import { FIREBASE_IMPORT_LIMITS } from '../../src/backend/firebase/callables.ts';
import { decodeGraphColumns, GRAPH_COLUMNS_FORMAT, type GraphColumns } from '../../src/backend/graphColumns.ts';
import { applyChangeSets } from '../../src/domain/applyChangeSets.ts';
import { diffGraphs, emptyChangeSet, type ChangeSet } from '../../src/domain/changeSet.ts';
import { AppError } from '../../src/domain/errors.ts';
import { INVITATION_USED, newOwnProfile } from '../../src/domain/invitations.ts';
import { saveChangeSet } from '../../src/domain/save/saveChangeSet.ts';
import { openGraph, saveChanges } from '../../functions/src/callables/graphs.ts';
import { addNew } from '../integration/graphHelpers.ts';
import { PRIVATE_NAME } from '../../src/domain/privacy.ts';
import { createImports } from '../../functions/src/callables/imports.ts';
import { acceptInvitation, createInvitation, getInvitation, joinInvitation, renewInvitation, revokeInvitation } from '../../functions/src/callables/invitations.ts';
import { hashInvitationToken } from '../../functions/src/invitations.ts';
import { firestoreSignUpSources } from '../../functions/src/signUpSources.ts';
import { makeSnapshot, readSnapshotText, readTail, readWholeGraph, renewIfDue } from '../../functions/src/snapshots/build.ts';
import { RENEW_AT, snapshotPlan } from '../../functions/src/snapshots/plan.ts';
import { CHANGE_LOG_LENGTH } from '../../src/domain/save/graphStore.ts';
import { firestoreGraphStore } from '../../functions/src/store/firestoreGraphStore.ts';
import { BULK_WRITE_RUNNING, bulkLockPath, undoPath } from '../../functions/src/store/bulkLock.ts';
import { IMPORT_TIMING } from '../../src/domain/importLease.ts';
import { IMPORT_NOT_COMMITTED } from '../../src/domain/importUpload.ts';
import { ensureFirstInvitation } from '../../scripts/firebaseFirstInvitation.ts';
import { asChangeSet, graphStoreContract, type StoreUnderTest } from '../contract/graphStore.contract.ts';
import { failsNotRun, firestoreMissing, openTestbed, type Testbed } from './firestoreTestbed.ts';

/**
 * The Firestore side of the Cloud Functions against the Firestore emulator: the store port's
 * contract (the same suite the SQL store passes), the refusal of a commit Firestore cannot take,
 * snapshots and what a cold load reads, opening a tree, bulk import, invitations and the sign-up
 * gate's queries. Where the Firestore emulator's jar is missing, one failing test says so in
 * their place.
 */

const missing = await firestoreMissing();
if (missing) failsNotRun('the Firestore store, snapshots, imports and invitations (tests/firebase/firestore-store.test.ts)', missing);

let bed: Testbed;
const NOW = new Date('2026-03-01T12:00:00.000Z');
const save = { now: NOW, publish: () => undefined };
let seq = 0;
const uid = () => `u${process.pid}x${Date.now().toString(36)}x${seq++}`;

async function data<T>(path: string): Promise<T | null> {
  return ((await bed.db.doc(path).get()).data() as T | undefined) ?? null;
}

async function account(id: string, email = `${id}@example.com`): Promise<string> {
  await bed.deps.auth.createUser({ uid: id, email });
  await bed.db.doc(paths.user(id)).set({ graphIds: [], joinedGraphId: null } satisfies UserDoc);
  await bed.deps.store.transaction((tx) => tx.writeProfiles([newOwnProfile({ uid: id, firstName: 'Ann', lastName: 'Test', email, gender: 'F', now: NOW.toISOString() })]));
  return id;
}

/** What the browser does on a cold load: the graph doc, the snapshot's chunks, the change docs after it. */
async function coldLoad(graphId: string) {
  const graph = (await data<GraphDoc>(paths.graph(graphId)))!;
  const ref = graph.snapshot!;
  const text = (await readSnapshotText(bed.db, graphId, ref))!;
  const tail = (await readTail(bed.db, graphId, ref.revision, graph.revision))!;
  return { graph: applyChangeSets(decodeGraphColumns(JSON.parse(text) as GraphColumns), tail), chunks: ref.chunks, tail: tail.length };
}

async function graphWith(people: number) {
  const owner = await account(uid());
  const family = familyGraph(people, owner, 'rows', 7, NOW.toISOString(), `${owner}-`);
  const { revision } = await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: asChangeSet(family, owner), clientId: 'seed' }, save);
  return { owner, family, revision };
}

describe.skipIf(!!missing)('Firestore (emulator)', () => {
  beforeAll(async () => {
    bed = await openTestbed();
  });
  afterAll(() => bed?.close());

  graphStoreContract('Firestore (Cloud Functions)', (): StoreUnderTest => ({
    store: bed.deps.store,
    async addAccount(id) {
      await bed.db.doc(paths.user(id)).set({ graphIds: [], joinedGraphId: null } satisfies UserDoc);
    },
    async readGraph(graphId) {
      const head = await data<GraphDoc>(paths.graph(graphId));
      const whole = head && (await readWholeGraph(bed.db, graphId));
      return head && whole && { ownerUid: head.ownerUid, revision: head.revision, migrations: head.migrations, graph: whole.graph };
    },
    async readLog(graphId, since) {
      const { docs } = await bed.db.collection(paths.changes(graphId)).where('revision', '>', since).orderBy('revision').get();
      return docs.map((d) => d.data() as ChangeDoc).map((c) => ({ revision: c.revision, clientId: c.clientId, actorUid: c.actorUid, changes: JSON.parse(c.changes!) as ChangeSet }));
    },
    async members(graphId) {
      return Object.keys((await data<MembersDoc>(paths.members(graphId)))?.roles ?? {}).sort();
    },
    async profile(id) {
      return (await data<ProfileDoc>(paths.profile(id)))?.profile ?? null;
    },
  }));

  describe('documents', () => {
    it('one per card, line and profile, with the fields the lookups query', async () => {
      const { owner, family } = await graphWith(20);
      const nodes = await bed.db.collection(paths.nodes(owner)).get();
      const edges = await bed.db.collection(paths.edges(owner)).get();
      const shown = await bed.db.collection(paths.profiles()).where('graphs', 'array-contains', owner).get();
      expect([nodes.size, edges.size, shown.size]).toEqual([family.nodes.length, family.edges.length, Object.keys(family.profiles).length]);
      const primary = (await data<{ isPrimary: boolean; profileId: string }>(paths.node(owner, family.nodes[0]!.id)))!;
      expect(primary).toMatchObject({ isPrimary: true, profileId: owner });
      expect((await data<UserDoc>(paths.user(owner)))!.graphIds).toEqual([owner]);
      expect(await data<MembersDoc>(paths.members(owner))).toEqual({ roles: { [owner]: 'owner' }, joinedAt: { [owner]: expect.any(String) } });
    });

    it('refuses a change larger than one Firestore commit whole, with a coded error, writing nothing', async () => {
      const owner = await account(uid());
      const small = firestoreGraphStore(bed.db, { maxCommitBytes: 1024 * 1024 });
      const family = familyGraph(1500, owner, 'rows', 7, NOW.toISOString(), `${owner}-`);
      const refusal = await saveChangeSet(small, { uid: owner, graphId: owner, changes: asChangeSet(family, owner), clientId: 'x' }, save).catch((e: AppError) => e);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^This change is too large to write to Firebase at once \([\d.]+ MB of documents; one transaction holds at most 1 MB\)\. Nothing was saved\./) });
      expect(await data(paths.graph(owner))).toBeNull();
      expect((await bed.db.collection(paths.nodes(owner)).get()).size).toBe(0);
    });
  });

  describe('snapshots and the cold load', () => {
    it('a snapshot plus the change docs after it is the graph, read whole or loaded cold', async () => {
      const { owner, revision } = await graphWith(300);
      expect(snapshotPlan((await data<GraphDoc>(paths.graph(owner)))!, CHANGE_LOG_LENGTH)).toBe('rebuild');
      const ref = (await makeSnapshot(bed.db, owner, { clock: () => NOW, newId: () => 'first' }))!;
      expect(ref).toMatchObject({ id: 'first', revision, chunks: 1, format: GRAPH_COLUMNS_FORMAT });
      const head = (await data<GraphDoc>(paths.graph(owner)))!;
      expect(head.snapshot).toEqual(ref);
      expect(head.sinceSnapshot).toEqual({ changeSets: 0, bytes: 0, unlogged: 0 });
      expect(snapshotPlan(head, CHANGE_LOG_LENGTH)).toBe('fresh');

      for (let i = 0; i < 3; i++) {
        const move = emptyChangeSet(revision + i);
        const whole = (await readWholeGraph(bed.db, owner))!.graph;
        move.nodes.upsert.push({ ...whole.nodes[i]!, position: { x: -1 - i, y: -1 - i } });
        await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: move, clientId: 'x' }, save);
      }
      const cold = await coldLoad(owner);
      expect(cold.tail).toBe(3);
      const whole = (await readWholeGraph(bed.db, owner))!.graph;
      expect(cold.graph.nodes).toEqual(whole.nodes);
      expect(cold.graph.edges).toEqual(whole.edges);
      expect(cold.graph.profiles).toEqual(whole.profiles);
      expect((await data<GraphDoc>(paths.graph(owner)))!.sinceSnapshot.changeSets).toBe(3);
    });

    it('a new snapshot is made from the last one and its tail, and the one before it is kept for readers', async () => {
      const { owner, revision } = await graphWith(50);
      await makeSnapshot(bed.db, owner, { clock: () => NOW, newId: () => 'one' });
      const move = emptyChangeSet(revision);
      move.nodes.upsert.push({ ...(await readWholeGraph(bed.db, owner))!.graph.nodes[1]!, position: { x: 5, y: 5 } });
      await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: move, clientId: 'x' }, save);
      await makeSnapshot(bed.db, owner, { clock: () => NOW, newId: () => 'two' });
      await makeSnapshot(bed.db, owner, { clock: () => NOW, newId: () => 'three' });
      const kept = (await bed.db.collection(paths.snapshots(owner)).get()).docs.map((d) => d.id).sort();
      // 'three' found 'two' as new as itself and stepped back: its chunks are gone.
      expect(kept).toEqual(['one', 'two']);
      expect((await data<GraphDoc>(paths.graph(owner)))!.snapshot!.id).toBe('two');
      expect((await bed.db.collection(paths.snapshotChunks(owner, 'three')).get()).size).toBe(0);
      expect((await coldLoad(owner)).graph.nodes).toEqual((await readWholeGraph(bed.db, owner))!.graph.nodes);
    });

    it(`renews the snapshot once the tail reaches ${RENEW_AT.changeSets} change sets, and leaves it alone before`, async () => {
      const { owner, revision } = await graphWith(5);
      await makeSnapshot(bed.db, owner, { clock: () => NOW, newId: () => 'base' });
      const node = (await readWholeGraph(bed.db, owner))!.graph.nodes[0]!;
      const n = RENEW_AT.changeSets;
      for (let i = 0; i < n; i++) {
        const move = emptyChangeSet(revision + i);
        move.nodes.upsert.push({ ...node, position: { x: i, y: 0 } });
        await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: move, clientId: 'x' }, save);
        if (i === n - 2) expect(await renewIfDue(bed.db, owner, { clock: () => NOW, newId: () => 'early' })).toBeNull();
      }
      expect(await renewIfDue(bed.db, owner, { clock: () => NOW, newId: () => 'renewed' })).toMatchObject({ id: 'renewed', revision: revision + n });
      expect((await data<GraphDoc>(paths.graph(owner)))!.sinceSnapshot).toEqual({ changeSets: 0, bytes: 0, unlogged: 0 });
      expect(await data(paths.snapshotLease(owner))).toBeNull();
    });
  });

  describe('openGraph', () => {
    it("makes a new member's own graph empty at revision 0, with no snapshot, answered whole with their own profile", async () => {
      const owner = await account(uid());
      const opened = await openGraph(bed.deps, owner, {});
      expect(opened.view).toMatchObject({ graph: { nodes: [], edges: [], revision: 0 }, privacy: {} });
      expect(Object.keys(opened.view!.graph.profiles)).toEqual([owner]);
      expect(opened).toEqual({
        graphId: owner,
        ownerUid: owner,
        revision: 0,
        updatedAt: '',
        migrations: [],
        snapshot: null,
        role: 'owner',
        name: expect.stringMatching(/family tree$/i),
        view: expect.anything(),
      });
      // Joined when it was opened: the functions' clock, the time of day.
      expect(await data<MembersDoc>(paths.members(owner))).toEqual({ roles: { [owner]: 'owner' }, joinedAt: { [owner]: expect.any(String) } });
      expect(await data<UserDoc>(paths.user(owner))).toMatchObject({ graphIds: [owner], fullGraphIds: [owner], lastGraphId: owner });
    });

    it('answers a snapshot the log brings up to date, making one first when there is none', async () => {
      const { owner, revision } = await graphWith(40);
      const opened = await openGraph(bed.deps, owner, {});
      expect(opened).toMatchObject({ graphId: owner, ownerUid: owner, revision, snapshot: { revision } });
      expect((await coldLoad(owner)).graph.nodes).toEqual((await readWholeGraph(bed.db, owner))!.graph.nodes);
    });
  });

  describe('bulk import', () => {
    async function imported(owner: string, changes: ChangeSet, bulk: { beforeBatch?: (index: number) => void | Promise<void> } = {}) {
      const imports = createImports(bed.deps, FIREBASE_IMPORT_LIMITS, IMPORT_TIMING, bulk);
      const bodies = chunkChangeSet(changes, FIREBASE_IMPORT_LIMITS.targetChunkBytes);
      const { importId } = await imports.begin(owner, { graphId: owner, clientId: 'import', chunks: bodies.length, people: changes.nodes.upsert.length });
      for (const [index, body] of [...bodies.entries()].reverse()) await imports.putChunk(owner, { graphId: owner, importId, index, body });
      return { imports, importId, bodies, commit: () => imports.commit(owner, { graphId: owner, importId }) };
    }

    it('applies 2,000 people as one revision, logged without its body, with its snapshot made by the commit (the graph before and the import applied)', async () => {
      const owner = await account(uid());
      // As the browser does before it imports: the member's own tree is made at revision 0.
      await openGraph(bed.deps, owner, {});
      const family = familyGraph(2000, owner, 'rows', 7, NOW.toISOString(), `${owner}-`);
      const run = await imported(owner, asChangeSet(family, owner));
      expect(run.bodies.length).toBeGreaterThan(1);
      expect(await run.commit()).toEqual({ revision: 1 });
      expect(await run.commit()).toEqual({ revision: 1 });
      expect((await data<ChangeDoc>(paths.change(owner, 1)))!.changes).toBeNull();
      expect((await bed.db.collection(paths.importChunks(owner, run.importId)).get()).size).toBe(0);
      // Before any open: the first open reads chunks, not every card, line and profile.
      const head = (await data<GraphDoc>(paths.graph(owner)))!;
      expect(head.snapshot).toMatchObject({ revision: 1 });
      expect(head.sinceSnapshot).toEqual({ changeSets: 0, bytes: 0, unlogged: 0 });
      const opened = await openGraph(bed.deps, owner, {});
      expect(opened.snapshot).toEqual(head.snapshot);
      const cold = await coldLoad(owner);
      expect(cold.graph.nodes.length).toBe(2000);
      expect(Object.keys(cold.graph.profiles).length).toBe(2000);
      // The same graph the documents hold.
      const whole = (await readWholeGraph(bed.db, owner))!.graph;
      expect(new Set(cold.graph.nodes.map((n) => JSON.stringify(n)))).toEqual(new Set(whole.nodes.map((n) => JSON.stringify(n))));
      expect(new Set(cold.graph.edges.map((e) => JSON.stringify(e)))).toEqual(new Set(whole.edges.map((e) => JSON.stringify(e))));
      expect(cold.graph.profiles).toEqual(whole.profiles);
    });

    it('becomes visible at once: while its batches are written the head, the log and whole reads show nothing of it, and saves wait', async () => {
      const owner = await account(uid());
      await openGraph(bed.deps, owner, {});
      const heads: number[] = [];
      const unlisten = bed.db.doc(paths.graph(owner)).onSnapshot((d) => heads.push((d.data() as GraphDoc).revision));
      const family = familyGraph(2000, owner, 'rows', 7, NOW.toISOString(), `${owner}-`);
      const seen: unknown[] = [];
      const run = await imported(owner, asChangeSet(family, owner), {
        async beforeBatch(index) {
          if (index === 0) return;
          const small = emptyChangeSet(0);
          small.profiles.upsert = [{ id: owner, set: { bio: 'meanwhile' } }];
          seen.push({
            index,
            revision: (await data<GraphDoc>(paths.graph(owner)))!.revision,
            logged: (await bed.db.collection(paths.changes(owner)).get()).size,
            whole: await readWholeGraph(bed.db, owner).catch((e: AppError) => e.code),
            save: await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: small, clientId: 'other' }, save).catch((e: AppError) => [e.code, e.message]),
          });
        },
      });
      expect(await run.commit()).toEqual({ revision: 1 });
      // Cards, lines and profiles: well over one batch of 500 writes.
      expect(seen.length).toBeGreaterThan(4);
      for (const s of seen) expect(s).toEqual({ index: expect.any(Number), revision: 0, logged: 0, whole: 'unavailable', save: ['unavailable', BULK_WRITE_RUNNING] });
      await vi.waitFor(() => expect(heads.at(-1)).toBe(1));
      unlisten();
      // Revision 0, then 1 (again when the commit points it at the import's snapshot): nothing between.
      expect([...new Set(heads)]).toEqual([0, 1]);
      expect(await data(bulkLockPath(owner))).toBeNull();
      expect((await bed.db.collection(undoPath(owner, run.importId)).get()).size).toBe(0);
      expect((await readWholeGraph(bed.db, owner))!.graph.nodes.length).toBe(2000);
    });

    it('a commit failing half-way writes back what it overwrote: a tidy-up of every card leaves the tree as it was, and the same change then saves', async () => {
      const { owner, family, revision } = await graphWith(1200);
      const tidy = emptyChangeSet(revision);
      tidy.nodes.upsert = family.nodes.map((n) => ({ ...n, position: { x: n.position.x + 1000, y: n.position.y } }));
      const failing = await imported(owner, tidy, {
        beforeBatch(index) {
          if (index === 2) throw new Error('the function stopped');
        },
      });
      await expect(failing.commit()).rejects.toThrow('the function stopped');
      const after = (await readWholeGraph(bed.db, owner))!;
      expect(after.revision).toBe(revision);
      expect(after.graph.nodes).toEqual(family.nodes);
      expect(await data(bulkLockPath(owner))).toBeNull();
      expect((await bed.db.collection(undoPath(owner, failing.importId)).get()).size).toBe(0);
      await expect(failing.commit()).rejects.toMatchObject({ code: 'failed-precondition', message: `This import was refused: ${IMPORT_NOT_COMMITTED}` });

      const run = await imported(owner, tidy);
      expect(await run.commit()).toEqual({ revision: revision + 1 });
      expect((await readWholeGraph(bed.db, owner))!.graph.nodes.map((n) => n.position.x)).toEqual(family.nodes.map((n) => n.position.x + 1000));
    });

    it('a refused change set (validated after the lock) writes nothing and drops the lock', async () => {
      const { owner, family, revision } = await graphWith(30);
      const bad = emptyChangeSet(revision);
      // A second line into a card: refused only by reading the graph, after the lock was taken.
      bad.edges.upsert = [{ ...family.edges[0]!, id: 'e-dangling', source: 'n999999999' }];
      const run = await imported(owner, bad);
      await expect(run.commit()).rejects.toBeInstanceOf(AppError);
      expect(await data(bulkLockPath(owner))).toBeNull();
      expect((await data<GraphDoc>(paths.graph(owner)))!.revision).toBe(revision);
      expect(await data(paths.edge(owner, 'e-dangling'))).toBeNull();
    });

    it('a commit whose function died holds the tree until its lease ends; the next save then puts back what it wrote and goes through', async () => {
      const { owner, family, revision } = await graphWith(5);
      const importId = 'ab'.repeat(12);
      const card = paths.node(owner, family.nodes[0]!.id);
      const stored = (await data<Record<string, unknown>>(card))!;
      // What the dead commit left: its lock, its undo log, one card overwritten, its import committing.
      await bed.db.doc(bulkLockPath(owner)).set({ importId, uid: owner, graphId: owner });
      await bed.db.doc(`${undoPath(owner, importId)}/graphs`).set({ graphs: [owner] });
      await bed.db.doc(`${undoPath(owner, importId)}/e0`).set({ index: 0, entries: JSON.stringify([[card, stored]]) });
      await bed.db.doc(card).set({ ...stored, node: { ...family.nodes[0]!, position: { x: -999, y: -999 } } });
      const at = (ms: number) => new Date(Date.now() + ms).toISOString();
      const importDoc = { uid: owner, clientId: 'i', migrations: [], chunkCount: 1, people: 0, bytes: 0, state: 'committing', revision: null, refusalCode: null, refusal: null, createdAt: at(0), touchedAt: at(0) };
      await bed.db.doc(paths.import(owner, importId)).set({ ...importDoc, leaseEndsAt: at(60_000) });
      const move = emptyChangeSet(revision);
      move.nodes.upsert = [{ ...family.nodes[1]!, position: { x: 5, y: 5 } }];
      const saving = () => saveChanges(bed.deps, owner, { graphId: owner, changes: move, clientId: 'tab' });

      await expect(saving()).rejects.toMatchObject({ code: 'unavailable', message: BULK_WRITE_RUNNING });
      await bed.db.doc(paths.import(owner, importId)).update({ leaseEndsAt: at(-1) });
      expect(await saving()).toEqual({ revision: revision + 1 });
      expect(await data(card)).toEqual(stored);
      expect(await data(bulkLockPath(owner))).toBeNull();
      expect(await data(paths.import(owner, importId))).toMatchObject({ state: 'refused', refusalCode: 'deadline-exceeded' });
    });

    it('refuses the whole upload when a chunk comes again with other contents, or one is missing', async () => {
      const owner = await account(uid());
      const family = familyGraph(600, owner, 'rows', 7, NOW.toISOString(), `${owner}-`);
      const changes = asChangeSet(family, owner);
      const imports = createImports(bed.deps);
      const bodies = chunkChangeSet(changes, FIREBASE_IMPORT_LIMITS.targetChunkBytes);
      const { importId } = await imports.begin(owner, { graphId: owner, clientId: 'i', chunks: bodies.length });
      await imports.putChunk(owner, { graphId: owner, importId, index: 0, body: bodies[0] });
      expect(await imports.putChunk(owner, { graphId: owner, importId, index: 0, body: bodies[0] })).toEqual({ received: 0 });
      await expect(imports.putChunk(owner, { graphId: owner, importId, index: 0, body: bodies[1] })).rejects.toMatchObject({ code: 'invalid-argument', message: 'Chunk 1 was sent twice with different contents. Nothing was imported.' });
      await expect(imports.commit(owner, { graphId: owner, importId })).rejects.toMatchObject({ code: 'failed-precondition', message: expect.stringContaining('This import was refused') });

      const second = await imports.begin(owner, { graphId: owner, clientId: 'i', chunks: bodies.length });
      await imports.putChunk(owner, { graphId: owner, importId: second.importId, index: 0, body: bodies[0] });
      await expect(imports.commit(owner, { graphId: owner, importId: second.importId })).rejects.toMatchObject({ code: 'failed-precondition', message: expect.stringContaining('chunk 2 of') });
      expect(await data(paths.graph(owner))).toBeNull();
    });

    it('is for members of the graph, and never answers about another member’s import', async () => {
      const owner = await account(uid());
      const stranger = await account(uid());
      const imports = createImports(bed.deps);
      await expect(imports.begin(stranger, { graphId: owner, clientId: 'i', chunks: 1 })).rejects.toMatchObject({ code: 'permission-denied' });
      const { importId } = await imports.begin(owner, { graphId: owner, clientId: 'i', chunks: 1 });
      await expect(imports.commit(stranger, { graphId: owner, importId })).rejects.toMatchObject({ code: 'not-found' });
      await expect(imports.cancel(stranger, { graphId: owner, importId })).rejects.toMatchObject({ code: 'not-found' });
      expect(await imports.cancel(owner, { graphId: owner, importId })).toEqual({});
    });
  });

  describe("viewers' live changes", () => {
    it('a save writes each viewer a copy redacted for them: a living relative added comes as Private, with the reason', async () => {
      const { owner, family, revision } = await graphWith(6);
      const viewer = await account(uid());
      await bed.deps.store.transaction((tx) => tx.addMember(owner, viewer, 'viewer'));
      const before = { ...(await readWholeGraph(bed.db, owner))!.graph, revision };
      const { graph, profileId } = addNew(before, owner, 'child', family.nodes[0]!.id, { firstName: 'Carl', lastName: 'Test', birthYear: '2001' });
      const saved = await saveChanges(bed.deps, owner, { graphId: owner, changes: diffGraphs(before, graph), clientId: 'tab-o' });

      const logged = JSON.parse((await data<ChangeDoc>(paths.change(owner, saved.revision)))!.changes!) as ChangeSet;
      expect(logged.profiles.upsert.find((p) => p.id === profileId)!.set).toMatchObject({ firstName: 'Carl', birthYear: '2001' });
      const copy = (await data<ViewerChangeDoc>(paths.viewerChange(owner, viewer, saved.revision)))!;
      expect(copy).toMatchObject({ revision: saved.revision, clientId: 'tab-o', actorUid: owner });
      const seen = JSON.parse(copy.changes!) as ChangeSet;
      expect(seen.nodes.upsert.map((n) => n.id)).toEqual(logged.nodes.upsert.map((n) => n.id));
      expect(seen.profiles.upsert.find((p) => p.id === profileId)!.set).toMatchObject({ firstName: PRIVATE_NAME, lastName: '', birthYear: '' });
      expect(JSON.parse(copy.privacy!)).toMatchObject({ [profileId]: 'living' });
      // Owners and editors read the log itself: no copy for them.
      expect(await data(paths.viewerChange(owner, owner, saved.revision))).toBeNull();
    });
  });

  describe('invitations', () => {
    it('creates a §3 invitation for an unclaimed card, and the invitee claims it after signing up', async () => {
      const { owner, family } = await graphWith(10);
      const card = family.nodes[3]!;
      const made = await createInvitation(bed.deps, { uid: owner, email: `${owner}@example.com` }, { nodeId: card.id, email: ' Kid@Example.com ' }, 'https://evil.example');
      expect(made.inviteUrl).toBe(`https://kinfolk.example/invite?token=${made.token}`);
      const at = (t: { invitation: { id: string } }) => paths.invitation(t.invitation.id);
      const stored = (await data<InvitationDoc>(at(made)))!;
      expect(stored).toMatchObject({ tokenHash: hashInvitationToken(made.token), email: 'kid@example.com', nodeId: card.id, inviterUid: owner, graphUid: owner, role: 'editor', status: 'pending', firstAccount: false });
      expect(JSON.stringify(stored)).not.toContain(made.token);
      expect(await getInvitation(bed.deps, { token: made.token })).toMatchObject({ email: 'kid@example.com', firstAccount: false, role: 'editor' });

      const sources = firestoreSignUpSources(bed.db, bed.deps.auth);
      expect(await sources.hasPendingInvitation('kid@example.com')).toBe(true);
      expect(await sources.hasPendingInvitation('other@example.com')).toBe(false);

      const kid = uid();
      await bed.deps.auth.createUser({ uid: kid, email: 'kid@example.com' });
      expect(await acceptInvitation(bed.deps, { uid: kid, email: 'kid@example.com' }, { token: made.token, firstName: 'kim', lastName: 'young', gender: 'Female' })).toEqual({
        uid: kid,
        displayName: 'Kim Young',
        graphId: owner,
      });
      expect((await bed.deps.auth.getUser(kid)).displayName).toBe('Kim Young');
      expect((await data<InvitationDoc>(at(made)))!).toMatchObject({ status: 'accepted', acceptedBy: kid });
      expect(await data<UserDoc>(paths.user(kid))).toEqual({ graphIds: [owner], fullGraphIds: [owner], joinedGraphId: owner });
      expect((await data<MembersDoc>(paths.members(owner)))!.roles[kid]).toBe('editor');
      expect((await readWholeGraph(bed.db, owner))!.graph.nodes.find((n) => n.id === card.id)!.data.profileId).toBe(kid);
      expect(await sources.hasPendingInvitation('kid@example.com')).toBe(false);
      expect((await openGraph(bed.deps, kid, {})).graphId).toBe(owner);

      // The same accept again (its answer lost on the way): the same answer, nothing changed.
      expect(await acceptInvitation(bed.deps, { uid: kid, email: 'kid@example.com' }, { token: made.token, firstName: 'K', lastName: 'Y', gender: 'Female' })).toEqual({
        uid: kid,
        displayName: 'Kim Young',
        graphId: owner,
      });
      const late = uid();
      await bed.deps.auth.createUser({ uid: late, email: 'late@example.com' });
      await expect(acceptInvitation(bed.deps, { uid: late, email: 'late@example.com' }, { token: made.token, firstName: 'K', lastName: 'Y', gender: 'Female' })).rejects.toMatchObject({
        code: 'auth/invitation-used',
        message: INVITATION_USED,
      });
      await expect(createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: card.id, email: 'again@example.com' }, undefined)).rejects.toMatchObject({ code: 'failed-precondition' });
      // A second invitation for the same e-mail never overwrites the member's profile.
      const second = await createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: family.nodes[4]!.id, email: 'kid@example.com' }, undefined);
      await expect(acceptInvitation(bed.deps, { uid: kid, email: 'kid@example.com' }, { token: second.token, firstName: 'X', lastName: 'Y', gender: 'Male' })).rejects.toMatchObject({
        code: 'auth/email-already-in-use',
      });
      expect((await data<ProfileDoc>(paths.profile(kid)))!.profile.firstName).toBe('Kim');
      expect((await data<InvitationDoc>(at(second)))!.status).toBe('pending');
    });

    it('refuses invitations by non-members, to cards not on the tree, and an accept from another e-mail', async () => {
      const { owner, family } = await graphWith(5);
      const stranger = await account(uid());
      await expect(createInvitation(bed.deps, { uid: stranger, email: '' }, { graphUid: owner, nodeId: family.nodes[1]!.id, email: 'x@example.com' }, undefined)).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: 'n999999', email: 'x@example.com' }, undefined)).rejects.toMatchObject({ code: 'not-found' });
      const made = await createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: family.nodes[1]!.id, email: 'right@example.com' }, undefined);
      const wrong = uid();
      await bed.deps.auth.createUser({ uid: wrong, email: 'wrong@example.com' });
      await expect(acceptInvitation(bed.deps, { uid: wrong, email: 'wrong@example.com' }, { token: made.token, firstName: 'A', lastName: 'B', gender: 'Male' })).rejects.toMatchObject({ code: 'invalid-argument' });
      expect((await data<InvitationDoc>(paths.invitation(made.invitation.id)))!.status).toBe('pending');
    });

    it('a viewer gets the tree redacted from openGraph; renewing, revoking and joining as an existing member', async () => {
      const { owner, family } = await graphWith(5);
      const made = await createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: family.nodes[2]!.id, email: 'viewer@example.com', role: 'viewer' }, undefined);
      const viewer = await account(uid());
      await bed.deps.auth.updateUser(viewer, { email: 'viewer@example.com' });
      expect(await joinInvitation(bed.deps, { uid: viewer, email: 'viewer@example.com' }, { token: made.token })).toEqual({ graphId: owner });
      expect(await data<UserDoc>(paths.user(viewer))).toMatchObject({ graphIds: expect.arrayContaining([owner]), lastGraphId: owner });
      expect((await data<UserDoc>(paths.user(viewer)))!.fullGraphIds ?? []).not.toContain(owner);
      const opened = await openGraph(bed.deps, viewer, { graphId: owner });
      expect(opened).toMatchObject({ role: 'viewer', snapshot: null, view: { graph: { revision: opened.revision } } });
      expect(Object.keys(opened.view!.privacy).length).toBeGreaterThan(0);

      const other = await createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: family.nodes[3]!.id, email: 'later@example.com' }, undefined);
      const renewed = await renewInvitation(bed.deps, owner, { graphId: owner, id: other.invitation.id }, undefined);
      await expect(getInvitation(bed.deps, { token: other.token })).rejects.toMatchObject({ code: 'auth/invitation-invalid' });
      await revokeInvitation(bed.deps, owner, { graphId: owner, id: other.invitation.id });
      await expect(getInvitation(bed.deps, { token: renewed.token })).rejects.toMatchObject({ code: 'auth/invitation-revoked' });
      expect(await firestoreSignUpSources(bed.db, bed.deps.auth).hasPendingInvitation('later@example.com')).toBe(false);
    });
  });

  describe('the first-account invitation (scripts/firebaseFirstInvitation.ts)', () => {
    it('is kept while the project has no account (a new link each run: only the hash is stored), and dies with the first account', async () => {
      const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!;
      await fetch(`http://${host}/emulator/v1/projects/${bed.projectId}/accounts`, { method: 'DELETE' });
      const link = await ensureFirstInvitation(bed.projectId, '', ['https://kinfolk.example']);
      expect(link).toMatch(/^https:\/\/kinfolk\.example\/invite\?token=[0-9a-f]{32}$/);
      const again = await ensureFirstInvitation(bed.projectId, ' Admin@Example.com', ['https://kinfolk.example']);
      expect(again).toMatch(/^https:\/\/kinfolk\.example\/invite\?token=[0-9a-f]{32}$/);
      expect((await bed.db.collection(paths.invitations()).where('firstAccount', '==', true).get()).size).toBe(1);
      await expect(getInvitation(bed.deps, { token: link!.slice(-32) })).rejects.toMatchObject({ code: 'auth/invitation-invalid' });
      const sources = firestoreSignUpSources(bed.db, bed.deps.auth);
      expect(await sources.firstAccountEmail()).toBe('admin@example.com');
      expect(await getInvitation(bed.deps, { token: again!.slice(-32) })).toMatchObject({ email: 'admin@example.com', firstAccount: true });
      await bed.deps.auth.createUser({ email: 'admin@example.com' });
      expect(await ensureFirstInvitation(bed.projectId, '', ['https://kinfolk.example'])).toBeNull();
      await expect(getInvitation(bed.deps, { token: again!.slice(-32) })).rejects.toMatchObject({ code: 'auth/invitation-used' });
    });
  });
});
