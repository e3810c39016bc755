import { describe, expect, it } from 'vitest';
import { GRAPH_COLUMNS_TYPE } from '../../src/backend/graphColumns.ts';
import { loadedGraphFrom } from '../../src/backend/http/graphLoad.ts';
import type { LoadedGraph } from '../../src/backend/ports.ts';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { addNew, loadGraph, openStream, postChanges, saveOk, type Tree } from './graphHelpers.ts';
import { useTestServer, type Client } from './helpers.ts';
import { hopperFamily, putPhoto, SECRET_BIO, type HopperMembers } from './sharingHelpers.ts';

const site = useTestServer();

/** GET /api/graph in either form, decoded as the browser's adapter does; with the raw text. */
async function load(client: Client, form: 'plain' | 'columns'): Promise<{ loaded: LoadedGraph; text: string }> {
  const res = await client.get('/api/graph', form === 'columns' ? { accept: `${GRAPH_COLUMNS_TYPE}, application/json;q=0.9` } : {});
  expect(res.status, res.text).toBe(200);
  return { loaded: loadedGraphFrom(JSON.parse(res.text)), text: res.text };
}

const fetchAs = (client: Client, url: string) => fetch(site.server.url + url, { headers: { cookie: `${SESSION_COOKIE}=${client.cookie}` } });

async function treeOf(h: HopperMembers, who: 'grace' | 'ed'): Promise<Tree> {
  const member = h[who];
  return { member, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: (await loadGraph(member.client)).graph, clientId: `${who}-tab` };
}

describe('living people are private to viewers: the server never sends their private fields', () => {
  it.each(['plain', 'columns'] as const)('a viewer’s load (%s form) shows living unclaimed people as "Private" and says why; editors see everything', async (form) => {
    const h = await hopperFamily(site.server);
    const { loaded, text } = await load(h.vi.client, form);
    expect(loaded.role).toBe('viewer');
    expect(text).not.toContain(SECRET_BIO);
    expect(text).not.toContain('Entered by Grace');
    const p = loaded.graph.profiles;
    expect(p[h.mary.profileId]).toMatchObject({ firstName: 'Private', lastName: '', bio: '', birthYear: '', birthMonth: '', birthDay: '', gender: '', photoURL: '' });
    // Members who claimed their card show their name only (the default choice).
    expect(p[h.grace.uid]).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', bio: '', email: '' });
    // Born over 110 years ago: not living, shown whole. The viewer's own profile: whole.
    expect(p[h.walter.profileId]).toMatchObject({ firstName: 'Walter', birthYear: '1905', bio: 'Sailed the Atlantic' });
    expect(p[h.vi.uid]).toMatchObject({ firstName: 'Vi', email: h.vi.email });
    expect(loaded.privacy).toEqual({ [h.mary.profileId]: 'living', [h.grace.uid]: 'member-choice', [h.ed.uid]: 'member-choice' });
    // The tree keeps its shape.
    expect(p[h.mary.profileId]!.parents).toContain(h.grace.uid);

    for (const who of [h.ed, h.grace]) {
      const full = await load(who.client, form);
      expect(full.loaded.privacy).toEqual({});
      expect(full.loaded.graph.profiles[h.mary.profileId]!.bio).toBe(SECRET_BIO);
    }
  });

  it('a member who claimed their card chooses what viewers see, and viewers’ open trees reload with it', async () => {
    const h = await hopperFamily(site.server);
    expect((await h.grace.client.get('/api/account')).body).toEqual({ viewerVisibility: 'name', digest: 'off' });
    const stream = await openStream(h.vi.client, `/api/graphs/${h.tree.graphId}/events?since=0`);
    try {
      expect((await h.grace.client.patch('/api/account', { viewerVisibility: 'everything' })).body).toEqual({ viewerVisibility: 'everything', digest: 'off' });
      await stream.next((e) => e.event === 'reload');
    } finally {
      stream.close();
    }
    await h.grace.client.patch(`/api/profiles/${h.grace.uid}`, { set: { bio: 'Grace’s own words' } });
    let seen = await loadGraph(h.vi.client);
    expect(seen.graph.profiles[h.grace.uid]!.bio).toBe('Grace’s own words');
    expect(seen.privacy[h.grace.uid]).toBeUndefined();
    await h.grace.client.patch('/api/account', { viewerVisibility: 'private' });
    seen = await loadGraph(h.vi.client);
    expect(seen.graph.profiles[h.grace.uid]!.firstName).toBe('Private');
    expect(seen.privacy[h.grace.uid]).toBe('member-choice');
    // Editors are not viewers: they see her whole whatever she chose.
    expect((await loadGraph(h.ed.client)).graph.profiles[h.grace.uid]!.bio).toBe('Grace’s own words');
    expect((await h.grace.client.patch('/api/account', { viewerVisibility: 'all' })).status).toBe(400);
  });

  it('live events reach a viewer redacted and say who became private or not; editors get them whole', async () => {
    const h = await hopperFamily(site.server);
    const since = (await loadGraph(h.vi.client)).graph.revision;
    const viewer = await openStream(h.vi.client, `/api/graphs/${h.tree.graphId}/events?since=${since}`);
    const editor = await openStream(h.ed.client, `/api/graphs/${h.tree.graphId}/events?since=${since}`);
    try {
      await h.grace.client.patch(`/api/profiles/${h.mary.profileId}`, { set: { bio: 'A new secret about Mary' } });
      const hidden = await viewer.next((e) => e.event === 'change');
      expect(JSON.stringify(hidden.data)).not.toContain('A new secret about Mary');
      expect(hidden.data.privacy).toEqual({ [h.mary.profileId]: 'living' });
      expect(hidden.data.changes.profiles.upsert[0]).toMatchObject({ id: h.mary.profileId, set: { firstName: 'Private', bio: '', birthYear: '' } });
      expect((await editor.next((e) => e.event === 'change')).data.changes.profiles.upsert[0].set.bio).toBe('A new secret about Mary');

      // A death recorded: she is no longer presumed living, and the viewer gets her whole.
      const grace = await treeOf(h, 'grace');
      const died = emptyChangeSet(grace.saved.revision!);
      died.profiles.upsert.push({ id: h.mary.profileId, set: { death: '2020' } });
      expect((await postChanges(h.grace.client, h.tree.graphId, died)).status).toBe(200);
      const shown = await viewer.next((e) => e.event === 'change');
      expect(shown.data.privacy).toEqual({ [h.mary.profileId]: null });
      expect(shown.data.changes.profiles.upsert[0].set).toMatchObject({ firstName: 'Mary', bio: 'A new secret about Mary', birthYear: '1990', death: '2020' });
    } finally {
      viewer.close();
      editor.close();
    }
  });

  it('a child’s birth that ends a parent’s presumption reaches the viewer as the parent’s fields', async () => {
    const h = await hopperFamily(site.server);
    const grace = await treeOf(h, 'grace');
    const kid = addNew(grace.saved, h.grace.uid, 'child', h.mary.nodeId, { firstName: 'Tom' });
    await saveOk(grace, kid.graph);
    // A birth of her own would settle it (issue 20, as webtrees): Mary's is not known here.
    expect((await h.grace.client.patch(`/api/profiles/${h.mary.profileId}`, { set: { birthYear: '', birthMonth: '', birthDay: '' } })).status).toBe(200);
    const since = (await loadGraph(h.vi.client)).graph.revision;
    const viewer = await openStream(h.vi.client, `/api/graphs/${h.tree.graphId}/events?since=${since}`);
    try {
      // Only Tom's profile changes; Mary, his mother, had a child 100 years ago: not living.
      expect((await h.grace.client.patch(`/api/profiles/${kid.profileId}`, { set: { birthYear: '1925' } })).status).toBe(200);
      const e = await viewer.next((x) => x.event === 'change');
      expect(e.data.privacy).toMatchObject({ [h.mary.profileId]: null });
      expect(e.data.changes.profiles.upsert.find((p: { id: string }) => p.id === h.mary.profileId).set.bio).toBe(SECRET_BIO);
    } finally {
      viewer.close();
    }
  });

  it('issue 20: a parent’s birth long ago ends the presumption of a child without dates, on the load, the stream and the profile', async () => {
    const h = await hopperFamily(site.server);
    const grace = await treeOf(h, 'grace');
    const bob = addNew(grace.saved, h.grace.uid, 'child', h.walter.nodeId, { firstName: 'Bob', bio: 'Uncle Bob’s story' });
    await saveOk(grace, bob.graph);
    expect((await load(h.vi.client, 'plain')).loaded.privacy[bob.profileId]).toBe('living');
    const since = (await loadGraph(h.vi.client)).graph.revision;
    const viewer = await openStream(h.vi.client, `/api/graphs/${h.tree.graphId}/events?since=${since}`);
    try {
      // Only Walter's birth changes: born 1850, his child Bob cannot be living.
      expect((await h.grace.client.patch(`/api/profiles/${h.walter.profileId}`, { set: { birthYear: '1850' } })).status).toBe(200);
      const e = await viewer.next((x) => x.event === 'change');
      expect(e.data.privacy).toMatchObject({ [bob.profileId]: null });
      expect(e.data.changes.profiles.upsert.find((p: { id: string }) => p.id === bob.profileId).set.bio).toBe('Uncle Bob’s story');
    } finally {
      viewer.close();
    }
    const { loaded } = await load(h.vi.client, 'plain');
    expect(loaded.privacy[bob.profileId]).toBeUndefined();
    expect(loaded.graph.profiles[bob.profileId]).toMatchObject({ firstName: 'Bob', bio: 'Uncle Bob’s story' });
    expect((await h.vi.client.get(`/api/profiles/${bob.profileId}`)).body.profile).toMatchObject({ firstName: 'Bob', bio: 'Uncle Bob’s story' });
  });

  it('issue 20: "deceased" without a date (Y) is a valid death for the server, and the person is no longer private', async () => {
    const h = await hopperFamily(site.server);
    expect((await h.grace.client.patch(`/api/profiles/${h.mary.profileId}`, { set: { death: 'Y' } })).status).toBe(200);
    const { loaded } = await load(h.vi.client, 'plain');
    expect(loaded.graph.profiles[h.mary.profileId]).toMatchObject({ firstName: 'Mary', death: 'Y', bio: SECRET_BIO });
    expect((await h.grace.client.patch(`/api/profiles/${h.mary.profileId}`, { set: { death: 'deceased' } })).status).toBe(400);
  });

  it('a viewer reads a private person’s profile redacted and never gets their photo; a stranger gets neither', async () => {
    const h = await hopperFamily(site.server);
    const maryPhoto = await putPhoto(site.server, h.grace, h.mary.profileId);
    const walterPhoto = await putPhoto(site.server, h.grace, h.walter.profileId);
    const asViewer = (await h.vi.client.get(`/api/profiles/${h.mary.profileId}`)).body.profile;
    expect(asViewer).toMatchObject({ firstName: 'Private', bio: '', photoURL: '' });
    expect((await h.ed.client.get(`/api/profiles/${h.mary.profileId}`)).body.profile.bio).toBe(SECRET_BIO);
    expect((await fetchAs(h.vi.client, maryPhoto.photoURL)).status).toBe(404);
    expect((await fetchAs(h.ed.client, maryPhoto.photoURL)).status).toBe(200);
    expect((await fetchAs(h.vi.client, walterPhoto.photoURL)).status).toBe(200);
    expect((await fetchAs(h.stranger.client, walterPhoto.photoURL)).status).toBe(403);
    expect((await fetch(site.server.url + walterPhoto.photoURL)).status).toBe(401);
  });
});
