/**
 * Pointer → what is under it, through the quadtrees (never Konva's hit canvas). Priority follows
 * what is drawn on top: a card's buttons, then the grab circles of a selected edge's ends, then
 * handles, then cards, then edges, then the empty canvas. Slop is in screen pixels, so coarse
 * pointers get their 44 px targets at any zoom, but never over a card's body (touchTargets.ts).
 */
import { COARSE_TARGET, FINE_EDGE_TARGET, FINE_HANDLE_TARGET } from '../constants.ts';
import { distance, distanceToPolyline } from '../geometry.ts';
import type { GraphStore, NodeRecord } from '../store.ts';
import type { HandleKind, XY } from '../types.ts';
import { buttonsFitForTouch, COARSE_BORDER_DEPTH, depthInside, distanceToRect, TOUCH_SLOP } from './touchTargets.ts';

export type Hit =
  | { kind: 'button'; nodeId: string; buttonId: string }
  | { kind: 'handle'; nodeId: string; handleId: string; handleKind: HandleKind; point: XY }
  | { kind: 'edge-end'; edgeId: string; end: 'source' | 'target' }
  | { kind: 'node'; nodeId: string }
  | { kind: 'edge'; edgeId: string }
  | { kind: 'canvas' };

export interface HitOptions {
  zoom: number;
  coarse: boolean;
  /** Buttons and handles are only drawn (and hit) at detailed zoom. */
  detailed: boolean;
  connectable: boolean;
  reconnectRadius: number;
}

export function hitTest(store: GraphStore, p: XY, o: HitOptions): Hit {
  const px = 1 / o.zoom;
  const node = store.nodeIndex.hit(p);
  const rec = node ? store.nodes.get(node.id) : undefined;
  // On touch, handle and edge-end circles reach only this far into the card under the finger.
  const nearBorder = !o.coarse || !rec || depthInside(rec, p) <= COARSE_BORDER_DEPTH * px;

  if (rec && o.detailed && (!o.coarse || buttonsFitForTouch(rec.buttons, o.zoom))) {
    const button = buttonAt(rec, p);
    if (button) return { kind: 'button', nodeId: rec.id, buttonId: button };
  }
  const endRadius = (o.coarse ? Math.max(o.reconnectRadius, COARSE_TARGET / 2) : o.reconnectRadius) * px;
  // A selected edge's ends sit on handles; grabbing one there reconnects rather than connects.
  for (const id of nearBorder ? store.selectedEdges : []) {
    const g = store.edges.get(id) && store.edgeGeometry(store.edges.get(id)!);
    if (!g) continue;
    if (distance(p, g.target) <= endRadius) return { kind: 'edge-end', edgeId: id, end: 'target' };
    if (distance(p, g.source) <= endRadius) return { kind: 'edge-end', edgeId: id, end: 'source' };
  }
  if (o.detailed && o.connectable && nearBorder) {
    // A finger has no hover, so it can only use the handles it sees: those of selected cards.
    const accept = o.coarse ? (r: NodeRecord) => r.selected : () => true;
    const handle = closestHandle(store, p, ((o.coarse ? COARSE_TARGET : FINE_HANDLE_TARGET) / 2) * px, accept);
    if (handle) return { kind: 'handle', ...handle };
  }
  if (rec) return { kind: 'node', nodeId: rec.id };
  const near = o.coarse ? nearestNode(store, p, TOUCH_SLOP * px) : undefined;
  if (near) return { kind: 'node', nodeId: near };
  const edge = edgeAt(store, p, ((o.coarse ? COARSE_TARGET : FINE_EDGE_TARGET) / 2) * px);
  if (edge) return { kind: 'edge', edgeId: edge };
  return { kind: 'canvas' };
}

/** The enabled button whose drawn box holds `p`. */
export function buttonAt(rec: NodeRecord, p: XY): string | undefined {
  for (const b of rec.buttons) {
    if (b.disabled) continue;
    const x = p.x - rec.x - b.x, y = p.y - rec.y - b.y;
    if (x >= 0 && x <= b.width && y >= 0 && y <= b.height) return b.id;
  }
  return undefined;
}

/** The card nearest to `p` within `radius` (world units), for a finger landing just beside one. */
function nearestNode(store: GraphStore, p: XY, radius: number): string | undefined {
  let best: string | undefined;
  let bestD = radius;
  store.nodeIndex.query({ x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius }, (e) => {
    const d = distanceToRect(e, p);
    if (d <= bestD) [best, bestD] = [e.id, d];
  });
  return best;
}

/** The nearest connectable handle within `radius` (world units) that `accept` allows. */
export function closestHandle(
  store: GraphStore,
  p: XY,
  radius: number,
  accept: (rec: NodeRecord, handleId: string, kind: HandleKind) => boolean,
): { nodeId: string; handleId: string; handleKind: HandleKind; point: XY } | undefined {
  let best: { nodeId: string; handleId: string; handleKind: HandleKind; point: XY } | undefined;
  let bestD = radius;
  store.nodeIndex.query({ x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius }, (e) => {
    const rec = store.nodes.get(e.id);
    if (!rec || !rec.connectable) return;
    for (const h of rec.handles) {
      const point = { x: rec.x + h.x, y: rec.y + h.y };
      const d = distance(p, point);
      if (d <= bestD && accept(rec, h.id, h.kind)) {
        bestD = d;
        best = { nodeId: rec.id, handleId: h.id, handleKind: h.kind, point };
      }
    }
  });
  return best;
}

export function edgeAt(store: GraphStore, p: XY, radius: number): string | undefined {
  let best: string | undefined;
  let bestD = radius;
  store.edgeIndex.query({ x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius }, (e) => {
    const rec = store.edges.get(e.id);
    const g = rec && store.edgeGeometry(rec);
    if (!g) return;
    const d = distanceToPolyline(p, store.edgePoints(g));
    if (d <= bestD) [best, bestD] = [e.id, d];
  });
  return best;
}
