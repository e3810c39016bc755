import { describe, expect, it } from 'vitest';
import { applyChangeSet, diffGraphs, stampChangeSet } from '../../../src/domain/changeSet.ts';
import { graphLookup, Neighbourhood } from '../../../src/domain/save/neighbourhood.ts';
import { validateChangeSet } from '../../../src/domain/save/validate.ts';
import { checkGraph } from '../../../src/domain/checkGraph.ts';
import { dismissedPairs, findDuplicates, markNotDuplicate, mergePeople, MERGE_MESSAGES, type MergeInput } from '../../../src/domain/duplicates/index.ts';
import { undoFacts } from '../../../src/domain/facts/factsResult.ts';
import { coupleId, type Citation, type FactEvent } from '../../../src/domain/facts/types.ts';
import { snapshotKey } from '../../../src/domain/snapshot.ts';
import type { Graph, Profile } from '../../../src/domain/types.ts';
import { couple, event, personName, place } from './factsFixtures.ts';
import { makeGraph, NOW } from './helpers.ts';

const cite = (id: string): Citation => ({ id, sourceId: 'sr1', page: `p. ${id}`, date: '', quality: 2, text: '' });
const cited = (id: string, fields: Partial<FactEvent>): FactEvent => event(id, { ...fields, citations: [cite(`ci-${id}`)] });

/**
 * The same man twice, as an import from a cousin brings him: k (on the tree) and g (imported),
 * sharing a father (f) and a wife (w), each with a child and facts of their own; g also has a
 * second wife (w2).
 */
function twoCopies(): Graph {
  const g = makeGraph({
    people: [
      { node: 'n1', fields: { firstName: 'Johann', lastName: 'Müller', gender: 'M', birthYear: '1850', events: [event('ev-kb', { type: 'BIRT', placeId: 'pl-ham', citations: [cite('ci-kb')] }), cited('ev-ko', { type: 'OCCU', description: 'Baker' })], names: [personName('nm-k', { given: 'Hans', citations: [cite('ci-nk')] })] } },
      { node: 'n2', fields: { firstName: 'Johan', lastName: 'Mueller', gender: 'M', birthYear: '1851', photoURL: 'https://x/photo.jpg', photoURLSmall: 'https://x/small.jpg', bio: 'From the cousins’ file', events: [event('ev-gb', { type: 'BIRT', placeId: 'pl-alt' }), cited('ev-gr', { type: 'RESI', placeId: 'pl-ham' })], names: [personName('nm-g', { kind: 'nickname', nickname: 'Jo' })] } },
      { node: 'n10', fields: { firstName: 'Karl', lastName: 'Müller', gender: 'M' } },
      { node: 'n12', fields: { firstName: 'Anna', lastName: 'Berg', gender: 'F' } },
      { node: 'n13', fields: { firstName: 'Otto', lastName: 'Müller' } },
      { node: 'n20', fields: { firstName: 'Clara', lastName: 'Wolf', gender: 'F' } },
      { node: 'n21', fields: { firstName: 'Lena', lastName: 'Müller' } },
    ],
    parents: [['n10', 'n1'], ['n10', 'n2'], ['n1', 'n13'], ['n2', 'n21']],
    spouses: [['n1', 'n12'], ['n2', 'n12'], ['n2', 'n20']],
  });
  g.places = { 'pl-ham': place('pl-ham', { name: 'Hamburg' }), 'pl-alt': place('pl-alt', { name: 'Altona' }) };
  g.couples = {
    [coupleId('pr:n1', 'pr:n12')]: couple('pr:n1', 'pr:n12', [cited('ev-m1', { type: 'MARR', date: '1875' })]),
    [coupleId('pr:n2', 'pr:n12')]: couple('pr:n2', 'pr:n12', [event('ev-m2', { type: 'MARR', date: 'ABT 1875' })]),
    [coupleId('pr:n2', 'pr:n20')]: { ...couple('pr:n2', 'pr:n20', [event('ev-m3', { type: 'MARR', date: '1890' })]), note: '<p>Second marriage</p>' },
  };
  g.nodes[0]!.data.isPrimary = false;
  return g;
}

const input = (over: Partial<MergeInput> = {}): MergeInput => {
  let seed = 1;
  return { keep: 'pr:n1', gone: 'pr:n2', uid: 'u-owner', role: 'owner', graphOwnerUid: 'u-owner', now: NOW, random: () => ((seed = (seed * 16807) % 2147483647) / 2147483647), ...over };
};

/** What a merge must not lose: every event, name and citation, and each person's relatives. */
function counts(graph: Graph) {
  const people = Object.values(graph.profiles);
  const couples = Object.values(graph.couples ?? {});
  const events = [...people.flatMap((p) => p.events ?? []), ...couples.flatMap((c) => c.events)];
  const names = people.flatMap((p) => p.names ?? []);
  const citations = [...events.flatMap((e) => e.citations ?? []), ...names.flatMap((n) => n.citations ?? []), ...couples.flatMap((c) => c.citations ?? [])];
  return { events: events.length, names: names.length, citations: citations.length, notes: couples.filter((c) => c.note).length };
}

const relatives = (p: Profile) => ({ parents: [...p.parents].sort(), children: [...p.children].sort(), spouses: [...p.spouses].sort() });

describe('mergePeople', () => {
  it('keeps every event, name, citation and link, as one change set that undo takes back whole', () => {
    const before = twoCopies();
    const key = snapshotKey(before);
    const r = mergePeople(before, input({ choices: { name: 'keep', birth: 'keep' } }));
    if (!r.ok) throw new Error(r.message);
    const after = r.graph;
    expect(snapshotKey(before)).toBe(key);
    expect(checkGraph(after)).toEqual([]);

    // Events: every one (the other birth date as an 'Other birth' event with g's place); names:
    // every one plus g's primary name as another name; citations and notes: all of them.
    const b = counts(before);
    expect(counts(after)).toEqual({ events: b.events, names: b.names + 1, citations: b.citations, notes: b.notes });
    const k = after.profiles['pr:n1']!;
    expect(after.profiles['pr:n2']).toBeUndefined();
    expect(k.events!.find((e) => e.type === 'BIRT')).toMatchObject({ id: 'ev-kb', placeId: 'pl-ham', date: '' });
    expect(k.events!.find((e) => e.customType === 'Other birth')).toMatchObject({ type: 'EVEN', date: '1851', placeId: 'pl-alt' });
    expect(k.names!.find((n) => n.kind === 'aka' && n.given === 'Johan')).toMatchObject({ surname: 'Mueller' });
    expect(k).toMatchObject({ firstName: 'Johann', birthYear: '1850', photoURL: 'https://x/photo.jpg', photoURLSmall: 'https://x/small.jpg', bio: 'From the cousins’ file' });

    // Links: the union of both, each relative naming k only; the shared couple holds both weddings.
    expect(relatives(k)).toEqual({ parents: ['pr:n10'], children: ['pr:n13', 'pr:n21'], spouses: ['pr:n12', 'pr:n20'] });
    expect(after.profiles['pr:n10']!.children).toEqual(['pr:n1']);
    expect(after.profiles['pr:n21']!.parents).toEqual(['pr:n1']);
    expect(after.profiles['pr:n12']!.spouses).toEqual(['pr:n1']);
    expect(after.profiles['pr:n20']!.spouses).toEqual(['pr:n1']);
    expect(after.couples![coupleId('pr:n1', 'pr:n12')]!.events.map((e) => e.id)).toEqual(['ev-m1', 'ev-m2']);
    expect(after.couples![coupleId('pr:n1', 'pr:n20')]).toMatchObject({ partners: ['pr:n1', 'pr:n20'], note: '<p>Second marriage</p>' });
    expect(Object.keys(after.couples!).filter((id) => id.includes('pr:n2-') || id.endsWith('pr:n2'))).toEqual([]);

    // The card: g's goes, its lines move to k's card without repeating the father's.
    expect(after.nodes.map((n) => n.id)).not.toContain('n2');
    expect(after.edges.map((e) => e.id).sort()).toEqual(['e-n1-n13', 'e-n1-n21', 'e-n10-n1']);
    expect(r.keepNodeId).toBe('n1');

    // One change set carries it to the server: applied to the saved graph it gives the merge.
    expect(snapshotKey(applyChangeSet(before, diffGraphs(before, after)))).toBe(snapshotKey(after));
    // Undo puts everything back as it was.
    expect(snapshotKey(undoFacts(after, r).graph)).toBe(key);
  });

  it("passes the server's validation, and so does its undo", async () => {
    const before = { ...twoCopies(), sources: { sr1: { id: 'sr1', title: 'Register', author: '', publication: '', repository: '', url: '', note: '' } }, revision: 4 };
    const r = mergePeople(before, input());
    if (!r.ok) throw new Error(r.message);
    const validate = (stored: Graph, edited: Graph) =>
      validateChangeSet(stampChangeSet(diffGraphs(stored, edited), { uid: 'u-owner', now: NOW }), { neighbourhood: new Neighbourhood(graphLookup(stored)), actingUid: 'u-owner', role: 'owner', graphOwnerUid: 'u-owner', currentYear: 2025 });
    expect(await validate(before, r.graph)).toBeNull();
    expect(await validate(r.graph, undoFacts(r.graph, r).graph)).toBeNull();
  });

  it('takes the picked side per field and keeps the other name and date as alternatives', () => {
    const r = mergePeople(twoCopies(), input({ choices: { name: 'gone', birth: 'gone', photo: 'keep' } }));
    if (!r.ok) throw new Error(r.message);
    const k = r.graph.profiles['pr:n1']!;
    expect(k).toMatchObject({ firstName: 'Johan', lastName: 'Mueller', birthYear: '1851', photoURL: '' });
    expect(k.names!.find((n) => n.kind === 'aka' && n.given === 'Johann')).toMatchObject({ surname: 'Müller' });
    expect(k.events!.find((e) => e.type === 'BIRT')).toMatchObject({ id: 'ev-gb', placeId: 'pl-alt' });
    expect(k.events!.find((e) => e.customType === 'Other birth')).toMatchObject({ id: 'ev-kb', date: '1850', placeId: 'pl-ham', citations: [cite('ci-kb')] });
  });

  it.each([
    ['a card claimed by another member cannot be merged away', (g: Graph): void => void (g.profiles['pr:n2']!.ownerUid = 'u-cousin'), {}, MERGE_MESSAGES.goneLocked('Johan Mueller')],
    ["the tree owner's own card cannot be merged away", (g: Graph): void => void (g.nodes[1]!.data.isPrimary = true), {}, MERGE_MESSAGES.goneLocked('Johan Mueller')],
    ['a card claimed by another member is not changed', (g: Graph): void => void (g.profiles['pr:n1']!.ownerUid = 'u-cousin'), {}, MERGE_MESSAGES.keepLocked('Johann Müller')],
    ["a claimed relative's lists are not changed", (g: Graph): void => void (g.profiles['pr:n20']!.ownerUid = 'u-cousin'), {}, MERGE_MESSAGES.relativeLocked('Clara Wolf')],
    ['a parent and child are never one person', (_g: Graph): void => {}, { keep: 'pr:n10' }, MERGE_MESSAGES.related],
    ['an ancestor and descendant are never one person', (_g: Graph): void => {}, { keep: 'pr:n21', gone: 'pr:n10' }, MERGE_MESSAGES.related],
    ['spouses are never one person', (_g: Graph): void => {}, { keep: 'pr:n12' }, MERGE_MESSAGES.related],
  ] as [string, (g: Graph) => void, Partial<MergeInput>, string][])('refuses: %s', (_, change, over, message) => {
    const g = twoCopies();
    change(g);
    expect(mergePeople(g, input(over))).toEqual({ ok: false, message });
  });

  it('refuses a merge that would give more than two parents', () => {
    const g = makeGraph({ people: [{ node: 'n1' }, { node: 'n2' }, { node: 'n3' }, { node: 'n4' }, { node: 'n5' }], parents: [['n3', 'n1'], ['n4', 'n1'], ['n5', 'n2']] });
    expect(mergePeople(g, input({ keep: 'pr:n1', gone: 'pr:n2' }))).toEqual({ ok: false, message: MERGE_MESSAGES.tooManyParents('n1') });
  });

  it('lets a member without the tree-owner role merge unclaimed cards as an editor, never as a viewer', () => {
    expect(mergePeople(twoCopies(), input({ uid: 'u-ed', role: 'editor' })).ok).toBe(true);
    expect(mergePeople(twoCopies(), input({ uid: 'u-view', role: 'viewer' })).ok).toBe(false);
  });
});

describe('markNotDuplicate', () => {
  it('is remembered in the tree, left out by the finder, and undone like any edit', () => {
    const g = twoCopies();
    expect(findDuplicates(g.profiles, g.places).some((p) => p.a === 'pr:n1' && p.b === 'pr:n2')).toBe(true);
    const r = markNotDuplicate(g, 'pr:n2', 'pr:n1');
    if (!r.ok) throw new Error(r.message);
    expect(r.graph.notDuplicates).toEqual({ 'nd-pr:n1-pr:n2': { id: 'nd-pr:n1-pr:n2', people: ['pr:n1', 'pr:n2'] } });
    expect(findDuplicates(r.graph.profiles, r.graph.places, { dismissed: dismissedPairs(r.graph.notDuplicates) }).some((p) => p.a === 'pr:n1' && p.b === 'pr:n2')).toBe(false);
    expect(diffGraphs(g, r.graph).notDuplicates).toEqual({ upsert: [{ id: 'nd-pr:n1-pr:n2', people: ['pr:n1', 'pr:n2'] }], remove: [] });
    expect(undoFacts(r.graph, r).graph.notDuplicates).toEqual({});
  });

  it('a merge drops the pairs that named the person merged away', () => {
    const g = twoCopies();
    const marked = markNotDuplicate(g, 'pr:n2', 'pr:n21');
    if (!marked.ok) throw new Error(marked.message);
    const r = mergePeople(marked.graph, input());
    if (!r.ok) throw new Error(r.message);
    expect(r.graph.notDuplicates).toEqual({});
  });
});
