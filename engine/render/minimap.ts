/**
 * The minimap: every card drawn once into its canvas (rebuilt only when the graph changes, a
 * little after the change settles); the viewport rectangle is a DOM element over it, moved by a
 * transform, so following the view costs no canvas work at all. Pressing or dragging on it centres
 * the view there.
 */
import type { CanvasEngine } from '../core/engine.ts';
import type { Theme } from '../core/theme.ts';
import type { Rect } from '../core/types.ts';

const REBUILD_DELAY_MS = 200;
const PAD = 8;

export class Minimap {
  private frame: HTMLDivElement = document.createElement('div');
  private bounds: Rect | null = null;
  private scale = 1;
  private offset = { x: 0, y: 0 };
  private builtVersion = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private dragging = false;
  /** How many times the bitmap was rebuilt (tests pin that panning does not rebuild it). */
  rebuilds = 0;

  constructor(
    private canvas: HTMLCanvasElement,
    private engine: CanvasEngine,
    private theme: Theme,
    private width: number,
    private height: number,
  ) {
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    // The view's rectangle; its huge shadow dims everything outside it (the panel clips it).
    this.frame.className = 'kin-engine-minimap-view';
    this.frame.style.cssText = 'position:absolute;left:0;top:0;pointer-events:none;box-sizing:border-box;transform-origin:0 0;will-change:transform;';
    canvas.after(this.frame);
    this.styleFrame();
    canvas.addEventListener('pointerdown', this.onDown);
    canvas.addEventListener('pointermove', this.onMove);
    canvas.addEventListener('pointerup', this.onUp);
    canvas.addEventListener('pointercancel', this.onUp);
  }

  setTheme(theme: Theme) {
    this.theme = theme;
    this.builtVersion = -1;
    this.styleFrame();
    this.schedule(0);
  }

  private styleFrame() {
    this.frame.style.border = `1.5px solid ${this.theme.minimapViewport}`;
    this.frame.style.boxShadow = `0 0 0 ${Math.max(this.width, this.height) * 4}px ${this.theme.shadow}`;
  }

  /** The graph changed: rebuild the bitmap once things settle. */
  schedule(delay = REBUILD_DELAY_MS) {
    if (this.builtVersion === this.engine.store.contentVersion) return;
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
    this.rebuilds++;
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const r of store.nodes.values()) {
      if (r.hidden) continue;
      if (r.x < x0) x0 = r.x;
      if (r.y < y0) y0 = r.y;
      if (r.x + r.width > x1) x1 = r.x + r.width;
      if (r.y + r.height > y1) y1 = r.y + r.height;
    }
    const ctx = this.canvas.getContext('2d')!;
    const dpr = this.canvas.width / this.width;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = this.theme.minimapBackground;
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    if (x0 === Infinity) {
      this.bounds = null;
      return;
    }
    this.bounds = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    this.scale = Math.min((this.width - 2 * PAD) / Math.max(1, x1 - x0), (this.height - 2 * PAD) / Math.max(1, y1 - y0));
    this.offset = {
      x: (this.width - (x1 - x0) * this.scale) / 2 - x0 * this.scale,
      y: (this.height - (y1 - y0) * this.scale) / 2 - y0 * this.scale,
    };
    ctx.setTransform(dpr * this.scale, 0, 0, dpr * this.scale, dpr * this.offset.x, dpr * this.offset.y);
    // Cards smaller than a device pixel would vanish; keep each at least one pixel wide.
    const minSize = 1 / (dpr * this.scale);
    ctx.beginPath();
    for (const r of store.nodes.values()) {
      if (!r.hidden) ctx.rect(r.x, r.y, Math.max(r.width, minSize), Math.max(r.height, minSize));
    }
    ctx.fillStyle = this.theme.minimapNode;
    ctx.fill();
  }

  /** Places the viewport rectangle: constant work, done on every viewport change. */
  draw() {
    if (!this.bounds) {
      this.frame.style.display = 'none';
      return;
    }
    const v = this.engine.visibleRect;
    const x = v.x * this.scale + this.offset.x, y = v.y * this.scale + this.offset.y;
    this.frame.style.display = '';
    this.frame.style.width = `${v.width * this.scale}px`;
    this.frame.style.height = `${v.height * this.scale}px`;
    this.frame.style.transform = `translate(${x}px, ${y}px)`;
  }

  private centreAt(e: PointerEvent) {
    if (!this.bounds) return;
    const r = this.canvas.getBoundingClientRect();
    const mx = e.clientX - r.left, my = e.clientY - r.top;
    this.engine.centreOn({ x: (mx - this.offset.x) / this.scale, y: (my - this.offset.y) / this.scale });
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
