import { LAYOUT, type LayoutInput, type LayoutResult } from '../../../src/domain/layout/index.ts';
import { PLACEMENT } from '../../../src/domain/placement.ts';

export interface LayoutCheck {
  /** People of the input without exactly one position, and positions of no such person. */
  missing: number;
  extra: number;
  /** Pairs of cards closer than §9's 140 × 100 overlap box. */
  overlaps: number;
  /** Parent–child pairs whose parent is not in a row above the child … */
  parentsNotAbove: number;
  /**
   * … but for a child married into the parent's own chain of marriages (Ethelbald married his
   * father's widow Judith in royal92): spouses share a row, so such a child shares the parent's.
   */
  parentsBesideChildren: number;
  couples: number;
  /** Couples (two partners) not side by side in one row, partnerPitch apart. */
  couplesApart: number;
  /** Cards outside [0, width] × [0, height]. */
  outside: number;
  /** Cards that a family's line, dropping straight down to a child rows below, passes through. */
  linesThroughCards: number;
}

/** The layout's invariants, counted rather than asserted so a test can print what it found. */
export function checkLayout(input: LayoutInput, result: LayoutResult): LayoutCheck {
  const ids = new Set(input.people);
  const at = result.positions;
  let missing = 0;
  for (const id of ids) if (!at[id]) missing++;
  const extra = Object.keys(at).filter((id) => !ids.has(id)).length;

  // Overlaps: per row (cards within 100 vertically share a band), sorted by x.
  const { width: W, height: H } = PLACEMENT.overlap;
  const cards = Object.values(at).sort((a, b) => a.y - b.y || a.x - b.x);
  let overlaps = 0;
  let outside = 0;
  for (let i = 0; i < cards.length; i++) {
    const a = cards[i]!;
    if (a.x < 0 || a.y < 0 || a.x + LAYOUT.card.width > result.width || a.y + LAYOUT.card.height > result.height) outside++;
    for (let j = i + 1; j < cards.length && cards[j]!.y - a.y < H; j++) {
      const b = cards[j]!;
      if (Math.abs(b.x - a.x) < W) overlaps++;
      // Sorted by x within one y only; cards of other ys in the band are few (rows are 160 apart).
      else if (b.y === a.y && b.x - a.x >= W) break;
    }
  }

  // Chains of marriages: everyone linked by partners of a family.
  const chain = new Map<string, string>();
  const root = (id: string): string => {
    const up = chain.get(id);
    if (!up || up === id) return id;
    const r = root(up);
    chain.set(id, r);
    return r;
  };
  for (const f of input.families) for (const p of f.partners.slice(1)) if (ids.has(p) && ids.has(f.partners[0]!)) chain.set(root(p), root(f.partners[0]!));

  let parentsNotAbove = 0, parentsBesideChildren = 0, couples = 0, couplesApart = 0;
  for (const f of input.families) {
    const partners = f.partners.filter((p) => ids.has(p));
    for (const p of partners) {
      for (const c of f.children) {
        if (!ids.has(c) || at[p]!.y < at[c]!.y) continue;
        if (root(p) === root(c) && at[p]!.y === at[c]!.y) parentsBesideChildren++;
        else parentsNotAbove++;
      }
    }
    if (partners.length === 2) {
      couples++;
      const [a, b] = [at[partners[0]!]!, at[partners[1]!]!];
      if (a.y !== b.y || Math.abs(a.x - b.x) !== LAYOUT.partnerPitch) couplesApart++;
    }
  }
  // Long lines: straight down from the middle of the partners to the row above the deepest child.
  const byRow = new Map<number, number[]>();
  for (const p of Object.values(at)) {
    const row = byRow.get(p.y);
    if (row) row.push(p.x);
    else byRow.set(p.y, [p.x]);
  }
  for (const row of byRow.values()) row.sort((a, b) => a - b);
  let linesThroughCards = 0;
  for (const f of input.families) {
    const partners = f.partners.filter((p) => ids.has(p));
    if (!partners.length) continue;
    const x = partners.reduce((sum, p) => sum + at[p]!.x, 0) / partners.length + LAYOUT.card.width / 2;
    const top = Math.max(...partners.map((p) => at[p]!.y));
    const deepest = Math.max(top, ...f.children.filter((c) => ids.has(c)).map((c) => at[c]!.y));
    for (let y = top + LAYOUT.rowPitch; y < deepest; y += LAYOUT.rowPitch) {
      const row = byRow.get(y) ?? [];
      // The last card starting left of the line.
      let lo = 0, hi = row.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (row[mid]! < x) lo = mid + 1;
        else hi = mid;
      }
      if (lo > 0 && row[lo - 1]! + LAYOUT.card.width > x) linesThroughCards++;
    }
  }
  return { missing, extra, overlaps, parentsNotAbove, parentsBesideChildren, couples, couplesApart, outside, linesThroughCards };
}
