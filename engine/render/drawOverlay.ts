/**
 * The fast-changing overlay: hover ring, button highlight, the hovered card's handles, connection
 * preview, selection box and the touch tray. It is small, so it is redrawn whole on any change.
 * Sizes are divided by the zoom so they stay the same on screen.
 */
import type { CanvasEngine } from '../core/engine.ts';
import type { TouchTray } from '../core/interaction/touchTargets.ts';
import type { NodeRecord } from '../core/store.ts';
import type { Theme } from '../core/theme.ts';
import { drawButtons } from './icons.ts';

export function drawOverlay(ctx: CanvasRenderingContext2D, en: CanvasEngine, theme: Theme, visibleIds: readonly string[]) {
  const k = en.viewport.k;
  const px = 1 / k;
  const store = en.store;
  const detailed = en.detailed;

  const hovered = en.hover.nodeId ? store.nodes.get(en.hover.nodeId) : undefined;
  if (hovered && !en.dragging.has(hovered.id) && en.state === 'idle') {
    ctx.beginPath();
    ctx.roundRect(hovered.x - 3 * px, hovered.y - 3 * px, hovered.width + 6 * px, hovered.height + 6 * px, theme.radius + 3 * px);
    ctx.strokeStyle = theme.accent;
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = 2 * px;
    ctx.stroke();
    ctx.globalAlpha = 1;
    const b = en.hover.buttonId ? hovered.buttons.find((x) => x.id === en.hover.buttonId) : undefined;
    if (b && detailed) {
      ctx.beginPath();
      ctx.roundRect(hovered.x + b.x, hovered.y + b.y, b.width, b.height, 6);
      ctx.fillStyle = theme.accent;
      ctx.globalAlpha = 0.16;
      ctx.fill();
      ctx.globalAlpha = 1;
    }
  }

  if (detailed && en.canConnect) {
    // Handles of the hovered card, or of every card in view while a connection is drawn. Those of
    // selected cards are static decorations drawn with the scene (drawSelectionDecor).
    const cards = en.connection ? visibleIds : hovered ? [hovered.id] : [];
    for (const id of cards) {
      const rec = store.nodes.get(id);
      if (!rec || en.dragging.has(id)) continue;
      drawHandles(ctx, en, theme, rec);
    }
  }

  const c = en.connection;
  if (c) {
    ctx.beginPath();
    ctx.moveTo(c.from.x, c.from.y);
    const my = (c.from.y + c.to.y) / 2;
    ctx.bezierCurveTo(c.from.x, my, c.to.x, my, c.to.x, c.to.y);
    ctx.strokeStyle = c.valid ? theme.accent : theme.textMuted;
    ctx.lineWidth = 2 * px;
    ctx.setLineDash([6 * px, 4 * px]);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  const box = en.selectionBox;
  if (box) {
    ctx.beginPath();
    ctx.rect(box.x, box.y, box.width, box.height);
    ctx.fillStyle = theme.selectionFill;
    ctx.fill();
    ctx.lineWidth = 1 * px;
    ctx.strokeStyle = theme.selection;
    ctx.setLineDash([4 * px, 3 * px]);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  const tray = en.touchTray;
  if (tray) drawTouchTray(ctx, en, theme, tray);
}

/** The touch tray is laid out in screen pixels; the overlay draws in world units. */
function drawTouchTray(ctx: CanvasRenderingContext2D, en: CanvasEngine, theme: Theme, tray: TouchTray) {
  const { x: vx, y: vy, k } = en.viewport;
  ctx.save();
  ctx.translate(-vx / k, -vy / k);
  ctx.scale(1 / k, 1 / k);
  ctx.beginPath();
  ctx.roundRect(tray.x, tray.y + 2, tray.width, tray.height, 12);
  ctx.fillStyle = theme.shadow;
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(tray.x, tray.y, tray.width, tray.height, 12);
  ctx.fillStyle = theme.controlBackground;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.border;
  ctx.stroke();
  drawButtons(ctx, theme, tray.buttons, { lineWidth: 1.75, radius: 8, icon: 20 });
  ctx.restore();
}

function drawHandles(ctx: CanvasRenderingContext2D, en: CanvasEngine, theme: Theme, rec: NodeRecord) {
  const px = 1 / en.viewport.k;
  const r = (en.coarse ? 7 : 4) * px;
  for (const h of rec.handles) {
    const active = en.hover.handle?.nodeId === rec.id && en.hover.handle.handleId === h.id;
    const target = en.connection?.target?.nodeId === rec.id && en.connection.target.handleId === h.id;
    ctx.beginPath();
    ctx.arc(rec.x + h.x, rec.y + h.y, active || target ? r * 1.4 : r, 0, Math.PI * 2);
    ctx.fillStyle = active || target ? theme.accent : theme.surface;
    ctx.fill();
    ctx.lineWidth = 1.5 * px;
    ctx.strokeStyle = theme.accent;
    ctx.stroke();
  }
}

/**
 * The marked-out path (`CanvasEngine.highlight`): its edges in a broad accent stroke under a ring
 * around each of its cards, at any zoom (far away too: a path across a big tree reads as a line).
 */
export function drawHighlight(ctx: CanvasRenderingContext2D, en: CanvasEngine, theme: Theme) {
  const store = en.store;
  if (!store.highlightedNodes.size && !store.highlightedEdges.size) return;
  const px = 1 / en.viewport.k;
  ctx.save();
  ctx.strokeStyle = theme.accent;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.globalAlpha = 0.85;
  ctx.lineWidth = 4 * px;
  ctx.beginPath();
  for (const id of store.highlightedEdges) {
    const rec = store.edges.get(id);
    const g = rec && store.edgeGeometry(rec);
    if (!g) continue;
    const pts = store.edgePoints(g);
    pts.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
  }
  ctx.stroke();
  ctx.globalAlpha = 1;
  ctx.lineWidth = 3 * px;
  ctx.beginPath();
  for (const id of store.highlightedNodes) {
    const rec = store.nodes.get(id);
    if (!rec || rec.hidden) continue;
    ctx.roundRect(rec.x - 4 * px, rec.y - 4 * px, rec.width + 8 * px, rec.height + 8 * px, theme.radius + 4 * px);
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * What selection adds to the scene: handles of selected cards in view and the grab circles at the
 * ends of selected edges. It changes only with the selection, so it is drawn with the scene.
 */
export function drawSelectionDecor(ctx: CanvasRenderingContext2D, en: CanvasEngine, theme: Theme, drawnIds: readonly string[]) {
  const store = en.store;
  const px = 1 / en.viewport.k;
  if (en.detailed && en.canConnect && store.selectedNodes.size) {
    for (const id of drawnIds) {
      const rec = store.nodes.get(id)!;
      if (rec.selected && rec.connectable) drawHandles(ctx, en, theme, rec);
    }
  }
  for (const id of store.selectedEdges) {
    const rec = store.edges.get(id);
    const g = rec && store.edgeGeometry(rec);
    if (!g) continue;
    for (const p of [g.source, g.target]) {
      ctx.beginPath();
      ctx.arc(p.x, p.y, en.reconnectRadius * px * 0.6, 0, Math.PI * 2);
      ctx.fillStyle = theme.surface;
      ctx.fill();
      ctx.lineWidth = 1.5 * px;
      ctx.strokeStyle = theme.selection;
      ctx.stroke();
    }
  }
}
