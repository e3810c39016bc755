import { expect, it } from 'vitest';
import { emptyChangeSet } from '../../../src/domain/changeSet.ts';
import { importTooLarge } from '../../../src/domain/changeSetChunks.ts';
import { parseImportChunk } from '../../../src/domain/importUpload.ts';
import { SAME_EMAIL, TRANSFER_NOT_MEMBER, TREE_CHOICE_MISSING, TREE_CHOICE_UNKNOWN, WRONG_PASSWORD } from '../../../src/domain/ownAccount.ts';
import { INVITED_NODE_ID_MAX, NO_SUCH_INVITATION, NODE_ID_REQUIRED, NODE_ID_TOO_LONG } from '../../../src/domain/invitations.ts';
import { PROFILE_FIELD_MAX_CHARS, PROFILE_FIELD_TOO_LONG } from '../../../src/domain/profile.ts';
import { PROFILE_LIMITS } from '../../../src/domain/validation/profile.ts';

const BIO_MAX = PROFILE_LIMITS.bio;
import { AUTH_MESSAGES, EMAIL_MAX_CHARS, EMAIL_TOO_LONG, SIGN_UP_NAME_MAX_CHARS } from '../../../src/domain/validation/auth.ts';
import { newcomer, type Site } from '../site.ts';
import { ownTree, save, withChild } from './trees.ts';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/**
 * The rules both backends apply and src/domain states once (issue 21, item 5): each backend,
 * asked the same thing, refuses it with the same code and the same words. Run against the
 * self-hosted server and Firebase by tests/contract/rulesWrittenOnce.test.ts; a backend that
 * wrote one of these rules again, differently, fails here.
 */
export function rulesWrittenOnceContract(site: Site) {
  it('account deletion (src/domain/ownAccount.ts): a choice for every tree owned, none for others, a hand-over only to another member', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const stranger = await site.member();
    const strangerTree = await ownTree(stranger);
    const deletion = (trees: Parameters<typeof ada.browser.account.deleteAccount>[0]['trees']) => ada.browser.account.deleteAccount({ password: ada.password, card: 'remove', trees });
    await expect(deletion([])).rejects.toMatchObject({ code: 'invalid-argument', message: TREE_CHOICE_MISSING });
    await expect(
      deletion([
        { graphId: tree.graphId, action: 'delete' },
        { graphId: strangerTree.graphId, action: 'delete' },
      ]),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: TREE_CHOICE_UNKNOWN });
    await expect(deletion([{ graphId: tree.graphId, action: 'transfer', toUid: stranger.uid }])).rejects.toMatchObject({ code: 'invalid-argument', message: TRANSFER_NOT_MEMBER });
    await expect(deletion([{ graphId: tree.graphId, action: 'transfer', toUid: ada.uid }])).rejects.toMatchObject({ code: 'invalid-argument', message: TRANSFER_NOT_MEMBER });
    await expect(ada.browser.account.deleteAccount({ password: ada.password, card: 'keep' as 'remove', trees: [{ graphId: tree.graphId, action: 'delete' }] })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    // Refused whole: the account and its tree are still there.
    expect((await ada.browser.graphs.load()).graphId).toBe(tree.graphId);
  });

  it('the current password, where a change asks for it, is refused in the same words; so is the address one already signs in with', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    await expect(ada.browser.account.deleteAccount({ password: 'not my password', card: 'remove', trees: [{ graphId: tree.graphId, action: 'delete' }] })).rejects.toMatchObject({
      code: 'auth/invalid-credential',
      message: WRONG_PASSWORD,
    });
    await expect(ada.browser.account.changePassword('not my password', 'a brand new password')).rejects.toMatchObject({ code: 'auth/invalid-credential', message: WRONG_PASSWORD });
    await expect(ada.browser.account.changeEmail(ada.email.toUpperCase(), ada.password)).rejects.toMatchObject({ code: 'invalid-argument', message: SAME_EMAIL });
  });

  it(`a relative signing up from an invitation: names of at most ${SIGN_UP_NAME_MAX_CHARS} characters, each refusal in the same words`, async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const { graph, nodeId } = withChild(tree, 'Kim');
    await save(tree, graph);
    const person = newcomer('kin');
    const link = await ada.browser.invitations.create({ inviterUid: ada.uid, graphUid: tree.graphId, nodeId, email: person.email, role: 'editor' });
    const token = tokenOf(link.inviteUrl);
    const long = 'A'.repeat(SIGN_UP_NAME_MAX_CHARS + 1);
    await expect(site.join(site.browser(), token, { ...person, firstName: long })).rejects.toMatchObject({ code: 'invalid-argument', message: AUTH_MESSAGES.firstNameTooLong });
    await expect(site.join(site.browser(), token, { ...person, lastName: long })).rejects.toMatchObject({ code: 'invalid-argument', message: AUTH_MESSAGES.lastNameTooLong });
    const joined = await site.join(site.browser(), token, { ...person, firstName: 'A'.repeat(SIGN_UP_NAME_MAX_CHARS) });
    expect(joined.displayName).toBe(`A${'a'.repeat(SIGN_UP_NAME_MAX_CHARS - 1)} Lovelace`);
  });

  it("an import over the backend's limits is refused with the same code and the one message (src/domain/changeSetChunks.ts)", async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const tooMany = { ...emptyChangeSet(0), nodes: { upsert: Array(site.importLimits.people + 1).fill(null), remove: [] } };
    await expect(ada.browser.imports.importChangeSet(tree.graphId, tooMany, 'tab-import')).rejects.toMatchObject({ code: 'invalid-argument', message: importTooLarge(site.importLimits) });
  });

  it(`an invitation names a card by an id of at most ${INVITED_NODE_ID_MAX} characters and an address of at most ${EMAIL_MAX_CHARS}, refused in the same words`, async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const { graph, nodeId } = withChild(tree, 'Kim');
    await save(tree, graph);
    const invite = (over: { nodeId?: string; email?: string }) => ada.browser.invitations.create({ inviterUid: ada.uid, graphUid: tree.graphId, nodeId, email: 'kim@example.com', role: 'editor', ...over });
    await expect(invite({ email: `${'a'.repeat(EMAIL_MAX_CHARS)}@example.com` })).rejects.toMatchObject({ code: 'invalid-argument', message: EMAIL_TOO_LONG });
    await expect(invite({ nodeId: 'n'.repeat(INVITED_NODE_ID_MAX + 1) })).rejects.toMatchObject({ code: 'invalid-argument', message: NODE_ID_TOO_LONG });
    await expect(invite({ nodeId: '' })).rejects.toMatchObject({ code: 'invalid-argument', message: NODE_ID_REQUIRED });
  });

  it('a pending invitation is named by a well-formed id (INVITATION_ID): any other is "not found" in the same words, for Copy link, Resend and Revoke', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    for (const id of ['not an id', 'A'.repeat(24), '0'.repeat(25), '']) {
      await expect(ada.browser.invitations.renewLink(tree.graphId, id), id).rejects.toMatchObject({ code: 'not-found', message: NO_SUCH_INVITATION });
      await expect(ada.browser.invitations.resend(tree.graphId, id), id).rejects.toMatchObject({ code: 'not-found', message: NO_SUCH_INVITATION });
      await expect(ada.browser.invitations.revoke(tree.graphId, id), id).rejects.toMatchObject({ code: 'not-found', message: NO_SUCH_INVITATION });
    }
    // A well-formed id that names nothing: the same answer.
    await expect(ada.browser.invitations.revoke(tree.graphId, '0'.repeat(24))).rejects.toMatchObject({ code: 'not-found', message: NO_SUCH_INVITATION });
  });

  it(`a profile field holds at most ${PROFILE_FIELD_MAX_CHARS.toLocaleString('en')} characters, refused in the same words (src/domain/profile.ts)`, async () => {
    const ada = await site.member();
    await ownTree(ada);
    await expect(ada.browser.profiles.update(ada.uid, { bio: 'a'.repeat(PROFILE_FIELD_MAX_CHARS + 1) })).rejects.toMatchObject({ code: 'invalid-argument', message: PROFILE_FIELD_TOO_LONG });
    // Below it, the field's own limit (the save path's validation) answers, again in the same words.
    await expect(ada.browser.profiles.update(ada.uid, { bio: 'a'.repeat(PROFILE_FIELD_MAX_CHARS) })).rejects.toMatchObject({ code: 'invalid-argument', message: `Profile field bio is longer than ${BIO_MAX} characters` });
    expect(await ada.browser.profiles.update(ada.uid, { bio: 'a'.repeat(BIO_MAX) })).toMatchObject({ bio: 'a'.repeat(BIO_MAX) });
  });

  it('an import chunk that is not a change set is refused whole, in the words of the one chunk parser (src/domain/importUpload.ts)', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const maxChars = site.importLimits.targetChunkBytes;
    const refusalOf = (body: string) => (parseImportChunk(0, body) as { ok: false; message: string }).message;
    for (const body of ['{"nodes": [', JSON.stringify({ ...emptyChangeSet(0), nodes: { upsert: [{ id: 7 }], remove: [] } })]) {
      await expect(ada.browser.imports.importChangeSet(tree.graphId, { bodies: [body], maxChars, people: 1 }, 'tab-import'), body).rejects.toMatchObject({
        code: 'invalid-argument',
        message: refusalOf(body),
      });
    }
    // Nothing was written.
    expect((await ada.browser.graphs.load(tree.graphId)).graph.nodes.map((n) => n.id)).toEqual(tree.saved.nodes.map((n) => n.id));
  });
}
