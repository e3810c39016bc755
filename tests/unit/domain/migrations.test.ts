import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkGraph } from '../../../src/domain/checkGraph.ts';
import {
  migrateParentsChildrenV1,
  migrateSpousesV1,
  MIGRATION_IDS,
  runMigrations,
  toCurrentShape,
  type LegacyGraph,
} from '../../../src/domain/migrations.ts';

const fixture = (): LegacyGraph => JSON.parse(readFileSync(new URL('./fixtures/legacy-graph.json', import.meta.url), 'utf8')) as LegacyGraph;

describe("'spouses-v1'", () => {
  it('turns spouse edges into mutual spouse lists and hides them', () => {
    const before = fixture();
    const g = migrateSpousesV1(before);
    expect(before).toEqual(fixture());
    expect(g.profiles['u-alice']!.spouses).toEqual(['pr:bob']);
    expect(g.profiles['pr:bob']!.spouses).toEqual(['u-alice']);
    expect(g.profiles['pr:carol']!.spouses).toEqual(['pr:eve']);
    expect(g.profiles['pr:eve']!.spouses).toEqual(['pr:carol']);
    expect(g.profiles['pr:dan']!.spouses).toBeUndefined();
    const spouseEdges = g.edges.filter((e) => e.data?.kind === 'spouse');
    expect(spouseEdges.map((e) => [e.id, e.hidden])).toEqual([
      ['sp-n1001-n1002', true],
      ['e-n1003-n1005', true],
    ]);
    expect(g.edges.filter((e) => e.data?.kind !== 'spouse')).toEqual(before.edges.filter((e) => e.data?.kind !== 'spouse'));
  });

  it('is idempotent', () => {
    const once = migrateSpousesV1(fixture());
    expect(migrateSpousesV1(once)).toEqual(once);
  });
});

describe("'parents-children-v1'", () => {
  it('turns the other edges into parent and child lists with canonical parent edges', () => {
    const g = migrateParentsChildrenV1(fixture());
    expect(g.profiles['u-alice']!.children).toEqual(['pr:carol', 'pr:dan']);
    expect(g.profiles['pr:bob']!.children).toEqual(['pr:carol']);
    expect(g.profiles['pr:carol']!.parents).toEqual(['u-alice', 'pr:bob']);
    expect(g.profiles['pr:dan']!.parents).toEqual(['u-alice']);
    expect(g.profiles['pr:finn']!.parents).toEqual(['pr:carol', 'pr:eve']);
    expect(g.profiles['pr:eve']!.children).toEqual(['pr:finn']);
    const parentEdges = g.edges.filter((e) => e.data?.kind === 'parent');
    expect(parentEdges.map((e) => e.id)).toEqual(['e-n1001-n1003', 'e-n1002-n1003', 'e-n1001-n1004', 'e-n1003-n1006', 'e-n1005-n1006']);
    for (const e of parentEdges) expect([e.sourceHandle, e.targetHandle]).toEqual(['bottom', 'top']);
    expect(g.edges.filter((e) => e.data?.kind === 'spouse')).toHaveLength(2);
  });

  it('is idempotent', () => {
    const once = migrateParentsChildrenV1(fixture());
    expect(migrateParentsChildrenV1(once)).toEqual(once);
  });
});

describe('runMigrations', () => {
  it('runs both in order and yields a consistent graph of the current shape', () => {
    const { graph, applied } = runMigrations(fixture(), []);
    expect(applied).toEqual([...MIGRATION_IDS]);
    expect(checkGraph(graph)).toEqual([]);
    expect(graph.nodes[0]).toEqual({
      id: 'n1001',
      type: 'person',
      position: { x: 0, y: 0 },
      modifiedAt: '',
      hidden: false,
      data: { profileId: 'u-alice', parentRole: '', isPrimary: true },
    });
    expect(graph.nodes[6]!.data.profileId).toBe('');
    expect(graph.profiles['pr:eve']!.gender).toBe('');
    expect(graph.profiles['pr:dan']).toMatchObject({ lastName: '', bio: '', spouses: [], parents: ['u-alice'], children: [] });
  });

  it('skips migrations already recorded', () => {
    const { graph, applied } = runMigrations(fixture(), ['spouses-v1']);
    expect(applied).toEqual(['parents-children-v1']);
    expect(graph.profiles['u-alice']!.spouses).toEqual([]);
  });

  it('leaves a graph of the current shape as it is', () => {
    const { graph } = runMigrations(fixture(), []);
    expect(runMigrations(graph as unknown as LegacyGraph, []).graph).toEqual(graph);
    expect(toCurrentShape(graph as unknown as LegacyGraph)).toEqual(graph);
  });

  it.each([
    ['adopted', { kind: 'parent', pedigree: 'adopted' }],
    ['step', { kind: 'parent', pedigree: 'step' }],
    ['unknown', { kind: 'parent', pedigree: 'unknown' }],
    ['sealing', { kind: 'parent', pedigree: 'sealing' }],
    ['godparent', { kind: 'parent' }],
  ])('keeps a parent line\'s %s pedigree when it is a known one (a reload lost it)', (pedigree, data) => {
    const edge = { id: 'e-n1-n2', source: 'n1', target: 'n2', sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', hidden: false, data: { kind: 'parent', pedigree } };
    expect(toCurrentShape({ nodes: [], edges: [edge], profiles: {}, updatedAt: '', version: 1 } as unknown as LegacyGraph).edges[0]!.data).toEqual(data);
  });
});
