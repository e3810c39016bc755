import { describe, expect, it } from 'vitest';
import { ahnentafel, fanColourIndex, fanRelation, fanHit, fanLabel, fanRings, fanSlot, fanSlots, fatherAndMother, generationOf } from '../../../engine/export/fan.ts';
import { buildFanScene, type FanModel } from '../../../engine/export/fanScene.ts';
import { boxOfShapes, sectorPath } from '../../../engine/export/ops.ts';
import { writeSvg } from '../../../engine/export/svg.ts';
import { chartThemes } from '../../../engine/export/themes.ts';
import { nodeFontSet } from '../../exportFonts.ts';

const PI = Math.PI;
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe('fan geometry (issue 22)', () => {
  it.each([
    [1, 0], [2, 1], [3, 1], [4, 2], [7, 2], [8, 3], [15, 3], [512, 9], [1023, 9],
  ])('Ahnentafel %d is in generation %d', (n, g) => expect(generationOf(n)).toBe(g));

  it.each([
    // generations, span, [r0, r1, radial] per ring
    [4, 'full', [[0, 70, false], [70, 126, false], [126, 182, false], [182, 238, false]]],
    [4, 'half', [[0, 70, false], [70, 126, false], [126, 182, false], [182, 302, true]]],
    [7, 'full', [[0, 70, false], [70, 126, false], [126, 182, false], [182, 238, false], [238, 294, false], [294, 414, true], [414, 534, true]]],
    [10, 'full', [[0, 70, false], [70, 126, false], [126, 182, false], [182, 238, false], [238, 294, false], [294, 414, true], [414, 534, true], [534, 654, true], [654, 774, true], [774, 894, true]]],
    // Out of range: 4 to 10 generations.
    [2, 'full', [[0, 70, false], [70, 126, false], [126, 182, false], [182, 238, false]]],
  ] as const)('%d generations, %s circle: one ring per generation', (g, span, rings) => {
    expect(fanRings(g, span).map((r) => [r.r0, r.r1, r.radial])).toEqual(rings);
  });

  it('clamps to 10 generations', () => expect(fanRings(14, 'half')).toHaveLength(10));

  it.each([
    // n, span, a0, a1: the half fan from the left over the top; the full one from the bottom round the left.
    [1, 'half', -PI, 0],
    [2, 'half', -PI, -PI / 2],
    [3, 'half', -PI / 2, 0],
    [4, 'half', -PI, -3 * PI / 4],
    [7, 'half', -PI / 4, 0],
    [1, 'full', PI / 2, 5 * PI / 2],
    [2, 'full', PI / 2, 3 * PI / 2],
    [3, 'full', 3 * PI / 2, 5 * PI / 2],
    [5, 'full', PI, 3 * PI / 2],
    [8, 'full', PI / 2, PI / 2 + PI / 4],
  ] as const)('slot %d (%s) runs from %f to %f', (n, span, a0, a1) => {
    const s = fanSlot(n, fanRings(4, span), span)!;
    close(s.a0, a0);
    close(s.a1, a1);
  });

  it('has no slot past the last ring', () => expect(fanSlot(16, fanRings(4, 'full'), 'full')).toBeNull());

  it.each(['half', 'full'] as const)('%s: each slot tiles its ring with no gap, 2^g slots in ring g', (span) => {
    const slots = fanSlots(10, span);
    expect(slots).toHaveLength(1023);
    for (let g = 1; g < 10; g++) {
      const ring = slots.filter((s) => s.generation === g);
      expect(ring).toHaveLength(2 ** g);
      for (let i = 1; i < ring.length; i++) close(ring[i]!.a0, ring[i - 1]!.a1);
      close(ring[ring.length - 1]!.a1 - ring[0]!.a0, span === 'half' ? PI : 2 * PI);
    }
  });

  it.each(['half', 'full'] as const)('%s: the middle of every slot hits that slot (10 generations)', (span) => {
    const rings = fanRings(10, span);
    for (const s of fanSlots(10, span)) {
      if (s.generation === 0) continue;
      const m = (s.a0 + s.a1) / 2, r = (s.r0 + s.r1) / 2;
      expect(fanHit(r * Math.cos(m), r * Math.sin(m), rings, span)).toBe(s.n);
    }
  });

  it.each([
    [-100, -10, 'half', 2],
    [100, -10, 'half', 3],
    [0, -10, 'half', 1],
    [0, 50, 'half', null], // under the half disc
    [0, 100, 'half', null],
    [0, 50, 'full', 1],
    [-100, 0, 'full', 2],
    [100, 0, 'full', 3],
    [0, 1000, 'full', null], // outside the fan
  ] as const)('a click at (%d, %d) on a %s fan is on %s', (x, y, span, n) => {
    expect(fanHit(x, y, fanRings(4, span), span)).toBe(n);
  });

  it.each([
    // n, span, angle: names never upside down
    [2, 'half', -PI / 4],
    [3, 'half', PI / 4],
    [2, 'full', -PI / 2],
    [3, 'full', PI / 2],
    [8, 'half', PI / 16], // radial, left: turned to read left to right
    [15, 'half', -PI / 16], // radial, right
  ] as const)('slot %d (%s) writes its name at %f radians', (n, span, angle) => {
    const s = fanSlot(n, fanRings(4, span), span)!;
    const l = fanLabel(s, span);
    close(l.angle, angle);
    expect(Math.cos(l.angle)).toBeGreaterThan(-1e-9);
  });

  it('radial names are as long as the ring is deep; arc names as the arc is long', () => {
    const rings = fanRings(4, 'half');
    expect(fanLabel(fanSlot(8, rings, 'half')!, 'half').maxWidth).toBe(110);
    expect(fanLabel(fanSlot(2, rings, 'half')!, 'half').maxWidth).toBeCloseTo(2 * 70 * Math.sin(PI / 4) * 0.92, 6);
    expect(fanLabel(fanSlot(8, rings, 'half')!, 'half').maxSize).toBeCloseTo(Math.min(11, (PI / 8) * 182 * 0.8), 6);
  });

  it.each([
    [2, 'branch', 0], [3, 'branch', 2], [4, 'branch', 0], [5, 'branch', 1], [6, 'branch', 2], [7, 'branch', 3],
    [8, 'branch', 0], [12, 'branch', 2], [15, 'branch', 3], [1000, 'branch', 3],
    [1, 'branch', null], [1, 'generation', null], [3, 'generation', 0], [5, 'generation', 1], [512, 'generation', 8],
  ] as const)('slot %d coloured by %s takes colour %s', (n, by, i) => expect(fanColourIndex(n, by)).toBe(i));

  it('numbers the ancestors: 2n the father of n, 2n + 1 the mother, up to the generations asked', () => {
    const parents: Record<string, [string | null, string | null]> = { A: ['F', 'M'], F: ['FF', 'FM'], M: [null, 'MM'], FF: ['FFF', null], MM: ['X', 'Y'] };
    const at = (g: number) => Object.fromEntries(ahnentafel('A', g, (id) => parents[id] ?? [null, null]));
    expect(at(3)).toEqual({ 1: 'A', 2: 'F', 3: 'M', 4: 'FF', 5: 'FM', 7: 'MM' });
    expect(at(4)).toEqual({ 1: 'A', 2: 'F', 3: 'M', 4: 'FF', 5: 'FM', 7: 'MM', 8: 'FFF', 14: 'X', 15: 'Y' });
  });

  it('a person who is an ancestor twice takes both slots', () => {
    const parents: Record<string, [string, string]> = { A: ['F', 'M'], F: ['G', 'H'], M: ['G', 'K'] };
    const got = ahnentafel('A', 3, (id) => parents[id] ?? [null, null] as never);
    expect(got.get(4)).toBe('G');
    expect(got.get(6)).toBe('G');
  });

  const genders: Record<string, string> = { a: 'M', c: 'M', b: 'F', d: 'F', x: '', y: '' };
  it.each([
    [['a', 'b'], ['a', 'b']],
    [['b', 'a'], ['a', 'b']],
    [['x', 'b'], ['x', 'b']],
    [['b', 'x'], ['x', 'b']],
    [['x', 'y'], ['x', 'y']],
    [['a', 'c'], ['a', 'c']],
    [['b', 'd'], ['d', 'b']],
    [['b'], [null, 'b']],
    [['a'], ['a', null]],
    [[], [null, null]],
    [['a', 'b', 'x'], ['a', 'b']],
  ])('parents %j are father and mother %j', (parents, out) => expect(fatherAndMother(parents, (id) => genders[id]!)).toEqual(out));

  it.each([
    [1, ''], [2, 'Father'], [3, 'Mother'], [5, 'Father’s mother'], [6, 'Mother’s father'], [13, 'Mother’s father’s mother'],
  ])('Ahnentafel %d is “%s”', (n, words) => expect(fanRelation(n)).toBe(words));

  it('a sector path runs along its arcs, quarter turns at most, and closes', () => {
    const cmds = sectorPath({ kind: 'sector', cx: 0, cy: 0, r0: 50, r1: 100, a0: 0, a1: PI });
    expect(cmds.map((c) => c.op).join('')).toBe('MCCLCCL');
    const last = cmds[cmds.length - 1]!;
    expect([last.x, last.y]).toEqual([cmds[0]!.x, cmds[0]!.y]);
    // The outer arc passes through the bottom (y down: angle π/2) at radius 100.
    close(cmds[1]!.x, 0);
    close(cmds[1]!.y, 100);
    const [x0, y0, x1, y1] = boxOfShapes([{ kind: 'sector', cx: 0, cy: 0, r0: 50, r1: 100, a0: 0, a1: PI }], 0);
    expect(x0).toBeLessThanOrEqual(-100);
    expect(x1).toBeGreaterThanOrEqual(100);
    expect(y0).toBeCloseTo(0, 6);
    expect(y1).toBeGreaterThanOrEqual(100);
  });
});

describe('fan chart drawing (issue 22)', () => {
  const NAMES = ['Ada King', 'William King', 'Margaret Hale', 'John King', 'Mary Bell', 'Tom Hale', 'Ann Lee', 'Hugh King', 'Jane Moor', 'Will Bell', 'Rose Gray', 'Sam Hale', 'Kate Finch', 'Ned Lee', 'Lucy Stone'];
  const model = (span: 'half' | 'full'): FanModel => ({
    span, generations: 4, colourBy: 'branch', title: 'Ancestors of Ada King',
    people: NAMES.map((name, i) => ({ n: i + 1, id: `p${i + 1}`, name, years: `${1990 - 30 * Math.floor(Math.log2(i + 1))}–` })),
  });

  it.each(['half', 'full'] as const)('an SVG of a %s fan holds every name as <text>, turned along its slot', async (span) => {
    const fonts = await nodeFontSet();
    const scene = buildFanScene(model(span), { theme: chartThemes.print, measure: (t, s, w) => fonts.measure(t, s, w) });
    expect(scene.names).toEqual(NAMES);
    const svg = writeSvg(scene, { fonts });
    for (const name of NAMES) expect(svg).toMatch(new RegExp(`<text [^>]*>${name}</text>`));
    expect(svg).toMatch(/<text [^>]*transform="rotate\(-?[\d.]+ [\d.]+ [\d.]+\)"[^>]*>William King<\/text>/);
    // 15 slots filled, and the 16 empty ones above the great-grandparents are not drawn (4 generations).
    expect(scene.ops.filter((o) => o.kind === 'shape' && o.fill).length).toBe(15);
  });

  it('shows an unknown parent as an empty dashed slot, and nothing above it', async () => {
    const fonts = await nodeFontSet();
    const m = model('full');
    m.people = m.people.filter((p) => p.n !== 3 && p.n !== 6 && p.n !== 7 && p.n < 12);
    const scene = buildFanScene(m, { theme: chartThemes.light, measure: (t, s, w) => fonts.measure(t, s, w) });
    const dashed = scene.ops.filter((o) => o.kind === 'shape' && o.dash.length);
    // Only the mother's slot: her parents' slots (6, 7) have no known child, so they are not drawn.
    expect(dashed).toHaveLength(1);
    expect(scene.names).not.toContain('Margaret Hale');
  });

  it('is as big as its outermost drawn ring: the empty slots above the last known people, no more', async () => {
    const fonts = await nodeFontSet();
    const measure = (t: string, s: number, w: number) => fonts.measure(t, s, w);
    const m = model('half');
    m.generations = 8;
    m.people = m.people.filter((p) => p.n < 4); // parents only: their parents' slots are the last ring drawn
    const scene = buildFanScene(m, { theme: chartThemes.print, measure });
    const rings = fanRings(8, 'half');
    expect(scene.width).toBe(2 * rings[2]!.r1 + 80);
    m.people = model('half').people; // great-grandparents: their parents' slots in ring 4
    expect(buildFanScene(m, { theme: chartThemes.print, measure }).width).toBe(2 * rings[4]!.r1 + 80);
  });

  it('a long name is cut with an ellipsis to its slot', async () => {
    const fonts = await nodeFontSet();
    const m = model('half');
    m.people[7] = { ...m.people[7]!, name: 'Bartholomew Maximilian Fitzwilliam-Worthington the Younger' };
    const scene = buildFanScene(m, { theme: chartThemes.print, measure: (t, s, w) => fonts.measure(t, s, w) });
    const text = scene.ops.find((o) => o.kind === 'text' && o.text.startsWith('Bartholomew'));
    expect(text && text.kind === 'text' && text.text.endsWith('…')).toBe(true);
    expect(text && text.kind === 'text' && text.width).toBeLessThanOrEqual(110);
  });
});
