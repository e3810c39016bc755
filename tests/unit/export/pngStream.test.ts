import { crc32 as nodeCrc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chunk, crc32, PngStream } from '../../../engine/export/png.ts';

describe('PNG stream writer (issue 22)', () => {
  it.each(['', 'IEND', 'hello, world', '\u00ff'.repeat(300)])('CRC-32 of %j matches zlib', (s) => {
    const bytes = new TextEncoder().encode(s);
    expect((crc32(bytes) ^ 0xffffffff) >>> 0).toBe(nodeCrc32(bytes));
  });

  it('writes rows given in bands into one valid PNG: header, IDAT that inflates to filtered rows, IEND', () => {
    const png = new PngStream(3, 4);
    const rgba = (row: number) => Uint8Array.from({ length: 12 }, (_, i) => row * 16 + i);
    png.rows(new Uint8Array([...rgba(0), ...rgba(1)]), 2);
    png.rows(new Uint8Array([...rgba(2), ...rgba(3)]), 2);
    const parts = png.end();
    const all = Buffer.concat(parts);
    expect([...all.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    // Chunks: walk them, check each CRC, gather IDAT.
    let at = 8;
    const types: string[] = [];
    const idat: Buffer[] = [];
    while (at < all.length) {
      const len = all.readUInt32BE(at);
      const type = all.subarray(at + 4, at + 8).toString('latin1');
      expect(all.readUInt32BE(at + 8 + len)).toBe(nodeCrc32(all.subarray(at + 4, at + 8 + len)));
      if (type === 'IDAT') idat.push(all.subarray(at + 8, at + 8 + len));
      types.push(type);
      at += 12 + len;
    }
    expect(types[0]).toBe('IHDR');
    expect(types.at(-1)).toBe('IEND');
    expect(all.readUInt32BE(16)).toBe(3);
    expect(all.readUInt32BE(20)).toBe(4);
    const raw = inflateSync(Buffer.concat(idat));
    expect(raw.length).toBe(4 * (1 + 12));
    for (let r = 0; r < 4; r++) {
      expect(raw[r * 13]).toBe(0);
      expect([...raw.subarray(r * 13 + 1, r * 13 + 13)]).toEqual([...rgba(r)]);
    }
  });

  it('frames a chunk as length, type, data and CRC', () => {
    const c = chunk('tEXt', new Uint8Array([1, 2, 3]));
    expect(c.length).toBe(15);
    expect(Buffer.from(c).readUInt32BE(0)).toBe(3);
  });
});
