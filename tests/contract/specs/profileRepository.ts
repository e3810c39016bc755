import { expect, it } from 'vitest';
import { PROFILE_NO_ACCESS } from '../../../src/domain/profile.ts';
import type { Site } from '../site.ts';
import { listen, ownTree } from './trees.ts';

/** ProfileRepository (src/backend/ports.ts): read a profile one may read, save its plain fields. */
export function profileRepositoryContract(site: Site) {
  it("reads the member's own profile, made when they joined", async () => {
    const ada = await site.member();
    expect(await ada.browser.profiles.get(ada.uid)).toMatchObject({ id: ada.uid, ownerUid: ada.uid, firstName: 'Ada', lastName: 'Lovelace', email: ada.email, gender: 'F' });
  });

  it('saves changed fields and answers the stored profile; trees showing it hear of it live', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const live = listen(ada.browser, tree.graphId, tree.saved.revision);
    const saved = await ada.browser.profiles.update(ada.uid, { bio: 'Wrote the first program.', birthYear: '1952' });
    expect(saved).toMatchObject({ id: ada.uid, bio: 'Wrote the first program.', birthYear: '1952', firstName: 'Ada', updatedBy: ada.uid });
    expect(await ada.browser.profiles.get(ada.uid)).toEqual(saved);
    const [event] = await live.received(1);
    expect(event!.changes.profiles.upsert).toEqual([expect.objectContaining({ id: ada.uid, set: expect.objectContaining({ bio: 'Wrote the first program.' }) })]);
    live.stop();
  });

  it("refuses to read a profile of a tree one is not in, and to change someone else's", async () => {
    const ada = await site.member();
    const stranger = await site.member();
    await expect(stranger.browser.profiles.get(ada.uid)).rejects.toMatchObject({ code: 'permission-denied', message: PROFILE_NO_ACCESS });
    await expect(stranger.browser.profiles.update(ada.uid, { bio: 'Not mine to write' })).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await ada.browser.profiles.get(ada.uid)).bio).toBe('');
  });

  it('answers not-found or permission-denied for a profile that does not exist (the port allows either)', async () => {
    const ada = await site.member();
    const error = await ada.browser.profiles.get('pr:nobody-has-this-one').catch((e: unknown) => e);
    expect(['not-found', 'permission-denied']).toContain((error as { code?: string }).code);
  });
}
