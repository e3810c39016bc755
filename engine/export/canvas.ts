/** The canvas back end: a scene's ops replayed on a 2-D context (a PNG tile). */
import type { Op, Shape } from './ops.ts';
import { overlaps } from './ops.ts';
import { EXPORT_FAMILY } from './exportFamily.ts';

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function trace(ctx: Ctx, s: Shape) {
  if (s.kind === 'rect') ctx.roundRect(s.x, s.y, s.w, s.h, s.r);
  else if (s.kind === 'circle') {
    ctx.moveTo(s.cx + s.r, s.cy);
    ctx.arc(s.cx, s.cy, s.r, 0, Math.PI * 2);
  } else if (s.kind === 'sector') {
    ctx.moveTo(s.cx + s.r1 * Math.cos(s.a0), s.cy + s.r1 * Math.sin(s.a0));
    ctx.arc(s.cx, s.cy, s.r1, s.a0, s.a1);
    if (s.r0 > 0) ctx.arc(s.cx, s.cy, s.r0, s.a1, s.a0, true);
    else ctx.lineTo(s.cx, s.cy);
    ctx.closePath();
  } else
    for (const c of s.cmds) {
      if (c.op === 'M') ctx.moveTo(c.x, c.y);
      else if (c.op === 'L') ctx.lineTo(c.x, c.y);
      else if (c.op === 'Q') ctx.quadraticCurveTo(c.cx, c.cy, c.x, c.y);
      else ctx.bezierCurveTo(c.c1x, c.c1y, c.c2x, c.c2y, c.x, c.y);
    }
}

/**
 * Draws the ops that cross the world rectangle (x, y, w, h) into `ctx`, whose (0, 0) is that
 * rectangle's corner at `scale` pixels per unit. Fonts are the export's own, loaded as FontFaces.
 */
export function drawOps(
  ctx: Ctx,
  ops: readonly Op[],
  /** `minText`: text drawn smaller than this many pixels is left out (a screen's level of detail; files draw all). */
  view: { x: number; y: number; w: number; h: number; scale: number; minText?: number },
  images: ReadonlyMap<string, CanvasImageSource>,
  /** The font family text is drawn in: the export's files, or the app's own on screen. */
  family = `'${EXPORT_FAMILY}', Inter, sans-serif`,
) {
  ctx.setTransform(view.scale, 0, 0, view.scale, -view.x * view.scale, -view.y * view.scale);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  // A font or colour is set only when it changes: the canvas parses each string it is given, and a
  // fan's thousands of names alternate between two fonts and a few colours.
  let font = '', fill = '';
  const base = ctx.getTransform();
  for (const op of ops) {
    if (!overlaps(op.box, view.x, view.y, view.w, view.h)) continue;
    if (op.kind === 'shape') {
      ctx.beginPath();
      for (const s of op.shapes) trace(ctx, s);
      if (op.fill) {
        if (op.fill !== fill) ctx.fillStyle = fill = op.fill;
        ctx.fill();
      } else {
        ctx.strokeStyle = op.stroke!;
        ctx.lineWidth = op.lineWidth;
        ctx.setLineDash(op.dash);
        ctx.stroke();
        ctx.setLineDash([]);
      }
    } else if (op.kind === 'text') {
      if (view.minText && op.size * view.scale < view.minText) continue;
      const f = `${op.weight} ${op.size}px ${family}`;
      if (f !== font) ctx.font = font = f;
      if (op.color !== fill) ctx.fillStyle = fill = op.color;
      ctx.textAlign = op.align;
      if (op.angle) {
        // Turned about (x, y): the view's transform, moved there and turned (no save/restore per name).
        ctx.translate(op.x, op.y);
        ctx.rotate(op.angle);
        ctx.fillText(op.text, 0, 0);
        ctx.setTransform(base);
      } else ctx.fillText(op.text, op.x, op.y);
    } else {
      const img = images.get(op.url);
      if (!img) continue;
      ctx.save();
      ctx.beginPath();
      ctx.arc(op.x + op.w / 2, op.y + op.h / 2, op.w / 2, 0, Math.PI * 2);
      ctx.clip();
      ctx.drawImage(img, op.x, op.y, op.w, op.h);
      ctx.restore();
    }
  }
}
