import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { fullName } from '../../src/domain/labels.ts';
import { createMember, useTestServer, type Member } from './helpers.ts';
import { addNew, inviteAndJoin, loadGraph, openStream, openTree, primaryNodeId, saveOk } from './graphHelpers.ts';

const site = useTestServer();

/** The browser's two files (§9): squares of 320 and 170 px, WebP. */
async function avatarForm(): Promise<FormData> {
  const form = new FormData();
  for (const [name, size] of [['large', 320], ['small', 170]] as const) {
    const bytes = await sharp({ create: { width: size, height: size, channels: 3, background: '#2f5d4a' } }).webp({ quality: 90 }).toBuffer();
    form.append(name, new Blob([bytes], { type: 'image/webp' }), `avatar_${size}.webp`);
  }
  return form;
}

/** What the profile page sends on Save with a new photo (§4): files, then the profile, then the auth record. */
async function savePhotoLikeTheProfilePage(member: Member) {
  const put = await fetch(`${site.server.url}/api/profiles/${member.uid}/avatar`, {
    method: 'PUT',
    headers: { cookie: `${SESSION_COOKIE}=${member.client.cookie}` },
    body: await avatarForm(),
  });
  expect(put.status).toBe(200);
  const urls = (await put.json()) as { photoURL: string; photoURLSmall: string };
  const saved = await member.client.patch(`/api/profiles/${member.uid}`, { set: urls });
  expect(saved.status, saved.text).toBe(200);
  const auth = await member.client.patch('/api/me', { displayName: fullName(saved.body.profile), photoURL: saved.body.profile.photoURL });
  expect(auth.status, auth.text).toBe(200);
  return urls;
}

describe('a new photo is one write', () => {
  it('gives a relative exactly one revision and one live event carrying both URLs', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    const child = addNew(tree.saved, owner.uid, 'child', primaryNodeId(tree.saved), { firstName: 'Byron' });
    await saveOk(tree, child.graph);
    const kid = await inviteAndJoin(site.server, tree, child.nodeId, 'kid@example.com');
    const before = (await loadGraph(kid.client)).graph.revision;
    const stream = await openStream(kid.client, `/api/graphs/${owner.uid}/events`);
    try {
      expect(stream.status).toBe(200);
      const urls = await savePhotoLikeTheProfilePage(owner);
      // A later save marks the end: events arrive in revision order, so all the photo's are in by then.
      expect((await owner.client.patch(`/api/profiles/${owner.uid}`, { set: { bio: 'end marker' } })).status).toBe(200);
      const end = await stream.next((e) => e.event === 'change' && e.data.changes.profiles.upsert.some((p: any) => p.set?.bio === 'end marker'));
      const changes = stream.events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data));
      expect(changes.map((e) => e.revision)).toEqual([before + 1, before + 2]);
      expect(end.data.revision).toBe(before + 2);
      expect(changes[0].changes.profiles.upsert).toEqual([
        { id: owner.uid, set: expect.objectContaining({ photoURL: urls.photoURL, photoURLSmall: urls.photoURLSmall, updatedBy: owner.uid }) },
      ]);
      const seen = (await loadGraph(kid.client)).graph;
      expect(seen.revision).toBe(before + 2);
      expect(seen.profiles[owner.uid]).toMatchObject(urls);
      expect((await owner.client.get('/api/session')).body.user.photoURL).toBe(urls.photoURL);
    } finally {
      stream.close();
    }
  });
});
