import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyGraph } from '../../bench/scene/familyGraph.ts';
import { paths, type UserDoc } from '../../src/backend/firebase/paths.ts';
import { INVITATION_VALID_DAYS, newOwnProfile } from '../../src/domain/invitations.ts';
import { saveChangeSet } from '../../src/domain/save/saveChangeSet.ts';
import { invitationMail } from '../../src/mail/templates.ts';
import { createInvitation, getInvitation, renewInvitation } from '../../functions/src/callables/invitations.ts';
import { MAIL_COLLECTION, type MailDoc } from '../../functions/src/invitationMail.ts';
import { asChangeSet } from '../contract/graphStore.contract.ts';
import { failsNotRun, firestoreMissing, openTestbed, type Testbed } from './firestoreTestbed.ts';

/**
 * The invitation e-mail on Firebase (issue 21, item 4), against the Firestore emulator: creating
 * an invitation, and "Resend", write the self-hosted server's invitation mail
 * (src/mail/templates.ts) to the `mail` collection in the shape of the "Trigger Email" extension;
 * "Copy link" and a refused invitation write none. (firestore.rules keeps clients out of `mail`:
 * tests/firebase/rules.test.ts.)
 */

const missing = await firestoreMissing();
if (missing) failsNotRun('the invitation e-mail on Firebase (tests/firebase/invitationMail.test.ts)', missing);

let bed: Testbed;
const NOW = new Date('2026-03-01T12:00:00.000Z');
let seq = 0;
const unique = (what: string) => `${what}${process.pid}x${Date.now().toString(36)}x${seq++}`;

async function mailTo(to: string): Promise<MailDoc[]> {
  const { docs } = await bed.db.collection(MAIL_COLLECTION).where('to', '==', to).get();
  return docs.map((d) => d.data() as MailDoc);
}

/** An owner (display name Ann Test) with a tree of a few people, none of them claimed but the owner. */
async function ownerWithTree() {
  const owner = unique('u');
  const email = `${owner}@example.com`;
  await bed.deps.auth.createUser({ uid: owner, email, displayName: 'Ann Test' });
  await bed.db.doc(paths.user(owner)).set({ graphIds: [], joinedGraphId: null } satisfies UserDoc);
  await bed.deps.store.transaction((tx) => tx.writeProfiles([newOwnProfile({ uid: owner, firstName: 'Ann', lastName: 'Test', email, gender: 'F', now: NOW.toISOString() })]));
  const family = familyGraph(4, owner, 'rows', 7, NOW.toISOString(), `${owner}-`);
  await saveChangeSet(bed.deps.store, { uid: owner, graphId: owner, changes: asChangeSet(family, owner), clientId: 'seed' }, { now: NOW, publish: () => undefined });
  return { owner, card: family.nodes.find((n) => n.data.profileId !== owner)! };
}

describe.skipIf(!!missing)('the invitation e-mail on Firebase (Firestore emulator)', () => {
  beforeAll(async () => {
    bed = await openTestbed();
  });
  afterAll(() => bed?.close());

  it("creating an invitation writes the server's invitation mail to the mail collection, as the Trigger Email extension reads it", async () => {
    const { owner, card } = await ownerWithTree();
    const to = `${unique('kid')}@example.com`;
    expect(await mailTo(to)).toEqual([]);
    const made = await createInvitation(bed.deps, { uid: owner, email: `${owner}@example.com` }, { nodeId: card.id, email: to }, undefined);
    // The function cannot know the extension is installed: the §7 mail-compose link stays the way.
    expect(made.mailed).toBe(false);
    const info = await getInvitation(bed.deps, { token: made.token });
    expect(info.inviterName).toBe('Ann Test');
    expect(info.personName).not.toBe('');
    const expected = invitationMail(to, { inviterName: info.inviterName, treeName: info.treeName, personName: info.personName, link: made.inviteUrl, validDays: INVITATION_VALID_DAYS });
    expect(await mailTo(to)).toEqual([{ to, message: { subject: expected.subject, text: expected.text, html: expected.html } }]);
    expect(expected.text).toContain(made.inviteUrl);
    expect(expected.text).toContain(`Ann Test invites you to join the ${info.treeName} on Kinfolk as ${info.personName}.`);
  });

  it('"Resend" writes the mail again with the new link; "Copy link" and a refused invitation write none', async () => {
    const { owner, card } = await ownerWithTree();
    const to = `${unique('kin')}@example.com`;
    const made = await createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: card.id, email: to }, undefined);
    const copied = await renewInvitation(bed.deps, owner, { graphId: owner, id: made.invitation.id }, undefined);
    expect((await mailTo(to)).map((m) => m.message.text.includes(copied.inviteUrl))).toEqual([false]);
    const resent = await renewInvitation(bed.deps, owner, { graphId: owner, id: made.invitation.id, mail: true }, undefined);
    const mails = await mailTo(to);
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.message.text.includes(resent.inviteUrl))).toHaveLength(1);
    await expect(renewInvitation(bed.deps, owner, { graphId: owner, id: made.invitation.id, mail: 'yes' }, undefined)).rejects.toMatchObject({ code: 'invalid-argument' });

    const nobody = `${unique('nobody')}@example.com`;
    await expect(createInvitation(bed.deps, { uid: owner, email: '' }, { nodeId: 'n999999', email: nobody }, undefined)).rejects.toMatchObject({ code: 'not-found' });
    const stranger = unique('s');
    await bed.db.doc(paths.user(stranger)).set({ graphIds: [], joinedGraphId: null } satisfies UserDoc);
    await expect(createInvitation(bed.deps, { uid: stranger, email: '' }, { graphUid: owner, nodeId: card.id, email: nobody }, undefined)).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await mailTo(nobody)).toEqual([]);
  });
});
