import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_CACHE_CONTROL, MAX_AVATAR_STORAGE_BYTES, paths, type GraphDoc, type MembersDoc, type ProfileDoc, type UserDoc } from '../../src/backend/firebase/paths.ts';
import { emptyProfile } from '../../src/domain/profile.ts';
import { DEMO_PROJECT, emulatorUnavailable, givenEmulatorHost, startEmulators, waitFor, type RunningEmulators } from './emulators.ts';
import { failsNotRun, reportNotRun } from './firestoreTestbed.ts';

/**
 * firestore.rules and storage.rules, rule by rule, for each kind of caller: the graph's owner, a
 * member, the member who claimed a profile, a signed-in outsider and a visitor. The README's
 * table "Rules and the server's permission tests" pairs each case with the self-hosted server's
 * test of the same permission. Firestore runs from its jar (where it is missing, one failing test
 * says so); the Storage emulator cannot run here, so the storage.rules tests say NOT RUN and why.
 */

const ROOT = join(import.meta.dirname, '../..');
const missing = await emulatorUnavailable('firestore');
const storageMissing = await emulatorUnavailable('storage');
if (storageMissing) reportNotRun('storage.rules (tests/firebase/rules.test.ts)', storageMissing);

const G = 'ownerUid1';
const OWNER = G;
const MEMBER = 'memberUid2';
const CLAIMANT = 'claimantUid3';
const OUTSIDER = 'outsiderUid4';
/** A viewer of G (§6 roles): reads the head, nothing of the graph's data. */
const VIEWER = 'viewerUid5';
/** Profiles: one the graph shows, one no graph of the member's shows, one created by MEMBER, one CLAIMANT owns. */
const SHOWN = 'pr:shown';
const ELSEWHERE = 'pr:elsewhere';
const CREATED = 'pr:created';
const CLAIMED = 'pr:claimed';

let env: RulesTestEnvironment;
let running: RunningEmulators | null = null;

const as = (uid: string | null): RulesTestContext => (uid ? env.authenticatedContext(uid, { email: `${uid}@example.com` }) : env.unauthenticatedContext());
const db = (uid: string | null) => as(uid).firestore();
const bucket = (uid: string | null) => as(uid).storage();

function profileDoc(id: string, fields: Partial<ReturnType<typeof emptyProfile>>, graphs: string[]): ProfileDoc {
  return { profile: { ...emptyProfile(id), ...fields }, relatives: [], graphs };
}

async function seed(): Promise<void> {
  await env.withSecurityRulesDisabled(async (ctx) => {
    const f = ctx.firestore();
    const graph: GraphDoc = { ownerUid: OWNER, revision: 1, migrations: [], updatedAt: '', snapshot: null, sinceSnapshot: { changeSets: 1, bytes: 2, unlogged: 0 } };
    await f.doc(paths.graph(G)).set(graph);
    await f.doc(paths.members(G)).set({ roles: { [OWNER]: 'owner', [MEMBER]: 'editor', [CLAIMANT]: 'editor', [VIEWER]: 'viewer' } } satisfies MembersDoc);
    await f.doc(paths.graph(OUTSIDER)).set({ ...graph, ownerUid: OUTSIDER });
    await f.doc(paths.members(OUTSIDER)).set({ roles: { [OUTSIDER]: 'owner' } } satisfies MembersDoc);
    for (const [uid, graphIds] of [[OWNER, [G]], [MEMBER, [MEMBER, G]], [CLAIMANT, [G]], [OUTSIDER, [OUTSIDER]]] as const) {
      await f.doc(paths.user(uid)).set({ graphIds: [...graphIds], joinedGraphId: uid === OWNER || uid === OUTSIDER ? null : G } satisfies UserDoc);
    }
    await f.doc(paths.user(VIEWER)).set({ graphIds: [G], fullGraphIds: [], joinedGraphId: G } satisfies UserDoc);
    await f.doc(paths.change(G, 1)).set({ revision: 1, clientId: 't', actorUid: OWNER, changes: '{}', at: '' });
    await f.doc(paths.viewerChange(G, VIEWER, 1)).set({ revision: 1, clientId: 't', actorUid: OWNER, changes: '{}', privacy: null, at: '' });
    await f.doc(paths.viewerChange(OUTSIDER, VIEWER, 1)).set({ revision: 1, clientId: 't', actorUid: OUTSIDER, changes: '{}', privacy: null, at: '' });
    await f.doc(paths.snapshot(G, 's1')).set({ id: 's1', revision: 1, chunks: 1, format: 'kinfolk-graph-columns/1', bytes: 2, createdAt: '' });
    await f.doc(paths.snapshotChunk(G, 's1', 0)).set({ index: 0, text: '{}' });
    await f.doc(paths.node(G, 'n1001')).set({ node: {}, profileId: OWNER, isPrimary: true, seq: 0 });
    await f.doc(paths.edge(G, 'e-n1001-n1002')).set({ edge: {}, ends: ['n1001', 'n1002'], seq: 0 });
    await f.doc(paths.import(G, 'i1')).set({ uid: MEMBER });
    await f.doc(paths.invitation('00112233445566778899aabb')).set({ email: 'x@example.com', inviterUid: MEMBER, graphUid: G, status: 'pending', tokenHash: 'ab' });
    await f.doc(paths.profile(OWNER)).set(profileDoc(OWNER, { ownerUid: OWNER, createdBy: OWNER }, [G]));
    await f.doc(paths.profile(CLAIMANT)).set(profileDoc(CLAIMANT, { ownerUid: CLAIMANT, createdBy: CLAIMANT }, []));
    await f.doc(paths.profile(SHOWN)).set(profileDoc(SHOWN, { createdBy: OWNER }, [G]));
    await f.doc(paths.profile(ELSEWHERE)).set(profileDoc(ELSEWHERE, { createdBy: OUTSIDER }, [OUTSIDER]));
    await f.doc(paths.profile(CREATED)).set(profileDoc(CREATED, { createdBy: MEMBER }, [G]));
    await f.doc(paths.profile(CLAIMED)).set(profileDoc(CLAIMED, { createdBy: MEMBER, ownerUid: CLAIMANT }, []));
    if (storageMissing) return;
    const s = ctx.storage();
    await s.ref(`profiles/${SHOWN}/avatar_320.webp`).put(new Uint8Array([1, 2, 3]), { contentType: 'image/webp', cacheControl: AVATAR_CACHE_CONTROL });
    await s.ref(`profiles/${CLAIMANT}/avatar_320.webp`).put(new Uint8Array([1, 2, 3]), { contentType: 'image/webp', cacheControl: AVATAR_CACHE_CONTROL });
  });
}

if (missing) failsNotRun('firestore.rules and storage.rules (tests/firebase/rules.test.ts)', missing);

describe.skipIf(!!missing)('firestore.rules and storage.rules (emulators)', () => {
  beforeAll(async () => {
    let firestore = givenEmulatorHost('firestore');
    if (!firestore) {
      running = await startEmulators({ only: ['firestore'] });
      firestore = running.hosts.firestore!;
    }
    const storage = givenEmulatorHost('storage');
    const hostPort = (h: string) => ({ host: h.split(':')[0]!, port: Number(h.split(':')[1]) });
    env = await initializeTestEnvironment({
      projectId: DEMO_PROJECT,
      firestore: { ...hostPort(firestore), rules: await readFile(join(ROOT, 'firestore.rules'), 'utf8') },
      ...(storage ? { storage: { ...hostPort(storage), rules: await readFile(join(ROOT, 'storage.rules'), 'utf8') } } : {}),
    });
    await env.clearFirestore();
    if (storage) await env.clearStorage();
    await seed();
  });
  afterAll(async () => {
    await env?.cleanup();
    await running?.stop();
  });

  describe('firestore.rules', () => {
    it('users/{uid}: a member reads their own, nobody reads another’s, nobody writes', async () => {
      await assertSucceeds(db(MEMBER).doc(paths.user(MEMBER)).get());
      await assertSucceeds(db(VIEWER).doc(paths.user(VIEWER)).get());
      await assertFails(db(MEMBER).doc(paths.user(OWNER)).get());
      await assertFails(db(null).doc(paths.user(MEMBER)).get());
      await assertFails(db(MEMBER).doc(paths.user(MEMBER)).set({ graphIds: [OUTSIDER], joinedGraphId: OUTSIDER }));
    });

    it('graphs/{g}: the owner, an editor, the claimant and a viewer read the head; an outsider and a visitor do not; nobody writes', async () => {
      for (const uid of [OWNER, MEMBER, CLAIMANT, VIEWER]) await assertSucceeds(db(uid).doc(paths.graph(G)).get());
      await assertFails(db(OUTSIDER).doc(paths.graph(G)).get());
      await assertFails(db(null).doc(paths.graph(G)).get());
      await assertFails(db(OWNER).doc(paths.graph(G)).update({ revision: 99 }));
      await assertFails(db(OUTSIDER).doc(paths.graph('newGraph')).set({ ownerUid: OUTSIDER }));
    });

    it('the change log: members query and listen to it; an outsider does not; nobody appends', async () => {
      const log = (uid: string | null) => db(uid).collection(paths.changes(G)).where('revision', '>', 0).orderBy('revision');
      await assertSucceeds(log(MEMBER).get());
      await assertSucceeds(db(CLAIMANT).doc(paths.change(G, 1)).get());
      await assertFails(log(OUTSIDER).get());
      await assertFails(log(VIEWER).get());
      await assertFails(db(VIEWER).doc(paths.change(G, 1)).get());
      await assertFails(log(null).get());
      await assertFails(db(MEMBER).doc(paths.change(G, 2)).set({ revision: 2, changes: '{}' }));
    });

    it("a viewer's redacted copy of the log: that viewer queries and listens to it while a member; nobody else reads it, nobody writes", async () => {
      const copies = (uid: string | null, of = VIEWER, g = G) => db(uid).collection(paths.viewerChanges(g, of)).where('revision', '>', 0).orderBy('revision');
      await assertSucceeds(copies(VIEWER).get());
      await assertSucceeds(db(VIEWER).doc(paths.viewerChange(G, VIEWER, 1)).get());
      for (const other of [OWNER, MEMBER, OUTSIDER, null]) await assertFails(copies(other).get());
      await assertFails(copies(VIEWER, VIEWER, OUTSIDER).get());
      await assertFails(db(VIEWER).doc(paths.viewerChange(G, VIEWER, 2)).set({ revision: 2, changes: '{}' }));
    });

    it('the history (issue 24): owners and editors read and query it; a viewer and an outsider do not (viewers read it redacted through listHistory); nobody writes', async () => {
      const history = (uid: string | null) => db(uid).collection(paths.history(G)).orderBy('revision', 'desc');
      await assertSucceeds(history(OWNER).get());
      await assertSucceeds(history(MEMBER).get());
      await assertSucceeds(db(CLAIMANT).doc(paths.historyEntry(G, 1)).get());
      await assertSucceeds(db(MEMBER).doc(paths.historyPart(G, 1, 0)).get());
      for (const other of [VIEWER, OUTSIDER, null]) await assertFails(history(other).get());
      await assertFails(db(VIEWER).doc(paths.historyEntry(G, 1)).get());
      await assertFails(db(VIEWER).doc(paths.historyPart(G, 1, 0)).get());
      await assertFails(db(OWNER).doc(paths.historyEntry(G, 2)).set({ revision: 2, body: '{}' }));
      await assertFails(db(OWNER).doc(paths.historyEntry(G, 1)).delete());
    });

    it('snapshots and their chunks: members read them; an outsider does not; nobody writes', async () => {
      await assertSucceeds(db(MEMBER).doc(paths.snapshot(G, 's1')).get());
      await assertSucceeds(db(MEMBER).collection(paths.snapshotChunks(G, 's1')).orderBy('index').get());
      await assertFails(db(OUTSIDER).doc(paths.snapshot(G, 's1')).get());
      await assertFails(db(OUTSIDER).collection(paths.snapshotChunks(G, 's1')).get());
      // A snapshot holds the graph unredacted: a viewer gets it from openGraph, redacted.
      await assertFails(db(VIEWER).doc(paths.snapshot(G, 's1')).get());
      await assertFails(db(VIEWER).collection(paths.snapshotChunks(G, 's1')).orderBy('index').get());
      await assertFails(db(OWNER).doc(paths.snapshotChunk(G, 's1', 1)).set({ index: 1, text: '' }));
    });

    it('cards, lines, members, imports and invitations: for the functions only, even for the owner', async () => {
      for (const path of [paths.node(G, 'n1001'), paths.edge(G, 'e-n1001-n1002'), paths.members(G), paths.import(G, 'i1'), paths.invitation('00112233445566778899aabb')]) {
        await assertFails(db(OWNER).doc(path).get());
        await assertFails(db(MEMBER).doc(path).get());
        await assertFails(db(VIEWER).doc(path).get());
      }
      await assertFails(db(MEMBER).collection(paths.nodes(G)).get());
      await assertFails(db(MEMBER).doc(paths.invitation('ffeeddccbbaa998877665544')).set({ email: 'y@example.com', status: 'pending' }));
    });

    it('media records (issue 23): for the functions only, like sources; members read them in the snapshot and the log', async () => {
      for (const who of [OWNER, MEMBER, VIEWER, OUTSIDER]) {
        await assertFails(db(who).doc(paths.mediaItem(G, 'mphoto')).get());
        await assertFails(db(who).doc(paths.mediaItem(G, 'mnew')).set({ media: {}, seq: 0 }));
      }
      await assertFails(db(MEMBER).collection(paths.media(G)).get());
    });

    it('profiles: a member reads their own, one they own and those their graphs show; nothing else; nobody writes', async () => {
      await assertSucceeds(db(CLAIMANT).doc(paths.profile(CLAIMANT)).get());
      await assertSucceeds(db(CLAIMANT).doc(paths.profile(CLAIMED)).get());
      await assertSucceeds(db(MEMBER).doc(paths.profile(SHOWN)).get());
      await assertSucceeds(db(MEMBER).doc(paths.profile(OWNER)).get());
      await assertFails(db(MEMBER).doc(paths.profile(ELSEWHERE)).get());
      await assertFails(db(MEMBER).doc(paths.profile(CLAIMED)).get());
      await assertFails(db(OUTSIDER).doc(paths.profile(SHOWN)).get());
      await assertFails(db(VIEWER).doc(paths.profile(SHOWN)).get());
      await assertFails(db(VIEWER).doc(paths.profile(OWNER)).get());
      await assertFails(db(null).doc(paths.profile(SHOWN)).get());
      await assertFails(db(MEMBER).collection(paths.profiles()).get());
      await assertFails(db(CLAIMANT).doc(paths.profile(CLAIMANT)).update({ 'profile.bio': 'mine' }));
      await assertFails(db(MEMBER).doc(paths.profile(CREATED)).update({ 'profile.bio': 'mine' }));
    });
  });

  describe('the 10-get() limit (each read costs one get(), however many trees the member is in)', () => {
    /** A member of twelve trees (more than ten), editing every one, with a profile shown only by the last. */
    const MANY = 'manyUid6';
    const TREES = Array.from({ length: 12 }, (_, i) => `tree${i}Uid`);
    const LAST = TREES.at(-1)!;

    beforeAll(async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        const f = ctx.firestore();
        for (const g of TREES) {
          await f.doc(paths.graph(g)).set({ ownerUid: g, revision: 1, migrations: [], updatedAt: '', snapshot: null, sinceSnapshot: { changeSets: 1, bytes: 2, unlogged: 0 } } satisfies GraphDoc);
          await f.doc(paths.members(g)).set({ roles: { [g]: 'owner', [MANY]: 'editor' } } satisfies MembersDoc);
          await f.doc(paths.change(g, 1)).set({ revision: 1, clientId: 't', actorUid: g, changes: '{}', at: '' });
        }
        await f.doc(paths.user(MANY)).set({ graphIds: TREES, fullGraphIds: TREES, joinedGraphId: TREES[0]! } satisfies UserDoc);
        await f.doc(paths.profile('pr:last')).set(profileDoc('pr:last', { createdBy: LAST }, [LAST]));
        await f.doc(paths.profile('pr:none')).set(profileDoc('pr:none', { createdBy: OUTSIDER }, [OUTSIDER]));
      });
    });

    it('a member of twelve trees reads the head, the log and a profile shown only by the twelfth', async () => {
      await assertSucceeds(db(MANY).doc(paths.graph(LAST)).get());
      await assertSucceeds(db(MANY).collection(paths.changes(LAST)).where('revision', '>', 0).orderBy('revision').get());
      await assertSucceeds(db(MANY).doc(paths.profile('pr:last')).get());
      await assertFails(db(MANY).doc(paths.profile('pr:none')).get());
    });
  });

  /**
   * Each denial the self-hosted server's permission tests make, as Firestore makes it (the README's
   * table "Rules and the server's permission tests" names the server's test beside each). Where the
   * server refuses a write, Firestore refuses it to every client: only the functions write.
   */
  describe("the self-hosted server's denials, one by one", () => {
    const MAIL = 'mail/m1';
    /** Every kind of document a client might reach for, with a write to try on it. */
    const documents = () => [
      paths.user(MEMBER),
      paths.graph(G),
      paths.members(G),
      paths.change(G, 1),
      paths.snapshot(G, 's1'),
      paths.snapshotChunk(G, 's1', 0),
      paths.node(G, 'n1001'),
      paths.edge(G, 'e-n1001-n1002'),
      paths.import(G, 'i1'),
      paths.invitation('00112233445566778899aabb'),
      paths.profile(SHOWN),
      paths.profile(CLAIMED),
      MAIL,
    ];
    const queries = (f: ReturnType<typeof db>) => [
      f.collection(paths.changes(G)).where('revision', '>', 0).orderBy('revision'),
      f.collection(paths.snapshotChunks(G, 's1')).orderBy('index'),
      f.collection(paths.nodes(G)),
      f.collection(paths.profiles()),
      f.collection(paths.invitations()),
      f.collection('mail'),
    ];
    const writesTo = async (uid: string | null, path: string) => {
      await assertFails(db(uid).doc(path).set({ by: uid }));
      await assertFails(db(uid).doc(path).delete());
    };

    beforeAll(async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        await ctx.firestore().doc(MAIL).set({ to: 'x@example.com', message: { subject: 'Join our family tree on Kinfolk', text: 'link', html: 'link' } });
      });
    });

    it('roles.test "unauthenticated calls get 401 before anything else" (and every "needs a session"): a visitor reads, lists and writes nothing', async () => {
      for (const path of documents()) {
        await assertFails(db(null).doc(path).get());
        await writesTo(null, path);
      }
      for (const q of queries(db(null))) await assertFails(q.get());
    });

    it('roles.test "a non-member gets permission-denied from every graph, profile, invitation and member endpoint, and the stream"; graphs-live "is for members only"', async () => {
      for (const path of documents()) {
        await assertFails(db(OUTSIDER).doc(path).get());
        await writesTo(OUTSIDER, path);
      }
      for (const q of queries(db(OUTSIDER))) await assertFails(q.get());
      // Their own tree is theirs: the refusals above are about G, not about reading at all.
      await assertSucceeds(db(OUTSIDER).doc(paths.graph(OUTSIDER)).get());
    });

    it('graphs "only members of a graph may write it"; invitations-graph "is for members of the graph"; imports "lets only members of the graph import": no member writes either, the owner included', async () => {
      for (const uid of [OWNER, MEMBER, CLAIMANT, VIEWER]) {
        for (const path of [paths.graph(G), paths.change(G, 2), paths.node(G, 'n1001'), paths.edge(G, 'e-n1001-n1002'), paths.import(G, 'i2'), paths.invitation('ffeeddccbbaa998877665544')]) {
          await writesTo(uid, path);
        }
      }
    });

    it('roles.test "a viewer cannot write through any endpoint, and may edit only their own profile" (through the functions); privacy.test: a viewer reads nothing unredacted', async () => {
      for (const path of documents()) await writesTo(VIEWER, path);
      await writesTo(VIEWER, paths.profile(VIEWER));
      for (const path of [paths.change(G, 1), paths.snapshot(G, 's1'), paths.snapshotChunk(G, 's1', 0), paths.node(G, 'n1001'), paths.profile(SHOWN), paths.profile(OWNER)]) {
        await assertFails(db(VIEWER).doc(path).get());
      }
      for (const q of queries(db(VIEWER))) await assertFails(q.get());
      await assertSucceeds(db(VIEWER).doc(paths.graph(G)).get());
    });

    it('roles.test "an editor … does not manage the tree", "the owner sees the members": the members document is for the functions, the owner included', async () => {
      for (const uid of [OWNER, MEMBER, VIEWER]) {
        await assertFails(db(uid).doc(paths.members(G)).get());
        await assertFails(db(uid).doc(paths.members(G)).update({ [`roles.${uid}`]: 'owner' }));
      }
      await assertFails(db(MEMBER).doc(paths.graph(G)).update({ ownerUid: MEMBER }));
    });

    it('session "refuses someone else’s profile (403)"; profiles-patch "refuses another member’s profile"; editorRights "a claimed card stays its owner’s"; removed-member: nobody writes a profile', async () => {
      await assertFails(db(MEMBER).doc(paths.profile(CLAIMED)).get());
      await assertFails(db(OUTSIDER).doc(paths.profile(OWNER)).get());
      for (const uid of [OWNER, MEMBER, CLAIMANT]) {
        await assertFails(db(uid).doc(paths.profile(CLAIMED)).update({ 'profile.bio': `by ${uid}` }));
        await assertFails(db(uid).doc(paths.profile(uid)).update({ 'profile.bio': 'mine' }));
        await assertFails(db(uid).doc(paths.profile(CREATED)).delete());
      }
    });

    it('roles.test "a removed member’s … next call refused"; streams "the membership ended": reads stop with the membership, and an open change-log listener is cut', async () => {
      const GONE = 'goneUid7';
      const membership = async (present: boolean) =>
        env.withSecurityRulesDisabled(async (ctx) => {
          const f = ctx.firestore();
          const roles = { [OWNER]: 'owner', [MEMBER]: 'editor', [CLAIMANT]: 'editor', [VIEWER]: 'viewer', ...(present ? { [GONE]: 'editor' } : {}) } as MembersDoc['roles'];
          // As the functions' removeMember does: the role and the users document change together.
          await f.doc(paths.members(G)).set({ roles } satisfies MembersDoc);
          await f.doc(paths.user(GONE)).set({ graphIds: present ? [G] : [], fullGraphIds: present ? [G] : [], joinedGraphId: present ? G : null } satisfies UserDoc);
        });
      await membership(true);
      // Each read made only when it is awaited: a refusal nobody awaits yet would go unhandled.
      const reads: (() => Promise<unknown>)[] = [
        () => db(GONE).doc(paths.graph(G)).get(),
        () => db(GONE).collection(paths.changes(G)).where('revision', '>', 0).orderBy('revision').get(),
        () => db(GONE).doc(paths.profile(SHOWN)).get(),
      ];
      for (const read of reads) await assertSucceeds(read());

      const listener = db(GONE).collection(paths.changes(G)).where('revision', '>', 0).orderBy('revision');
      let heard = 0;
      const cut = new Promise<Error>((resolve) => {
        const stop = listener.onSnapshot(
          () => {
            heard += 1;
          },
          (error) => {
            stop();
            resolve(error);
          },
        );
      });
      await waitFor(() => heard > 0, () => 'the listener never heard the change log', 20_000);

      await membership(false);
      for (const read of reads) await assertFails(read());
      await env.withSecurityRulesDisabled((ctx) => ctx.firestore().doc(paths.change(G, 2)).set({ revision: 2, clientId: 't', actorUid: OWNER, changes: '{}', at: '' }));
      expect((await cut) as { code?: string }).toMatchObject({ code: 'permission-denied' });
      await env.withSecurityRulesDisabled((ctx) => ctx.firestore().doc(paths.change(G, 2)).delete());
    });

    it('invitation mail (functions/src/invitationMail.ts): no client reads, lists or writes the mail collection, the inviter included', async () => {
      for (const uid of [OWNER, MEMBER, VIEWER, OUTSIDER, null]) {
        await assertFails(db(uid).doc(MAIL).get());
        await assertFails(db(uid).collection('mail').get());
        await assertFails(db(uid).collection('mail').doc().set({ to: 'anyone@example.com', message: { subject: 's', text: 't', html: 'h' } }));
        await assertFails(db(uid).doc(MAIL).update({ to: 'other@example.com' }));
      }
    });
  });

  describe('storage.rules', () => {
    if (storageMissing) {
      it.skip(`NOT RUN: storage.rules need the Storage emulator: ${storageMissing}`);
      return;
    }
    const image = (bytes = 3) => new Uint8Array(bytes);
    const meta = (contentType = 'image/webp', cacheControl: string | undefined = AVATAR_CACHE_CONTROL) => ({ contentType, ...(cacheControl ? { cacheControl } : {}) });
    // An upload task is thenable, not a Promise: wrapped so assertSucceeds/assertFails take it.
    const put = (uid: string | null, path: string, bytes = image(), metadata = meta()) => Promise.resolve(bucket(uid).ref(path).put(bytes, metadata));

    it('a member replaces their own photo; nobody else does, and a visitor never', async () => {
      await assertSucceeds(put(CLAIMANT, `profiles/${CLAIMANT}/avatar_320.webp`));
      await assertSucceeds(put(CLAIMANT, `profiles/${CLAIMANT}/avatar_170.jpg`, image(), meta('image/jpeg')));
      await assertFails(put(MEMBER, `profiles/${CLAIMANT}/avatar_320.webp`));
      await assertFails(put(OWNER, `profiles/${CLAIMANT}/avatar_320.webp`));
      await assertFails(put(null, `profiles/${CLAIMANT}/avatar_320.webp`));
    });

    it('the owner and editors of the tree change an unclaimed relative’s photo, whoever added them (issue 19); once claimed, only the claimant', async () => {
      await assertSucceeds(put(MEMBER, `profiles/${CREATED}/avatar_320.webp`));
      await assertSucceeds(put(OWNER, `profiles/${CREATED}/avatar_320.webp`));
      await assertSucceeds(put(MEMBER, `profiles/${SHOWN}/avatar_170.jpg`, image(), meta('image/jpeg')));
      await assertFails(put(VIEWER, `profiles/${CREATED}/avatar_320.webp`));
      await assertFails(put(OUTSIDER, `profiles/${CREATED}/avatar_320.webp`));
      await assertFails(put(MEMBER, `profiles/${ELSEWHERE}/avatar_320.webp`));
      await assertFails(put(MEMBER, `profiles/${CLAIMED}/avatar_320.webp`));
      await assertSucceeds(put(CLAIMANT, `profiles/${CLAIMED}/avatar_320.webp`));
      await assertFails(put(MEMBER, `profiles/pr:nobody/avatar_320.webp`));
    });

    it('takes only images of the file’s own type, below the stated size, with §7’s cache header, under the two avatar names', async () => {
      const own = `profiles/${CLAIMANT}`;
      await assertFails(put(CLAIMANT, `${own}/avatar_320.webp`, image(), meta('text/plain')));
      await assertFails(put(CLAIMANT, `${own}/avatar_320.webp`, image(), meta('image/png')));
      await assertFails(put(CLAIMANT, `${own}/avatar_320.jpg`, image(), meta('image/webp')));
      await assertFails(put(CLAIMANT, `${own}/avatar_320.webp`, image(MAX_AVATAR_STORAGE_BYTES)));
      await assertSucceeds(put(CLAIMANT, `${own}/avatar_320.webp`, image(MAX_AVATAR_STORAGE_BYTES - 1)));
      await assertFails(put(CLAIMANT, `${own}/avatar_320.webp`, image(), meta('image/webp', 'no-cache')));
      await assertFails(put(CLAIMANT, `${own}/avatar_320.webp`, image(), meta('image/webp', undefined)));
      for (const name of ['avatar_640.webp', 'photo.webp', 'avatar_320.png', 'avatar_320.webp.tmp']) await assertFails(put(CLAIMANT, `${own}/${name}`));
      await assertFails(put(CLAIMANT, `elsewhere/${CLAIMANT}/avatar_320.webp`));
    });

    it('photos and documents (issue 23): the tree\'s owner and editors store them, of the allowed types, below 20 MiB, with the immutable header, once; members read', async () => {
      const at = (name: string, id = 'mphoto1') => `media/${G}/${id}/${name}`;
      await assertSucceeds(put(OWNER, at('original.jpg'), image(), meta('image/jpeg')));
      await assertSucceeds(put(MEMBER, at('thumb_320.webp'), image(), meta('image/webp')));
      await assertSucceeds(put(MEMBER, at('original.pdf', 'mdoc1'), image(), meta('application/pdf')));
      await assertFails(put(VIEWER, at('original.jpg', 'mphoto2'), image(), meta('image/jpeg')));
      await assertFails(put(OUTSIDER, at('original.jpg', 'mphoto3'), image(), meta('image/jpeg')));
      await assertFails(put(null, at('original.jpg', 'mphoto4'), image(), meta('image/jpeg')));
      await assertFails(put(MEMBER, at('original.jpg', 'mphoto5'), image(), meta('image/svg+xml')));
      await assertFails(put(MEMBER, at('original.jpg', 'mphoto6'), image(), meta('text/html')));
      await assertFails(put(MEMBER, at('original.jpg', 'mphoto7'), image(), meta('application/pdf')));
      await assertFails(put(MEMBER, at('original.jpg', 'mphoto8'), image(), meta('image/jpeg', 'no-cache')));
      await assertFails(put(MEMBER, at('page.html', 'mphoto9'), image(), meta('image/jpeg')));
      await assertFails(put(MEMBER, at('original.jpg', 'mphoto10'), image(20 * 1024 * 1024), meta('image/jpeg')));
      // Written once: a new photo is a new media id.
      await assertFails(put(MEMBER, at('original.jpg'), image(), meta('image/jpeg')));
      await assertSucceeds(bucket(VIEWER).ref(at('original.jpg')).getMetadata());
      await assertFails(bucket(OUTSIDER).ref(at('original.jpg')).getMetadata());
    });

    it('serves an avatar to anyone who has its name, never a listing', async () => {
      await assertSucceeds(bucket(null).ref(`profiles/${SHOWN}/avatar_320.webp`).getMetadata());
      await assertSucceeds(bucket(OUTSIDER).ref(`profiles/${SHOWN}/avatar_320.webp`).getMetadata());
      await assertFails(bucket(MEMBER).ref(`profiles/${SHOWN}`).listAll());
    });

    it('deletes the old format’s files only for whoever may replace the photo', async () => {
      await assertFails(bucket(MEMBER).ref(`profiles/${CLAIMANT}/avatar_320.webp`).delete());
      await assertFails(bucket(null).ref(`profiles/${SHOWN}/avatar_320.webp`).delete());
      await assertSucceeds(bucket(CLAIMANT).ref(`profiles/${CLAIMANT}/avatar_320.webp`).delete());
    });
  });
});
