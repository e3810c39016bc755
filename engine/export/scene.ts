/**
 * The layout model in, a drawing out: cards at their places drawn by the live canvas's own card
 * code (through a recording context), lines as the canvas routes them, an optional title and
 * date. The result (a Scene) is what every back end writes.
 */
import type { PathCommand } from '../core/edgePaths.ts';
import type { NodeType } from '../core/nodeType.ts';
import type { Theme } from '../core/theme.ts';
import { cardNodeType, type CardData } from '../render/nodeTypes/cardNode.ts';
import { fitToWidth } from '../render/textFit.ts';
import { boxOfShapes, type Op, type Scene } from './ops.ts';
import { ImageToken, RecordingContext, type Measure } from './record.ts';

export interface ChartCard {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  data: CardData;
}

export interface ChartLine {
  cmds: PathCommand[];
  color?: string;
  width?: number;
  dash?: number[];
}

/** A legend's row: a line's look and what it means, or (no line) a note. */
export interface LegendEntry {
  label: string;
  /** No colour: the theme's line colour, as a line without one is drawn. */
  line?: { color?: string; dash: number[]; width: number };
}

/** What is exported: cards and lines in world units, as the tree places them. */
export interface ChartModel {
  cards: ChartCard[];
  lines: ChartLine[];
  title?: string;
  subtitle?: string;
  /** Drawn under the chart, left. */
  legend?: LegendEntry[];
}

export interface SceneOptions {
  theme: Theme;
  measure: Measure;
  /** Room around the chart, world units. */
  margin?: number;
  /** The node type that draws a card: the tree's person card unless told. */
  nodeType?: NodeType<CardData>;
}

const TITLE_SIZE = 28;
const SUBTITLE_SIZE = 13;
const LEGEND_SIZE = 11;
const LEGEND_ROW = 20;
const LEGEND_SAMPLE = 40;

export function buildScene(model: ChartModel, o: SceneOptions): Scene {
  if (!model.cards.length) throw new Error('There is nobody to draw in this chart.');
  const margin = o.margin ?? 40;
  const { theme } = o;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const c of model.cards) {
    x0 = Math.min(x0, c.x); y0 = Math.min(y0, c.y);
    x1 = Math.max(x1, c.x + c.width); y1 = Math.max(y1, c.y + c.height);
  }
  for (const l of model.lines) {
    const b = boxOfShapes([{ kind: 'path', cmds: l.cmds }], 0);
    x0 = Math.min(x0, b[0]); y0 = Math.min(y0, b[1]);
    x1 = Math.max(x1, b[2]); y1 = Math.max(y1, b[3]);
  }
  const header = model.title ? TITLE_SIZE + (model.subtitle ? SUBTITLE_SIZE + 10 : 0) + 24 : 0;
  const ox = margin - x0, oy = margin + header - y0;
  const ctx = new RecordingContext(o.measure);
  const c2d = ctx as unknown as CanvasRenderingContext2D;

  // Lines under the cards, as the canvas draws them.
  for (const l of model.lines) {
    ctx.beginPath();
    ctx.origin(ox, oy);
    let first = true;
    for (const c of l.cmds) {
      if (c.op === 'M' || first) ctx.moveTo(c.x, c.y);
      else if (c.op === 'L') ctx.lineTo(c.x, c.y);
      else if (c.op === 'Q') ctx.quadraticCurveTo(c.cx, c.cy, c.x, c.y);
      else ctx.bezierCurveTo(c.c1x, c.c1y, c.c2x, c.c2y, c.x, c.y);
      first = false;
    }
    ctx.strokeStyle = l.color ?? theme.edge;
    ctx.lineWidth = l.width ?? 1.5;
    ctx.setLineDash(l.dash ?? []);
    ctx.stroke();
  }
  ctx.setLineDash([]);

  const type = o.nodeType ?? cardNodeType;
  const names: string[] = [];
  for (const c of model.cards) {
    ctx.origin(ox + c.x, oy + c.y);
    names.push(c.data.title);
    type.draw!(c2d, { id: c.id, position: { x: c.x, y: c.y }, data: c.data }, {
      width: c.width,
      height: c.height,
      selected: false,
      theme,
      zoom: 1,
      image: (url) => new ImageToken(url) as unknown as CanvasImageSource,
      // Measured straight from the font's advances: a cache keyed by font, width and text (the
      // screen's) cost more than it saved for 100,000 names seen once each.
      fitText: (cx, text, max) => fitToWidth((t) => cx.measureText(t).width, text, max),
      buttons: [],
    });
  }

  const ops: Op[] = ctx.ops;
  let width = x1 - x0 + 2 * margin;
  let height = y1 - y0 + 2 * margin + header;
  if (model.legend?.length) {
    // Under the chart: a line sample (or nothing, for a note) and its meaning, one row each.
    const legend = new RecordingContext(o.measure);
    const top = height - margin + 24;
    legend.font = `400 ${LEGEND_SIZE}px x`;
    let widest = 0;
    model.legend.forEach((entry, i) => {
      const y = top + i * LEGEND_ROW + LEGEND_ROW / 2;
      if (entry.line) {
        legend.beginPath();
        legend.moveTo(margin, y);
        legend.lineTo(margin + LEGEND_SAMPLE, y);
        legend.strokeStyle = entry.line.color ?? theme.edge;
        legend.lineWidth = entry.line.width;
        legend.setLineDash(entry.line.dash);
        legend.stroke();
      }
      const x = entry.line ? margin + LEGEND_SAMPLE + 10 : margin;
      legend.fillStyle = theme.text;
      legend.textBaseline = 'middle';
      legend.fillText(entry.label, x, y);
      widest = Math.max(widest, x + o.measure(entry.label, LEGEND_SIZE, 400));
    });
    ops.push(...legend.ops);
    height = top + model.legend.length * LEGEND_ROW + margin;
    width = Math.max(width, widest + margin);
  }
  if (model.title) {
    const title = new RecordingContext(o.measure);
    title.font = `600 ${TITLE_SIZE}px x`;
    title.fillStyle = theme.text;
    title.fillText(model.title, margin, margin + TITLE_SIZE);
    if (model.subtitle) {
      title.font = `400 ${SUBTITLE_SIZE}px x`;
      title.fillStyle = theme.textMuted;
      title.fillText(model.subtitle, margin, margin + TITLE_SIZE + 10 + SUBTITLE_SIZE);
    }
    ops.unshift(...title.ops);
  }
  return { width, height, background: theme.background, ops, names };
}
