import { GraphDraft, graphIndex, type OpResult } from '../graphDraft.ts';
import { isParentEdge } from '../graphQueries.ts';
import { PLACEMENT } from '../placement.ts';
import type { Graph, GraphNode } from '../types.ts';
import { layoutInputFromGraph } from './fromGraph.ts';
import type { LayoutInput, LayoutResult } from './types.ts';

/**
 * "Tidy up" (issue 9, item 3) as pure steps around the layout, which runs elsewhere (a worker):
 * `tidyPlan` says which cards to lay out, `tidyPositions` puts the layout where the cards were,
 * clear of the others, and `moveCards` is the edit (one change set, one Undo step).
 */
export interface TidyPlan {
  /** The whole tree (nothing selected) or a branch. */
  scope: 'tree' | 'branch';
  nodeIds: string[];
  input: LayoutInput;
  /** Top-left of the cards before, where the laid-out cards' top-left goes. */
  anchor: { x: number; y: number };
}

type Point = { x: number; y: number };

/**
 * The cards Tidy up lays out: every visible card with nothing selected, else the selected cards'
 * branch (`branchNodeIds`); null when there is nothing to lay out. Hidden (collapsed) cards keep
 * their places.
 */
export function tidyPlan(graph: Graph, selected: readonly string[]): TidyPlan | null {
  const index = graphIndex(graph);
  const chosen = selected.filter((id) => index.nodes.get(id) && !index.nodes.get(id)!.hidden);
  const scope = chosen.length ? 'branch' : 'tree';
  const nodeIds = scope === 'branch' ? branchNodeIds(graph, chosen) : graph.nodes.filter((n) => !n.hidden).map((n) => n.id);
  if (!nodeIds.length) return null;
  let x = Infinity, y = Infinity;
  for (const id of nodeIds) {
    const p = index.nodes.get(id)!.position;
    x = Math.min(x, p.x);
    y = Math.min(y, p.y);
  }
  return { scope, nodeIds, input: layoutInputFromGraph(graph, nodeIds), anchor: { x, y } };
}

/**
 * A selected branch: the selected cards, their descendants (down the visible parent lines) and
 * the spouses of all of them, so each couple and its children move together. Visible cards only,
 * in the graph's order.
 */
export function branchNodeIds(graph: Graph, selected: readonly string[]): string[] {
  const index = graphIndex(graph);
  const visible = (id: string) => {
    const n = index.nodes.get(id);
    return !!n && !n.hidden;
  };
  const inBranch = new Set<string>();
  const queue = selected.filter(visible);
  for (const id of queue) inBranch.add(id);
  for (let i = 0; i < queue.length; i++) {
    for (const edgeId of index.edgesByNode.get(queue[i]!) ?? []) {
      const e = index.edges.get(edgeId)!;
      if (e.hidden || !isParentEdge(e) || e.source !== queue[i] || !visible(e.target) || inBranch.has(e.target)) continue;
      inBranch.add(e.target);
      queue.push(e.target);
    }
  }
  for (const id of [...inBranch]) {
    const profileId = index.nodes.get(id)!.data.profileId;
    for (const spouse of (profileId && graph.profiles[profileId]?.spouses) || []) {
      for (const other of index.nodesByProfile.get(spouse) ?? []) if (visible(other)) inBranch.add(other);
    }
  }
  return graph.nodes.filter((n) => inBranch.has(n.id)).map((n) => n.id);
}

/** Rounds of sideways steps before a branch goes past every card in its rows instead. */
const CLEARING_STEPS = 64;

/**
 * Where each laid-out card goes: the layout moved to the plan's anchor; should that cover any
 * visible card outside the plan (§9's 140 × 100 overlap box), the whole branch moves right, the
 * least it can, until it covers none.
 */
export function tidyPositions(graph: Graph, plan: TidyPlan, result: LayoutResult): Map<string, Point> {
  const at = new Map<string, Point>();
  for (const id of plan.nodeIds) {
    const p = result.positions[id];
    if (p) at.set(id, { x: plan.anchor.x + p.x, y: plan.anchor.y + p.y });
  }
  const inPlan = new Set(plan.nodeIds);
  const others = graph.nodes.filter((n) => !n.hidden && !inPlan.has(n.id));
  if (!others.length) return at;
  const dx = clearance(others, [...at.values()]);
  if (dx) for (const p of at.values()) p.x += dx;
  return at;
}

const { width: W, height: H } = PLACEMENT.overlap;

/** How far right the cards at `placed` must move to overlap none of `others`. */
function clearance(others: readonly GraphNode[], placed: readonly Point[]): number {
  const cells = new Map<string, GraphNode[]>();
  const cellOf = (x: number, y: number) => `${Math.floor(x / W)},${Math.floor(y / H)}`;
  for (const n of others) {
    const key = cellOf(n.position.x, n.position.y);
    const list = cells.get(key);
    if (list) list.push(n);
    else cells.set(key, [n]);
  }
  // The furthest right any card must go past, over every overlap at this shift; 0 when none.
  const push = (dx: number) => {
    let need = 0;
    for (const p of placed) {
      const x = p.x + dx;
      const cx = Math.floor(x / W), cy = Math.floor(p.y / H);
      for (let i = cx - 1; i <= cx + 1; i++) {
        for (let j = cy - 1; j <= cy + 1; j++) {
          for (const n of cells.get(`${i},${j}`) ?? []) {
            if (Math.abs(n.position.x - x) < W && Math.abs(n.position.y - p.y) < H) need = Math.max(need, n.position.x + W - x);
          }
        }
      }
    }
    return need;
  };
  let dx = 0;
  for (let step = 0; step < CLEARING_STEPS; step++) {
    const need = push(dx);
    if (!need) return dx;
    dx += need;
  }
  // Still blocked: past every card in the branch's rows.
  let top = Infinity, bottom = -Infinity, left = Infinity;
  for (const p of placed) {
    top = Math.min(top, p.y);
    bottom = Math.max(bottom, p.y);
    left = Math.min(left, p.x);
  }
  let right = -Infinity;
  for (const n of others) if (n.position.y > top - H && n.position.y < bottom + H) right = Math.max(right, n.position.x);
  return right + W - left;
}

/** Moves cards to new places (one change set: the cards whose place changes), stamped `now`. */
export function moveCards(graph: Graph, positions: ReadonlyMap<string, Point>, now: string): OpResult {
  const draft = new GraphDraft(graph);
  for (const [id, p] of positions) {
    const node = draft.node(id);
    if (!node || (node.position.x === p.x && node.position.y === p.y)) continue;
    draft.setNode({ ...node, position: { x: p.x, y: p.y }, modifiedAt: now });
  }
  return draft.finish();
}
