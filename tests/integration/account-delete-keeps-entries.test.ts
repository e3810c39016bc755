import { describe, expect, it } from 'vitest';
import type { Graph } from '../../src/domain/types.ts';
import { inviteAndJoin, loadGraph, openTree, tokenOf } from './graphHelpers.ts';
import { createMember, PASSWORD, useTestServer, type Member } from './helpers.ts';
import { hopperTree, SECRET_BIO, type Hoppers } from './sharingHelpers.ts';

/**
 * Issue 19 item 4: a relative deleting her account takes back what she wrote about herself, as
 * her consent says, and leaves what the tree's editors entered on her card.
 */
const site = useTestServer();

async function deleteAccount(member: Member, card: 'keep-name' | 'remove'): Promise<void> {
  const owned = ((await member.client.get('/api/graphs')).body.trees as { graphId: string; role: string }[]).filter((t) => t.role === 'owner');
  const trees = owned.map((t) => ({ graphId: t.graphId, action: 'delete' }));
  const res = await member.client.request('DELETE', '/api/account', { password: PASSWORD, card, trees });
  expect(res.status, res.text).toBe(204);
}

async function cardIn(h: Hoppers, nodeId: string) {
  const g: Graph = (await loadGraph(h.grace.client)).graph;
  const node = g.nodes.find((n) => n.id === nodeId)!;
  return g.profiles[node.data.profileId]!;
}

describe('deleting an account keeps what the tree’s editors entered on the card', () => {
  it('a new member ("Keep my name only"): the owner’s birth date, gender and bio stay; her own words, gender and e-mail go', async () => {
    const h = await hopperTree(site.server);
    // Grace entered Mary's card: born 1990-04-02, female, a bio. Mary joins saying "Prefer not to say".
    const mary = await inviteAndJoin(site.server, h.tree, h.mary.nodeId, 'mary.h@example.com', { firstName: 'mary', lastName: 'hopper', gender: 'Prefer not to say' }, 'editor');
    const wrote = await mary.client.patch(`/api/profiles/${mary.uid}`, { set: { bio: 'My own words', mothersMaidenName: 'Smith' } });
    expect(wrote.status, wrote.text).toBe(200);
    await deleteAccount(mary, 'keep-name');

    const card = await cardIn(h, h.mary.nodeId);
    expect(card.id).toMatch(/^pr:/);
    expect(card).toMatchObject({
      firstName: 'Mary',
      lastName: 'Hopper',
      birthYear: '1990',
      birthMonth: '04',
      birthDay: '02',
      gender: 'F',
      bio: SECRET_BIO,
      mothersMaidenName: '',
      email: '',
      ownerUid: '',
    });
  });

  it('an existing member who claimed a card ("Remove my details"): the card is "Unnamed" but keeps the owner’s dates', async () => {
    const h = await hopperTree(site.server);
    const walter = await createMember(site.server, { firstName: 'walt', lastName: 'hopper', email: 'walt.h@example.com' });
    await openTree(walter);
    const invited = await h.grace.client.post('/api/invitations', { graphUid: h.tree.graphId, nodeId: h.walter.nodeId, email: 'walt.h@example.com' });
    expect(invited.status, invited.text).toBe(200);
    const joined = await walter.client.post(`/api/invitations/${tokenOf(invited.body.inviteUrl)}/join`);
    expect(joined.status, joined.text).toBe(200);
    const wrote = await walter.client.patch(`/api/profiles/${encodeURIComponent(h.walter.profileId)}`, { set: { bio: 'Written by Walt himself', birthYear: '1906' } });
    expect(wrote.status, wrote.text).toBe(200);
    await deleteAccount(walter, 'remove');

    const card = await cardIn(h, h.walter.nodeId);
    expect(card).toMatchObject({ id: h.walter.profileId, firstName: '', lastName: '', birthYear: '1905', gender: 'M', bio: 'Sailed the Atlantic', email: '', ownerUid: '' });
  });
});
