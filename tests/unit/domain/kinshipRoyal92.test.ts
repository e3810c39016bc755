import { describe, expect, it } from 'vitest';
import { buildKinGraph, findKinship, kinshipPaths, kinshipWords, relationshipsToEveryone } from '../../../src/domain/kinship/index.ts';
import type { Profile } from '../../../src/domain/types.ts';
import { fixture } from '../gedcom/fixtures.ts';
import { asGraph, importText } from '../gedcom/graphHelpers.ts';

/** royal92.ged (3,010 people): the royal houses of Europe, cousins marrying cousins for centuries. */
describe('How are we related? in royal92.ged', () => {
  const graph = asGraph(importText(fixture('royal92.ged')));
  const profiles = graph.profiles;
  const find = (first: string, last: string, born: string): Profile => {
    const hits = Object.values(profiles).filter((p) => p.firstName.startsWith(first) && p.lastName === last && p.birthYear === born);
    expect(hits, `${first} ${last} ${born}`).toHaveLength(1);
    return hits[0]!;
  };
  const victoria = find('Victoria', 'Hanover', '1819');
  const albert = find('Albert Augustus Charles', '', '1819');
  const edward7 = find('Edward_VII', 'Wettin', '1841');
  const name = (id: string) => `${profiles[id]!.firstName} ${profiles[id]!.lastName}`.trim();

  it('Victoria and Albert are first cousins as well as husband and wife, through Francis of Saxe-Coburg', () => {
    const k = findKinship(profiles, victoria.id, albert.id, { indexKey: graph });
    expect(kinshipWords(k, 'M')).toEqual(['first cousin', 'husband']);
    if (k.kind !== 'blood') throw new Error(k.kind);
    expect(k.lines[0]).toMatchObject({ up: 2, down: 2, half: false });
    expect(k.lines[0]!.ancestors.map(name)).toEqual(['Francis Frederick of_Saxe-Coburg', 'Augusta Reuss-Ebersdorf']);
    // Victoria's mother and Albert's father are sister and brother.
    const paths = kinshipPaths(k, victoria.id, albert.id);
    expect(paths[0]!.map(name)).toEqual(['Victoria Hanover', 'Victoria Mary Louisa', 'Francis Frederick of_Saxe-Coburg', 'Ernest_I of_Saxe-Coburg- Saalfeld', 'Albert Augustus Charles']);
    expect(paths[paths.length - 1]).toEqual([victoria.id, albert.id]);
  });

  it('their son Edward VII: their son, and the grandson of Francis of Saxe-Coburg along both lines', () => {
    expect(kinshipWords(findKinship(profiles, victoria.id, edward7.id, { indexKey: graph }), 'M')[0]).toBe('son');
    expect(kinshipWords(findKinship(profiles, edward7.id, victoria.id, { indexKey: graph }), 'F')[0]).toBe('mother');
    // Francis of Saxe-Coburg is Edward's great-grandfather along both his parents' lines: one relationship.
    const francis = Object.values(profiles).find((p) => p.firstName === 'Francis Frederick of_Saxe-Coburg')!;
    const k = findKinship(profiles, edward7.id, francis.id, { indexKey: graph });
    expect(kinshipWords(k, 'M')).toEqual(['great-grandfather']);
  });

  it('relationship to everyone from Victoria names thousands and agrees with the finder', () => {
    const g = buildKinGraph(profiles);
    const words = relationshipsToEveryone(g, g.ids.indexOf(victoria.id));
    const named = words.filter(Boolean).length;
    expect(named).toBeGreaterThan(1000);
    expect(words[g.ids.indexOf(albert.id)]).toBe('first cousin');
    for (const id of g.ids.filter((_, i) => i % 37 === 0)) {
      const [first = ''] = kinshipWords(findKinship(profiles, victoria.id, id, { indexKey: graph, also: false }), profiles[id]!.gender);
      expect(words[g.ids.indexOf(id)], name(id)).toBe(id === victoria.id ? '' : first);
    }
  });
});
