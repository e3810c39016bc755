/**
 * Loads images once per URL and hands out round-cropped bitmaps at a few fixed pixel sizes, so a
 * card draws its avatar with one drawImage (no clip path per card per frame).
 */
const BUCKETS = [32, 64, 128, 256];

export class ImageCache {
  private images = new Map<string, HTMLImageElement | null>();
  private round = new Map<string, HTMLCanvasElement>();

  constructor(private onLoad: () => void) {}

  /** The image if loaded; starts loading it otherwise. */
  get(url: string): HTMLImageElement | undefined {
    const img = this.images.get(url);
    if (img) return img.complete && img.naturalWidth > 0 ? img : undefined;
    if (img === null) return undefined;
    const el = new Image();
    el.decoding = 'async';
    this.images.set(url, el);
    el.onload = () => this.onLoad();
    el.onerror = () => this.images.set(url, null);
    el.src = url;
    return undefined;
  }

  /** A circle-cropped copy of the image at least `px` device pixels across. */
  getRound(url: string, px: number): CanvasImageSource | undefined {
    const size = BUCKETS.find((b) => b >= px) ?? BUCKETS[BUCKETS.length - 1];
    const key = `${size}|${url}`;
    const hit = this.round.get(key);
    if (hit) return hit;
    const img = this.get(url);
    if (!img) return undefined;
    const c = document.createElement('canvas');
    c.width = c.height = size;
    const ctx = c.getContext('2d')!;
    ctx.beginPath();
    ctx.arc(size / 2, size / 2, size / 2, 0, Math.PI * 2);
    ctx.clip();
    const s = Math.min(img.naturalWidth, img.naturalHeight);
    ctx.drawImage(img, (img.naturalWidth - s) / 2, (img.naturalHeight - s) / 2, s, s, 0, 0, size, size);
    this.round.set(key, c);
    return c;
  }
}
