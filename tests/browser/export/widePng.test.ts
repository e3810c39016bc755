import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Op, Scene } from '../../../engine/export/ops.ts';
import { writePng } from '../../../engine/export/png.ts';

/** A filled square, as a card's background is drawn. */
function square(x: number, colour: string): Op {
  return { kind: 'shape', shapes: [{ kind: 'rect', x, y: 50, w: 100, h: 100, r: 0 }], fill: colour, stroke: null, lineWidth: 1, dash: [], box: [x, 50, x + 100, 150] };
}

/** The PNG's size and its unfiltered RGBA rows (the writer uses filter 0 on every row). */
function decode(parts: Uint8Array[]) {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) all.set(p, (o += p.length) - p.length);
  const view = new DataView(all.buffer);
  const idat: Uint8Array[] = [];
  const types: string[] = [];
  for (let at = 8; at < all.length; ) {
    const len = view.getUint32(at);
    const type = String.fromCharCode(...all.subarray(at + 4, at + 8));
    types.push(type);
    if (type === 'IDAT') idat.push(all.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const z = new Uint8Array(idat.reduce((n, p) => n + p.length, 0));
  o = 0;
  for (const p of idat) z.set(p, (o += p.length) - p.length);
  return { width: view.getUint32(16), height: view.getUint32(20), raw: unzlibSync(z), types };
}

describe('PNG of a chart wider than a canvas (issue 22)', () => {
  it('comes out complete past 32,767 px: one file, every row, the far card drawn', async () => {
    // 16,300 units at 150 dpi (150/72 px a unit): 33,959 px wide, more than any canvas may be.
    const scene: Scene = { width: 16_300, height: 200, background: '#ffffff', ops: [square(20, '#ff0000'), square(16_150, '#0000ff')], names: [] };
    const scale = 150 / 72;
    const { width, height, raw, types } = decode(await writePng(scene, { scale }));
    expect(width).toBe(Math.ceil(16_300 * scale));
    expect(width).toBeGreaterThan(32_767);
    expect(types[0]).toBe('IHDR');
    expect(types.at(-1)).toBe('IEND');
    expect(raw.length).toBe(height * (1 + width * 4));
    const pixel = (x: number, y: number) => {
      const at = y * (1 + width * 4) + 1 + x * 4;
      return [...raw.subarray(at, at + 4)];
    };
    const row = Math.round(100 * scale);
    expect(pixel(Math.round(70 * scale), row)).toEqual([255, 0, 0, 255]);
    // The far square, in the ninth 4,096-px tile, past the canvas limit.
    expect(pixel(Math.round(16_200 * scale), row)).toEqual([0, 0, 255, 255]);
    expect(pixel(Math.round(16_240 * scale), row)).toEqual([0, 0, 255, 255]);
    expect(pixel(Math.round(8_000 * scale), row)).toEqual([255, 255, 255, 255]);
    expect(pixel(width - 1, height - 1)).toEqual([255, 255, 255, 255]);
  });
});
