/**
 * Cards drawn once into small bitmaps and then copied with one drawImage per frame: text and
 * anti-aliased shapes are what a software-rendered canvas spends its time on. A sprite is valid for
 * one node object, selection state and device scale; sprites are only made while the zoom holds
 * still (during a wheel zoom every step would need new ones, so existing ones are stretched until
 * the gesture settles), and the least recently used go first.
 */
const MAX_SPRITES = 800;
/** Room around the card for its shadow. */
const PAD = 3;

interface Sprite {
  node: unknown;
  selected: boolean;
  scale: number;
  width: number;
  height: number;
  canvas: HTMLCanvasElement;
}

export class CardSprites {
  private sprites = new Map<string, Sprite>();
  /** Sprites made so far (tests pin reuse). */
  made = 0;

  /**
   * Draws a card from its sprite, making the sprite first when `allowNew`. Without `allowNew`
   * (mid-zoom) a sprite made at another scale is stretched instead, slightly soft for a moment;
   * a card without any sprite is drawn directly with `draw`.
   */
  draw(
    ctx: CanvasRenderingContext2D,
    key: { id: string; node: unknown; selected: boolean; width: number; height: number },
    scale: number,
    allowNew: boolean,
    draw: (ctx: CanvasRenderingContext2D) => void,
  ) {
    let s = this.sprites.get(key.id);
    const valid = s && s.node === key.node && s.selected === key.selected && s.scale === scale && s.width === key.width && s.height === key.height;
    if (!valid) {
      const stretchable = s && s.node === key.node && s.selected === key.selected && s.width === key.width && s.height === key.height;
      if (!allowNew && !stretchable) return draw(ctx);
      if (allowNew) s = this.make(key, scale, draw);
    } else {
      // Refresh its place in the map's insertion order (least recently used goes first).
      this.sprites.delete(key.id);
      this.sprites.set(key.id, s!);
    }
    ctx.drawImage(s!.canvas, -PAD, -PAD, key.width + 2 * PAD, key.height + 2 * PAD);
  }

  clear() {
    this.sprites.clear();
  }

  private make(key: { id: string; node: unknown; selected: boolean; width: number; height: number }, scale: number, draw: (ctx: CanvasRenderingContext2D) => void): Sprite {
    const old = this.sprites.get(key.id);
    this.sprites.delete(key.id);
    if (this.sprites.size >= MAX_SPRITES) this.sprites.delete(this.sprites.keys().next().value!);
    const canvas = old?.canvas ?? document.createElement('canvas');
    canvas.width = Math.ceil((key.width + 2 * PAD) * scale);
    canvas.height = Math.ceil((key.height + 2 * PAD) * scale);
    const c = canvas.getContext('2d')!;
    c.setTransform(scale, 0, 0, scale, PAD * scale, PAD * scale);
    draw(c);
    const s: Sprite = { node: key.node, selected: key.selected, scale, width: key.width, height: key.height, canvas };
    this.sprites.set(key.id, s);
    this.made++;
    return s;
  }
}
