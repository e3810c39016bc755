import { describe, expect, it } from 'vitest';
import { decodeGraphColumns, encodeGraphColumns, type GraphColumns } from '../../../src/backend/graphColumns.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { makeGraph, NOW } from '../domain/helpers.ts';

const family = (): Graph => ({
  ...makeGraph({
    people: [
      { node: 'n1001', profile: 'u-owner', primary: true, fields: { ownerUid: 'u-owner', lastName: 'Lovelace' } },
      { node: 'n1002', role: 'mother', fields: { lastName: 'Lovelace', bio: 'Wrote "notes", with\nnew lines and ünïcødé 👪' } },
      { node: 'n1003', hidden: true, x: -12.5, y: 1e6, fields: { lastName: 'Byron' } },
      { node: 'n1004', profile: '' },
    ],
    parents: [['n1002', 'n1001']],
    spouses: [['n1002', 'n1003']],
    extraProfiles: [{ ...emptyProfile('pr:elsewhere'), firstName: 'Shown', spouses: ['pr:not-in-this-graph'] }],
  }),
  revision: 42,
});

/** Through JSON, as it travels. */
const roundTrip = (g: Graph) => decodeGraphColumns(JSON.parse(JSON.stringify(encodeGraphColumns(g))) as GraphColumns);

describe('the compact graph form (graphColumns)', () => {
  it.each<{ name: string; graph: () => Graph; whole: number }>([
    { name: 'a family with every kind of field', graph: family, whole: 0 },
    { name: 'an empty graph', graph: () => ({ nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1, revision: 0 }), whole: 0 },
    {
      name: 'legacy rows (missing fields, extra canvas state, other types), sent whole',
      graph: () => {
        const g = family();
        const legacy = {
          nodes: [{ id: 'n1', position: { x: 1, y: 2 }, selected: true }, ...g.nodes],
          edges: [{ id: 'x', source: 'n1', target: 'n1001', data: { kind: 'spouse' } }, ...g.edges],
          profiles: { ...g.profiles, 'pr:old': { firstName: 'Old', parents: ['u-owner'] }, 'pr:wrong-id': { ...emptyProfile('pr:other') }, 'pr:number': { ...emptyProfile('pr:number'), birthYear: 1950 } },
        };
        return { ...g, ...legacy } as unknown as Graph;
      },
      whole: 5,
    },
  ])('gives back exactly what it encoded: $name', ({ graph, whole }) => {
    const g = graph();
    const wire = encodeGraphColumns(g);
    expect(wire.nodes.raw.length + wire.edges.raw.length + wire.profiles.raw.length).toBe(whole);
    const back = roundTrip(g);
    expect(back).toEqual({ ...g, revision: g.revision ?? 0 });
    expect(back.nodes.map((n) => n.id)).toEqual(g.nodes.map((n) => n.id));
    expect(Object.keys(back.profiles)).toEqual(Object.keys(g.profiles));
  });

  it.each([
    { field: 'modifiedAt of every card (one import)', col: (w: GraphColumns) => w.nodes.cols.modifiedAt, kind: 'c' },
    { field: 'x of the cards', col: (w: GraphColumns) => w.nodes.cols.x, kind: 'v' },
    { field: 'the surnames', col: (w: GraphColumns) => w.profiles.cols.lastName, kind: 'd' },
    { field: 'the relationship lists', col: (w: GraphColumns) => w.profiles.cols.parents, kind: 'l' },
  ])('writes $field as a "$kind" column', ({ col, kind }) => {
    const g = family();
    for (let i = 0; i < 30; i++) {
      const id = `pr:extra${i}`;
      g.profiles[id] = { ...emptyProfile(id), lastName: i % 2 ? 'Lovelace' : 'Byron', createdAt: NOW };
      g.nodes.push({ ...g.nodes[1]!, id: `n${2000 + i}`, position: { x: i * 140, y: 0 }, data: { ...g.nodes[1]!.data, profileId: id } });
    }
    expect(col(encodeGraphColumns(g))![0]).toBe(kind);
  });

  it('names profiles of the graph in relationship lists by row number, and others by id', () => {
    const wire = encodeGraphColumns(family());
    const ids = Object.keys(family().profiles);
    const [, lengths, flat] = wire.profiles.cols.spouses as ['l', number[], unknown[]];
    expect(lengths).toEqual([0, 1, 1, 1]);
    expect(flat).toEqual([ids.indexOf('pr:n1003'), ids.indexOf('pr:n1002'), 'pr:not-in-this-graph']);
  });

  it('is a fraction of the plain JSON for a big tree', () => {
    const g: Graph = { nodes: [], edges: [], profiles: {}, updatedAt: NOW, version: 1, revision: 1 };
    for (let i = 0; i < 2000; i++) {
      const id = `pr:${i.toString(16).padStart(20, '0')}`;
      g.profiles[id] = { ...emptyProfile(id), firstName: ['Ada', 'Clara', 'James'][i % 3]!, lastName: ['Abbott', 'Barnes'][i % 2]!, birthYear: String(1900 + (i % 90)), createdBy: 'u-owner', createdAt: NOW, updatedBy: 'u-owner', updatedAt: NOW, parents: i ? [`pr:${(i >> 1).toString(16).padStart(20, '0')}`] : [] };
      g.nodes.push({ id: `n${1001 + i}`, type: 'person', position: { x: i * 140, y: 160 * (i % 12) }, modifiedAt: NOW, hidden: false, data: { profileId: id, parentRole: '', isPrimary: i === 0 } });
    }
    const plain = JSON.stringify(g).length;
    const compact = JSON.stringify(encodeGraphColumns(g)).length;
    expect(compact).toBeLessThan(plain / 4);
  });

  it('takes profiles stored before the GEDCOM fields (absent reads as empty) and lines with or without a pedigree in the columns', () => {
    const g = family();
    const older = g.profiles['pr:n1003']!;
    delete older.birthDateText;
    delete older.deathDateText;
    delete older.gedcom;
    const imported = g.profiles['pr:n1002']!;
    Object.assign(imported, { birthDateText: 'ABT 1850', deathDateText: '@#DJULIAN@ 1731/32', gedcom: '0 @I1@ INDI\n1 _MILT Navy' });
    g.edges.push({ ...g.edges[0]!, id: 'e-n1003-n1001', source: 'n1003', data: { kind: 'parent', pedigree: 'adopted' } });
    const wire = encodeGraphColumns(g);
    expect(wire.profiles.raw).toEqual([]);
    expect(wire.edges.raw).toEqual([]);
    const back = roundTrip(g);
    expect(back.profiles['pr:n1003']).toEqual({ ...older, birthDateText: '', deathDateText: '', gedcom: '' });
    expect(back.profiles['pr:n1002']).toEqual(imported);
    expect(back.edges.map((e) => e.data)).toEqual([{ kind: 'parent' }, { kind: 'parent', pedigree: 'adopted' }]);
  });

  it('reads a compact form written before the GEDCOM fields and pedigrees had columns', () => {
    const g = family();
    const wire = JSON.parse(JSON.stringify(encodeGraphColumns(g))) as GraphColumns;
    for (const col of ['birthDateText', 'deathDateText', 'gedcom']) delete wire.profiles.cols[col];
    delete wire.edges.cols.pedigree;
    const back = decodeGraphColumns(wire);
    expect(back.profiles['pr:n1002']).toMatchObject({ birthDateText: '', deathDateText: '', gedcom: '', lastName: 'Lovelace' });
    expect(back.edges[0]!.data).toEqual({ kind: 'parent' });
  });
});
