import { READABLE_ZOOM, type CanvasHandle } from '../../../../engine/index.ts';

/** The tree's fit-view padding (§9). */
const FIT_PADDING = 0.2;

/**
 * Brings the imported group into view, as the tree opens (issue 12): all of it when it can be read
 * at once, else its first person (the file's first) centred at a readable zoom. Resolves once a
 * frame with it has been drawn.
 */
export async function showGroup(canvas: CanvasHandle | null, nodeIds: readonly string[]): Promise<void> {
  const engine = canvas?.engine;
  if (canvas && engine && nodeIds.length) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const id of nodeIds) {
      const r = engine.store.nodes.get(id);
      if (!r) continue;
      x0 = Math.min(x0, r.x);
      y0 = Math.min(y0, r.y);
      x1 = Math.max(x1, r.x + r.width);
      y1 = Math.max(y1, r.y + r.height);
    }
    const { width, height } = engine.size;
    const fit = Math.min(width / ((x1 - x0) * (1 + 2 * FIT_PADDING)), height / ((y1 - y0) * (1 + 2 * FIT_PADDING)));
    const first = engine.store.nodes.get(nodeIds[0]!);
    if (fit >= READABLE_ZOOM || !first) canvas.fitView([...nodeIds]);
    else engine.centreOn({ x: first.x + first.width / 2, y: first.y + first.height / 2 }, READABLE_ZOOM);
    canvas.flush();
  }
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}
