import { describe, expect, it } from 'vitest';
import { coupleId, type Citation, type Couple, type FactEvent, type Source } from '../../src/domain/facts/types.ts';
import type { Graph, Profile } from '../../src/domain/types.ts';
import { addNew, loadGraph, postChanges, saveOk, type Tree } from './graphHelpers.ts';
import { expectError, useTestServer } from './helpers.ts';
import { hopperFamily } from './sharingHelpers.ts';
import { diffGraphs } from '../../src/domain/changeSet.ts';

/**
 * Sources and citations on the self-hosted server (PGlite, migration 12): the tree's sources are
 * saved and loaded back; citations ride in the events, names and couples they support; a viewer
 * sees neither the citations of a living person's facts nor a source only they cite.
 */
const site = useTestServer();

const event = (id: string, fields: Partial<FactEvent>): FactEvent => ({ id, type: 'OCCU', customType: '', date: '', placeId: '', description: '', age: '', ...fields });
const cite = (id: string, sourceId: string, fields: Partial<Citation> = {}): Citation => ({ id, sourceId, page: '', date: '', quality: null, text: '', ...fields });
const PARISH: Source = { id: 'sr-parish', title: 'Parish register of St Mary', author: 'Church of England', publication: '', repository: 'County Record Office', url: 'https://example.org/register', note: '<p>Baptisms <b>1850–1900</b></p>' };
const CENSUS: Source = { id: 'sr-census', title: '1911 census', author: '', publication: '', repository: '', url: '', note: '' };
const MARY_ENTRY = 'Mary, baker, aged 30';
const WEDDING_ENTRY = 'Walter Hopper married Martha';

async function saveSources() {
  const h = await hopperFamily(site.server);
  const loaded = await loadGraph(h.grace.client);
  const tree: Tree = { member: h.grace, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: loaded.graph, clientId: 'grace-sources' };
  const martha = addNew(tree.saved, h.grace.uid, 'spouse', h.walter.nodeId, { firstName: 'Martha', lastName: 'Hopper', birthYear: '1880' });
  await saveOk(tree, martha.graph);
  const at = (id: string, fields: Partial<Profile>) => ({ ...tree.saved.profiles[id]!, ...fields });
  const wm = coupleId(h.walter.profileId, martha.profileId);
  const walterCouple: Couple = {
    id: wm,
    partners: h.walter.profileId < martha.profileId ? [h.walter.profileId, martha.profileId] : [martha.profileId, h.walter.profileId],
    events: [event('ev-wm', { type: 'MARR', date: '1901', citations: [cite('ci-wm', 'sr-parish', { page: 'folio 12', quality: 3, text: WEDDING_ENTRY })] })],
    note: '<p>Met at the <i>fair</i></p>',
  };
  const graph: Graph = {
    ...tree.saved,
    sources: { [PARISH.id]: PARISH, [CENSUS.id]: CENSUS },
    couples: { [wm]: walterCouple },
    profiles: {
      ...tree.saved.profiles,
      [h.mary.profileId]: at(h.mary.profileId, {
        events: [event('ev-m1', { description: 'Baker', note: '<p>Her own shop</p>', citations: [cite('ci-m1', 'sr-census', { page: 'sheet 4', date: '2 APR 1911', quality: 2, text: MARY_ENTRY })] })],
        names: [{ id: 'nm-m1', kind: 'nickname', prefix: '', given: '', surnamePrefix: '', surname: '', suffix: '', nickname: 'Molly', citations: [cite('ci-m2', 'sr-census', { text: 'called Molly' })] }],
      }),
    },
  };
  const revision = await saveOk(tree, graph);
  return { h, tree, graph, wm, revision };
}

describe('sources and citations on the server', () => {
  it('are saved and loaded back whole by an editor', async () => {
    const { h, graph, wm } = await saveSources();
    const again = (await loadGraph(h.ed.client)).graph;
    expect(again.sources).toEqual(graph.sources);
    expect(again.couples![wm]).toEqual(graph.couples![wm]);
    expect(again.profiles[h.mary.profileId]!.events).toEqual(graph.profiles[h.mary.profileId]!.events);
    expect(again.profiles[h.mary.profileId]!.names).toEqual(graph.profiles[h.mary.profileId]!.names);
  });

  it('reach a viewer: the sources and citations of the dead, not those of a living person (a source cited only by her facts included)', async () => {
    const { h, wm } = await saveSources();
    const seen = (await loadGraph(h.vi.client)).graph;
    // The census is cited only by living Mary's facts: it is evidence of her details (issue 23 item 5).
    expect(Object.keys(seen.sources ?? {})).toEqual(['sr-parish']);
    expect(seen.sources).toMatchObject({ 'sr-parish': { title: PARISH.title } });
    expect(seen.couples![wm]!.events[0]!.citations![0]!.text).toBe(WEDDING_ENTRY);
    expect(JSON.stringify(seen)).not.toContain(MARY_ENTRY);
    expect(JSON.stringify(seen)).not.toContain('called Molly');
  });

  it('a removed source is gone on the next load', async () => {
    const { h, tree } = await saveSources();
    const { [CENSUS.id]: _, ...rest } = tree.saved.sources!;
    await saveOk(tree, { ...tree.saved, sources: rest });
    expect(Object.keys((await loadGraph(h.grace.client)).graph.sources!)).toEqual([PARISH.id]);
  });

  it('are refused with a code when malformed, and nothing is written', async () => {
    const { h, tree } = await saveSources();
    const bad = diffGraphs(tree.saved, { ...tree.saved, sources: { ...tree.saved.sources, 'sr-x': { ...CENSUS, id: 'sr-x', url: 'javascript:alert(1)' } } });
    expectError(await postChanges(h.grace.client, tree.graphId, bad), 400, 'invalid-argument', 'Source sr-x: the URL must begin with http:// or https://');
    const mary = tree.saved.profiles[h.mary.profileId]!;
    const badQuality = diffGraphs(tree.saved, { ...tree.saved, profiles: { ...tree.saved.profiles, [mary.id]: { ...mary, events: [event('ev-q', { citations: [cite('ci-q', 'sr-census', { quality: 7 as never })] })] } } });
    expectError(await postChanges(h.grace.client, tree.graphId, badQuality), 400, 'invalid-argument', `Profile ${mary.id}, event ev-q, citation ci-q: the quality must be 0 to 3 or null`);
    const after = (await loadGraph(h.grace.client)).graph;
    expect(after.sources).not.toHaveProperty('sr-x');
    expect(after.profiles[mary.id]!.events!.map((e) => e.id)).toEqual(['ev-m1']);
  });
});
