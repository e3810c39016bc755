import { FORK_DEFAULTS, type EdgeStyle, type ForkPathOptions } from '../../../../engine/index.ts';
import { isParentEdge } from '../../../domain/graphQueries.ts';
import { linkKindOf, type LinkKind } from '../../../domain/pedigree.ts';
import type { Graph, GraphEdge } from '../../../domain/types.ts';

/**
 * How parent lines are routed, so that lines of different parents never run together (issue 12,
 * item 7: with every line a plain step from parent to child, the bus of a child linked only to
 * Lily ran under Oliver's line and the child looked like his too).
 *
 * * A child's parents form its *group*: the couple when both its parents are on the tree side by
 *   side and it is their child the same way (both by birth, both adopted …), else the one parent. A couple's lines leave each parent's bottom, turn towards the
 *   point between the two (a fork just under the cards) and drop from there; a single parent's
 *   line drops straight from that parent.
 * * From the drop, a group's lines run along a horizontal *bus* above its children. Buses of
 *   different groups over the same row that would overlap get different *lanes* (heights), so
 *   they may cross but never share a stretch of line.
 * * A parent with several partners on one side forks at a different depth for each couple.
 *
 * Pure: `parentLineRoutes` decides per line where it drops, its lane and its fork depth; the
 * engine's 'fork' route draws it (engine/core/edgePaths.ts). The route is relative to the line's
 * own ends, so a line stays sensible while the engine previews a drag, and is recomputed when the
 * drop is saved.
 */

export interface ParentLineRoute {
  /** Where the line drops, from the parent's handle: half way to the other parent for a couple. */
  joinDx: number;
  /** Fork depth: 0 for the first couple on a side of a parent, then 1, 2… */
  fork: number;
  /** Bus height: lane 0 runs closest above the children, each next one LANE_GAP higher. */
  lane: number;
}

export const PARENT_LINE = {
  forkGap: 6,
  laneGap: 8,
  /** Buses closer than this sideways count as overlapping. */
  clearance: 12,
  /** Two parents farther apart than this (centre to centre) are not drawn as a couple. */
  coupleReach: 400,
} as const;

const SINGLE: ParentLineRoute = { joinDx: 0, fork: 0, lane: 0 };

/** The engine's route options for a parent line. */
export function forkOptions(route: ParentLineRoute = SINGLE): ForkPathOptions {
  return {
    joinDx: route.joinDx,
    forkDepth: FORK_DEFAULTS.forkDepth + route.fork * PARENT_LINE.forkGap,
    busHeight: FORK_DEFAULTS.busHeight + route.lane * PARENT_LINE.laneGap,
  };
}

/**
 * How each kind of parent link is drawn (issue "Facts a genealogist can trust", item 6): by birth
 * a plain line in the theme's colour; adopted dashed, foster dotted, step dash-dot, unknown a thin
 * grey line, an imported sealing or other a long dash. One frozen style per kind, so the engine
 * draws each kind as one path and a line is known unchanged by its style's identity. The chart
 * export draws the engine's lines with their styles, so it shows the same.
 */
export const LINK_LINE_LOOKS: Readonly<Record<LinkKind, Readonly<{ style?: EdgeStyle; color?: string }>>> = Object.freeze({
  birth: {},
  adopted: { style: Object.freeze({ dash: [8, 5] }) },
  foster: { style: Object.freeze({ width: 2, dash: [1, 4] }) },
  step: { style: Object.freeze({ dash: [10, 4, 0.5, 4] }) },
  unknown: { style: Object.freeze({ width: 1, dash: [3, 3] }), color: '#8f949b' },
  sealing: { style: Object.freeze({ dash: [16, 5] }) },
  other: { style: Object.freeze({ dash: [16, 5] }) },
});

/** How a stored parent link is drawn, by its kind (whatever its stored type, §3). */
export function parentLineLook(e: GraphEdge): Readonly<{ style?: EdgeStyle; color?: string }> {
  return LINK_LINE_LOOKS[linkKindOf(e)] ?? LINK_LINE_LOOKS.birth;
}

interface Group {
  /** One parent, or a couple (ids in order). */
  a: string;
  b: string | null;
  /** Top of the children's row. */
  row: number;
  /** World x of the drop. */
  dropX: number;
  /** Sideways extent of the bus (the drop and the children's handles). */
  from: number;
  to: number;
  edges: GraphEdge[];
  fork: number;
  lane: number;
}

/**
 * Routes for every visible parent line of the tree, by edge id. `card` is the person card's size
 * (handles at the middle of its top and bottom sides). O(lines · log lines), with few allocations:
 * it runs on every edit of trees of 100,000 people.
 */
export function parentLineRoutes(graph: Graph, card: { width: number; height: number }): Map<string, ParentLineRoute> {
  const at = new Map<string, { x: number; y: number }>();
  for (const n of graph.nodes) if (!n.hidden) at.set(n.id, n.position);
  // Each child's (at most two) visible parent lines, in the order of its first.
  const linesOf = new Map<string, { child: { x: number; y: number }; first: GraphEdge; second: GraphEdge | null }>();
  const extra: GraphEdge[] = [];
  for (const e of graph.edges) {
    if (e.hidden || !isParentEdge(e) || !at.has(e.source)) continue;
    const child = at.get(e.target);
    if (!child) continue;
    const known = linesOf.get(e.target);
    if (!known) linesOf.set(e.target, { child, first: e, second: null });
    else if (!known.second) known.second = e;
    else extra.push(e);
  }
  const half = card.width / 2;

  // Group each child's lines by its parents (a side-by-side couple, else each parent alone) and
  // by the row the child sits in. A parent's groups are few, so they are found by a look through
  // them (a key string per child was a third of the time on 100,000 people).
  const groups: Group[] = [];
  const groupsOf = new Map<string, Group[]>();
  const rows = new Map<number, Group[]>();
  const join = (a: string, b: string | null, child: { x: number; y: number }, e1: GraphEdge, e2: GraphEdge | null) => {
    const row = Math.round(child.y);
    const cx = child.x + half;
    let mine = groupsOf.get(a);
    let g = mine?.find((o) => o.b === b && o.row === row);
    if (!g) {
      const dropX = b === null ? at.get(a)!.x + half : (at.get(a)!.x + at.get(b)!.x) / 2 + half;
      g = { a, b, row, dropX, from: dropX, to: dropX, edges: [], fork: 0, lane: 0 };
      groups.push(g);
      if (mine) mine.push(g);
      else groupsOf.set(a, (mine = [g]));
      const list = rows.get(row);
      if (list) list.push(g);
      else rows.set(row, [g]);
    }
    g.edges.push(e1);
    if (e2) g.edges.push(e2);
    if (cx < g.from) g.from = cx;
    if (cx > g.to) g.to = cx;
  };
  for (const { child: c, first: e1, second: e2 } of linesOf.values()) {
    const p1 = at.get(e1.source)!, p2 = e2 && at.get(e2.source)!;
    // Lines of two kinds (adopted by one parent, say) would run together under a couple's fork,
    // the one drawn last hiding the other: each is drawn from its own parent instead.
    if (e2 && Math.abs(p1.y - p2!.y) < card.height / 2 && Math.abs(p1.x - p2!.x) <= PARENT_LINE.coupleReach && linkKindOf(e1) === linkKindOf(e2)) {
      if (e1.source < e2.source) join(e1.source, e2.source, c, e1, e2);
      else join(e2.source, e1.source, c, e1, e2);
    } else {
      join(e1.source, null, c, e1, null);
      if (e2) join(e2.source, null, c, e2, null);
    }
  }
  for (const e of extra) join(e.source, null, at.get(e.target)!, e, null);

  assignForks(groups, (id) => at.get(id)!.x + half);
  for (const list of rows.values()) if (list.length > 1) assignLanes(list);

  const routes = new Map<string, ParentLineRoute>();
  for (const g of groups) {
    if (g.b === null) {
      const route = g.lane ? { joinDx: 0, fork: 0, lane: g.lane } : SINGLE;
      for (const e of g.edges) routes.set(e.id, route);
      continue;
    }
    const fromA: ParentLineRoute = { joinDx: g.dropX - (at.get(g.a)!.x + half), fork: g.fork, lane: g.lane };
    const fromB: ParentLineRoute = { joinDx: -fromA.joinDx, fork: g.fork, lane: g.lane };
    for (const e of g.edges) routes.set(e.id, e.source === g.a ? fromA : fromB);
  }
  return routes;
}

/**
 * A parent in several couples on the same side forks at a different depth for each, nearest
 * partner first, so the forks do not run along each other; a couple takes the deeper of what
 * its two parents need.
 */
function assignForks(groups: Iterable<Group>, centreX: (id: string) => number) {
  const couplesOf = new Map<string, Group[]>();
  const add = (parent: string, g: Group) => {
    const list = couplesOf.get(parent);
    if (list) list.push(g);
    else couplesOf.set(parent, [g]);
  };
  for (const g of groups) {
    if (g.b === null) continue;
    add(g.a, g);
    add(g.b, g);
  }
  for (const [parent, list] of couplesOf) {
    if (list.length < 2) continue;
    const x = centreX(parent);
    // Couples by partner (a couple's children in several rows are several groups).
    const partners = new Map<string, Group[]>();
    for (const g of list) {
      const partner = g.a === parent ? g.b! : g.a;
      const same = partners.get(partner);
      if (same) same.push(g);
      else partners.set(partner, [g]);
    }
    if (partners.size < 2) continue;
    for (const side of [-1, 1]) {
      const onSide = [...partners.values()].filter((gs) => Math.sign(gs[0].dropX - x) === side);
      onSide.sort((p, q) => Math.abs(p[0].dropX - x) - Math.abs(q[0].dropX - x));
      onSide.forEach((gs, depth) => gs.forEach((g) => (g.fork = Math.max(g.fork, depth))));
    }
  }
}

/**
 * In one row of children, buses that would overlap sideways get different lanes. Within each run
 * of overlapping buses, narrow buses take the lowest free lane (next to their children) and wider
 * ones go higher, so a wide bus crosses the narrow groups' drops instead of running through their
 * children's lines. Runs are found in one sweep, so a row of thousands of families stays linear.
 */
function assignLanes(buses: Group[]) {
  buses.sort((p, q) => p.from - q.from);
  let start = 0;
  let reach = -Infinity;
  for (let i = 0; i <= buses.length; i++) {
    if (i === buses.length || buses[i].from >= reach + PARENT_LINE.clearance) {
      if (i - start > 1) laneRun(buses.slice(start, i));
      if (i === buses.length) break;
      start = i;
      reach = buses[i].to;
    } else reach = Math.max(reach, buses[i].to);
  }
}

/**
 * Lanes for one run of overlapping buses (sorted by their left end). A short run is placed
 * narrowest first, each bus in the lowest lane it fits; a long chain (a row of many families whose
 * buses each overlap the next) is placed left to right against each lane's right end, which is
 * linear and still keeps every two overlapping buses apart.
 */
function laneRun(run: Group[]) {
  const fits = (bus: Group, o: Group) => bus.to + PARENT_LINE.clearance <= o.from || o.to + PARENT_LINE.clearance <= bus.from;
  if (run.length > SHORT_RUN) {
    const ends: number[] = [];
    for (const bus of run) {
      let lane = ends.findIndex((end) => end + PARENT_LINE.clearance <= bus.from);
      if (lane < 0) lane = ends.push(bus.to) - 1;
      else ends[lane] = bus.to;
      bus.lane = lane;
    }
    return;
  }
  run.sort((p, q) => p.to - p.from - (q.to - q.from) || p.from - q.from);
  const lanes: Group[][] = [];
  for (const bus of run) {
    let lane = lanes.findIndex((taken) => taken.every((o) => fits(bus, o)));
    if (lane < 0) lane = lanes.push([]) - 1;
    lanes[lane].push(bus);
    bus.lane = lane;
  }
}

const SHORT_RUN = 16;
