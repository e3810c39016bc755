/**
 * Cards drawn once into small bitmaps and then copied with one drawImage per frame: text and
 * anti-aliased shapes are what a software-rendered canvas spends its time on. A sprite is valid for
 * one node object, selection state, set of drawn buttons and device scale; sprites are only made while the zoom holds
 * still (during a wheel zoom every step would need new ones, so existing ones are stretched until
 * the gesture settles), and the least recently used go first.
 */
const MAX_SPRITES = 800;
/** Room around the card for its shadow. */
const PAD = 3;

/** What a sprite depends on besides the scale. */
export interface SpriteKey {
  id: string;
  node: unknown;
  selected: boolean;
  /** Whether the card's buttons are drawn (not on touch when they are too small to tap). */
  buttons: boolean;
  width: number;
  height: number;
}

interface Sprite {
  node: unknown;
  selected: boolean;
  buttons: boolean;
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
    key: SpriteKey,
    scale: number,
    allowNew: boolean,
    draw: (ctx: CanvasRenderingContext2D) => void,
  ) {
    let s = this.sprites.get(key.id);
    // A sprite of the same card at another scale can be stretched for a moment.
    const stretchable = s && s.node === key.node && s.selected === key.selected && s.buttons === key.buttons && s.width === key.width && s.height === key.height;
    if (!stretchable || s!.scale !== scale) {
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

  private make(key: SpriteKey, scale: number, draw: (ctx: CanvasRenderingContext2D) => void): Sprite {
    const old = this.sprites.get(key.id);
    this.sprites.delete(key.id);
    if (this.sprites.size >= MAX_SPRITES) this.sprites.delete(this.sprites.keys().next().value!);
    const canvas = old?.canvas ?? document.createElement('canvas');
    canvas.width = Math.ceil((key.width + 2 * PAD) * scale);
    canvas.height = Math.ceil((key.height + 2 * PAD) * scale);
    const c = canvas.getContext('2d')!;
    c.setTransform(scale, 0, 0, scale, PAD * scale, PAD * scale);
    draw(c);
    const s: Sprite = { node: key.node, selected: key.selected, buttons: key.buttons, scale, width: key.width, height: key.height, canvas };
    this.sprites.set(key.id, s);
    this.made++;
    return s;
  }
}
