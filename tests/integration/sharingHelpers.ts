import sharp from 'sharp';
import { expect } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { addNew, inviteAndJoin, openTree, primaryNodeId, saveOk, type Tree } from './graphHelpers.ts';
import { createMember, type Member, type TestServer } from './helpers.ts';

/**
 * The Hopper family for the sharing tests: Grace (the owner) with her living daughter Mary (a
 * bio and a birth date only editors should see), her son Ed, her grandfather Walter (born 1880:
 * not living) and a cousin Vi. Ed joins as an editor and Vi as a viewer, each claiming their
 * card, all through invitations.
 */
export interface Hoppers {
  grace: Member;
  tree: Tree;
  primary: string;
  mary: { nodeId: string; profileId: string };
  walter: { nodeId: string; profileId: string };
  edCard: { nodeId: string; profileId: string };
  viCard: { nodeId: string; profileId: string };
}

export const SECRET_BIO = 'Loves sailing on the lake every summer';

export async function hopperTree(server: TestServer): Promise<Hoppers> {
  const grace = await createMember(server, { firstName: 'grace', lastName: 'hopper', email: `grace${Math.random().toString(36).slice(2, 8)}@example.com` });
  const tree = await openTree(grace);
  const primary = primaryNodeId(tree.saved);
  const mary = addNew(tree.saved, grace.uid, 'child', primary, { firstName: 'Mary', lastName: 'Hopper', birthYear: '1990', birthMonth: '04', birthDay: '02', bio: SECRET_BIO, gender: 'F' });
  const walter = addNew(mary.graph, grace.uid, 'parent', primary, { firstName: 'Walter', lastName: 'Hopper', birthYear: '1905', bio: 'Sailed the Atlantic', gender: 'M' }, 'father');
  const ed = addNew(walter.graph, grace.uid, 'child', primary, { firstName: 'Ed', lastName: 'Hopper', bio: 'Entered by Grace' });
  const vi = addNew(ed.graph, grace.uid, 'spouse', primary, { firstName: 'Vi', lastName: 'Hopper' });
  await saveOk(tree, vi.graph);
  return {
    grace,
    tree,
    primary,
    mary: { nodeId: mary.nodeId, profileId: mary.profileId },
    walter: { nodeId: walter.nodeId, profileId: walter.profileId },
    edCard: { nodeId: ed.nodeId, profileId: ed.profileId },
    viCard: { nodeId: vi.nodeId, profileId: vi.profileId },
  };
}

export interface HopperMembers extends Hoppers {
  ed: Member;
  vi: Member;
  stranger: Member;
}

/** The family with Ed an editor and Vi a viewer (both new accounts claiming their cards) and a stranger. */
export async function hopperFamily(server: TestServer): Promise<HopperMembers> {
  const h = await hopperTree(server);
  const suffix = Math.random().toString(36).slice(2, 8);
  const ed = await inviteAndJoin(server, h.tree, h.edCard.nodeId, `ed${suffix}@example.com`, { firstName: 'ed', lastName: 'hopper', gender: 'Male' }, 'editor');
  const vi = await inviteAndJoin(server, h.tree, h.viCard.nodeId, `vi${suffix}@example.com`, { firstName: 'vi', lastName: 'hopper' }, 'viewer');
  const stranger = await createMember(server, { email: `stranger${suffix}@example.com` });
  expect((await h.grace.client.get(`/api/graphs/${h.tree.graphId}/members`)).body.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'editor', 'viewer']);
  return { ...h, ed, vi, stranger };
}

/** Stores a photo for a profile as the member (PUT …/avatar) and answers its URLs. */
export async function putPhoto(server: TestServer, member: Member, profileId: string): Promise<{ photoURL: string; photoURLSmall: string }> {
  const form = new FormData();
  for (const [name, size] of [['large', 320], ['small', 170]] as const) {
    const bytes = await sharp({ create: { width: size, height: size, channels: 3, background: '#2f5d4a' } }).jpeg().toBuffer();
    form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${name}.jpg`);
  }
  const res = await fetch(`${server.url}/api/profiles/${encodeURIComponent(profileId)}/avatar`, { method: 'PUT', headers: { cookie: `${SESSION_COOKIE}=${member.client.cookie}` }, body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { photoURL: string; photoURLSmall: string };
}
