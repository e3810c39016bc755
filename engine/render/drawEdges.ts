/**
 * Draws a set of edges with one path per style (colour, width, dash), which is what keeps tens of
 * thousands of edges cheap. Far away, edges become straight segments between their ends.
 */
import type { PathCommand } from '../core/edgePaths.ts';
import type { GraphStore } from '../core/store.ts';
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
  const groups = new Map<string, { color: string; width: number; dash: number[]; ids: string[] }>();
  for (const id of ids) {
    const rec = store.edges.get(id);
    if (!rec || !store.edgeGeometry(rec)) continue;
    const e = rec.edge;
    const color = rec.selected ? theme.selection : (e.color ?? theme.edge);
    const width = (e.style?.width ?? 1.5) * (rec.selected ? 1.5 : 1);
    const dash = e.style?.dash ?? [];
    const key = `${color}|${width}|${dash.join(',')}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { color, width, dash, ids: [] }));
    g.ids.push(id);
  }
  // Hairlines stay visible when zoomed far out.
  const minWidth = 1 / zoom;
  // Far away, many edges share pixels; lighter lines keep them from merging into solid bands.
  ctx.globalAlpha = simplified ? 0.45 : 1;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const g of groups.values()) {
    ctx.beginPath();
    for (const id of g.ids) {
      const geo = store.edges.get(id)!.geometry!;
      if (simplified) {
        ctx.moveTo(geo.source.x, geo.source.y);
        ctx.lineTo(geo.target.x, geo.target.y);
      } else replay(ctx, geo.commands);
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
