/** Ellipsis fitting with a bounded cache: measuring text is the costly part of drawing a card. */
const MAX_ENTRIES = 20_000;

/** `text` as it fits in `maxWidth`: whole, or cut at a character and ended with an ellipsis. */
export function fitToWidth(width: (text: string) => number, text: string, maxWidth: number): string {
  if (width(text) <= maxWidth) return text;
  let lo = 0, hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (width(text.slice(0, mid).trimEnd() + '…') <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo).trimEnd() + '…';
}

export class TextFitter {
  private cache = new Map<string, string>();

  fit(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
    const key = `${ctx.font}|${maxWidth}|${text}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const out = fitToWidth((t) => ctx.measureText(t).width, text, maxWidth);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, out);
    return out;
  }

  /** Web fonts that finish loading change every measurement. */
  clear() {
    this.cache.clear();
  }
}
