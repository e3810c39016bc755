/**
 * Draws a set of edges with one path per style (colour, width, dash), which is what keeps tens of
 * thousands of edges cheap. Far away, edges become straight segments between their ends, and
 * their routes are neither built nor kept (`store.edgeEnds`): a 100,000-person tree fitted in the
 * view routes none of its lines.
 */
import type { PathCommand } from '../core/edgePaths.ts';
import type { XY } from '../core/types.ts';
import type { EdgeGeometry, GraphStore } from '../core/store.ts';
import type { Theme } from '../core/theme.ts';

function replay(ctx: CanvasRenderingContext2D, cmds: readonly PathCommand[]) {
  for (const c of cmds) {
    if (c.op === 'M') ctx.moveTo(c.x, c.y);
    else if (c.op === 'L') ctx.lineTo(c.x, c.y);
    else if (c.op === 'Q') ctx.quadraticCurveTo(c.cx, c.cy, c.x, c.y);
    else ctx.bezierCurveTo(c.c1x, c.c1y, c.c2x, c.c2y, c.x, c.y);
  }
}

export function drawEdges(
  ctx: CanvasRenderingContext2D,
  store: GraphStore,
  ids: Iterable<string>,
  theme: Theme,
  zoom: number,
  simplified: boolean,
) {
  const groups = new Map<string, { color: string; width: number; dash: number[]; ids: string[]; ends: { source: XY; target: XY }[] }>();
  for (const id of ids) {
    const rec = store.edges.get(id);
    const ends = rec && (simplified ? store.edgeEnds(rec) : store.edgeGeometry(rec));
    if (!rec || !ends) continue;
    const e = rec.edge;
    const color = rec.selected ? theme.selection : (e.color ?? theme.edge);
    const width = (e.style?.width ?? 1.5) * (rec.selected ? 1.5 : 1);
    const dash = e.style?.dash ?? [];
    const key = `${color}|${width}|${dash.join(',')}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { color, width, dash, ids: [], ends: [] }));
    g.ids.push(id);
    g.ends.push(ends);
  }
  // Hairlines stay visible when zoomed far out.
  const minWidth = 1 / zoom;
  // Far away, many edges share pixels; lighter lines keep them from merging into solid bands.
  ctx.globalAlpha = simplified ? 0.45 : 1;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const g of groups.values()) {
    ctx.beginPath();
    for (const ends of g.ends) {
      if (simplified) {
        ctx.moveTo(ends.source.x, ends.source.y);
        ctx.lineTo(ends.target.x, ends.target.y);
      } else replay(ctx, (ends as EdgeGeometry).commands);
    }
    ctx.strokeStyle = g.color;
    ctx.lineWidth = Math.max(g.width, minWidth);
    ctx.setLineDash(simplified ? [] : g.dash);
    ctx.stroke();
    if (!simplified) drawMarkers(ctx, store, g.ids, g.color);
  }
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
}

function drawMarkers(ctx: CanvasRenderingContext2D, store: GraphStore, ids: readonly string[], color: string) {
  const size = 9;
  for (const id of ids) {
    const rec = store.edges.get(id)!;
    if (!rec.marker) continue;
    const pts = store.edgePoints(rec.geometry!);
    const n = pts.length;
    const a = pts[Math.max(0, n - 2)], b = pts[n - 1];
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    ctx.save();
    ctx.translate(b.x, b.y);
    ctx.rotate(angle);
    ctx.beginPath();
    ctx.moveTo(-size, -size / 2);
    ctx.lineTo(0, 0);
    ctx.lineTo(-size, size / 2);
    if (rec.marker === 'arrowclosed') {
      ctx.closePath();
      ctx.fillStyle = color;
      ctx.fill();
    } else {
      ctx.setLineDash([]);
      ctx.stroke();
    }
    ctx.restore();
  }
}
