import type { FamilyStructure } from './structure.ts';
import type { SpouseUnits } from './units.ts';
import { LAYOUT } from './types.ts';

/**
 * One component of the family as rows of *items* for ordering and placing: each spouse unit is an
 * item, and a family whose children sit more than one row below it gets a chain of *line items*
 * (no width) in the rows between, where its line drops, so the line keeps clear of cards and is
 * ordered like everything else. *Links* join items of neighbouring rows: from a family's partners
 * (or its line item) to a child, and down a chain.
 */
export interface ComponentGraph {
  rows: number;
  items: number;
  itemRow: Int32Array;
  /** The spouse unit of each item, −1 for a line item. */
  itemUnit: Int32Array;
  width: Float64Array;
  /** Link ends: upper and lower item; the family whose partners the link leaves (−1 from a line
   * item) and the child it reaches (−1 into a line item), for where on the item it attaches. */
  upper: Int32Array;
  lower: Int32Array;
  upperFamily: Int32Array;
  lowerPerson: Int32Array;
  weight: Float64Array;
  /** Links into each item from above: upLinks[upStart[i] … upStart[i + 1]); below likewise. */
  upStart: Int32Array;
  upLinks: Int32Array;
  downStart: Int32Array;
  downLinks: Int32Array;
  /** Links leaving row r: byRow[byRowStart[r] … byRowStart[r + 1]). */
  byRowStart: Int32Array;
  byRow: Int32Array;
  /** Items by row, left to right: order[rowStart[r] … rowStart[r + 1]). */
  rowStart: Int32Array;
  order: Int32Array;
  /** Left edge of each item. */
  pos: Float64Array;
}

/** What the steps of one component share with the whole layout. */
export interface LayoutContext {
  s: FamilyStructure;
  units: SpouseUnits;
  rank: Int32Array;
  /** Where each family's lines leave its partners, from its unit's left edge. */
  familyAnchor: Float64Array;
  /** Scratch: the item of each unit of the component being laid out. */
  itemOf: Int32Array;
}

/** A line gets this much more pull than a card towards being straight (long lines stay vertical). */
const LINE_WEIGHT = 2;

export function personOffset(ctx: LayoutContext, p: number): number {
  return ctx.units.slot[p] * LAYOUT.partnerPitch + LAYOUT.card.width / 2;
}

export function updateFamilyAnchor(ctx: LayoutContext, f: number) {
  const { s } = ctx;
  let sum = 0;
  for (let i = s.partnerStart[f]; i < s.partnerStart[f + 1]; i++) sum += personOffset(ctx, s.partners[i]);
  ctx.familyAnchor[f] = sum / (s.partnerStart[f + 1] - s.partnerStart[f]);
}

/** Families whose partners are in unit u, each once. */
export function* unitFamilies(ctx: LayoutContext, u: number): Generator<number> {
  const { s, units } = ctx;
  for (let i = units.start[u]; i < units.start[u + 1]; i++) {
    const m = units.members[i];
    for (let j = s.parentStart[m]; j < s.parentStart[m + 1]; j++) {
      const f = s.parentFamilies[j];
      if (s.partners[s.partnerStart[f]] === m) yield f;
    }
  }
}

export function upperOffset(ctx: LayoutContext, g: ComponentGraph, e: number): number {
  return g.upperFamily[e] < 0 ? 0 : ctx.familyAnchor[g.upperFamily[e]];
}

export function lowerOffset(ctx: LayoutContext, g: ComponentGraph, e: number): number {
  return g.lowerPerson[e] < 0 ? 0 : personOffset(ctx, g.lowerPerson[e]);
}

/** The least distance from item a's left edge to the left edge of item b right after it. */
export function separation(ctx: LayoutContext, g: ComponentGraph, a: number, b: number): number {
  const ua = g.itemUnit[a], ub = g.itemUnit[b];
  if (ua < 0 || ub < 0) return g.width[a] + LAYOUT.lineGap;
  const { units, s } = ctx;
  const right = s.birthFamily[units.members[units.start[ua + 1] - 1]];
  const left = s.birthFamily[units.members[units.start[ub]]];
  return g.width[a] + (right >= 0 && right === left ? LAYOUT.siblingGap : LAYOUT.familyGap);
}

/** Items of a row side by side at their least separations, from x = 0. */
export function packRow(ctx: LayoutContext, g: ComponentGraph, r: number) {
  let x = 0;
  for (let k = g.rowStart[r]; k < g.rowStart[r + 1]; k++) {
    const i = g.order[k];
    if (k > g.rowStart[r]) x += separation(ctx, g, g.order[k - 1], i);
    g.pos[i] = x;
  }
}

/**
 * Items and links of one component (`componentUnits`: its units, in input order), with a first
 * left-to-right order from a depth-first walk over the family from its top units, so each
 * family's descendants start out together.
 */
export function componentGraph(ctx: LayoutContext, componentUnits: ArrayLike<number>): ComponentGraph {
  const { s, units, rank, itemOf } = ctx;
  const unitCount = componentUnits.length;
  let rows = 0;
  for (let k = 0; k < unitCount; k++) {
    const u = componentUnits[k];
    itemOf[u] = k;
    rows = Math.max(rows, rank[u] + 1);
  }

  // Line items: a chain per family whose deepest child is two or more rows down.
  const families: number[] = [];
  const chainStart: number[] = [];
  let items = unitCount;
  for (let k = 0; k < unitCount; k++) {
    for (const f of unitFamilies(ctx, componentUnits[k])) {
      updateFamilyAnchor(ctx, f);
      const r = rank[componentUnits[k]];
      let deepest = r;
      for (let i = s.childStart[f]; i < s.childStart[f + 1]; i++) deepest = Math.max(deepest, rank[units.unitOf[s.children[i]]]);
      families.push(f);
      chainStart.push(items);
      if (deepest >= r + 2) items += deepest - r - 1;
    }
  }
  const itemRow = new Int32Array(items);
  const itemUnit = new Int32Array(items).fill(-1);
  const width = new Float64Array(items);
  for (let k = 0; k < unitCount; k++) {
    const u = componentUnits[k];
    itemRow[k] = rank[u];
    itemUnit[k] = u;
    width[k] = (units.start[u + 1] - units.start[u] - 1) * LAYOUT.partnerPitch + LAYOUT.card.width;
  }

  const upper: number[] = [];
  const lower: number[] = [];
  const upperFamily: number[] = [];
  const lowerPerson: number[] = [];
  const weight: number[] = [];
  const link = (a: number, b: number, f: number, p: number, w: number) => {
    upper.push(a);
    lower.push(b);
    upperFamily.push(f);
    lowerPerson.push(p);
    weight.push(w);
  };
  for (let j = 0; j < families.length; j++) {
    const f = families[j];
    const from = itemOf[units.familyUnit[f]];
    const r = itemRow[from];
    const chain = chainStart[j];
    const length = (j + 1 < families.length ? chainStart[j + 1] : items) - chain;
    for (let d = 0; d < length; d++) {
      itemRow[chain + d] = r + 1 + d;
      link(d === 0 ? from : chain + d - 1, chain + d, d === 0 ? f : -1, -1, LINE_WEIGHT);
    }
    for (let i = s.childStart[f]; i < s.childStart[f + 1]; i++) {
      const c = s.children[i];
      const to = itemOf[units.unitOf[c]];
      const rc = itemRow[to];
      if (rc <= r) continue;
      if (rc === r + 1) link(from, to, f, c, 1);
      else link(chain + rc - r - 2, to, -1, c, 1);
    }
  }
  const links = upper.length;
  const g: ComponentGraph = {
    rows,
    items,
    itemRow,
    itemUnit,
    width,
    upper: Int32Array.from(upper),
    lower: Int32Array.from(lower),
    upperFamily: Int32Array.from(upperFamily),
    lowerPerson: Int32Array.from(lowerPerson),
    weight: Float64Array.from(weight),
    upStart: new Int32Array(items + 1),
    upLinks: new Int32Array(links),
    downStart: new Int32Array(items + 1),
    downLinks: new Int32Array(links),
    byRowStart: new Int32Array(rows + 1),
    byRow: new Int32Array(links),
    rowStart: new Int32Array(rows + 1),
    order: new Int32Array(items),
    pos: new Float64Array(items),
  };
  bucket(g.upStart, g.upLinks, g.lower, links);
  bucket(g.downStart, g.downLinks, g.upper, links);
  const upperRow = new Int32Array(links);
  for (let e = 0; e < links; e++) upperRow[e] = itemRow[g.upper[e]];
  bucket(g.byRowStart, g.byRow, upperRow, links);

  // First order: depth first from the top units, children before the partners' parents.
  for (let i = 0; i < items; i++) g.rowStart[itemRow[i] + 1]++;
  for (let r = 0; r < rows; r++) g.rowStart[r + 1] += g.rowStart[r];
  const fill = g.rowStart.slice(0, rows);
  const placed = new Uint8Array(items);
  const place = (i: number) => {
    placed[i] = 1;
    g.order[fill[itemRow[i]]++] = i;
  };
  const familyIndex = new Map<number, number>();
  families.forEach((f, j) => familyIndex.set(f, j));
  const stack: number[] = [];
  const neighbours: number[] = [];
  const walkFrom = (start: number) => {
    stack.push(start);
    while (stack.length) {
      const k = stack.pop()!;
      if (placed[k]) continue;
      place(k);
      const u = componentUnits[k];
      neighbours.length = 0;
      for (const f of unitFamilies(ctx, u)) {
        const j = familyIndex.get(f)!;
        const end = j + 1 < families.length ? chainStart[j + 1] : items;
        for (let d = chainStart[j]; d < end; d++) place(d);
        for (let i = s.childStart[f]; i < s.childStart[f + 1]; i++) neighbours.push(itemOf[units.unitOf[s.children[i]]]);
      }
      for (let i = units.start[u]; i < units.start[u + 1]; i++) {
        const f = s.birthFamily[units.members[i]];
        if (f >= 0) neighbours.push(itemOf[units.familyUnit[f]]);
      }
      for (let i = neighbours.length - 1; i >= 0; i--) if (!placed[neighbours[i]]) stack.push(neighbours[i]);
    }
  };
  for (let k = 0; k < unitCount; k++) if (itemRow[k] === 0 && !placed[k]) walkFrom(k);
  for (let k = 0; k < unitCount; k++) if (!placed[k]) walkFrom(k);
  for (let r = 0; r < rows; r++) packRow(ctx, g, r);
  return g;
}

/** Compressed lists of `count` values 0…n−1 by their key: list[start[k] … start[k + 1]). */
function bucket(start: Int32Array, list: Int32Array, key: Int32Array, count: number) {
  const n = start.length - 1;
  for (let e = 0; e < count; e++) start[key[e] + 1]++;
  for (let k = 0; k < n; k++) start[k + 1] += start[k];
  const fill = start.slice(0, n);
  for (let e = 0; e < count; e++) list[fill[key[e]]++] = e;
}
