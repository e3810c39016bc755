import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyGraph } from '../../bench/scene/familyGraph.ts';
import { paths, type MembersDoc, type UserDoc } from '../../src/backend/firebase/paths.ts';
import { sendDueDigests } from '../../src/domain/activity/service.ts';
import { activitySentence } from '../../src/domain/activity/sinceLastVisit.ts';
import { diffProfile, emptyChangeSet } from '../../src/domain/changeSet.ts';
import { newOwnProfile } from '../../src/domain/invitations.ts';
import { newProfile } from '../../src/domain/profile.ts';
import { saveChangeSet } from '../../src/domain/save/saveChangeSet.ts';
import type { GraphNode } from '../../src/domain/types.ts';
import { firestoreDigestDeps } from '../../functions/src/activity.ts';
import { accountSettings, updateAccountSettings } from '../../functions/src/callables/account.ts';
import { listTrees, markTreeSeen, openGraph } from '../../functions/src/callables/graphs.ts';
import { removeMember } from '../../functions/src/callables/members.ts';
import type { Deps } from '../../functions/src/deps.ts';
import { MAIL_COLLECTION, type MailDoc } from '../../functions/src/invitationMail.ts';
import { withGraph } from '../../functions/src/store/firestoreGraphStore.ts';
import { asChangeSet } from '../contract/graphStore.contract.ts';
import { failsNotRun, firestoreMissing, openTestbed, type Testbed } from './firestoreTestbed.ts';

/**
 * Activity for the family on Firebase (issue 24, item 3), against the Firestore emulator: the
 * functions remember the last visit (`openGraph`, `markTreeSeen`), `listTrees` answers what others
 * changed since, a removed member hears nothing more, and the digest loop (the body of the
 * scheduled `sendDigests`) writes the digest to the `mail` collection the invitation mail uses,
 * on an injected clock.
 */

const missing = await firestoreMissing();
if (missing) failsNotRun('activity for the family on Firebase (tests/firebase/activity.test.ts)', missing);

let bed: Testbed;
let seq = 0;
const unique = (what: string) => `${what}${process.pid}x${Date.now().toString(36)}x${seq++}`;
const HOUR = 60 * 60 * 1000;

/** The functions' dependencies on a clock the test moves. */
function onClock(start: number): { deps: Deps; at(ms: number): Date } {
  let now = start;
  const deps = { ...bed.deps, clock: () => new Date(now) };
  return { deps, at: (ms) => new Date((now = start + ms)) };
}

/** Ann (the owner) with a small tree, and Kim an editor of it. */
async function family(deps: Deps, now: Date) {
  const owner = unique('u');
  const kid = unique('k');
  await bed.deps.auth.createUser({ uid: owner, email: `${owner}@example.com`, displayName: 'Ann Test' });
  await bed.deps.auth.createUser({ uid: kid, email: `${kid}@example.com`, displayName: 'Kim Test' });
  await bed.db.doc(paths.user(owner)).set({ graphIds: [], joinedGraphId: null } satisfies UserDoc);
  await bed.deps.store.transaction((tx) => tx.writeProfiles([newOwnProfile({ uid: owner, firstName: 'Ann', lastName: 'Test', email: `${owner}@example.com`, gender: 'F', now: now.toISOString() })]));
  const tree = familyGraph(3, owner, 'rows', 7, now.toISOString(), `${owner}-`);
  await saveChangeSet(deps.store, { uid: owner, graphId: owner, changes: asChangeSet(tree, owner), clientId: 'seed' }, { now, publish: () => undefined });
  await bed.db.doc(paths.members(owner)).set({ roles: { [kid]: 'editor' }, joinedAt: { [kid]: now.toISOString() } } satisfies Partial<MembersDoc>, { merge: true });
  await bed.db.doc(paths.user(kid)).set(withGraph({ graphIds: [], joinedGraphId: null }, owner, 'editor', true));
  return { owner, kid, kidEmail: `${kid}@example.com` };
}

/** Ann adds a person to her tree at `now`. */
async function annAdds(deps: Deps, owner: string, now: Date) {
  const id = `pr:${unique('p')}`;
  const cs = emptyChangeSet(0);
  cs.nodes.upsert.push({ id: `n${9000 + seq}`, type: 'person', position: { x: 900 + seq * 10, y: 0 }, modifiedAt: '', hidden: false, data: { profileId: id, parentRole: '', isPrimary: false } } as GraphNode);
  cs.profiles.upsert.push(diffProfile(undefined, newProfile(id, { firstName: 'New', lastName: 'Test' }, { uid: owner, now: now.toISOString() }))!);
  await saveChangeSet(deps.store, { uid: owner, graphId: owner, changes: cs, clientId: 'ann-tab' }, { now, publish: () => undefined });
}

async function kidActivity(deps: Deps, kid: string, owner: string) {
  return (await listTrees(deps, kid)).trees.find((t) => t.graphId === owner)?.activity;
}

async function mailTo(to: string): Promise<MailDoc[]> {
  const { docs } = await bed.db.collection(MAIL_COLLECTION).where('to', '==', to).get();
  return docs.map((d) => d.data() as MailDoc);
}

describe.skipIf(!!missing)('activity for the family on Firebase (Firestore emulator)', () => {
  beforeAll(async () => {
    bed = await openTestbed();
  });
  afterAll(() => bed?.close());

  it('listTrees tells what others changed since the last openGraph; markTreeSeen and opening clear it; a removed member hears nothing', async () => {
    const t = onClock(Date.parse('2026-06-01T08:00:00.000Z'));
    const { owner, kid } = await family(t.deps, t.at(0));
    await openGraph(t.deps, kid, { graphId: owner });
    await annAdds(t.deps, owner, t.at(HOUR));
    await annAdds(t.deps, owner, t.at(2 * HOUR));
    const a = (await kidActivity(t.deps, kid, owner))!;
    expect(a.count).toBe(2);
    expect(a.lines.map(activitySentence)).toEqual(['Ann Test added 2 people']);
    expect((await listTrees(t.deps, owner)).trees.find((x) => x.graphId === owner)!.activity!.count).toBe(0);

    t.at(3 * HOUR);
    await markTreeSeen(t.deps, kid, { graphId: owner });
    expect((await kidActivity(t.deps, kid, owner))!.count).toBe(0);
    await annAdds(t.deps, owner, t.at(4 * HOUR));
    expect((await kidActivity(t.deps, kid, owner))!.count).toBe(1);
    t.at(5 * HOUR);
    await openGraph(t.deps, kid, { graphId: owner });
    expect((await kidActivity(t.deps, kid, owner))!.count).toBe(0);

    await annAdds(t.deps, owner, t.at(6 * HOUR));
    await removeMember(t.deps, owner, { graphId: owner, uid: kid });
    expect(await kidActivity(t.deps, kid, owner)).toBeUndefined();
    await expect(markTreeSeen(t.deps, kid, { graphId: owner })).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('the digest: chosen daily, written a day later to the mail collection with the sentences and the link; nothing when nothing changed; nothing once removed', async () => {
    const t = onClock(Date.parse('2026-07-01T08:00:00.000Z'));
    const { owner, kid, kidEmail } = await family(t.deps, t.at(0));
    await openGraph(t.deps, kid, { graphId: owner });
    expect((await accountSettings(t.deps, kid)).digest).toBe('off');
    t.at(10 * 60_000);
    expect((await updateAccountSettings(t.deps, kid, kidEmail, { digest: 'daily' })).digest).toBe('daily');
    await annAdds(t.deps, owner, t.at(HOUR));
    const run = () => sendDueDigests(firestoreDigestDeps(t.deps), t.deps.clock());

    t.at(2 * HOUR);
    await run();
    expect(await mailTo(kidEmail)).toEqual([]);

    t.at(25 * HOUR);
    await run();
    const mails = await mailTo(kidEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.subject).toBe('Your daily Kinfolk digest: 1 change by your relatives');
    expect(mails[0]!.message.text).toContain('• Ann Test added a person');
    expect(mails[0]!.message.text).toContain(`See the activity: https://kinfolk.example/app/tree?tree=${owner}&show=activity`);
    expect(mails[0]!.message.html).toContain('<li>Ann Test added a person</li>');

    // The next day, nothing new: nothing written.
    t.at(50 * HOUR);
    await run();
    expect(await mailTo(kidEmail)).toHaveLength(1);

    await removeMember(t.deps, owner, { graphId: owner, uid: kid });
    await annAdds(t.deps, owner, t.at(51 * HOUR));
    t.at(75 * HOUR);
    await run();
    expect(await mailTo(kidEmail)).toHaveLength(1);
  });
});
