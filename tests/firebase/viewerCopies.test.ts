import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyGraph } from '../../bench/scene/familyGraph.ts';
import { FIREBASE_IMPORT_LIMITS } from '../../src/backend/firebase/callables.ts';
import { paths, type GraphDoc, type ProfileDoc, type UserDoc, type ViewerChangeDoc } from '../../src/backend/firebase/paths.ts';
import { emptyChangeSet, type ChangeSet } from '../../src/domain/changeSet.ts';
import { coupleId } from '../../src/domain/facts/types.ts';
import { chunkChangeSet } from '../../src/domain/changeSetChunks.ts';
import { newOwnProfile } from '../../src/domain/invitations.ts';
import { saveChangeSet } from '../../src/domain/save/saveChangeSet.ts';
import { deleteAccount, updateAccountSettings } from '../../functions/src/callables/account.ts';
import { saveChanges, updateProfileCall } from '../../functions/src/callables/graphs.ts';
import { createImports } from '../../functions/src/callables/imports.ts';
import { acceptInvitation, createInvitation, joinInvitation } from '../../functions/src/callables/invitations.ts';
import { removeMember } from '../../functions/src/callables/members.ts';
import { asChangeSet } from '../contract/graphStore.contract.ts';
import { failsNotRun, firestoreMissing, openTestbed, type Testbed } from './firestoreTestbed.ts';

/**
 * Every function that changes what a tree's viewers see writes each viewer their redacted copy of
 * the change (functions/src/viewerLog.ts `withViewerCopies`), as the self-hosted server's live
 * stream sends viewers every revision: a profile save (a photo change is one), joining by
 * invitation (new account or "Sign in to accept"), the e-mail copied into the member's profiles,
 * the cards released when an account is deleted, an import's commit. A viewer's view that finds
 * a revision without its copy opens the whole tree again, so a missing copy is a reload per
 * change, not a lost change: these tests look for the copy itself.
 */

const missing = await firestoreMissing();
if (missing) failsNotRun("viewers' copies of each change (tests/firebase/viewerCopies.test.ts)", missing);

let bed: Testbed;
const NOW = new Date('2026-03-01T12:00:00.000Z');
let seq = 0;
const uid = () => `v${process.pid}x${Date.now().toString(36)}x${seq++}`;

async function data<T>(path: string): Promise<T | null> {
  return ((await bed.db.doc(path).get()).data() as T | undefined) ?? null;
}

async function account(id: string, email = `${id}@example.com`): Promise<string> {
  await bed.deps.auth.createUser({ uid: id, email });
  await bed.db.doc(paths.user(id)).set({ graphIds: [], joinedGraphId: null } satisfies UserDoc);
  await bed.deps.store.transaction((tx) => tx.writeProfiles([newOwnProfile({ uid: id, firstName: 'Ann', lastName: 'Test', email, gender: 'F', now: NOW.toISOString() })]));
  return id;
}

/** An owner's tree of `people` and a viewer of it. */
async function treeWithViewer(people = 8) {
  const owner = await account(uid());
  const family = familyGraph(people, owner, 'rows', 7, NOW.toISOString(), `${owner}-`);
  await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: asChangeSet(family, owner), clientId: 'seed' }, { now: NOW, publish: () => undefined });
  const viewer = await account(uid());
  await bed.deps.store.transaction((tx) => tx.addMember(owner, viewer, 'viewer'));
  return { owner, family, viewer };
}

const change = (base: number): ChangeSet => emptyChangeSet(base);
const head = async (graphId: string) => (await data<GraphDoc>(paths.graph(graphId)))!.revision;

/** The viewer's copy of the tree's latest revision, its change set parsed. */
async function latestCopy(graphId: string, viewer: string) {
  const revision = await head(graphId);
  const copy = await data<ViewerChangeDoc>(paths.viewerChange(graphId, viewer, revision));
  return copy && { ...copy, changes: copy.changes ? (JSON.parse(copy.changes) as ChangeSet) : null };
}

describe.skipIf(!!missing)("viewers' copies of every change (Firestore emulator)", () => {
  beforeAll(async () => {
    bed = await openTestbed();
  });
  afterAll(() => bed?.close());

  it('a profile save, such as a new photo', async () => {
    const { owner, family, viewer } = await treeWithViewer();
    const before = await head(owner);
    const profileId = family.nodes[1]!.data.profileId;
    await updateProfileCall(bed.deps, owner, { id: profileId, set: { photoURL: 'https://photos.example/p.jpg', photoURLSmall: 'https://photos.example/s.jpg' }, clientId: 'tab' });
    expect(await head(owner)).toBe(before + 1);
    const copy = await latestCopy(owner, viewer);
    expect(copy).toMatchObject({ revision: before + 1, clientId: 'tab', actorUid: owner });
    expect(copy!.changes!.profiles.upsert.map((p) => p.id)).toEqual([profileId]);
  });

  it('accepting an invitation with a new account: the card becomes the new member’s', async () => {
    const { owner, family, viewer } = await treeWithViewer();
    const made = await createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: family.nodes[3]!.id, email: 'newcomer@example.com' }, undefined);
    const kid = uid();
    await bed.deps.auth.createUser({ uid: kid, email: 'newcomer@example.com' });
    await acceptInvitation(bed.deps, { uid: kid, email: 'newcomer@example.com' }, { token: made.token, firstName: 'Kim', lastName: 'Young', gender: 'Female' });
    const copy = await latestCopy(owner, viewer);
    expect(copy).toMatchObject({ actorUid: kid });
    expect(copy!.changes!.nodes.upsert.find((n) => n.id === family.nodes[3]!.id)!.data.profileId).toBe(kid);
  });

  it('"Sign in to accept" by an existing member, then their e-mail change copied into the card they claimed', async () => {
    const { owner, family, viewer } = await treeWithViewer();
    const member = await account(uid(), 'member@example.com');
    const card = family.nodes[4]!;
    const made = await createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: card.id, email: 'member@example.com' }, undefined);
    await joinInvitation(bed.deps, { uid: member, email: 'member@example.com' }, { token: made.token });
    const joined = await latestCopy(owner, viewer);
    expect(joined).toMatchObject({ actorUid: member });
    const claimed = (await data<ProfileDoc>(paths.profile(card.data.profileId)))!.profile;
    expect(claimed.ownerUid).toBe(member);

    await bed.deps.auth.updateUser(member, { email: 'moved@example.com' });
    const revision = await head(owner);
    await updateAccountSettings(bed.deps, member, 'moved@example.com', { syncEmail: true });
    // The own profile and the claimed card both take the confirmed address, as on the self-hosted server.
    expect((await data<ProfileDoc>(paths.profile(member)))!.profile.email).toBe('moved@example.com');
    expect((await data<ProfileDoc>(paths.profile(card.data.profileId)))!.profile.email).toBe('moved@example.com');
    expect(await head(owner)).toBe(revision + 1);
    const synced = await latestCopy(owner, viewer);
    expect(synced).toMatchObject({ revision: revision + 1, clientId: 'account', actorUid: member });
    expect(synced!.changes!.profiles.upsert.map((p) => p.id)).toEqual([card.data.profileId]);
  });

  it('deleting an account releases the cards it claimed; a deleted or removed viewer’s copies go', async () => {
    const { owner, family, viewer } = await treeWithViewer();
    const member = await account(uid(), `${uid()}@example.com`);
    const email = (await bed.deps.auth.getUser(member)).email!;
    const made = await createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: family.nodes[5]!.id, email }, undefined);
    await joinInvitation(bed.deps, { uid: member, email }, { token: made.token });
    const revision = await head(owner);
    await deleteAccount(bed.deps, member, { card: 'remove', trees: [] });
    expect(await head(owner)).toBe(revision + 1);
    const copy = await latestCopy(owner, viewer);
    expect(copy).toMatchObject({ clientId: 'account-deleted', actorUid: member });
    expect(copy!.changes!.profiles.upsert.map((p) => p.id)).toContain(family.nodes[5]!.data.profileId);

    // The viewer leaves: a deleted account's copies go with it, as do a removed member's.
    const copies = (g: string, u: string) => bed.db.collection(paths.viewerChanges(g, u)).get();
    expect((await copies(owner, viewer)).size).toBeGreaterThan(0);
    await removeMember(bed.deps, owner, { graphId: owner, uid: viewer });
    expect((await copies(owner, viewer)).size).toBe(0);
    const second = await account(uid());
    await bed.deps.store.transaction((tx) => tx.addMember(owner, second, 'viewer'));
    await updateProfileCall(bed.deps, owner, { id: family.nodes[1]!.data.profileId, set: { bio: 'Ran the bakery.' }, clientId: 'tab' });
    expect((await copies(owner, second)).size).toBe(1);
    await deleteAccount(bed.deps, second, { card: 'remove', trees: [] });
    expect((await copies(owner, second)).size).toBe(0);
  });

  it("an import's commit", async () => {
    const owner = await account(uid());
    const viewer = await account(uid());
    await bed.deps.store.transaction(async (tx) => {
      await tx.ensureOwnGraph(owner);
      await tx.addMember(owner, viewer, 'viewer');
    });
    const changes = asChangeSet(familyGraph(40, owner, 'rows', 7, NOW.toISOString(), `${owner}-`), owner);
    const imports = createImports(bed.deps);
    const bodies = chunkChangeSet(changes, FIREBASE_IMPORT_LIMITS.targetChunkBytes);
    const { importId } = await imports.begin(owner, { graphId: owner, clientId: 'import', chunks: bodies.length, people: 40 });
    for (const [index, body] of bodies.entries()) await imports.putChunk(owner, { graphId: owner, importId, index, body });
    const { revision } = await imports.commit(owner, { graphId: owner, importId });
    expect(await latestCopy(owner, viewer)).toMatchObject({ revision, clientId: 'import', actorUid: owner });
  });

  it("a couple's note between two people shown whole reaches the viewer, by the one rule of which facts to read (readEventFacts)", async () => {
    const { owner, family, viewer } = await treeWithViewer(12);
    const a = Object.values(family.profiles).find((p) => p.id !== owner && p.spouses.length)!;
    const b = a.spouses[0]!;
    for (const id of [a.id, b]) await updateProfileCall(bed.deps, owner, { id, set: { birthYear: '1850', death: '1920' }, clientId: 'tab' });
    const note = change(await head(owner));
    const partners = [a.id, b].sort() as [string, string];
    note.couples = { upsert: [{ id: coupleId(a.id, b), partners, events: [], note: 'Met at the fair' }], remove: [] };
    await saveChanges(bed.deps, owner, { graphId: owner, changes: note, clientId: 'tab' });
    expect((await latestCopy(owner, viewer))!.changes!.couples!.upsert[0]!.note).toBe('Met at the fair');
  });
});
