/** Ellipsis fitting with a bounded cache: measuring text is the costly part of drawing a card. */
const MAX_ENTRIES = 20_000;

export class TextFitter {
  private cache = new Map<string, string>();

  fit(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
    const key = `${ctx.font}|${maxWidth}|${text}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    let out = text;
    if (ctx.measureText(text).width > maxWidth) {
      let lo = 0, hi = text.length;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (ctx.measureText(text.slice(0, mid).trimEnd() + '…').width <= maxWidth) lo = mid;
        else hi = mid - 1;
      }
      out = text.slice(0, lo).trimEnd() + '…';
    }
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(key, out);
    return out;
  }

  /** Web fonts that finish loading change every measurement. */
  clear() {
    this.cache.clear();
  }
}
