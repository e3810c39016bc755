/**
 * Fan chart geometry (issue 22): a person's ancestors in rings around them, one ring per
 * generation, each ancestor in the angular slot of their Ahnentafel number (1 the person, 2n the
 * father of n, 2n + 1 the mother), over a half circle (the top) or a full one. Pure: numbers in,
 * rings, slots, label places and hits out, in units centred on the chart's middle (y down, angles
 * clockwise from the right, as a canvas turns).
 */

export type FanSpan = 'half' | 'full';
export type FanColourBy = 'branch' | 'generation';

export const FAN_MIN_GENERATIONS = 4;
export const FAN_MAX_GENERATIONS = 10;

/** The person in the middle: a disc (full) or a half disc (half). */
export const FAN_CENTRE_RADIUS = 70;
/** A ring whose names run along the arc: name and years, two lines. */
export const FAN_ARC_RING = 56;
/** A ring whose names run outwards (its slots too narrow for a name along the arc). */
export const FAN_RADIAL_RING = 120;
/** The arc length, at a ring's middle, under which its names turn radial (a name at 11 units). */
export const FAN_ARC_MIN = 90;

export interface FanRing {
  /** 0 the person, 1 the parents, … */
  generation: number;
  r0: number;
  r1: number;
  radial: boolean;
}

export interface FanSlot {
  /** Ahnentafel number. */
  n: number;
  generation: number;
  r0: number;
  r1: number;
  /** Start and end angles, radians, a0 < a1. */
  a0: number;
  a1: number;
  radial: boolean;
}

/** Where a slot's name is written: a text block centred on (x, y), turned by `angle`. */
export interface FanLabel {
  x: number;
  y: number;
  angle: number;
  /** The longest a line may be. */
  maxWidth: number;
  /** The tallest a line may be (radial slots are thin at their inner end). */
  maxSize: number;
}

export const clampGenerations = (g: number) => Math.max(FAN_MIN_GENERATIONS, Math.min(FAN_MAX_GENERATIONS, Math.round(g) || FAN_MIN_GENERATIONS));

/** Where the fan starts and how far it turns: the half fan from the left over the top; the full one from the bottom, fathers' side on the left. */
export function fanArc(span: FanSpan): { start: number; sweep: number } {
  return span === 'half' ? { start: -Math.PI, sweep: Math.PI } : { start: Math.PI / 2, sweep: 2 * Math.PI };
}

/** The generation of Ahnentafel number n (1 → 0, 2–3 → 1, 4–7 → 2, …). */
export const generationOf = (n: number) => 31 - Math.clz32(n);

/** The rings of a fan of `generations` generations counting the person (4–10). */
export function fanRings(generations: number, span: FanSpan): FanRing[] {
  const { sweep } = fanArc(span);
  const rings: FanRing[] = [{ generation: 0, r0: 0, r1: FAN_CENTRE_RADIUS, radial: false }];
  for (let g = 1; g < clampGenerations(generations); g++) {
    const r0 = rings[g - 1]!.r1;
    const arc = (sweep / 2 ** g) * (r0 + FAN_ARC_RING / 2);
    // Once a ring is radial, every ring outside it is (its slots only get narrower).
    const radial = rings[g - 1]!.radial || arc < FAN_ARC_MIN;
    rings.push({ generation: g, r0, r1: r0 + (radial ? FAN_RADIAL_RING : FAN_ARC_RING), radial });
  }
  return rings;
}

/** The slot of Ahnentafel number n, or null past the rings. */
export function fanSlot(n: number, rings: readonly FanRing[], span: FanSpan): FanSlot | null {
  const g = generationOf(n);
  const ring = rings[g];
  if (!ring || n < 1) return null;
  const { start, sweep } = fanArc(span);
  const count = 2 ** g;
  const i = n - count;
  // The person in the middle fills the whole sweep.
  return { n, generation: g, r0: ring.r0, r1: ring.r1, a0: start + (sweep * i) / count, a1: start + (sweep * (i + 1)) / count, radial: ring.radial };
}

/** Every slot of the fan, Ahnentafel order. */
export function fanSlots(generations: number, span: FanSpan): FanSlot[] {
  const rings = fanRings(generations, span);
  const out: FanSlot[] = [];
  for (let n = 1; n < 2 ** rings.length; n++) out.push(fanSlot(n, rings, span)!);
  return out;
}

/** An angle turned into [-π, π). */
const norm = (a: number) => a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));

/**
 * Where a slot's name goes. Arc rings: across the slot's middle, along the arc, turned so it never
 * reads upside down (under the centre it turns the other way). Radial rings: from the inside out,
 * turned on the left so it reads left to right. The person in the middle: level.
 */
export function fanLabel(s: FanSlot, span: FanSpan): FanLabel {
  if (s.generation === 0) {
    const r = s.r1;
    return span === 'half' ? { x: 0, y: -r * 0.42, angle: 0, maxWidth: r * 1.6, maxSize: 13 } : { x: 0, y: 0, angle: 0, maxWidth: r * 1.7, maxSize: 13 };
  }
  const m = (s.a0 + s.a1) / 2;
  const rm = (s.r0 + s.r1) / 2;
  const x = rm * Math.cos(m), y = rm * Math.sin(m);
  const sweep = s.a1 - s.a0;
  if (!s.radial) {
    const below = Math.sin(m) > 1e-9;
    return { x, y, angle: norm(below ? m - Math.PI / 2 : m + Math.PI / 2), maxWidth: Math.min(2 * s.r0 * Math.sin(Math.min(sweep, Math.PI) / 2), sweep * s.r0) * 0.92, maxSize: 11 };
  }
  const left = Math.cos(m) < -1e-9;
  const inner = sweep * s.r0;
  return { x, y, angle: norm(left ? m + Math.PI : m), maxWidth: (s.r1 - s.r0) - 10, maxSize: Math.max(3, Math.min(11, inner * 0.8)) };
}

/** The Ahnentafel number at (x, y) (chart units, centred), or null outside the fan. */
export function fanHit(x: number, y: number, rings: readonly FanRing[], span: FanSpan): number | null {
  const r = Math.hypot(x, y);
  const g = rings.findIndex((ring) => r >= ring.r0 && r < ring.r1);
  if (g < 0) return null;
  const { start, sweep } = fanArc(span);
  if (g === 0) return span === 'full' || y <= 0 ? 1 : null;
  const turn = ((Math.atan2(y, x) - start) % (2 * Math.PI) + 2 * Math.PI) % (2 * Math.PI);
  if (turn >= sweep) return null;
  const count = 2 ** g;
  return count + Math.min(count - 1, Math.floor((turn / sweep) * count));
}

/**
 * What colours a slot: by branch, the grandparent it descends through (0 father's father … 3
 * mother's mother; a parent takes their father's branch); by generation, its ring. null for the
 * person in the middle.
 */
export function fanColourIndex(n: number, by: FanColourBy): number | null {
  const g = generationOf(n);
  if (g === 0) return null;
  if (by === 'generation') return g - 1;
  return g === 1 ? (n - 2) * 2 : (n >> (g - 2)) - 4;
}

/**
 * The ancestors by Ahnentafel number, from `root` up `generations` generations (counting root):
 * `parentsOf` gives a person's [father, mother] (either null when not known). The same person may
 * stand at several numbers (cousins who married): each is their own slot, as on paper.
 */
export function ahnentafel(root: string, generations: number, parentsOf: (id: string) => readonly [string | null, string | null]): Map<number, string> {
  const out = new Map<number, string>([[1, root]]);
  let level: [number, string][] = [[1, root]];
  for (let g = 1; g < generations; g++) {
    const next: [number, string][] = [];
    for (const [n, id] of level) {
      const [father, mother] = parentsOf(id);
      if (father) next.push([2 * n, father]);
      if (mother) next.push([2 * n + 1, mother]);
    }
    for (const [n, id] of next) out.set(n, id);
    level = next;
  }
  return out;
}

/**
 * A person's father and mother for the fan from their parents and those parents' genders: the
 * first man is the father, the first woman the mother; a parent of unknown gender takes the
 * place still free (the father's first), and past two parents the rest are left out.
 */
export function fatherAndMother(parents: readonly string[], genderOf: (id: string) => string): [string | null, string | null] {
  let father: string | null = null, mother: string | null = null;
  const other: string[] = [];
  for (const p of parents) {
    const g = genderOf(p);
    if (g === 'M' && !father) father = p;
    else if (g === 'F' && !mother) mother = p;
    else other.push(p);
  }
  for (const p of other) {
    if (!father) father = p;
    else if (!mother) mother = p;
  }
  return [father, mother];
}

/** Who Ahnentafel number n is to the person in the middle, in words: "Father's mother". '' for 1. */
export function fanRelation(n: number): string {
  const g = generationOf(n);
  const words: string[] = [];
  for (let bit = g - 1; bit >= 0; bit--) words.push((n >> bit) & 1 ? 'mother' : 'father');
  const text = words.join('’s ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : '';
}
