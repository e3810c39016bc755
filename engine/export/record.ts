/**
 * A stand-in for a 2-D canvas context that writes down what is drawn instead of painting it, as
 * the static renderer's ops. The card code of the live canvas (node types' `draw`) draws into it
 * unchanged, so an exported card is the card on screen. It knows the calls that code makes:
 * paths (rect, roundRect, arc, lines, curves), fill and stroke, text and images.
 */
import type { PathCommand } from '../core/edgePaths.ts';
import { boxOfShapes, type Op, type Shape } from './ops.ts';

export interface Measure {
  (text: string, size: number, weight: number): number;
}

/** An image handed to a card by `view.image`: only its address is kept. */
export class ImageToken {
  constructor(readonly url: string) {}
}

const fontSpecs = new Map<string, { size: number; weight: number }>();

export class RecordingContext {
  ops: Op[] = [];
  fillStyle = '#000';
  strokeStyle = '#000';
  lineWidth = 1;
  textAlign: CanvasTextAlign = 'left';
  textBaseline: CanvasTextBaseline = 'alphabetic';
  globalAlpha = 1;
  lineCap = 'butt';
  lineJoin = 'miter';
  private fontSpec = { size: 10, weight: 400 };
  private fontText = '10px sans-serif';
  private dash: number[] = [];
  private shapes: Shape[] = [];
  private path: PathCommand[] | null = null;
  private dx = 0;
  private dy = 0;
  private stack: [number, number][] = [];

  constructor(private measureText_: Measure) {}

  /** Everything after this is drawn shifted by (x, y): the card's place in the chart. */
  origin(x: number, y: number) {
    this.dx = x;
    this.dy = y;
  }

  get font() {
    return this.fontText;
  }
  set font(css: string) {
    this.fontText = css;
    // A card sets the same few fonts over and over: each is read once.
    let spec = fontSpecs.get(css);
    if (!spec) {
      const size = /([\d.]+)px/.exec(css);
      const weight = /^\s*(\d{3})\b/.exec(css) ?? /\b(bold)\b/.exec(css);
      spec = { size: size ? Number(size[1]) : 10, weight: weight ? (weight[1] === 'bold' ? 700 : Number(weight[1])) : 400 };
      if (fontSpecs.size > 1000) fontSpecs.clear();
      fontSpecs.set(css, spec);
    }
    this.fontSpec = spec;
  }

  save() {
    this.stack.push([this.dx, this.dy]);
  }
  restore() {
    const top = this.stack.pop();
    if (top) [this.dx, this.dy] = top;
  }
  translate(x: number, y: number) {
    this.dx += x;
    this.dy += y;
  }
  setLineDash(d: number[]) {
    this.dash = [...d];
  }
  getLineDash() {
    return this.dash;
  }

  beginPath() {
    this.shapes = [];
    this.path = null;
  }
  rect(x: number, y: number, w: number, h: number) {
    this.shapes.push({ kind: 'rect', x: x + this.dx, y: y + this.dy, w, h, r: 0 });
  }
  roundRect(x: number, y: number, w: number, h: number, r: number | number[] = 0) {
    const radius = Array.isArray(r) ? (r[0] ?? 0) : r;
    this.shapes.push({ kind: 'rect', x: x + this.dx, y: y + this.dy, w, h, r: Math.min(radius, w / 2, h / 2) });
  }
  arc(cx: number, cy: number, r: number, start: number, end: number) {
    if (Math.abs(end - start) >= Math.PI * 2 - 1e-6) {
      this.shapes.push({ kind: 'circle', cx: cx + this.dx, cy: cy + this.dy, r });
      return;
    }
    // Partial arcs as cubic pieces of at most a quarter turn.
    const steps = Math.max(1, Math.ceil(Math.abs(end - start) / (Math.PI / 2)));
    const step = (end - start) / steps;
    const k = (4 / 3) * Math.tan(step / 4);
    let a = start;
    const p = (t: number) => ({ x: cx + this.dx + r * Math.cos(t), y: cy + this.dy + r * Math.sin(t) });
    const first = p(a);
    if (this.path) this.path.push({ op: 'L', ...first });
    else this.startPath(first.x, first.y);
    for (let i = 0; i < steps; i++) {
      const b = a + step;
      const p0 = p(a), p1 = p(b);
      this.path!.push({
        op: 'C',
        c1x: p0.x - k * r * Math.sin(a), c1y: p0.y + k * r * Math.cos(a),
        c2x: p1.x + k * r * Math.sin(b), c2y: p1.y - k * r * Math.cos(b),
        x: p1.x, y: p1.y,
      });
      a = b;
    }
  }
  private startPath(x: number, y: number) {
    this.path = [{ op: 'M', x, y }];
    this.shapes.push({ kind: 'path', cmds: this.path });
  }
  moveTo(x: number, y: number) {
    this.startPath(x + this.dx, y + this.dy);
  }
  lineTo(x: number, y: number) {
    if (!this.path) return this.moveTo(x, y);
    this.path.push({ op: 'L', x: x + this.dx, y: y + this.dy });
  }
  quadraticCurveTo(cx: number, cy: number, x: number, y: number) {
    this.path?.push({ op: 'Q', cx: cx + this.dx, cy: cy + this.dy, x: x + this.dx, y: y + this.dy });
  }
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number) {
    this.path?.push({ op: 'C', c1x: c1x + this.dx, c1y: c1y + this.dy, c2x: c2x + this.dx, c2y: c2y + this.dy, x: x + this.dx, y: y + this.dy });
  }
  closePath() {
    const first = this.path?.[0];
    if (first) this.path!.push({ op: 'L', x: first.x, y: first.y });
  }

  fill() {
    if (!this.shapes.length) return;
    this.ops.push({ kind: 'shape', shapes: this.shapes, fill: this.fillStyle, stroke: null, lineWidth: 0, dash: [], box: boxOfShapes(this.shapes, 0) });
  }
  stroke() {
    if (!this.shapes.length) return;
    this.ops.push({ kind: 'shape', shapes: this.shapes, fill: null, stroke: this.strokeStyle, lineWidth: this.lineWidth, dash: this.dash, box: boxOfShapes(this.shapes, this.lineWidth) });
  }

  measureText(text: string): { width: number } {
    return { width: this.measureText_(text, this.fontSpec.size, this.fontSpec.weight) };
  }
  fillText(text: string, x: number, y: number) {
    if (!text) return;
    const { size, weight } = this.fontSpec;
    const width = this.measureText_(text, size, weight);
    const align = this.textAlign === 'center' ? 'center' : this.textAlign === 'right' || this.textAlign === 'end' ? 'right' : 'left';
    // Baselines other than alphabetic, as the canvas places them for Inter.
    const by = this.textBaseline === 'middle' ? y + size * 0.35 : this.textBaseline === 'top' ? y + size * 0.8 : y;
    const left = x + this.dx - (align === 'center' ? width / 2 : align === 'right' ? width : 0);
    this.ops.push({
      kind: 'text', x: x + this.dx, y: by + this.dy, text, size, weight, color: this.fillStyle, align, width,
      box: [left, by + this.dy - size, left + width, by + this.dy + size * 0.3],
    });
  }
  drawImage(img: unknown, x: number, y: number, w: number, h: number) {
    if (!(img instanceof ImageToken)) return;
    const X = x + this.dx, Y = y + this.dy;
    this.ops.push({ kind: 'image', url: img.url, x: X, y: Y, w, h, circle: true, box: [X, Y, X + w, Y + h] });
  }
}
