import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { memorySink, zipCrc, ZipWriter } from '../../../engine/export/zip.ts';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('ZIP writer for PNG tiles (issue 22)', () => {
  it('writes stored entries, bytes and Blobs alike, that an unzip reads back whole', async () => {
    const zip = new ZipWriter(memorySink());
    const note = bytes('README: how the tiles fit\r\n');
    const tile = bytes('\x89PNG pretend tile bytes '.repeat(100));
    await zip.add({ name: 'README.txt', data: note, crc: zipCrc(note), size: note.length });
    await zip.add({ name: 'tile-row1-col1.png', data: new Blob([tile]), crc: zipCrc(tile), size: tile.length });
    await zip.add({ name: 'tile-row1-col2.png', data: new Blob([tile]), crc: zipCrc(tile), size: tile.length });
    const blob = await zip.end();
    expect(blob.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    expect(Object.keys(files)).toEqual(['README.txt', 'tile-row1-col1.png', 'tile-row1-col2.png']);
    expect(files['README.txt']).toEqual(note);
    expect(files['tile-row1-col2.png']).toEqual(tile);
  });

  it('says so, rather than writing a broken archive, past 4 GB', async () => {
    const zip = new ZipWriter(memorySink());
    await expect(zip.add({ name: 'huge.png', data: new Uint8Array(0), crc: 0, size: 2 ** 32 })).rejects.toThrow('larger than 4 GB');
  });
});
