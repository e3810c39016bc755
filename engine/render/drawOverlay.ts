/**
 * The fast-changing overlay: hover ring, button highlight, handles, reconnect grab circles,
 * connection preview and selection box. It is small, so it is redrawn whole on any change.
 * Sizes are divided by the zoom so they stay the same on screen.
 */
import type { CanvasEngine } from '../core/engine.ts';
import type { Theme } from '../core/theme.ts';

/** Handles are drawn for at most this many selected cards, so a huge selection stays cheap. */
const MAX_HANDLE_CARDS = 200;

export function drawOverlay(ctx: CanvasRenderingContext2D, en: CanvasEngine, theme: Theme, visibleIds: readonly string[], coarse: boolean) {
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
    const cards = new Set<string>();
    if (en.connection) for (const id of visibleIds) cards.add(id);
    else {
      if (hovered) cards.add(hovered.id);
      let n = 0;
      for (const id of store.selectedNodes) {
        if (n++ >= MAX_HANDLE_CARDS) break;
        cards.add(id);
      }
    }
    const r = (coarse ? 7 : 4) * px;
    for (const id of cards) {
      const rec = store.nodes.get(id);
      if (!rec || !rec.connectable || en.dragging.has(id)) continue;
      for (const h of rec.handles) {
        const active = en.hover.handle?.nodeId === id && en.hover.handle.handleId === h.id;
        const target = en.connection?.target?.nodeId === id && en.connection.target.handleId === h.id;
        ctx.beginPath();
        ctx.arc(rec.x + h.x, rec.y + h.y, active || target ? r * 1.4 : r, 0, Math.PI * 2);
        ctx.fillStyle = active || target ? theme.accent : theme.surface;
        ctx.fill();
        ctx.lineWidth = 1.5 * px;
        ctx.strokeStyle = theme.accent;
        ctx.stroke();
      }
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
}
