import { describe, expect, it } from 'vitest';
import type { OwnDataExport } from '../../src/backend/api.ts';
import { parseGedcom } from '../../src/gedcom/parse.ts';
import { TREE_CHOICE_MISSING, TRANSFER_NOT_MEMBER } from '../../src/domain/ownAccount.ts';
import { EMAIL_LINK_INVALID } from '../../src/domain/invitations.ts';
import { loadGraph, openStream } from './graphHelpers.ts';
import { PASSWORD, createMember, expectError, mailsTo, takeMail, useTestServer } from './helpers.ts';
import { hopperFamily, putPhoto, SECRET_BIO } from './sharingHelpers.ts';

const site = useTestServer();

const EMAIL_LINK = /\/confirm-email\?token=([A-Za-z0-9_-]{43})/;

describe('downloading everything about oneself', () => {
  it('answers the account, own profile and claimed cards whole, photos, memberships, and owned trees whole, living people included', async () => {
    const h = await hopperFamily(site.server);
    const photo = await putPhoto(site.server, h.grace, h.grace.uid);
    await h.grace.client.patch(`/api/profiles/${h.grace.uid}`, { set: { bio: 'About me', photoURL: photo.photoURL, photoURLSmall: photo.photoURLSmall } });
    const res = await h.grace.client.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="kinfolk-${h.grace.uid}.json"`);
    const data = res.body as OwnDataExport;
    expect(data).toMatchObject({
      format: 'kinfolk-own-data/1',
      account: { uid: h.grace.uid, email: h.grace.email, displayName: 'Grace Hopper', settings: { viewerVisibility: 'name' } },
      memberships: [{ graphId: h.tree.graphId, name: 'Hopper family tree', role: 'owner' }],
    });
    expect(data.profiles.map((p) => p.id)).toEqual([h.grace.uid]);
    expect(data.profiles[0]!.bio).toBe('About me');
    expect(data.photos.map((p) => p.path).sort()).toEqual([`profiles/${h.grace.uid}/avatar_170.jpg`, `profiles/${h.grace.uid}/avatar_320.jpg`]);
    expect(Buffer.from(data.photos[0]!.base64, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const [tree] = data.trees;
    expect(tree!.name).toBe('Hopper family tree');
    // Issue 19: whoever may edit a tree exports all of it, so the owner's download is a backup:
    // Mary, living and unclaimed, whole (she was "Private" here), and Ed's claimed card whole.
    expect(tree!.graph.profiles[h.mary.profileId]).toMatchObject({ firstName: 'Mary', bio: SECRET_BIO, birthYear: '1990' });
    expect(tree!.graph.profiles[h.grace.uid]!.bio).toBe('About me');
    expect(tree!.graph.profiles[h.ed.uid]).toMatchObject({ firstName: 'Ed', bio: 'Entered by Grace' });
    // The same whole tree as a GEDCOM 7.0 file, readable by our parser, photos as URLs on the site.
    expect(tree!.files.map((f) => [f.name, f.contentType])).toEqual([['hopper-family-tree.ged', 'text/vnd.familysearch.gedcom']]);
    const ged = parseGedcom(new TextEncoder().encode(tree!.files[0]!.text));
    expect(ged.version).toBe('7.0');
    const people = ged.records.filter((r) => r.tag === 'INDI');
    expect(people).toHaveLength(Object.keys(tree!.graph.profiles).length);
    const names = people.map((r) => r.children.find((c) => c.tag === 'NAME')?.value);
    expect(names).toContain('Grace /Hopper/');
    expect(names).toContain('Mary /Hopper/');
    expect(names.some((n) => n?.includes('Private'))).toBe(false);
    expect(tree!.files[0]!.text).toContain(SECRET_BIO);
    expect(tree!.files[0]!.text).toContain('About me');
    expect(tree!.files[0]!.text).toContain(`${site.server.url}/files/profiles/${h.grace.uid}/avatar_320.jpg`);
    // A member who owns no tree gets their memberships and no trees.
    const vi = (await h.vi.client.get('/api/account/export')).body as OwnDataExport;
    expect(vi.trees).toEqual([]);
    expect(vi.memberships).toEqual([expect.objectContaining({ graphId: h.tree.graphId, role: 'viewer' })]);
    expectError(await site.client().get('/api/account/export'), 401, 'unauthenticated');
  });
});

describe('changing the e-mail address', () => {
  it('needs the password, confirms by a link to the new address, then signs in with it', async () => {
    const h = await hopperFamily(site.server);
    expectError(await h.ed.client.post('/api/account/email', { email: 'ed.new@example.com', password: 'wrong password' }), 401, 'auth/invalid-credential');
    expectError(await h.ed.client.post('/api/account/email', { email: 'not-an-email', password: PASSWORD }), 400, 'invalid-email');
    expect((await h.ed.client.post('/api/account/email', { email: ' Ed.New@example.com ', password: PASSWORD })).status).toBe(202);
    const token = await takeMail(site.server, 'ed.new@example.com', EMAIL_LINK);
    // Nothing changes before the link is opened.
    expect((await h.ed.client.get('/api/session')).body.user.email).toBe(h.ed.email);
    const done = await site.client().post(`/api/account/email/${token}`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.user).toMatchObject({ uid: h.ed.uid, email: 'ed.new@example.com' });
    expectError(await site.client().post(`/api/account/email/${token}`), 410, 'auth/confirmation-link-invalid', EMAIL_LINK_INVALID);
    expect((await site.client().post('/api/session', { email: 'ed.new@example.com', password: PASSWORD })).status).toBe(200);
    expect((await site.client().post('/api/session', { email: h.ed.email, password: PASSWORD })).status).toBe(401);
    // His card shows the new address to the tree.
    expect((await loadGraph(h.grace.client)).graph.profiles[h.ed.uid]!.email).toBe('ed.new@example.com');
  });

  it('answers the same for an address that already has an account, which hears about it instead of getting a link', async () => {
    const h = await hopperFamily(site.server);
    const res = await h.ed.client.post('/api/account/email', { email: h.vi.email, password: PASSWORD });
    expect(res.status).toBe(202);
    expect(res.text).toBe('');
    await takeMail(site.server, h.vi.email, /(already has an account of its own)/);
    expect((await mailsTo(site.server, h.vi.email)).some((m) => EMAIL_LINK.test(m))).toBe(false);
    expect(await site.db.query('SELECT 1 FROM email_changes')).toEqual([]);
  });
});

describe('changing the password', () => {
  it('needs the current password; every other session and its live streams end at once, this one stays', async () => {
    const h = await hopperFamily(site.server);
    const laptop = site.client();
    await laptop.post('/api/session', { email: h.ed.email, password: PASSWORD });
    const stream = await openStream(laptop, `/api/graphs/${h.tree.graphId}/events`);
    try {
      expectError(await h.ed.client.post('/api/account/password', { currentPassword: 'not it at all', newPassword: 'a new password' }), 401, 'auth/invalid-credential');
      expectError(await h.ed.client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'short' }), 400, 'invalid-argument', 'Password must be at least 8 characters.');
      expect((await h.ed.client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'a new password' })).status).toBe(204);
      expect((await stream.next((e) => e.event === 'closed')).data).toEqual({ code: 'unauthenticated', message: 'You must be signed in.' });
      await stream.ended;
    } finally {
      stream.close();
    }
    expect((await laptop.get('/api/session')).body.user).toBeNull();
    expect((await h.ed.client.get('/api/session')).body.user.uid).toBe(h.ed.uid);
    expect((await site.client().post('/api/session', { email: h.ed.email, password: 'a new password' })).status).toBe(200);
    expect((await site.client().post('/api/session', { email: h.ed.email, password: PASSWORD })).status).toBe(401);
  });
});

describe('deleting the account', () => {
  it('needs the password and a choice for every tree owned; a tree goes only to one of its members', async () => {
    const h = await hopperFamily(site.server);
    expectError(await h.grace.client.request('DELETE', '/api/account', { password: 'wrong one!', card: 'keep-name', trees: [] }), 401, 'auth/invalid-credential');
    expectError(await h.grace.client.request('DELETE', '/api/account', { password: PASSWORD, card: 'keep-name', trees: [] }), 400, 'invalid-argument', TREE_CHOICE_MISSING);
    const toStranger = { password: PASSWORD, card: 'keep-name', trees: [{ graphId: h.tree.graphId, action: 'transfer', toUid: h.stranger.uid }] };
    expectError(await h.grace.client.request('DELETE', '/api/account', toStranger), 400, 'invalid-argument', TRANSFER_NOT_MEMBER);
    expectError(await h.grace.client.request('DELETE', '/api/account', { password: PASSWORD, card: 'forget-me', trees: [] }), 400, 'invalid-argument');
    expect((await h.grace.client.get('/api/session')).body.user.uid).toBe(h.grace.uid);
  });

  it('hands a tree to another member, leaves the claimed card unclaimed with the name only, and ends every session at once', async () => {
    const h = await hopperFamily(site.server);
    await h.grace.client.patch(`/api/profiles/${h.grace.uid}`, { set: { bio: 'About me', birthYear: '1950' } });
    await putPhoto(site.server, h.grace, h.grace.uid);
    const phone = site.client();
    await phone.post('/api/session', { email: h.grace.email, password: PASSWORD });
    const graceStream = await openStream(phone, `/api/graphs/${h.tree.graphId}/events`);
    const edStream = await openStream(h.ed.client, `/api/graphs/${h.tree.graphId}/events?since=${(await loadGraph(h.ed.client)).graph.revision}`);
    try {
      const res = await h.grace.client.request('DELETE', '/api/account', { password: PASSWORD, card: 'keep-name', trees: [{ graphId: h.tree.graphId, action: 'transfer', toUid: h.ed.uid }] });
      expect(res.status, res.text).toBe(204);
      expect(res.setCookies.some((c) => c.startsWith('kin_session=;'))).toBe(true);
      expect((await graceStream.next((e) => e.event === 'closed')).data.code).toBe('unauthenticated');
      const released = await edStream.next((e) => e.event === 'change');
      expect(released.data.changes.profiles.remove).toEqual([h.grace.uid]);
    } finally {
      graceStream.close();
      edStream.close();
    }
    expect((await phone.get('/api/session')).body.user).toBeNull();
    expect((await site.client().post('/api/session', { email: h.grace.email, password: PASSWORD })).status).toBe(401);

    const tree = (await h.ed.client.get('/api/graphs')).body.trees[0];
    expect(tree).toMatchObject({ graphId: h.tree.graphId, ownerUid: h.ed.uid, role: 'owner' });
    const g = (await loadGraph(h.ed.client)).graph;
    const card = g.nodes.find((n) => n.data.isPrimary)!;
    expect(card.data.profileId).toMatch(/^pr:[0-9a-f]{32}$/);
    const grace = g.profiles[card.data.profileId]!;
    expect(grace).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', bio: '', birthYear: '', photoURL: '', email: '', ownerUid: '' });
    expect(g.profiles[h.mary.profileId]!.parents).toContain(card.data.profileId);
    // No card, list or owner names her uid any more (stamps keep who made what, an opaque id).
    const refs = { nodes: g.nodes, people: Object.values(g.profiles).map((p) => [p.id, p.ownerUid, p.spouses, p.parents, p.children]) };
    expect(JSON.stringify(refs)).not.toContain(h.grace.uid);
    expect(await site.db.query(`SELECT path FROM files WHERE path LIKE $1`, [`profiles/${h.grace.uid}/%`])).toEqual([]);
    expect(await site.db.query('SELECT 1 FROM users WHERE uid = $1', [h.grace.uid])).toEqual([]);
    // The new owner manages it: Vi is still a viewer there.
    expect((await h.ed.client.get(`/api/graphs/${h.tree.graphId}/members`)).body.members.map((m: { uid: string; role: string }) => [m.uid, m.role])).toEqual([
      [h.ed.uid, 'owner'],
      [h.vi.uid, 'viewer'],
    ]);
  });

  it('deletes a tree after the warning: its members lose it at once; a card claimed elsewhere is emptied ("remove")', async () => {
    const h = await hopperFamily(site.server);
    const viStream = await openStream(h.vi.client, `/api/graphs/${h.tree.graphId}/events`);
    try {
      const res = await h.grace.client.request('DELETE', '/api/account', { password: PASSWORD, card: 'remove', trees: [{ graphId: h.tree.graphId, action: 'delete' }] });
      expect(res.status, res.text).toBe(204);
      expect((await viStream.next((e) => e.event === 'closed')).data.code).toBe('permission-denied');
    } finally {
      viStream.close();
    }
    expect(await site.db.query('SELECT 1 FROM graphs WHERE id = $1', [h.tree.graphId])).toEqual([]);
    expect(await site.db.query('SELECT 1 FROM profiles WHERE id = $1', [h.mary.profileId])).toEqual([]);
    expectError(await h.vi.client.get(`/api/graphs/${h.tree.graphId}`), 403, 'permission-denied');
    // Vi's Family Tree is her own now, and her own profile is still hers.
    expect((await loadGraph(h.vi.client)).graphId).toBe(h.vi.uid);
    expect((await h.vi.client.get(`/api/profiles/${h.vi.uid}`)).body.profile.firstName).toBe('Vi');
  });

  it('"remove" empties a claimed card in a tree the member did not own; the card stays, unnamed, for the family around it', async () => {
    const h = await hopperFamily(site.server);
    const res = await h.vi.client.request('DELETE', '/api/account', { password: PASSWORD, card: 'remove', trees: [{ graphId: h.vi.uid, action: 'delete' }] });
    // Vi owns no tree (her own was never opened): a choice about one is refused, none needed.
    expect(res.status).toBe(400);
    expect((await h.vi.client.request('DELETE', '/api/account', { password: PASSWORD, card: 'remove', trees: [] })).status).toBe(204);
    const g = (await loadGraph(h.grace.client)).graph;
    const viCard = g.nodes.find((n) => n.id === h.viCard.nodeId)!;
    expect(viCard.data.profileId).toMatch(/^pr:/);
    expect(g.profiles[viCard.data.profileId]).toMatchObject({ firstName: '', lastName: '', ownerUid: '', spouses: [h.grace.uid] });
    expect(g.profiles[h.grace.uid]!.spouses).toEqual([viCard.data.profileId]);
    expect((await h.grace.client.get(`/api/graphs/${h.tree.graphId}/members`)).body.members.map((m: { uid: string }) => m.uid)).toEqual([h.grace.uid, h.ed.uid]);
    expect((await createMember(site.server, { email: h.vi.email })).email).toBe(h.vi.email);
  });
});
