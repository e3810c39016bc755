/**
 * The SVG back end: names stay <text> (searchable, editable in Inkscape), the fonts used are
 * inlined as @font-face data URLs and photos as data URLs, so the file shows the same anywhere.
 */
import { parseColour } from './colour.ts';
import { EXPORT_FAMILY, type FontSet } from './fonts.ts';
import type { Op, Scene, Shape } from './ops.ts';
import { overlaps, sectorPath } from './ops.ts';
import { pathData } from './pathData.ts';

/** Text and attribute values: the five XML specials, and characters XML 1.0 cannot hold dropped. */
export function escapeXml(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Numbers short but exact enough (hundredths of a unit). */
export const num = (n: number) => String(Math.round(n * 100) / 100);

/** A CSS colour as SVG paints it: rgba() split into the colour and its opacity. */
function paint(attr: 'fill' | 'stroke', css: string): string {
  const c = parseColour(css);
  const hex = '#' + [c.r, c.g, c.b].map((v) => Math.round(v * 255).toString(16).padStart(2, '0')).join('');
  return c.a < 1 ? `${attr}="${hex}" ${attr}-opacity="${num(c.a)}"` : `${attr}="${hex}"`;
}

const transparent = (css: string | null) => !css || parseColour(css).a === 0;

function shapeElement(s: Shape, style: string): string {
  if (s.kind === 'rect') return `<rect x="${num(s.x)}" y="${num(s.y)}" width="${num(s.w)}" height="${num(s.h)}"${s.r ? ` rx="${num(s.r)}"` : ''} ${style}/>`;
  if (s.kind === 'circle') return `<circle cx="${num(s.cx)}" cy="${num(s.cy)}" r="${num(s.r)}" ${style}/>`;
  return `<path d="${pathData(s.kind === 'sector' ? sectorPath(s) : s.cmds)}" ${style}/>`;
}

export interface SvgOptions {
  fonts?: FontSet;
  /** Photos as data URLs by their address; a photo not here is left out (the ring stays). */
  images?: ReadonlyMap<string, string>;
  /** Only this part of the scene (a printed page): what crosses it, in a viewBox of it. */
  region?: { x: number; y: number; w: number; h: number };
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * The SVG as UTF-8 parts, the body encoded every few thousand elements as it is written: a
 * 100,000-person chart is 90 MB of text, and holding its million element strings and the whole
 * text at once took the browser past 1.5 GB.
 */
export function writeSvgParts(scene: Scene, o: SvgOptions = {}): Uint8Array[] {
  const encoder = new TextEncoder();
  const used = new Set<number>();
  let clip = 0;
  const body: Uint8Array[] = [];
  let batch: string[] = [];
  const r = o.region ?? { x: 0, y: 0, w: scene.width, h: scene.height };
  for (const op of scene.ops)
    if (!o.region || overlaps(op.box, r.x, r.y, r.w, r.h)) {
      const el = opElement(op);
      if (!el) continue;
      batch.push(el);
      if (batch.length === 20_000) {
        body.push(encoder.encode(batch.join('\n') + '\n'));
        batch = [];
      }
    }
  if (batch.length) body.push(encoder.encode(batch.join('\n') + '\n'));
  function opElement(op: Op): string {
    if (op.kind === 'shape') {
      if (transparent(op.fill) && transparent(op.stroke)) return '';
      const style = op.fill
        ? paint('fill', op.fill)
        : `fill="none" ${paint('stroke', op.stroke!)} stroke-width="${num(op.lineWidth)}" stroke-linecap="round" stroke-linejoin="round"${op.dash.length ? ` stroke-dasharray="${op.dash.map(num).join(' ')}"` : ''}`;
      return op.shapes.length === 1 ? shapeElement(op.shapes[0]!, style) : `<g ${style}>${op.shapes.map((s) => shapeElement(s, '')).join('')}</g>`;
    }
    if (op.kind === 'text') {
      if (o.fonts) for (const r of o.fonts.runs(op.text, op.weight)) used.add(r.face.index);
      const anchor = op.align === 'center' ? ' text-anchor="middle"' : op.align === 'right' ? ' text-anchor="end"' : '';
      const turn = op.angle ? ` transform="rotate(${num((op.angle * 180) / Math.PI)} ${num(op.x)} ${num(op.y)})"` : '';
      return `<text x="${num(op.x)}" y="${num(op.y)}"${turn} font-size="${num(op.size)}"${op.weight !== 400 ? ` font-weight="${op.weight}"` : ''} ${paint('fill', op.color)}${anchor}>${escapeXml(op.text)}</text>`;
    }
    const href = o.images?.get(op.url);
    if (!href) return '';
    const id = `c${clip++}`;
    return `<clipPath id="${id}"><circle cx="${num(op.x + op.w / 2)}" cy="${num(op.y + op.h / 2)}" r="${num(op.w / 2)}"/></clipPath><image href="${escapeXml(href)}" x="${num(op.x)}" y="${num(op.y)}" width="${num(op.w)}" height="${num(op.h)}" preserveAspectRatio="xMidYMid slice" clip-path="url(#${id})"/>`;
  }

  const out: string[] = [];
  out.push(`<?xml version="1.0" encoding="UTF-8"?>`);
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${num(r.w)}" height="${num(r.h)}" viewBox="${num(r.x)} ${num(r.y)} ${num(r.w)} ${num(r.h)}" font-family="'${EXPORT_FAMILY}', Inter, sans-serif">`);
  if (o.fonts && used.size) {
    const faces = [...used].sort((a, b) => a - b).map((i) => {
      const f = o.fonts!.faces[i]!.file;
      return `@font-face{font-family:'${EXPORT_FAMILY}';font-weight:${f.weight};src:url(data:font/woff2;base64,${base64(f.woff2)}) format('woff2');${f.unicodeRange ? `unicode-range:${f.unicodeRange};` : ''}}`;
    });
    out.push(`<style>${faces.join('')}</style>`);
  }
  out.push(`<title>${escapeXml(scene.names.length + ' people')}</title>`);
  out.push(`<rect x="${num(r.x)}" y="${num(r.y)}" width="${num(r.w)}" height="${num(r.h)}" ${paint('fill', scene.background)}/>`);
  return [encoder.encode(out.join('\n') + '\n'), ...body, encoder.encode('</svg>')];
}

/** The SVG as one string (a printed page's, a test's). */
export function writeSvg(scene: Scene, o: SvgOptions = {}): string {
  const parts = writeSvgParts(scene, o);
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return new TextDecoder().decode(all);
}
