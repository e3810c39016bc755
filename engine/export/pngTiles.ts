/**
 * A PNG too large for one file (issue 22: "a zip of tiles with a note, where one file cannot
 * hold it"): the picture cut into tiles of at most 4,096 × 4,096 px, each its own PNG, in a ZIP
 * with a note that says how they fit together. Together the tiles cover the whole picture, row
 * by row; a tile nothing is drawn on is the background alone (encoded once, stored for each).
 * A tile's ops are looked up by column (a 100,000-person chart has a million ops and thousands of
 * tiles), and each tile is encoded by the browser's own PNG encoder (`convertToBlob`) into a Blob
 * that goes straight to the archive's sink: a file on disk in the export worker (a 100,000-person
 * chart at 150 dpi is gigabytes), a Blob of Blobs without.
 */
import { drawOps } from './canvas.ts';
import type { Op, Scene } from './ops.ts';
import { overlaps } from './ops.ts';
import { ExportCancelled } from './pdf.ts';
import { TILE } from './png.ts';
import { memorySink, zipCrc, ZipWriter, type ZipEntry, type ZipSink } from './zip.ts';

export interface PngTilesOptions {
  /** Pixels per world unit. */
  scale: number;
  images?: ReadonlyMap<string, CanvasImageSource>;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Tile side, pixels (tests make it small). */
  tile?: number;
  /** The file name the picture would have had, for the note ("family-tree.png"). */
  name?: string;
  /** Where the archive is written (a file on disk in the worker); a Blob in memory without. */
  sink?: ZipSink;
}

export interface TileGrid {
  width: number;
  height: number;
  tile: number;
  columns: number;
  rows: number;
}

export function tileGrid(width: number, height: number, tile: number): TileGrid {
  return { width, height, tile, columns: Math.ceil(width / tile), rows: Math.ceil(height / tile) };
}

const pad = (n: number, of: number) => String(n).padStart(String(of).length, '0');

/** A tile's file name: row and column from 1, zero-padded so the names sort in reading order. */
export const tileName = (g: TileGrid, row: number, column: number) => `tile-row${pad(row + 1, g.rows)}-col${pad(column + 1, g.columns)}.png`;

/** The note in the archive: what the tiles are and how they fit together. */
export function tilesNote(g: TileGrid, name: string, dpi: number | null): string {
  const last = (n: number, size: number) => size - (n - 1) * g.tile;
  return [
    `${name}: a picture too large for one PNG file`,
    '',
    `The whole picture is ${g.width.toLocaleString('en')} × ${g.height.toLocaleString('en')} pixels${dpi ? ` at ${dpi} dpi` : ''}. Most programs cannot open one image that large, so it is cut into ${(g.rows * g.columns).toLocaleString('en')} tiles: ${g.rows} ${g.rows === 1 ? 'row' : 'rows'} of ${g.columns} ${g.columns === 1 ? 'tile' : 'tiles'}.`,
    '',
    `Each tile is ${g.tile} × ${g.tile} pixels, except the last column (${last(g.columns, g.width)} px wide) and the last row (${last(g.rows, g.height)} px high).`,
    `${tileName(g, 0, 0)} is the top-left corner. The tile in row R, column C starts ${g.tile} × (C − 1) pixels from the left and ${g.tile} × (R − 1) pixels from the top.`,
    'Laid side by side in that order, without gaps or overlap, the tiles make the whole picture.',
    '',
  ].join('\r\n');
}

/** The ops that cross each column of tiles, in drawing order. */
function opsByColumn(ops: readonly Op[], g: TileGrid, scale: number): Op[][] {
  const columns: Op[][] = Array.from({ length: g.columns }, () => []);
  const unit = g.tile / scale;
  for (const op of ops) {
    const c0 = Math.max(0, Math.floor(op.box[0] / unit)), c1 = Math.min(g.columns - 1, Math.floor(op.box[2] / unit));
    for (let c = c0; c <= c1; c++) columns[c]!.push(op);
  }
  return columns;
}

async function entryOf(name: string, blob: Blob): Promise<ZipEntry> {
  return { name, data: blob, crc: zipCrc(new Uint8Array(await blob.arrayBuffer())), size: blob.size };
}

/** The scene as a ZIP of PNG tiles and a note, as one Blob. */
export async function writePngTiles(scene: Scene, o: PngTilesOptions): Promise<Blob> {
  const side = o.tile ?? TILE;
  const g = tileGrid(Math.ceil(scene.width * o.scale), Math.ceil(scene.height * o.scale), side);
  const columns = opsByColumn(scene.ops, g, o.scale);
  const images = o.images ?? new Map();
  const canvases = new Map<string, OffscreenCanvas>();
  const blank = new Map<string, ZipEntry>();
  const zip = new ZipWriter(o.sink ?? memorySink());
  const dpi = Math.round(o.scale * 72);
  const note = new TextEncoder().encode(tilesNote(g, o.name ?? 'chart.png', dpi));
  await zip.add({ name: 'README.txt', data: note, crc: zipCrc(note), size: note.length });
  const total = g.rows * g.columns;
  let done = 0;
  for (let row = 0; row < g.rows; row++)
    for (let column = 0; column < g.columns; column++) {
      if (o.signal?.aborted) throw new ExportCancelled();
      const x = column * side, y = row * side;
      const w = Math.min(side, g.width - x), h = Math.min(side, g.height - y);
      const view = { x: x / o.scale, y: y / o.scale, w: w / o.scale, h: h / o.scale, scale: o.scale };
      const ops = columns[column]!.filter((op) => overlaps(op.box, view.x, view.y, view.w, view.h));
      const name = tileName(g, row, column);
      const key = `${w}x${h}`;
      const empty = blank.get(key);
      if (!ops.length && empty) await zip.add({ ...empty, name });
      else {
        let canvas = canvases.get(key);
        if (!canvas) canvases.set(key, (canvas = new OffscreenCanvas(w, h)));
        const ctx = canvas.getContext('2d')!;
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.fillStyle = scene.background;
        ctx.fillRect(0, 0, w, h);
        drawOps(ctx, ops, view, images);
        const entry = await entryOf(name, await canvas.convertToBlob({ type: 'image/png' }));
        if (!ops.length) blank.set(key, entry);
        await zip.add(entry);
      }
      o.onProgress?.(++done / total);
    }
  return zip.end();
}
