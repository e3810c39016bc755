/**
 * A fan chart as a drawing (issue 22): the ancestors' slots as ring sectors coloured by branch or
 * generation, their names and years as turned text, in the static renderer's vocabulary. The
 * screen draws it on a canvas and the exports write it, so the fan on paper is the fan on screen.
 */
import type { Theme } from '../core/theme.ts';
import { over, parseColour } from './colour.ts';
import { fanColourIndex, fanLabel, fanRings, fanSlot, generationOf, type FanColourBy, type FanRing, type FanSlot, type FanSpan } from './fan.ts';
import type { Op, Scene, Shape } from './ops.ts';
import type { Measure } from './record.ts';

export interface FanPerson {
  /** Ahnentafel number: 1 the person in the middle. */
  n: number;
  id: string;
  name: string;
  /** "1901–1980", or ''. */
  years: string;
}

/** What a fan chart shows: plain data, so it crosses to the export worker. */
export interface FanModel {
  span: FanSpan;
  generations: number;
  colourBy: FanColourBy;
  people: FanPerson[];
  title?: string;
  subtitle?: string;
}

export interface FanSceneOptions {
  theme: Theme;
  measure: Measure;
  margin?: number;
  /** An Ahnentafel number drawn with a focus ring (the keyboard's place on screen). */
  focus?: number | null;
}

export interface FanScene extends Scene {
  /** The fan's middle in scene units: where hits are measured from. */
  centre: { x: number; y: number };
  rings: FanRing[];
}

/** Fathers' side cool (green, blue), mothers' warm (amber, plum): grandparents' branches 0–3. */
const BRANCH_HUES = ['#3d6b56', '#3f6fa8', '#c77d3e', '#a0527a'];
const GENERATION_HUES = ['#3f6fa8', '#3d6b56', '#8a8a2e', '#c77d3e', '#b3402f', '#a0527a', '#6a55a3', '#2f7f8f', '#7a6a52'];

const TITLE_SIZE = 28;
const SUBTITLE_SIZE = 13;

const hex = (c: { r: number; g: number; b: number }) => '#' + [c.r, c.g, c.b].map((v) => Math.round(v * 255).toString(16).padStart(2, '0')).join('');

/** A hue washed toward the background: light tints on paper, deep shades in the dark look. */
function tint(hue: string, theme: Theme, generation: number): string {
  const bg = parseColour(theme.background);
  const dark = 0.299 * bg.r + 0.587 * bg.g + 0.114 * bg.b < 0.5;
  const a = dark ? Math.max(0.3, 0.5 - 0.025 * generation) : Math.max(0.16, 0.36 - 0.025 * generation);
  return hex(over({ ...parseColour(hue), a }, { ...bg, a: 1 }));
}

function fanFill(n: number, by: FanColourBy, theme: Theme): string {
  const i = fanColourIndex(n, by);
  if (i === null) return theme.surface;
  const hues = by === 'branch' ? BRANCH_HUES : GENERATION_HUES;
  return tint(hues[i % hues.length]!, theme, generationOf(n));
}

/** `text` cut with an ellipsis to `max` wide. */
function fit(text: string, max: number, size: number, weight: number, measure: Measure): string {
  if (measure(text, size, weight) <= max) return text;
  let lo = 0, hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measure(text.slice(0, mid).trimEnd() + '…', size, weight) <= max) lo = mid;
    else hi = mid - 1;
  }
  return lo ? text.slice(0, lo).trimEnd() + '…' : '';
}

export function buildFanScene(model: FanModel, o: FanSceneOptions): FanScene {
  if (!model.people.some((p) => p.n === 1)) throw new Error('There is nobody to draw in this chart.');
  const { theme, measure } = o;
  const margin = o.margin ?? 40;
  const rings = fanRings(model.generations, model.span);
  const byN = new Map(model.people.map((p) => [p.n, p]));
  // The chart is as big as its outermost drawn ring (known people, and the empty slots of their parents).
  const drawnRings = Math.min(rings.length, Math.max(...model.people.map((p) => generationOf(p.n))) + 2);
  const R = rings[drawnRings - 1]!.r1;
  const header = model.title ? TITLE_SIZE + (model.subtitle ? SUBTITLE_SIZE + 10 : 0) + 24 : 0;
  const cx = margin + R, cy = margin + header + R;
  const width = 2 * R + 2 * margin;
  const height = header + 2 * margin + (model.span === 'half' ? R + 8 : 2 * R);
  const ops: Op[] = [];

  const sector = (s: FanSlot): Shape =>
    s.generation === 0 && model.span === 'full'
      ? { kind: 'circle', cx, cy, r: s.r1 }
      : { kind: 'sector', cx, cy, r0: s.r0, r1: s.r1, a0: s.a0, a1: s.a1 };
  const box = (s: FanSlot): Op['box'] => [cx - s.r1 - 1, cy - s.r1 - 1, cx + s.r1 + 1, cy + s.r1 + 1];

  if (model.title) {
    ops.push(textOp(model.title, margin, margin + TITLE_SIZE, TITLE_SIZE, 600, theme.text, 'left', 0, measure));
    if (model.subtitle) ops.push(textOp(model.subtitle, margin, margin + TITLE_SIZE + 10 + SUBTITLE_SIZE, SUBTITLE_SIZE, 400, theme.textMuted, 'left', 0, measure));
  }

  const last = 2 ** rings.length;
  const names: string[] = [];
  for (let n = 1; n < last; n++) {
    const person = byN.get(n);
    // An unknown ancestor's slot shows (empty) where their child is known: a place to fill in.
    if (!person && !byN.has(n >> 1)) continue;
    const s = fanSlot(n, rings, model.span)!;
    const shape = sector(s);
    ops.push({ kind: 'shape', shapes: [shape], fill: person ? fanFill(n, model.colourBy, theme) : theme.surfaceMuted, stroke: null, lineWidth: 0, dash: [], box: box(s) });
    ops.push({ kind: 'shape', shapes: [shape], fill: null, stroke: theme.borderStrong, lineWidth: 1, dash: person ? [] : [3, 3], box: box(s) });
    if (!person) continue;
    names.push(person.name);
    labelOps(s, person, model.span, theme, measure, cx, cy, ops);
  }
  if (o.focus && (byN.has(o.focus) || byN.has(o.focus >> 1))) {
    const s = fanSlot(o.focus, rings, model.span);
    if (s) ops.push({ kind: 'shape', shapes: [sector(s)], fill: null, stroke: theme.focusRing, lineWidth: 3, dash: [], box: box(s) });
  }
  return { width, height, background: theme.background, ops, names, centre: { x: cx, y: cy }, rings };
}

function textOp(text: string, x: number, y: number, size: number, weight: number, color: string, align: 'left' | 'center', angle: number, measure: Measure): Op {
  const width = measure(text, size, weight);
  const reach = width / 2 + size;
  const box: Op['box'] = align === 'left' && !angle ? [x, y - size, x + width, y + size * 0.3] : [x - reach, y - reach, x + reach, y + reach];
  return { kind: 'text', x, y, text, size, weight, color, align, width, box, ...(angle ? { angle } : {}) };
}

/** The name (and years, where there is room) across the slot, centred on its label place. */
function labelOps(s: FanSlot, p: FanPerson, span: FanSpan, theme: Theme, measure: Measure, cx: number, cy: number, ops: Op[]) {
  const l = fanLabel(s, span);
  const root = s.generation === 0;
  const size = Math.min(l.maxSize, root ? 13 : 11);
  const weight = root ? 600 : 400;
  const small = Math.max(3, size * 0.82);
  const gap = size * 0.3;
  // Room across the text: the ring's width for arc names, the slot's thin inner end for radial ones.
  const across = s.radial ? (s.a1 - s.a0) * s.r0 * 0.95 : root ? s.r1 : (s.r1 - s.r0) * 0.85;
  const lines: { text: string; size: number; weight: number; color: string }[] = [{ text: fit(p.name, l.maxWidth, size, weight, measure), size, weight, color: theme.text }];
  if (p.years && size + gap + small <= across) lines.push({ text: fit(p.years, l.maxWidth, small, 400, measure), size: small, weight: 400, color: theme.textMuted });
  const height = lines.reduce((h, line) => h + line.size, 0) + gap * (lines.length - 1);
  // Down the turned text is (−sin, cos).
  const dx = -Math.sin(l.angle), dy = Math.cos(l.angle);
  let top = -height / 2;
  for (const line of lines) {
    if (line.text) {
      const d = top + line.size * 0.8;
      ops.push(textOp(line.text, cx + l.x + d * dx, cy + l.y + d * dy, line.size, line.weight, line.color, 'center', l.angle, measure));
    }
    top += line.size + gap;
  }
}
