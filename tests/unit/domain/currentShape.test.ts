import { describe, expect, it } from 'vitest';
import { isCurrentEdge, isCurrentNode, isCurrentProfile } from '../../../src/domain/currentShape.ts';
import { toCurrentShape, type LegacyGraph } from '../../../src/domain/migrations.ts';
import { emptyProfile, RELATION_FIELDS, SCALAR_FIELDS } from '../../../src/domain/profile.ts';

const node = { id: 'n1', type: 'person', position: { x: 10, y: -20 }, modifiedAt: '', hidden: false, data: { profileId: 'p1', parentRole: '', isPrimary: false } };
const edge = { id: 'e-n1-n2', source: 'n1', target: 'n2', sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', hidden: false, data: { kind: 'parent' } };
const profile = emptyProfile('p1');
const event = { id: 'ev1', type: 'BIRT', customType: '', date: 'ABT 1850', placeId: '', description: '', age: '' };
const citation = { id: 'c1', sourceId: 's1', page: '', date: '', quality: null, text: '' };
const name = { id: 'nm1', kind: 'aka', prefix: '', given: 'Bertie', surnamePrefix: '', surname: '', suffix: '', nickname: '' };

const with_ = <T extends object>(base: T, change: Record<string, unknown>) => ({ ...base, ...change }) as T;

/** Each item: whether it is already what toCurrentShape makes of it. */
const nodes: [string, unknown, boolean][] = [
  ['a current node', node, true],
  ['canvas state (selected)', with_(node, { selected: true }), false],
  ['no modifiedAt', with_(node, { modifiedAt: undefined }), false],
  ['a NaN position', with_(node, { position: { x: NaN, y: 0 } }), false],
  ['a -0 position', with_(node, { position: { x: -0, y: 0 } }), false],
  ['a position as text', with_(node, { position: { x: '3', y: 0 } }), false],
  ['an unknown parent role', with_(node, { data: { profileId: 'p1', parentRole: 'uncle', isPrimary: false } }), false],
  ['a mother', with_(node, { data: { profileId: 'p1', parentRole: 'mother', isPrimary: true } }), true],
  ['hidden as 1', with_(node, { hidden: 1 }), false],
  ['another type', with_(node, { type: 'default' }), false],
];
const edges: [string, unknown, boolean][] = [
  ['a current parent line', edge, true],
  ['an adopted child', with_(edge, { data: { kind: 'parent', pedigree: 'adopted' } }), true],
  ['an unknown pedigree', with_(edge, { data: { kind: 'parent', pedigree: 'godparent' } }), false],
  ['a pedigree left undefined', with_(edge, { data: { kind: 'parent', pedigree: undefined } }), false],
  ['a spouse line', with_(edge, { data: { kind: 'spouse' } }), true],
  ['a spouse line with a pedigree', with_(edge, { data: { kind: 'spouse', pedigree: 'step' } }), false],
  ['no kind', with_(edge, { data: {} }), false],
  ['a null handle', with_(edge, { sourceHandle: null }), false],
  ['an empty type', with_(edge, { type: '' }), false],
  ['canvas state (animated)', with_(edge, { animated: true }), false],
];
const profiles: [string, unknown, boolean][] = [
  ['a current profile', profile, true],
  ['another id than its key', emptyProfile('p2'), false],
  ['a missing field (before notes)', (({ note: _, ...p }) => p)(profile), false],
  ['an unknown gender', with_(profile, { gender: 'X' }), false],
  ['no spouses list', with_(profile, { spouses: undefined }), false],
  ['an unknown field', with_(profile, { age: '3' }), false],
  ['events in their normal form', with_(profile, { events: [event, { ...event, id: 'ev2', note: 'n', citations: [citation] }] }), true],
  ['an empty list of events', with_(profile, { events: [] }), true],
  ['an event without its age', with_(profile, { events: [(({ age: _, ...e }) => e)(event)] }), false],
  ['an event with an empty note', with_(profile, { events: [{ ...event, note: '' }] }), false],
  ['an event with no citations', with_(profile, { events: [{ ...event, citations: [] }] }), false],
  ['a citation without quality', with_(profile, { citations: [(({ quality: _, ...c }) => c)(citation)] }), false],
  ['names in their normal form', with_(profile, { names: [name, { ...name, id: 'nm2', citations: [citation] }] }), true],
  ['a name without its nickname', with_(profile, { names: [(({ nickname: _, ...n }) => n)(name)] }), false],
  ['events as null', with_(profile, { events: null }), false],
  ['events not loaded, with their outline', with_(profile, { eventsNotLoaded: [{ type: 'BURI', placeId: '' }, { type: 'EVEN', placeId: 'pl1', customType: 'Reunion' }] }), true],
  ['events not loaded as null', with_(profile, { eventsNotLoaded: null }), false],
  // Every scalar and list the current shape has (the check names them one by one).
  ...[...SCALAR_FIELDS, ...RELATION_FIELDS].map((f): [string, unknown, boolean] => [`${f} missing`, with_(profile, { [f]: undefined }), false]),
  ...SCALAR_FIELDS.map((f): [string, unknown, boolean] => [`${f} as a number`, with_(profile, { [f]: 3 }), false]),
];

const graphOf = (g: Partial<LegacyGraph>) => toCurrentShape({ nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1, ...g } as LegacyGraph);

describe('the current shape', () => {
  it.each(nodes)('node: %s', (_, n, current) => {
    expect(isCurrentNode(n)).toBe(current);
    const [out] = graphOf({ nodes: [n as LegacyGraph['nodes'][number]] }).nodes;
    // Kept as it is exactly when it is what the copy would be.
    if (current) expect(out).toBe(n);
    else expect(isEqualStrict(out, n)).toBe(false);
  });

  it.each(edges)('edge: %s', (_, e, current) => {
    expect(isCurrentEdge(e)).toBe(current);
    const [out] = graphOf({ edges: [e as LegacyGraph['edges'][number]] }).edges;
    if (current) expect(out).toBe(e);
    else expect(isEqualStrict(out, e)).toBe(false);
  });

  it.each(profiles)('profile: %s', (_, p, current) => {
    expect(isCurrentProfile('p1', p)).toBe(current);
    const out = graphOf({ profiles: { p1: p as LegacyGraph['profiles'][string] } }).profiles.p1;
    if (current) expect(out).toBe(p);
    else expect(isEqualStrict(out, p)).toBe(false);
  });

  it('keeps the marker of events not loaded on a profile it has to copy ("not loaded" is never "none")', () => {
    const outline = [{ type: 'DEAT', placeId: 'pl7' }];
    const old = (({ note: _, ...p }) => ({ ...p, eventsNotLoaded: outline }))(profile);
    const out = graphOf({ profiles: { p1: old as unknown as LegacyGraph['profiles'][string] } }).profiles.p1!;
    expect(out).not.toBe(old);
    expect(out.eventsNotLoaded).toEqual(outline);
  });

  it('gives the graph records of its own', () => {
    const stored = { nodes: [node], edges: [edge], profiles: { p1: profile }, updatedAt: '', version: 1 } as unknown as LegacyGraph;
    const g = toCurrentShape(stored);
    expect(g.nodes).not.toBe(stored.nodes);
    expect(g.edges).not.toBe(stored.edges);
    expect(g.profiles).not.toBe(stored.profiles);
    expect(g.profiles).toEqual(stored.profiles);
  });
});

/** Equal with undefined-valued keys and -0 counting (what keeping instead of copying must respect). */
function isEqualStrict(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && isEqualStrict((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
