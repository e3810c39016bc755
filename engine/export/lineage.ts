/**
 * The pedigree, descendant and hourglass charts' geometry (issue 22): pure, table-tested. One
 * generation a column; the person in the chart's care at the left (pedigree: ancestors to the
 * right; descendants: to the right; hourglass: ancestors to the left and descendants to the
 * right). Each branch is laid out as a tidy tree: its outermost people one under the other, each
 * other person centred on the people of the next generation they lead to; lines are elbows from
 * card to card. A person reached twice (cousins who married) has a card in each place, as on paper.
 * On the descendants' side each person's partners stand beside them, as on the tree: in the same
 * column, one under the other below the person, joined by a short line, and the lines to their
 * children leave from the couple's middle.
 */
import type { PathCommand } from '../core/edgePaths.ts';

export type LineageLayout = 'pedigree' | 'descendants' | 'hourglass';

export const LINEAGE_MIN_GENERATIONS = 2;
export const LINEAGE_MAX_GENERATIONS = 10;
export const clampLineageGenerations = (g: number) => Math.max(LINEAGE_MIN_GENERATIONS, Math.min(LINEAGE_MAX_GENERATIONS, Math.round(g) || LINEAGE_MIN_GENERATIONS));

export interface LineageSizes {
  cardWidth: number;
  cardHeight: number;
  /** Between the columns of two generations (the lines' room). */
  columnGap: number;
  /** Between two cards of a column. */
  rowGap: number;
}

export interface LineagePlace {
  /** The person's id (the same id may have several places). */
  id: string;
  /** Generations from the person in the middle: ancestors above 0 on 'up', descendants on 'down'. */
  generation: number;
  /** 'partner': a descendant's (or the person in the middle's) partner, beside them. */
  side: 'root' | 'up' | 'down' | 'partner';
  /** With 'partner': whose partner. */
  partnerOf?: string;
  x: number;
  y: number;
}

export interface LineageChart {
  /** The person in the middle first, then each branch depth first (reading order down the page). */
  places: LineagePlace[];
  /** From a card to the card of the next generation, in the places' units. */
  lines: PathCommand[][];
  width: number;
  height: number;
}

interface Branch {
  id: string;
  /** Beside the person, under them in their column. */
  partners: readonly string[];
  next: Branch[];
}

/** The people `generations` columns deep along `step` (counting the start), each path its own branch. */
function grow(id: string, generations: number, step: (id: string) => readonly string[], partnersOf?: (id: string) => readonly string[]): Branch {
  return { id, partners: partnersOf?.(id) ?? [], next: generations > 1 ? step(id).map((n) => grow(n, generations - 1, step, partnersOf)) : [] };
}

interface Placed {
  branch: Branch;
  depth: number;
  /** The person's top; their partners' cards follow below, a row each. */
  y: number;
  next: Placed[];
}

/** Where the next rows go: `next` in rows for an outermost person, `free` the first free y of each column. */
interface Rows {
  next: number;
  free: number[];
}

/**
 * Rows to a tree's outermost people in order, every other person (with their partners) centred on
 * their next ones; pushed down when that would overlap the cards above in the same column.
 */
function tidy(b: Branch, depth: number, rows: Rows, pitch: number): Placed {
  const height = (1 + b.partners.length) * pitch;
  const next = b.next.map((n) => tidy(n, depth + 1, rows, pitch));
  const wanted = next.length ? (next[0]!.y + next[next.length - 1]!.y) / 2 - (height - pitch) / 2 : rows.next * pitch;
  const y = Math.max(wanted, rows.free[depth] ?? -Infinity);
  rows.free[depth] = y + height;
  rows.next = Math.max(rows.next, (y + height) / pitch);
  return { branch: b, depth, y, next };
}

export function lineageChart(
  root: string,
  layout: LineageLayout,
  generations: number,
  links: { parentsOf(id: string): readonly string[]; childrenOf(id: string): readonly string[]; partnersOf?(id: string): readonly string[] },
  s: LineageSizes,
): LineageChart {
  const pitch = s.cardHeight + s.rowGap;
  const column = s.cardWidth + s.columnGap;
  const sides: { side: 'up' | 'down'; dir: 1 | -1; tree: Placed }[] = [];
  const start = () => ({ next: 0, free: [] });
  if (layout !== 'descendants') sides.push({ side: 'up', dir: layout === 'hourglass' ? -1 : 1, tree: tidy(grow(root, generations, links.parentsOf), 0, start(), pitch) });
  if (layout !== 'pedigree') sides.push({ side: 'down', dir: 1, tree: tidy(grow(root, generations, links.childrenOf, links.partnersOf?.bind(links)), 0, start(), pitch) });

  const places: LineagePlace[] = [{ id: root, generation: 0, side: 'root', x: 0, y: 0 }];
  const lines: PathCommand[][] = [];
  for (const { side, dir, tree } of sides) {
    // Each side's rows moved so that its root is where the person in the middle is.
    const dy = -tree.y;
    const walk = (p: Placed) => {
      const x = p.depth * column * dir, y = p.y + dy;
      if (p.depth) places.push({ id: p.branch.id, generation: p.depth, side, x, y });
      p.branch.partners.forEach((id, i) => {
        const py = y + (i + 1) * pitch;
        places.push({ id, generation: p.depth, side: 'partner', partnerOf: p.branch.id, x, y: py });
        // Joined to the card above, through the gap between them.
        lines.push([
          { op: 'M', x: x + s.cardWidth / 2, y: py - s.rowGap },
          { op: 'L', x: x + s.cardWidth / 2, y: py },
        ]);
      });
      // The couple's middle: where the lines to their children leave.
      const middle = y + (p.branch.partners.length * pitch + s.cardHeight) / 2;
      for (const n of p.next) {
        // From the side of the card facing the next generation, to the near side of the next card.
        const x0 = dir === 1 ? x + s.cardWidth : x, x1 = dir === 1 ? x + column : x + s.cardWidth - column;
        const y0 = middle, y1 = n.y + dy + s.cardHeight / 2, mid = (x0 + x1) / 2;
        lines.push([
          { op: 'M', x: x0, y: y0 },
          { op: 'L', x: mid, y: y0 },
          { op: 'L', x: mid, y: y1 },
          { op: 'L', x: x1, y: y1 },
        ]);
        walk(n);
      }
    };
    walk(tree);
  }
  // Moved to start at (0, 0).
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of places) {
    x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x + s.cardWidth); y1 = Math.max(y1, p.y + s.cardHeight);
  }
  for (const p of places) {
    p.x -= x0;
    p.y -= y0;
  }
  for (const l of lines)
    for (const c of l) {
      c.x -= x0;
      c.y -= y0;
    }
  return { places, lines, width: x1 - x0, height: y1 - y0 };
}

/** Which place a point falls on (the places' units), or null. */
export function lineageHit(chart: LineageChart, x: number, y: number, s: Pick<LineageSizes, 'cardWidth' | 'cardHeight'>): LineagePlace | null {
  return chart.places.find((p) => x >= p.x && x <= p.x + s.cardWidth && y >= p.y && y <= p.y + s.cardHeight) ?? null;
}

const ORDINAL = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;

/** Who a place is to the person in the middle, by generation: "Grandparent", "2nd great-grandchild". */
export function lineageRelation(side: LineagePlace['side'], generation: number): string {
  if (side === 'root' || side === 'partner' || generation < 1) return '';
  const word = side === 'up' ? 'parent' : 'child';
  if (generation === 1) return word[0]!.toUpperCase() + word.slice(1);
  if (generation === 2) return `Grand${word}`;
  if (generation === 3) return `Great-grand${word}`;
  return `${ORDINAL(generation - 2)} great-grand${word}`;
}
