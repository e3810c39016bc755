import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, pickEncoding } from '../../../server/http/compress.ts';

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['br;q=0', null],
    ['deflate', null],
    ['*', 'gzip'],
    ['gzip;q=0, *;q=0.1', 'gzip'],
  ] as const)('Accept-Encoding %j → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('compress', () => {
  const text = JSON.stringify({ nodes: Array.from({ length: 500 }, (_, i) => ({ id: `n${i}`, name: 'Ada Lovelace' })) });

  it.each([
    { encoding: 'br' as const, undo: brotliDecompressSync },
    { encoding: 'gzip' as const, undo: gunzipSync },
  ])('$encoding gives back the same text, smaller', async ({ encoding, undo }) => {
    const out = await compress(text, encoding);
    expect(out.encoding).toBe(encoding);
    expect(out.body.length).toBeLessThan(text.length / 5);
    expect(undo(out.body as Buffer).toString('utf8')).toBe(text);
  });

  it('leaves small answers and requests without an accepted encoding as they are', async () => {
    expect(await compress('{"ok":true}', 'br')).toEqual({ body: '{"ok":true}', encoding: null });
    expect(await compress(text, null)).toEqual({ body: text, encoding: null });
  });
});
