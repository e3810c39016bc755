import { LAYOUT } from './types.ts';

export interface Box {
  width: number;
  height: number;
}

/**
 * Places separate families side by side: tallest first, left to right in shelves about as wide
 * as a screen-shaped (16:9) rectangle of their total area, never narrower than the widest
 * family, so one big tree and a crowd of small ones both read at a glance. Answers each box's
 * top-left corner; deterministic for the same boxes in the same order.
 */
export function packBoxes(boxes: readonly Box[]): { x: number; y: number }[] {
  const gap = LAYOUT.componentGap;
  let area = 0;
  let widest = 0;
  for (const b of boxes) {
    area += (b.width + gap) * (b.height + gap);
    widest = Math.max(widest, b.width);
  }
  const shelfWidth = Math.max(widest, Math.sqrt((area * 16) / 9));
  const byHeight = boxes.map((_, i) => i).sort((a, b) => boxes[b].height - boxes[a].height || a - b);
  const at: { x: number; y: number }[] = new Array(boxes.length);
  let x = 0, y = 0, shelfHeight = 0;
  for (const i of byHeight) {
    const b = boxes[i];
    if (x > 0 && x + b.width > shelfWidth) {
      y += shelfHeight + gap;
      x = 0;
      shelfHeight = 0;
    }
    at[i] = { x, y };
    x += b.width + gap;
    shelfHeight = Math.max(shelfHeight, b.height);
  }
  return at;
}
