import { describe, expect, it } from 'vitest';
import { createMember, expectError, useTestServer } from './helpers.ts';

const site = useTestServer();

const year = new Date().getUTCFullYear();

describe('PATCH /api/profiles/:id', () => {
  it('saves changed plain fields of the own profile, stamps them and answers the stored profile', async () => {
    const m = await createMember(site.server);
    const before = Date.now();
    const res = await m.client.patch(`/api/profiles/${m.uid}`, {
      set: { firstName: 'Augusta', bio: 'Wrote the first program.', birthYear: '1915', birthMonth: '12', birthDay: '10', death: '1952', gender: 'F' },
    });
    expect(res.status, res.text).toBe(200);
    const { profile } = res.body;
    expect(profile).toMatchObject({ id: m.uid, firstName: 'Augusta', lastName: 'Lovelace', bio: 'Wrote the first program.', birthYear: '1915', birthMonth: '12', birthDay: '10', death: '1952', updatedBy: m.uid, ownerUid: m.uid });
    expect(Date.parse(profile.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await m.client.get(`/api/profiles/${m.uid}`)).body.profile).toEqual(profile);
  });

  it('keeps the fields another save changed: per-field last writer wins', async () => {
    const m = await createMember(site.server);
    const [a, b] = await Promise.all([
      m.client.patch(`/api/profiles/${m.uid}`, { set: { bio: 'from tab A' } }),
      m.client.patch(`/api/profiles/${m.uid}`, { set: { mothersMaidenName: 'Milbanke' } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await m.client.patch(`/api/profiles/${m.uid}`, { set: { bio: 'from tab B' } })).toMatchObject({ status: 200 });
    const { profile } = (await m.client.get(`/api/profiles/${m.uid}`)).body;
    expect(profile).toMatchObject({ bio: 'from tab B', mothersMaidenName: 'Milbanke' });
  });

  it.each([
    [{ birthYear: '15' }, 'Enter a valid 4-digit year'],
    [{ birthYear: '1899' }, `Enter a year between 1900 and ${year}`],
    [{ birthYear: String(year + 1) }, `Enter a year between 1900 and ${year}`],
    [{ birthMonth: '13' }, 'Invalid month'],
    [{ birthMonth: '3' }, 'Invalid month'],
    [{ birthDay: '32' }, 'Invalid day'],
    [{ birthYear: '2001', birthMonth: '02', birthDay: '29' }, 'Invalid date'],
    [{ death: '19521' }, 'Enter a year or a full date (YYYY or YYYY-MM-DD)'],
    [{ death: '1952-02-30' }, 'Enter a year or a full date (YYYY or YYYY-MM-DD)'],
    [{ gender: 'X' }, 'Choose Male, Female or leave it empty'],
    [{ firstName: 'a'.repeat(101) }, 'Profile field firstName is longer than 100 characters'],
    [{ photoURL: 'javascript:alert(1)' }, 'Enter a valid image URL'],
    [{ nickname: 'Ada' }, 'Profile field nickname is unknown'],
  ])('refuses %j with %j and changes nothing', async (set, message) => {
    const m = await createMember(site.server);
    const stored = (await m.client.get(`/api/profiles/${m.uid}`)).body.profile;
    expectError(await m.client.patch(`/api/profiles/${m.uid}`, { set }), 400, 'invalid-argument', message);
    expect((await m.client.get(`/api/profiles/${m.uid}`)).body.profile).toEqual(stored);
  });

  it('refuses changes of read-only fields and ignores the stamps a client sends', async () => {
    const m = await createMember(site.server);
    for (const field of ['ownerUid', 'createdBy', 'createdAt']) {
      expectError(await m.client.patch(`/api/profiles/${m.uid}`, { set: { [field]: 'someone-else' } }), 403, 'permission-denied', `The field ${field} is read-only`);
    }
    const res = await m.client.patch(`/api/profiles/${m.uid}`, { set: { ownerUid: m.uid, updatedBy: 'forged', updatedAt: '1999-01-01T00:00:00.000Z', bio: 'x' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.profile.updatedBy).toBe(m.uid);
    expect(res.body.profile.updatedAt).not.toBe('1999-01-01T00:00:00.000Z');
  });

  it("refuses another member's profile (§6) and unknown or malformed ids", async () => {
    const a = await createMember(site.server);
    const b = await createMember(site.server);
    // a and b share no tree: a is told so.
    expectError(await a.client.patch(`/api/profiles/${b.uid}`, { set: { bio: 'hijack' } }), 403, 'permission-denied', 'You are not a member of this family tree.');
    expect((await b.client.get(`/api/profiles/${b.uid}`)).body.profile.bio).toBe('');
    expectError(await a.client.patch('/api/profiles/pr:nobody', { set: { bio: 'x' } }), 404, 'not-found');
    expectError(await a.client.patch('/api/profiles/bad%20id', { set: { bio: 'x' } }), 400, 'invalid-argument');
  });

  it('needs a session and a body of the right shape', async () => {
    const m = await createMember(site.server);
    expectError(await site.client().patch(`/api/profiles/${m.uid}`, { set: { bio: 'x' } }), 401, 'unauthenticated');
    expectError(await m.client.patch(`/api/profiles/${m.uid}`, { bio: 'x' }), 400, 'invalid-argument');
    expectError(await m.client.patch(`/api/profiles/${m.uid}`, { set: { bio: 5 } }), 400, 'invalid-argument');
    expectError(await m.client.patch(`/api/profiles/${m.uid}`, { set: { bio: 'x' }, extra: 1 }), 400, 'invalid-argument');
  });
});
