import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Op, Scene } from '../../../engine/export/ops.ts';
import { tileGrid, tileName, writePngTiles } from '../../../engine/export/pngTiles.ts';
import { diskSink } from '../../../engine/export/zip.ts';

function square(x: number, y: number, colour: string): Op {
  return { kind: 'shape', shapes: [{ kind: 'rect', x, y, w: 100, h: 100, r: 0 }], fill: colour, stroke: null, lineWidth: 1, dash: [], box: [x, y, x + 100, y + 100] };
}

/** A PNG tile's RGBA pixels, decoded by the browser. */
async function pixels(png: Uint8Array) {
  const bitmap = await createImageBitmap(new Blob([png as BlobPart], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  return { width: bitmap.width, height: bitmap.height, data: ctx.getImageData(0, 0, bitmap.width, bitmap.height).data };
}

describe('PNG too large for one file: a zip of tiles with a note (issue 22)', () => {
  it('has a tile for every part of the picture, each of the right size, that together make the whole chart', async () => {
    // 1,000 × 700 px in tiles of 256: 4 columns (the last 232 px wide) and 3 rows (the last 188 high).
    const scene: Scene = {
      width: 1000, height: 700, background: '#ffffff', names: [],
      ops: [square(10, 10, '#ff0000'), square(880, 580, '#0000ff'), square(200, 200, '#00ff00')],
    };
    const fractions: number[] = [];
    const blob = await writePngTiles(scene, { scale: 1, tile: 256, name: 'family-tree.png', onProgress: (f) => fractions.push(f) });
    expect(blob.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const g = tileGrid(1000, 700, 256);
    expect(g).toMatchObject({ columns: 4, rows: 3 });
    const note = new TextDecoder().decode(files['README.txt']);
    expect(note).toContain('family-tree.png');
    expect(note).toContain('1,000 × 700 pixels');
    expect(note).toContain('12 tiles');
    expect(Object.keys(files).sort()).toEqual(['README.txt', ...Array.from({ length: 12 }, (_, i) => tileName(g, Math.floor(i / 4), i % 4))].sort());
    expect(fractions.at(-1)).toBe(1);

    // The tiles laid side by side in their order: the whole picture, each pixel where the scene has it.
    const whole = new Uint8ClampedArray(1000 * 700 * 4);
    for (let row = 0; row < 3; row++)
      for (let col = 0; col < 4; col++) {
        const t = await pixels(files[tileName(g, row, col)]!);
        expect([t.width, t.height]).toEqual([Math.min(256, 1000 - col * 256), Math.min(256, 700 - row * 256)]);
        for (let y = 0; y < t.height; y++) whole.set(t.data.subarray(y * t.width * 4, (y + 1) * t.width * 4), ((row * 256 + y) * 1000 + col * 256) * 4);
      }
    const at = (x: number, y: number) => [...whole.subarray((y * 1000 + x) * 4, (y * 1000 + x) * 4 + 4)];
    expect(at(60, 60)).toEqual([255, 0, 0, 255]);
    // The green square crosses four tiles (256 is inside it, both ways): every part drawn.
    for (const [x, y] of [[210, 210], [290, 210], [210, 290], [290, 290]] as const) expect(at(x, y)).toEqual([0, 255, 0, 255]);
    // The far corner's square, in the last (narrower, shorter) tile.
    expect(at(930, 630)).toEqual([0, 0, 255, 255]);
    expect(at(999, 699)).toEqual([255, 255, 255, 255]);
    // A tile nothing is drawn on is the background.
    expect(at(700, 100)).toEqual([255, 255, 255, 255]);
  });

  it('writes the archive to a file on disk (the export worker does), the same archive', async () => {
    const scene: Scene = { width: 600, height: 300, background: '#ffffff', names: [], ops: [square(450, 150, '#ff0000')] };
    const sink = await diskSink('pngTiles-test.zip');
    expect(sink).not.toBeNull();
    const file = await writePngTiles(scene, { scale: 1, tile: 256, sink: sink! });
    expect(file).toBeInstanceOf(File);
    const files = unzipSync(new Uint8Array(await file.arrayBuffer()));
    const g = tileGrid(600, 300, 256);
    expect(Object.keys(files)).toHaveLength(1 + g.rows * g.columns);
    const t = await pixels(files[tileName(g, 0, 1)]!);
    expect([...t.data.subarray((200 * t.width + 250) * 4, (200 * t.width + 250) * 4 + 4)]).toEqual([255, 0, 0, 255]);
  });
});
