import { expect, it } from 'vitest';
import type { OwnDataExport } from '../../../src/backend/api.ts';
import { WRONG_PASSWORD } from '../../../src/domain/ownAccount.ts';
import { DEFAULT_VIEWER_VISIBILITY } from '../../../src/domain/privacy.ts';
import type { Site } from '../site.ts';
import { ownTree } from './trees.ts';


/**
 * AccountService (issue 11, one's own data): what viewers see of one's cards, the password, the
 * download and the deletion, each needing the current password where it says so. (The e-mail
 * change goes through each backend's own mail, outside the port.)
 */
export function accountServiceContract(site: Site) {
  it('keeps what viewers see of my cards: the default until changed, then the choice', async () => {
    const ada = await site.member();
    expect(await ada.browser.account.settings()).toEqual({ viewerVisibility: DEFAULT_VIEWER_VISIBILITY, digest: 'off' });
    expect(await ada.browser.account.updateSettings({ viewerVisibility: 'private' })).toEqual({ viewerVisibility: 'private', digest: 'off' });
    expect(await ada.browser.account.settings()).toEqual({ viewerVisibility: 'private', digest: 'off' });
    await expect(ada.browser.account.updateSettings({ viewerVisibility: 'nobody' as 'private' })).rejects.toMatchObject({ code: 'invalid-argument' });
    // The e-mail digest of relatives' changes (issue 24): off by default, daily or weekly.
    expect(await ada.browser.account.updateSettings({ digest: 'weekly' })).toEqual({ viewerVisibility: 'private', digest: 'weekly' });
    await expect(ada.browser.account.updateSettings({ digest: 'hourly' as 'daily' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('changes the password only with the current one; the new one signs in, the old one no longer', async () => {
    const ada = await site.member();
    await expect(ada.browser.account.changePassword('not my password', 'a brand new password')).rejects.toMatchObject({ code: 'auth/invalid-credential', message: WRONG_PASSWORD });
    await ada.browser.account.changePassword(ada.password, 'a brand new password');
    await expect(site.browser().auth.signIn(ada.email, ada.password)).rejects.toMatchObject({ code: 'auth/invalid-credential' });
    expect(await site.browser().auth.signIn(ada.email, 'a brand new password')).toMatchObject({ uid: ada.uid, email: ada.email });
  });

  it('downloads my own data: the account, my profile and the trees I belong to', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const data = JSON.parse(await (await ada.browser.account.download()).text()) as OwnDataExport;
    expect(data).toMatchObject({
      format: 'kinfolk-own-data/1',
      account: { uid: ada.uid, email: ada.email, displayName: 'Ada Lovelace', settings: { viewerVisibility: DEFAULT_VIEWER_VISIBILITY, digest: 'off' } },
      memberships: [{ graphId: tree.graphId, name: 'Lovelace family tree', role: 'owner' }],
    });
    expect(data.profiles.map((p) => p.id)).toEqual([ada.uid]);
  });

  it('deletes the account only with its password and a choice for each tree I own; then nobody signs in as me', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    await expect(ada.browser.account.deleteAccount({ password: 'not my password', card: 'remove', trees: [{ graphId: tree.graphId, action: 'delete' }] })).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    await expect(ada.browser.account.deleteAccount({ password: ada.password, card: 'remove', trees: [] })).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(await site.browser().auth.signIn(ada.email, ada.password)).toMatchObject({ uid: ada.uid });
    await ada.browser.account.deleteAccount({ password: ada.password, card: 'remove', trees: [{ graphId: tree.graphId, action: 'delete' }] });
    await expect(site.browser().auth.signIn(ada.email, ada.password)).rejects.toMatchObject({ code: 'auth/invalid-credential' });
  });
}
