/**
 * The minimap: every card drawn once into its canvas (rebuilt only when the graph changes, a
 * little after the change settles); the viewport rectangle is a DOM element over it, moved by a
 * transform, so following the view costs no canvas work at all. Pressing or dragging on it centres
 * the view there.
 *
 * Its geometry is `minimapLayout`: the map keeps the graph's proportions, the panel shrinks to
 * them, and a very wide or tall graph is drawn at least MINIMAP_MIN_SHORT_SIDE pixels across, the
 * panel then showing a window of the map that follows the view (moved by a transform as well).
 * Where cards are smaller than a few pixels on the map it draws their density (cells shaded by
 * how many cards they hold) instead of a solid smear, and it marks the home card.
 *
 * The map is drawn into an OffscreenCanvas that the panel's canvas shows (its control transferred):
 * a 2-D canvas on the page would be copied on the frames Chromium commits during a pan when it
 * composites in software (see present.ts).
 */
import { MINIMAP_MAX_SCALE, MINIMAP_MAX_STRETCH, MINIMAP_MIN_SHORT_SIDE } from '../core/constants.ts';
import type { CanvasEngine } from '../core/engine.ts';
import { minimapLayout, minimapOffset, type MinimapLayout } from '../core/minimapLayout.ts';
import type { Theme } from '../core/theme.ts';
import type { Rect, XY } from '../core/types.ts';

const REBUILD_DELAY_MS = 200;
const PAD = 8;
/** Below this many map pixels per card, cards are drawn as density cells of this size. */
const DENSITY_CELL = 3;
const HOME_RADIUS = 4.5;

/** A canvas's control can be transferred once: a minimap made again on it (React's StrictMode) draws into the same surface. */
const surfaces = new WeakMap<HTMLCanvasElement, OffscreenCanvas>();

function surfaceOf(canvas: HTMLCanvasElement): OffscreenCanvas | HTMLCanvasElement {
  if (typeof canvas.transferControlToOffscreen !== 'function') return canvas;
  let surface = surfaces.get(canvas);
  if (!surface) surfaces.set(canvas, (surface = canvas.transferControlToOffscreen()));
  return surface;
}

export class Minimap {
  private frame: HTMLDivElement = document.createElement('div');
  /** Where the map is drawn (tests read its pixels): `canvas` shows it, or is it without OffscreenCanvas. */
  readonly surface: OffscreenCanvas | HTMLCanvasElement;
  private bounds: Rect | null = null;
  private layout: MinimapLayout | null = null;
  /** Where world (0, 0) is in the panel. */
  private offset: XY = { x: 0, y: 0 };
  private builtVersion = -1;
  private builtHome: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dragging = false;
  /** How many times the bitmap was rebuilt (tests pin that panning does not rebuild it). */
  rebuilds = 0;

  constructor(
    private canvas: HTMLCanvasElement,
    private engine: CanvasEngine,
    private theme: Theme,
    private box: { width: number; height: number },
  ) {
    this.surface = surfaceOf(canvas);
    canvas.style.position = 'absolute';
    canvas.style.left = '0';
    canvas.style.top = '0';
    canvas.style.transformOrigin = '0 0';
    // The view's rectangle; its huge shadow dims everything outside it (the panel clips it).
    this.frame.className = 'kin-engine-minimap-view';
    this.frame.style.cssText = 'position:absolute;left:0;top:0;pointer-events:none;box-sizing:border-box;transform-origin:0 0;will-change:transform;';
    canvas.after(this.frame);
    this.sizePanel(box);
    this.sizeCanvas(box.width, box.height, window.devicePixelRatio || 1);
    this.styleFrame();
    canvas.addEventListener('pointerdown', this.onDown);
    canvas.addEventListener('pointermove', this.onMove);
    canvas.addEventListener('pointerup', this.onUp);
    canvas.addEventListener('pointercancel', this.onUp);
  }

  private get panel(): HTMLElement {
    return this.canvas.parentElement!;
  }

  private sizePanel(size: { width: number; height: number }) {
    this.panel.style.width = `${size.width}px`;
    this.panel.style.height = `${size.height}px`;
  }

  setTheme(theme: Theme) {
    this.theme = theme;
    this.builtVersion = -1;
    this.styleFrame();
    this.schedule(0);
  }

  /** The largest the panel may be (smaller on a narrow container). */
  setBox(box: { width: number; height: number }) {
    if (box.width === this.box.width && box.height === this.box.height) return;
    this.box = box;
    this.builtVersion = -1;
    this.schedule(0);
  }

  private styleFrame() {
    this.frame.style.border = `1.5px solid ${this.theme.minimapViewport}`;
    this.frame.style.boxShadow = `0 0 0 ${Math.max(this.box.width, this.box.height) * 40}px ${this.theme.shadow}`;
  }

  /** The graph changed: rebuild the bitmap once things settle. */
  schedule(delay = REBUILD_DELAY_MS) {
    if (this.builtVersion === this.engine.store.contentVersion && this.builtHome === this.engine.options.homeNodeId) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.engine.dragging.size) return this.schedule();
      this.rebuild();
      this.draw();
    }, delay);
  }

  private rebuild() {
    const store = this.engine.store;
    this.builtVersion = store.contentVersion;
    this.builtHome = this.engine.options.homeNodeId;
    this.rebuilds++;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, cardW = 0;
    for (const r of store.nodes.values()) {
      if (r.hidden) continue;
      if (r.x < x0) x0 = r.x;
      if (r.y < y0) y0 = r.y;
      if (r.x + r.width > x1) x1 = r.x + r.width;
      if (r.y + r.height > y1) y1 = r.y + r.height;
      cardW = Math.max(cardW, r.width);
    }
    const ctx = this.surface.getContext('2d') as CanvasRenderingContext2D;
    const dpr = window.devicePixelRatio || 1;
    if (x0 === Infinity) {
      this.bounds = this.layout = null;
      this.sizePanel(this.box);
      this.sizeCanvas(this.box.width, this.box.height, dpr);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = this.theme.minimapBackground;
      ctx.fillRect(0, 0, this.surface.width, this.surface.height);
      return;
    }
    const bounds = (this.bounds = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
    const layout = (this.layout = minimapLayout(bounds, this.box, { pad: PAD, minShortSide: MINIMAP_MIN_SHORT_SIDE, maxStretch: MINIMAP_MAX_STRETCH, maxScale: MINIMAP_MAX_SCALE }));
    const { scale } = layout;
    this.sizePanel(layout.panel);
    // The bitmap holds the whole map plus the padding; (PAD, PAD) is the bounds' corner.
    this.sizeCanvas(layout.map.width + 2 * PAD, layout.map.height + 2 * PAD, dpr);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.surface.width, this.surface.height);
    ctx.fillStyle = this.theme.minimapBackground;
    ctx.fillRect(0, 0, this.surface.width, this.surface.height);
    const toMap = (wx: number, wy: number) => ({ x: PAD + (wx - x0) * scale, y: PAD + (wy - y0) * scale });
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = this.theme.minimapNode;
    if (cardW * scale >= DENSITY_CELL) {
      ctx.beginPath();
      for (const r of store.nodes.values()) {
        if (r.hidden) continue;
        const p = toMap(r.x, r.y);
        ctx.rect(p.x, p.y, r.width * scale, r.height * scale);
      }
      ctx.fill();
    } else {
      this.drawDensity(ctx, layout, toMap);
    }
    const home = this.engine.options.homeNodeId ? store.nodes.get(this.engine.options.homeNodeId) : undefined;
    if (home && !home.hidden) {
      const p = toMap(home.x + home.width / 2, home.y + home.height / 2);
      ctx.beginPath();
      ctx.arc(p.x, p.y, HOME_RADIUS, 0, 2 * Math.PI);
      ctx.fillStyle = this.theme.accent;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = this.theme.surface;
      ctx.stroke();
    }
  }

  /** Cards too small to draw one by one: cells shaded by how many cards they hold, so crowded branches stand out. */
  private drawDensity(ctx: CanvasRenderingContext2D, layout: MinimapLayout, toMap: (x: number, y: number) => XY) {
    const cols = Math.max(1, Math.ceil(layout.map.width / DENSITY_CELL) + 1);
    const rows = Math.max(1, Math.ceil(layout.map.height / DENSITY_CELL) + 1);
    const counts = new Uint32Array(cols * rows);
    let max = 0;
    for (const r of this.engine.store.nodes.values()) {
      if (r.hidden) continue;
      const p = toMap(r.x + r.width / 2, r.y + r.height / 2);
      const i = Math.min(rows - 1, Math.max(0, Math.floor((p.y - PAD) / DENSITY_CELL))) * cols + Math.min(cols - 1, Math.max(0, Math.floor((p.x - PAD) / DENSITY_CELL)));
      const c = ++counts[i];
      if (c > max) max = c;
    }
    for (let i = 0; i < counts.length; i++) {
      if (!counts[i]) continue;
      ctx.globalAlpha = 0.35 + 0.65 * Math.sqrt(counts[i] / max);
      ctx.fillRect(PAD + (i % cols) * DENSITY_CELL, PAD + Math.floor(i / cols) * DENSITY_CELL, DENSITY_CELL, DENSITY_CELL);
    }
    ctx.globalAlpha = 1;
  }

  private sizeCanvas(width: number, height: number, dpr: number) {
    this.surface.width = Math.max(1, Math.round(width * dpr));
    this.surface.height = Math.max(1, Math.round(height * dpr));
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
  }

  /** Places the viewport rectangle (and the map's window, for a long map): constant work, done on every viewport change. */
  draw() {
    const { bounds, layout } = this;
    if (!bounds || !layout) {
      this.frame.style.display = 'none';
      this.canvas.style.transform = '';
      return;
    }
    const v = this.engine.visibleRect;
    // While the member drags on the map it holds still under the finger.
    if (!this.dragging) this.offset = minimapOffset(layout, bounds, v, PAD);
    const { scale } = layout;
    this.canvas.style.transform = `translate(${this.offset.x + bounds.x * scale - PAD}px, ${this.offset.y + bounds.y * scale - PAD}px)`;
    const x = v.x * scale + this.offset.x, y = v.y * scale + this.offset.y;
    this.frame.style.display = '';
    this.frame.style.width = `${v.width * scale}px`;
    this.frame.style.height = `${v.height * scale}px`;
    this.frame.style.transform = `translate(${x}px, ${y}px)`;
  }

  private centreAt(e: PointerEvent) {
    if (!this.layout) return;
    const r = this.panel.getBoundingClientRect();
    const mx = e.clientX - r.left, my = e.clientY - r.top;
    this.engine.centreOn({ x: (mx - this.offset.x) / this.layout.scale, y: (my - this.offset.y) / this.layout.scale });
  }

  private onDown = (e: PointerEvent) => {
    e.stopPropagation();
    e.preventDefault();
    this.dragging = true;
    this.canvas.setPointerCapture?.(e.pointerId);
    this.centreAt(e);
  };

  private onMove = (e: PointerEvent) => {
    e.stopPropagation();
    if (this.dragging) this.centreAt(e);
  };

  private onUp = (e: PointerEvent) => {
    e.stopPropagation();
    if (!this.dragging) return;
    this.dragging = false;
    this.draw();
    this.engine.viewportSettled();
  };

  destroy() {
    clearTimeout(this.timer);
    this.frame.remove();
    this.canvas.removeEventListener('pointerdown', this.onDown);
    this.canvas.removeEventListener('pointermove', this.onMove);
    this.canvas.removeEventListener('pointerup', this.onUp);
    this.canvas.removeEventListener('pointercancel', this.onUp);
  }
}
