import { describe, expect, it } from 'vitest';
import { emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { changeSetShapeProblem } from '../../../src/domain/save/validate.ts';
import { chunkChangeSet, chunked, chunkTooLarge, importTooLarge, IMPORT_LIMITS, isChunked, joinChunkBodies, mergeChangeSetChunks, peopleIn } from '../../../src/domain/changeSetChunks.ts';
import { parseImportChunk } from '../../../src/domain/importUpload.ts';
import type { GraphEdge, GraphNode } from '../../../src/domain/types.ts';

const node = (n: number): GraphNode => ({
  id: `n${n}`,
  type: 'person',
  position: { x: n, y: 0 },
  modifiedAt: '2024-01-01T00:00:00.000Z',
  hidden: false,
  data: { profileId: `pr:${n}`, parentRole: '', isPrimary: false },
});
const edge = (a: number, b: number): GraphEdge => ({
  id: `e-n${a}-n${b}`,
  source: `n${a}`,
  target: `n${b}`,
  sourceHandle: 'bottom',
  targetHandle: 'top',
  type: 'smoothstep',
  hidden: false,
  data: { kind: 'parent' },
});

/** A change set with every list filled: cards, lines, profiles, and removals of each. */
function sample(people: number, baseRevision = 7): ChangeSet {
  const cs = emptyChangeSet(baseRevision);
  for (let i = 1; i <= people; i++) {
    cs.nodes.upsert.push(node(1000 + i));
    cs.profiles.upsert.push({ id: `pr:${1000 + i}`, create: true, set: { firstName: `Person ${i}` }, add: i > 1 ? { parents: [`pr:${1000 + i - 1}`] } : undefined });
    if (i > 1) cs.edges.upsert.push(edge(1000 + i - 1, 1000 + i));
  }
  cs.nodes.remove.push('n1');
  cs.edges.remove.push('e-n1-n2');
  cs.profiles.remove.push('pr:old');
  for (const p of cs.profiles.upsert) if (!p.add) delete p.add;
  return cs;
}

describe('chunkChangeSet and mergeChangeSetChunks', () => {
  it.each([
    { people: 0, maxChars: 1000, chunks: 1 },
    { people: 1, maxChars: 100_000, chunks: 1 },
    { people: 50, maxChars: 2000, chunks: 'several' },
    { people: 50, maxChars: 1, chunks: 'one item each' },
  ] as const)('$people people in chunks of $maxChars characters: $chunks, joined back to the same change set', ({ people, maxChars, chunks }) => {
    const cs = sample(people);
    const bodies = chunkChangeSet(cs, maxChars);
    const items = cs.nodes.upsert.length + cs.edges.upsert.length + cs.profiles.upsert.length + 3;
    if (chunks === 1) expect(bodies).toHaveLength(1);
    if (chunks === 'several') expect(bodies.length).toBeGreaterThan(5);
    if (chunks === 'one item each') expect(bodies).toHaveLength(items);

    const parsed = bodies.map((b) => JSON.parse(b) as ChangeSet);
    for (const p of parsed) {
      expect(changeSetShapeProblem(p)).toBeNull();
      expect(p.baseRevision).toBe(7);
    }
    if (chunks === 'several') for (const b of bodies) expect(b.length).toBeLessThan(maxChars + 400);
    expect(mergeChangeSetChunks(parsed)).toEqual({ ok: true, changes: cs });
  });

  it('items of very different sizes: bodies stay under the size (one too large travels alone), joined back whole', () => {
    const cs = sample(400);
    // Small first items make the estimate low; the large ones after them make bodies come out too long.
    cs.profiles.upsert.forEach((p, i) => (p.set = { firstName: 'x'.repeat(i % 50 < 40 ? 5 : i % 97 === 0 ? 9000 : 1500) }));
    const bodies = chunkChangeSet(cs, 8000);
    for (const b of bodies) {
      const part = JSON.parse(b) as ChangeSet;
      const items = part.nodes.upsert.length + part.nodes.remove.length + part.edges.upsert.length + part.edges.remove.length + part.profiles.upsert.length + part.profiles.remove.length;
      if (items > 1) expect(b.length).toBeLessThanOrEqual(8000);
    }
    expect(bodies.some((b) => b.length > 8000)).toBe(true);
    expect(mergeChangeSetChunks(bodies.map((b) => JSON.parse(b) as ChangeSet))).toEqual({ ok: true, changes: cs });
  });

  it.each([
    { what: 'a card', move: (c: ChangeSet[]) => c[1]!.nodes.upsert.push(c[0]!.nodes.upsert[0]!), message: 'The import names card n1001 twice (chunks 1 and 2).' },
    { what: 'a removed card', move: (c: ChangeSet[]) => c[2]!.nodes.remove.push('n1001'), message: 'The import names card n1001 twice (chunks 1 and 3).' },
    { what: 'a line', move: (c: ChangeSet[]) => c[2]!.edges.upsert.push(c[1]!.edges.upsert[0]!), message: 'The import names line e-n1001-n1002 twice (chunks 2 and 3).' },
    { what: 'a profile', move: (c: ChangeSet[]) => c[0]!.profiles.upsert.push(c[2]!.profiles.upsert[0]!), message: 'The import names profile pr:1001 twice (chunks 1 and 3).' },
  ])('refuses $what named in two chunks, naming both', ({ move, message }) => {
    const base = sample(3);
    const chunks = [emptyChangeSet(7), emptyChangeSet(7), emptyChangeSet(7)];
    chunks[0]!.nodes.upsert = base.nodes.upsert;
    chunks[1]!.edges.upsert = base.edges.upsert;
    chunks[2]!.profiles.upsert = base.profiles.upsert;
    move(chunks);
    expect(mergeChangeSetChunks(chunks)).toEqual({ ok: false, message });
  });

  it('a change set cut into bodies (as the import worker sends it) is read back whole, pausing between bodies', async () => {
    const cs = sample(300);
    const cut = chunked(cs, 5000);
    expect(isChunked(cut)).toBe(true);
    expect(isChunked(cs)).toBe(false);
    expect(cut).toMatchObject({ maxChars: 5000, people: 300 });
    expect(cut.bodies.length).toBeGreaterThan(5);
    let pauses = 0;
    expect(await joinChunkBodies(cut.bodies, async () => void pauses++)).toEqual(cs);
    expect(pauses).toBe(cut.bodies.length - 1);
  });

  it('counts people as the cards an import brings in', () => {
    expect(peopleIn(sample(12))).toBe(12);
    expect(peopleIn(emptyChangeSet(0))).toBe(0);
  });

  it.each([
    { limits: IMPORT_LIMITS, tooLarge: 'An import can bring in at most 150,000 people and 250 MB. Split the file and import it in parts.', chunk: 'Chunk 3 is larger than 8 MB. Nothing was imported.' },
    { limits: { ...IMPORT_LIMITS, people: 500, bytes: 400_000, chunkBytes: 100_000 }, tooLarge: 'An import can bring in at most 500 people and 390 KB. Split the file and import it in parts.', chunk: 'Chunk 3 is larger than 97 KB. Nothing was imported.' },
  ])('states the limits in its messages ($tooLarge)', ({ limits, tooLarge, chunk }) => {
    expect(importTooLarge(limits)).toBe(tooLarge);
    expect(chunkTooLarge(2, limits)).toBe(chunk);
  });
});

describe('events in chunk bodies', () => {
  const ev = (id: string) => ({ id, type: 'RESI' as const, customType: '', date: 'ABT 1850', placeId: 'pl1', description: '', age: '', citations: [{ id: `ci-${id}`, sourceId: 'sr1', page: 'folio 1', date: '', quality: null, text: '' }] });
  function withEvents(): ChangeSet {
    const cs = sample(40);
    cs.profiles.upsert = cs.profiles.upsert.map((p, i) => (i % 2 ? { ...p, events: { upsert: [ev(`ev${i}a`), ev(`ev${i}b`)], remove: ['old'] } } : p));
    cs.couples = { upsert: [{ id: 'cp-pr:1-pr:2', partners: ['pr:1', 'pr:2'], events: [{ ...ev('evm'), type: 'MARR' }] }], remove: [] };
    return cs;
  }

  it('travel packed, fewer characters, and come back exactly whichever way the bodies are read', async () => {
    const cs = withEvents();
    const bodies = chunkChangeSet(cs, 2000);
    expect(bodies.some((b) => b.includes('"upsert":[["ev'))).toBe(true);
    expect(bodies.join('').length).toBeLessThan(JSON.stringify(cs).length);
    expect(await joinChunkBodies(bodies)).toEqual(cs);
    const parsed = bodies.map((b) => parseImportChunk(0, b));
    for (const p of parsed) expect(p.ok).toBe(true);
    const merged = mergeChangeSetChunks(parsed.map((p) => (p.ok ? p.changes : emptyChangeSet(0))));
    expect(merged).toEqual({ ok: true, changes: cs });
    // Cut again (an importer aiming at another size): packing packed events changes nothing.
    expect(await joinChunkBodies(chunkChangeSet(await joinChunkBodies(bodies), 5000))).toEqual(cs);
  });

  it.each([
    ['a packed event with a number for its date', [['ev1', 'RESI', 1850]]],
    ['citations that are not a list', [['ev1', 'RESI', '', '', '', '', '', 0, 'x']]],
    ['a citation with a number for its page', [['ev1', 'RESI', '', '', '', '', '', 0, [['ci1', 'sr1', 12]]]]],
  ])('a chunk with %s is refused by the shape check, not by a crash', (_, events) => {
    const body = JSON.stringify({ ...emptyChangeSet(0), profiles: { upsert: [{ id: 'pr:1', events: { upsert: events, remove: [] } }], remove: [] } });
    const read = parseImportChunk(2, body);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/^Chunk 3 is not valid: .+\. Nothing was imported\.$/);
  });
});
