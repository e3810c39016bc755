import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';
import { NOT_ON_TREE } from '../../src/domain/invitations.ts';
import { PROFILE_ON_TREE_LEFT } from '../../src/domain/save/treesLeft.ts';
import { openTree, postChanges } from './graphHelpers.ts';
import { createMember, expectError, useTestServer, type Member } from './helpers.ts';
import { hopperFamily, type HopperMembers } from './sharingHelpers.ts';

/** Issue 19 item 5: a member removed from a tree no longer changes it, through their own card either. */
const site = useTestServer();

async function profileAsOwner(h: HopperMembers, id: string) {
  const res = await h.grace.client.get(`/api/profiles/${encodeURIComponent(id)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.profile as Record<string, string>;
}

async function revisionOf(member: Member, graphId: string): Promise<number> {
  const res = await member.client.get(`/api/graphs/${encodeURIComponent(graphId)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.graph.revision as number;
}

async function removed(): Promise<HopperMembers> {
  const h = await hopperFamily(site.server);
  const res = await h.grace.client.delete(`/api/graphs/${h.tree.graphId}/members/${h.vi.uid}`);
  expect(res.status, res.text).toBeLessThan(300);
  return h;
}

describe('a removed member and their own card', () => {
  it('refuses their profile patch (PATCH /api/profiles/{uid}): the tree they left does not change', async () => {
    const h = await removed();
    const before = await revisionOf(h.grace, h.tree.graphId);
    const res = await h.vi.client.patch(`/api/profiles/${encodeURIComponent(h.vi.uid)}`, { set: { bio: 'Written after I was removed' } });
    expectError(res, 403, 'permission-denied', PROFILE_ON_TREE_LEFT);
    expect((await profileAsOwner(h, h.vi.uid)).bio).toBe('');
    expect(await revisionOf(h.grace, h.tree.graphId)).toBe(before);
  });

  it('refuses the same change saved from their own tree, which would reach the tree they left', async () => {
    const h = await removed();
    const own = await h.vi.client.get(`/api/graphs/${encodeURIComponent(h.vi.uid)}`);
    expect(own.status, own.text).toBe(200);
    const changes = emptyChangeSet(own.body.graph.revision);
    changes.profiles.upsert.push({ id: h.vi.uid, set: { bio: 'Saved in my own tree' } });
    expectError(await postChanges(h.vi.client, h.vi.uid, changes), 403, 'permission-denied', PROFILE_ON_TREE_LEFT);
    expect((await profileAsOwner(h, h.vi.uid)).bio).toBe('');
  });

  it('refuses a new photo for their card, whose current bytes every older photo URL serves', async () => {
    const h = await removed();
    const form = new FormData();
    for (const [name, size] of [['large', 320], ['small', 170]] as const) {
      const bytes = await sharp({ create: { width: size, height: size, channels: 3, background: '#2f5d4a' } }).jpeg().toBuffer();
      form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${name}.jpg`);
    }
    const res = await fetch(`${site.server.url}/api/profiles/${encodeURIComponent(h.vi.uid)}/avatar`, { method: 'PUT', headers: { cookie: `${SESSION_COOKIE}=${h.vi.client.cookie}` }, body: form });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'permission-denied', message: PROFILE_ON_TREE_LEFT } });
  });

  it('still lets a member who was not removed change their own card', async () => {
    const h = await removed();
    const res = await h.ed.client.patch(`/api/profiles/${encodeURIComponent(h.ed.uid)}`, { set: { bio: 'Still here' } });
    expect(res.status, res.text).toBe(200);
    expect((await profileAsOwner(h, h.ed.uid)).bio).toBe('Still here');
  });
});

describe("removing a profile another tree shows", () => {
  it('is refused (not-found) rather than saved as an empty revision', async () => {
    const h = await hopperFamily(site.server);
    const stranger = await openTree(h.stranger);
    const before = await revisionOf(h.stranger, stranger.graphId);
    const changes = emptyChangeSet(before);
    changes.profiles.remove.push(h.mary.profileId);
    expectError(await postChanges(h.stranger.client, stranger.graphId, changes), 404, 'not-found', NOT_ON_TREE);
    expect(await revisionOf(h.stranger, stranger.graphId)).toBe(before);
    expect((await profileAsOwner(h, h.mary.profileId)).firstName).toBe('Mary');
  });

  it('is still accepted for a profile gone everywhere (two members deleting one person at once)', async () => {
    const member = await createMember(site.server);
    const tree = await openTree(member);
    const changes = emptyChangeSet(tree.saved.revision ?? 0);
    changes.profiles.remove.push('pr:0123456789abcdef');
    const res = await postChanges(member.client, tree.graphId, changes);
    expect(res.status, res.text).toBe(200);
  });
});
