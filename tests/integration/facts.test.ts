import { describe, expect, it } from 'vitest';
import { diffGraphs, type ChangeSet } from '../../src/domain/changeSet.ts';
import { coupleId, type Couple, type FactEvent, type Place } from '../../src/domain/facts/types.ts';
import type { Graph, Profile } from '../../src/domain/types.ts';
import { addNew, inviteAndJoin, loadGraph, openStream, postChanges, saveOk, type Tree } from './graphHelpers.ts';
import { expectError, useTestServer } from './helpers.ts';
import { GRAPH_COLUMNS_TYPE } from '../../src/backend/graphColumns.ts';
import { loadedGraphFrom } from '../../src/backend/http/graphLoad.ts';
import { PERSON_EVENTS_BATCH, PERSON_EVENTS_MESSAGES, readPersonEventsAnswer } from '../../src/domain/facts/personEvents.ts';
import { hopperFamily, type HopperMembers } from './sharingHelpers.ts';

/**
 * The facts model on the self-hosted server (PGlite): a person's events and names, the tree's
 * places and couples are saved through the one save path, stored (migration 11, profile jsonb),
 * loaded back whole by editors, and reach a viewer without what a living person's details would
 * tell: in the load and in the change log's replay.
 */
const site = useTestServer();

const event = (id: string, fields: Partial<FactEvent>): FactEvent => ({ id, type: 'OCCU', customType: '', date: '', placeId: '', description: '', age: '', ...fields });
const place = (id: string, fields: Partial<Place> = {}): Place => ({ id, name: id, parentId: '', kind: '', latitude: null, longitude: null, altNames: [], ...fields });
const couple = (a: string, b: string, events: FactEvent[]): Couple => ({ id: coupleId(a, b), partners: a < b ? [a, b] : [b, a], events });

const MARY_JOB = 'Baker at the harbour bakery';
const GRACE_WEDDING = 'Wedding at the lake house';
const WALTER_WEDDING = 'Married in the old chapel';

interface Saved {
  h: HopperMembers;
  tree: Tree;
  graph: Graph;
  viProfile: string;
  martha: string;
  revision: number;
}

/** Grace adds Walter's wife Martha (born 1880), places, events and names, and two couples. */
async function saveFacts(): Promise<Saved> {
  const h = await hopperFamily(site.server);
  const loaded = await loadGraph(h.grace.client);
  const tree: Tree = { member: h.grace, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: loaded.graph, clientId: 'grace-facts' };
  const martha = addNew(tree.saved, h.grace.uid, 'spouse', h.walter.nodeId, { firstName: 'Martha', lastName: 'Hopper', birthYear: '1880' });
  await saveOk(tree, martha.graph);
  const viProfile = tree.saved.profiles[h.grace.uid]!.spouses[0]!;
  const at = (id: string, fields: Partial<Profile>) => ({ ...tree.saved.profiles[id]!, ...fields });
  const graph: Graph = {
    ...tree.saved,
    places: { county: place('county', { kind: 'county', latitude: 52.1, longitude: -1.5 }), town: place('town', { parentId: 'county', altNames: ['Old Town'] }) },
    couples: {
      [coupleId(h.grace.uid, viProfile)]: couple(h.grace.uid, viProfile, [event('ev-gv', { type: 'MARR', date: '2010', description: GRACE_WEDDING })]),
      [coupleId(h.walter.profileId, martha.profileId)]: couple(h.walter.profileId, martha.profileId, [event('ev-wm', { type: 'MARR', date: '1901', placeId: 'town', description: WALTER_WEDDING })]),
    },
    profiles: {
      ...tree.saved.profiles,
      [h.mary.profileId]: at(h.mary.profileId, {
        events: [event('ev-m1', { description: MARY_JOB, placeId: 'town' })],
        names: [{ id: 'nm-m1', kind: 'nickname', prefix: '', given: '', surnamePrefix: '', surname: '', suffix: '', nickname: 'Molly' }],
      }),
      [h.walter.profileId]: at(h.walter.profileId, { events: [event('ev-w1', { type: 'BIRT', placeId: 'town' }), event('ev-w2', { type: 'MILI', date: '1918', description: 'Navy' })] }),
    },
  };
  const revision = await saveOk(tree, graph);
  return { h, tree, graph, viProfile, martha: martha.profileId, revision };
}

describe('events, names, places and couples on the server', () => {
  it('are saved and loaded back whole by the owner and an editor', async () => {
    const { h, graph } = await saveFacts();
    for (const member of [h.grace, h.ed]) {
      const again = (await loadGraph(member.client)).graph;
      expect(again.places).toEqual(graph.places);
      expect(again.couples).toEqual(graph.couples);
      expect(again.profiles[h.mary.profileId]!.events).toEqual(graph.profiles[h.mary.profileId]!.events);
      expect(again.profiles[h.mary.profileId]!.names).toEqual(graph.profiles[h.mary.profileId]!.names);
      expect(again.profiles[h.walter.profileId]!.events).toEqual(graph.profiles[h.walter.profileId]!.events);
    }
  });

  it('keep both members’ edits of different events of one person, and removals', async () => {
    const { h, tree } = await saveFacts();
    const ed: Tree = { member: h.ed, graphId: tree.graphId, ownerUid: tree.ownerUid, saved: (await loadGraph(h.ed.client)).graph, clientId: 'ed-facts' };
    const walterOf = (t: Tree) => t.saved.profiles[h.walter.profileId]!;
    // Grace edits the service; Ed, from the same revision, adds a residence.
    await saveOk(tree, { ...tree.saved, profiles: { ...tree.saved.profiles, [h.walter.profileId]: { ...walterOf(tree), events: [walterOf(tree).events![0]!, event('ev-w2', { type: 'MILI', date: '1918', description: 'Royal Navy' })] } } });
    await saveOk(ed, { ...ed.saved, profiles: { ...ed.saved.profiles, [h.walter.profileId]: { ...walterOf(ed), events: [...walterOf(ed).events!, event('ev-w3', { type: 'RESI', placeId: 'county' })] } } });
    const events = (await loadGraph(h.grace.client)).graph.profiles[h.walter.profileId]!.events!;
    expect(events.map((e) => [e.id, e.description])).toEqual([['ev-w1', ''], ['ev-w2', 'Royal Navy'], ['ev-w3', '']]);
  });

  it('are refused with a code when they break a rule, and nothing is written', async () => {
    const { h, tree } = await saveFacts();
    const mary = tree.saved.profiles[h.mary.profileId]!;
    const cs = diffGraphs(tree.saved, { ...tree.saved, profiles: { ...tree.saved.profiles, [mary.id]: { ...mary, events: [...mary.events!, event('ev-x', { placeId: 'atlantis' })] } } });
    expectError(await postChanges(h.grace.client, tree.graphId, cs), 400, 'invalid-argument', `Profile ${mary.id}, event ev-x: place atlantis does not exist`);
    const notMarried: ChangeSet = { ...diffGraphs(tree.saved, tree.saved), couples: { upsert: [couple(h.mary.profileId, h.walter.profileId, [])], remove: [] } };
    expectError(await postChanges(h.grace.client, tree.graphId, notMarried), 400, 'invalid-argument', /each other's spouses/);
    expectError(await postChanges(h.vi.client, tree.graphId, { ...diffGraphs(tree.saved, tree.saved), places: { upsert: [place('p9')], remove: [] } }), 403, 'permission-denied');
    expectError(await postChanges(h.grace.client, tree.graphId, { ...diffGraphs(tree.saved, tree.saved), places: { upsert: [{ id: 'p9' }], remove: [] } }), 400, 'invalid-argument', 'Place has an unexpected shape');
    expect((await loadGraph(h.grace.client)).graph.profiles[mary.id]!.events).toHaveLength(1);
  });

  it('reach a viewer without a living person’s events or names, nor a couple’s events with a living partner', async () => {
    const { h, viProfile, martha } = await saveFacts();
    const seen = (await loadGraph(h.vi.client)).graph;
    expect(seen.places).toMatchObject({ town: { name: 'town' }, county: { name: 'county' } });
    expect(seen.profiles[h.mary.profileId]).not.toHaveProperty('events');
    expect(seen.profiles[h.mary.profileId]).not.toHaveProperty('names');
    expect(seen.profiles[h.walter.profileId]!.events).toHaveLength(2);
    expect(seen.couples![coupleId(h.grace.uid, viProfile)]!.events).toEqual([]);
    expect(seen.couples![coupleId(h.walter.profileId, martha)]!.events[0]!.description).toBe(WALTER_WEDDING);
    expect(JSON.stringify(seen)).not.toContain(MARY_JOB);
    expect(JSON.stringify(seen)).not.toContain(GRACE_WEDDING);
  });

  it('reach a viewer replaying the change log without them either', async () => {
    const { h, revision } = await saveFacts();
    const stream = await openStream(h.vi.client, `/api/graphs/${h.tree.graphId}/events?since=0`);
    try {
      await stream.next((e) => e.id === String(revision), 10_000);
      const text = stream.events.filter((e) => e.event === 'change').map((e) => e.data).join('\n');
      expect(text).toContain(WALTER_WEDDING);
      expect(text).toContain('Old Town');
      expect(text).not.toContain(MARY_JOB);
      expect(text).not.toContain('Molly');
      expect(text).not.toContain(GRACE_WEDDING);
    } finally {
      stream.close();
    }
  });

  it('follow a card claimed by a new member: the couple is re-keyed with its events', async () => {
    const { h, tree } = await saveFacts();
    const tom = addNew(tree.saved, h.grace.uid, 'spouse', h.mary.nodeId, { firstName: 'Tom', lastName: 'Sawyer', birthYear: '1988' });
    await saveOk(tree, tom.graph);
    const wedding = event('ev-mt', { type: 'MARR', date: '2015', placeId: 'town' });
    const oldId = coupleId(h.mary.profileId, tom.profileId);
    await saveOk(tree, { ...tree.saved, couples: { ...tree.saved.couples, [oldId]: couple(h.mary.profileId, tom.profileId, [wedding]) } });
    const mary = await inviteAndJoin(site.server, tree, h.mary.nodeId, `mary${Math.random().toString(36).slice(2, 8)}@example.com`, { firstName: 'mary', lastName: 'hopper' }, 'editor');
    const couples = (await loadGraph(h.grace.client)).graph.couples!;
    expect(couples).not.toHaveProperty(oldId);
    expect(couples[coupleId(mary.uid, tom.profileId)]).toEqual(couple(mary.uid, tom.profileId, [wedding]));
  });
});

describe('events loaded per person (issue 20: the open leaves them on the server)', () => {
  const compactOpen = async (client: Tree['member']['client']) => {
    const res = await client.get('/api/graph', { accept: GRAPH_COLUMNS_TYPE });
    expect(res.status, res.text).toBe(200);
    return loadedGraphFrom(res.body).graph;
  };
  const personEvents = (client: Tree['member']['client'], graphId: string, ids: unknown) => client.post(`/api/graphs/${graphId}/person-events`, { ids });

  it('the compact open sends the marker and outline; the route answers the events as saved', async () => {
    const { h, graph } = await saveFacts();
    const opened = await compactOpen(h.grace.client);
    expect(opened.profiles[h.walter.profileId]).not.toHaveProperty('events');
    expect(opened.profiles[h.walter.profileId]!.eventsNotLoaded).toEqual([{ type: 'BIRT', placeId: 'town' }]);
    expect(JSON.stringify(opened)).not.toContain(MARY_JOB);
    // Couples keep their events in the open (the couple line shows the marriage year).
    expect(opened.couples).toEqual(graph.couples);
    const res = await personEvents(h.ed.client, h.tree.graphId, [h.walter.profileId, h.mary.profileId, 'pr:not-here']);
    expect(res.status, res.text).toBe(200);
    const answer = readPersonEventsAnswer(res.body);
    expect(answer.revision).toBe(opened.revision);
    expect(answer.events).toEqual({ [h.walter.profileId]: graph.profiles[h.walter.profileId]!.events, [h.mary.profileId]: graph.profiles[h.mary.profileId]!.events });
  });

  it('a viewer gets them redacted as in their open: a living person’s none', async () => {
    const { h, graph } = await saveFacts();
    const res = await personEvents(h.vi.client, h.tree.graphId, [h.walter.profileId, h.mary.profileId]);
    expect(res.status, res.text).toBe(200);
    expect(readPersonEventsAnswer(res.body).events).toEqual({ [h.walter.profileId]: graph.profiles[h.walter.profileId]!.events, [h.mary.profileId]: [] });
    expect(res.text).not.toContain(MARY_JOB);
    // The viewer's open has no marker for Mary (nothing to load) and one for Walter.
    const opened = await compactOpen(h.vi.client);
    expect(opened.profiles[h.mary.profileId]).not.toHaveProperty('eventsNotLoaded');
    expect(opened.profiles[h.walter.profileId]!.eventsNotLoaded).toEqual([{ type: 'BIRT', placeId: 'town' }]);
  });

  it('refuses bad input and non-members with coded errors', async () => {
    const { h } = await saveFacts();
    expectError(await personEvents(h.grace.client, h.tree.graphId, 'pr:x'), 400, 'invalid-argument', PERSON_EVENTS_MESSAGES.ids);
    expectError(await personEvents(h.grace.client, h.tree.graphId, [1]), 400, 'invalid-argument', PERSON_EVENTS_MESSAGES.ids);
    expectError(await personEvents(h.grace.client, h.tree.graphId, Array.from({ length: PERSON_EVENTS_BATCH + 1 }, (_, i) => `pr:${i}`)), 400, 'invalid-argument', PERSON_EVENTS_MESSAGES.tooMany);
    expectError(await h.grace.client.post(`/api/graphs/${h.tree.graphId}/person-events`, { ids: [], more: 1 }), 400, 'invalid-argument');
    expectError(await personEvents(h.stranger.client, h.tree.graphId, [h.walter.profileId]), 403, 'permission-denied');
    expectError(await personEvents(h.grace.client, 'bad id!', [h.walter.profileId]), 400, 'invalid-argument');
  });

  it('a save from a session that never loaded a person’s events keeps them', async () => {
    const { h, graph } = await saveFacts();
    const opened = await compactOpen(h.ed.client);
    const tree: Tree = { member: h.ed, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: opened, clientId: 'ed-lazy' };
    const walter = opened.profiles[h.walter.profileId]!;
    await saveOk(tree, { ...opened, profiles: { ...opened.profiles, [walter.id]: { ...walter, bio: 'Sailor' } } });
    const again = (await loadGraph(h.grace.client)).graph.profiles[h.walter.profileId]!;
    expect(again.bio).toBe('Sailor');
    expect(again.events).toEqual(graph.profiles[h.walter.profileId]!.events);
  });
});
