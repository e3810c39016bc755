/**
 * Short labels on edges ("m. 1840" on a couple's line), centred on the middle of the line on a
 * pill of the canvas colour. Asked of the app only for the edges being drawn, at detailed zoom,
 * so a big graph pays for what is on screen.
 */
import type { GraphStore } from '../core/store.ts';
import type { Theme } from '../core/theme.ts';
import type { EngineEdge } from '../core/types.ts';

const FONT_SIZE = 10;
const PAD_X = 4;
const HEIGHT = 14;

export function drawEdgeLabels(
  ctx: CanvasRenderingContext2D,
  store: GraphStore,
  ids: Iterable<string>,
  theme: Theme,
  labelOf: (edge: EngineEdge) => string,
) {
  ctx.font = `600 ${FONT_SIZE}px ${theme.fontFamily}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const id of ids) {
    const rec = store.edges.get(id);
    if (!rec || !rec.geometry) continue;
    const label = labelOf(rec.edge);
    if (!label) continue;
    const { source, target } = rec.geometry;
    const x = (source.x + target.x) / 2;
    const y = (source.y + target.y) / 2;
    const width = ctx.measureText(label).width + 2 * PAD_X;
    ctx.beginPath();
    ctx.roundRect(x - width / 2, y - HEIGHT / 2, width, HEIGHT, HEIGHT / 2);
    ctx.fillStyle = theme.background;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = rec.selected ? theme.selection : (rec.edge.color ?? theme.edge);
    ctx.stroke();
    ctx.fillStyle = theme.text;
    ctx.fillText(label, x, y + 0.5);
  }
}
