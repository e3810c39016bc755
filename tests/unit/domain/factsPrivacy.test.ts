import { describe, expect, it } from 'vitest';
import { coupleId } from '../../../src/domain/facts/types.ts';
import { redactGraph, redactPatch, redactProfile, type PrivacyContext, type Visibility } from '../../../src/domain/privacy.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { couple, event, personName, place } from './factsFixtures.ts';
import { makeGraph } from './helpers.ts';

/** What a viewer receives of the facts model (docs/PRODUCT.md §6 privacy of the living). */

const ctx = (visibility: Visibility = 'name'): PrivacyContext => ({ audienceUid: 'u-viewer', currentYear: 2025, visibilityOf: () => visibility });

/** A living couple (pr:n1, pr:n2), a couple dead long ago (pr:n3, pr:n4), and a claimed member (pr:n5). */
const family = (): Graph => {
  const g = makeGraph({
    people: [
      { node: 'n1', fields: { birthYear: '1990' } },
      { node: 'n2', fields: { birthYear: '1988' } },
      { node: 'n3', fields: { birthYear: '1850', death: '1920' } },
      { node: 'n4', fields: { birthYear: '1852' } },
      { node: 'n5', fields: { birthYear: '1970', ownerUid: 'u-member' } },
    ],
    spouses: [['n1', 'n2'], ['n3', 'n4']],
  });
  for (const id of Object.keys(g.profiles)) g.profiles[id] = { ...g.profiles[id]!, events: [event(`ev-${id}`, { description: `job of ${id}` })], names: [personName(`nm-${id}`)] };
  return {
    ...g,
    places: { town: place('town') },
    couples: {
      [coupleId('pr:n1', 'pr:n2')]: couple('pr:n1', 'pr:n2', [event('ev-m1', { type: 'MARR', date: '2015' })]),
      [coupleId('pr:n3', 'pr:n4')]: couple('pr:n3', 'pr:n4', [event('ev-m2', { type: 'MARR', date: '1875' })]),
    },
  };
};

describe('redactGraph with the facts model', () => {
  const seen = redactGraph(family(), ctx('name')).graph;
  it.each([
    ['a living unclaimed person (Private): no events, no names', 'pr:n1', false, false],
    ['a person dead long ago: everything', 'pr:n3', true, true],
    ['a person born over 110 years ago: everything', 'pr:n4', true, true],
    ['a member who shows their name: names, no events', 'pr:n5', false, true],
  ])('%s', (_, id, events, names) => {
    expect(!!seen.profiles[id]!.events).toBe(events);
    expect(!!seen.profiles[id]!.names).toBe(names);
  });

  it('drops the events of a couple with a partner not shown whole, keeps those of a couple shown whole, and passes places', () => {
    expect(seen.couples![coupleId('pr:n1', 'pr:n2')]!.events).toEqual([]);
    expect(seen.couples![coupleId('pr:n3', 'pr:n4')]!.events).toHaveLength(1);
    expect(seen.places).toEqual(family().places);
  });

  it('sends the whole graph to someone who sees everyone whole', () => {
    const everything = redactGraph(family(), { ...ctx('everything'), currentYear: 2300 }).graph;
    expect(everything.couples).toEqual(family().couples);
  });
});

describe('a death, burial or cremation event ends the presumption of living', () => {
  it.each([
    ['DEAT', true],
    ['BURI', true],
    ['CREM', true],
    ['RESI', false],
  ] as const)('%s: shown whole %s', (type, whole) => {
    const g = family();
    g.profiles['pr:n1'] = { ...g.profiles['pr:n1']!, events: [event('ev-d', { type })] };
    const { graph, privacy } = redactGraph(g, ctx('name'));
    expect(!!graph.profiles['pr:n1']!.events).toBe(whole);
    expect(privacy['pr:n1']).toBe(whole ? undefined : 'living');
  });
});

describe('redactPatch and redactProfile with the facts model', () => {
  const patch = { id: 'pr:n1', set: { bio: 'x' }, events: { upsert: [event('ev1', { description: 'secret' })], remove: ['ev0'] }, names: { upsert: [personName('nm1')], remove: [] } };
  it.each<[Visibility, boolean]>([
    ['private', false],
    ['name', true],
  ])('a patch seen as %s sends no event, only removals', (visibility, namesShown) => {
    const out = redactPatch(patch, visibility);
    expect(out.events).toEqual({ upsert: [], remove: ['ev1', 'ev0'] });
    expect(out.names).toEqual(namesShown ? patch.names : { upsert: [], remove: ['nm1'] });
  });

  it('a patch seen whole passes as it is', () => {
    expect(redactPatch(patch, 'everything')).toBe(patch);
  });

  it('a profile without events keeps its shape', () => {
    const p = family().profiles['pr:n1']!;
    const { events: _e, names: _n, ...plain } = p;
    expect(Object.keys(redactProfile(plain, 'private')).sort()).toEqual(Object.keys(plain).sort());
  });
});

describe('sources and notes follow a living person’s dates', () => {
  const cite = (id: string, sourceId: string) => ({ id, sourceId, page: 'entry 4', date: '', quality: 3 as const, text: 'born to …' });
  const source = (id: string, title: string) => ({ id, title, author: '', publication: '', repository: '', url: '', note: '' });
  const withEvidence = (): Graph => {
    const g = family();
    g.profiles['pr:n1'] = { ...g.profiles['pr:n1']!, events: [event('ev-b', { type: 'BIRT', note: '<p>secret</p>', citations: [cite('c1', 'sr-living')] })], names: [personName('nm1', { citations: [cite('c2', 'sr-name')] })] };
    g.profiles['pr:n3'] = { ...g.profiles['pr:n3']!, events: [event('ev-o', { citations: [cite('c3', 'sr-shared'), cite('c4', 'sr-old')] })] };
    g.profiles['pr:n2'] = { ...g.profiles['pr:n2']!, events: [event('ev-j', { citations: [cite('c5', 'sr-shared')] })] };
    g.couples![coupleId('pr:n1', 'pr:n2')] = { ...g.couples![coupleId('pr:n1', 'pr:n2')]!, note: '<p>their story</p>', citations: [cite('c6', 'sr-couple')] };
    g.sources = Object.fromEntries(['sr-living', 'sr-name', 'sr-shared', 'sr-old', 'sr-couple', 'sr-unused'].map((id) => [id, source(id, id)]));
    return g;
  };

  it.each<[Visibility, string[]]>([
    // Private: no events, no names; a member's name shown: names without their citations.
    ['private', ['sr-old', 'sr-shared', 'sr-unused']],
    ['name', ['sr-old', 'sr-shared', 'sr-unused']],
  ])('a viewer (members’ choice %s) gets only the sources of facts they see, and sources cited nowhere', (visibility, ids) => {
    const { graph } = redactGraph(withEvidence(), ctx(visibility));
    expect(Object.keys(graph.sources!).sort()).toEqual(ids);
    expect(graph.profiles['pr:n1']!.events).toBeUndefined();
    expect(JSON.stringify(graph.profiles['pr:n1'])).not.toContain('secret');
    expect(graph.couples![coupleId('pr:n1', 'pr:n2')]).toEqual({ id: coupleId('pr:n1', 'pr:n2'), partners: ['pr:n1', 'pr:n2'], events: [] });
  });

  it('someone who sees everyone whole gets every source, note and citation', () => {
    const { graph } = redactGraph(withEvidence(), { ...ctx('everything'), currentYear: 2300 });
    expect(Object.keys(graph.sources!)).toHaveLength(6);
    expect(graph.profiles['pr:n1']!.events![0]!.note).toBe('<p>secret</p>');
  });
});
