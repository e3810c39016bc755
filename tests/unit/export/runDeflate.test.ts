import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RunDeflate } from '../../../engine/export/runDeflate.ts';

type Step = ['lit', number] | ['pixel', number] | ['run', number, 1 | 4];

/** The bytes the steps stand for, made the slow way. */
function expected(steps: readonly Step[]): Uint8Array {
  const out: number[] = [];
  for (const s of steps) {
    if (s[0] === 'lit') out.push(s[1]);
    else if (s[0] === 'pixel') out.push(s[1] & 255, (s[1] >>> 8) & 255, (s[1] >>> 16) & 255, s[1] >>> 24);
    else for (let i = 0; i < s[1]; i++) out.push(out[out.length - s[2]]!);
  }
  return Uint8Array.from(out);
}

function deflate(steps: readonly Step[]): Uint8Array {
  const z = new RunDeflate();
  const bytes = expected(steps);
  let at = 0;
  for (const s of steps) {
    if (s[0] === 'lit') z.literal(s[1]);
    else if (s[0] === 'pixel') z.pixel(s[1]);
    else z.run(s[1], s[2], s[2] === 1 ? bytes[at - 1]! : new DataView(bytes.buffer).getUint32(at - 4, true));
    at += s[0] === 'lit' ? 1 : s[0] === 'pixel' ? 4 : s[1];
  }
  return z.end();
}

const white = 0xffffffff, red = 0xff0000ff, grey = 0xff7f7f7f;

describe('run deflate: a zlib stream of literals and runs (PNG tiles, issue 22)', () => {
  it.each<[string, Step[]]>([
    ['nothing', []],
    ['every byte value once', Array.from({ length: 256 }, (_, i) => ['lit', i] as Step)],
    ['a zero then runs of 1 to 600 zeros', [['lit', 0], ...Array.from({ length: 600 }, (_, i) => ['run', i + 1, 1] as Step)]],
    ['a pixel repeated 4 to 2,000 bytes', [['pixel', red], ['run', 4, 4], ['run', 8, 4], ['run', 1032, 4], ['run', 2000, 4], ['pixel', grey], ['run', 260, 4], ['run', 259, 4], ['run', 261, 4]]],
    ['one background row of a 4,096-px tile, then an up-filtered copy', [['lit', 0], ['pixel', white], ['run', 4 * 4095, 4], ['lit', 2], ['lit', 0], ['run', 4 * 4096 - 1, 1]]],
    ['a run of 4 MB (a quarter of a blank tile)', [['lit', 0], ['run', 4 << 20, 1]]],
    ['bytes past 226 (10-bit codes) between runs', [['lit', 255], ['lit', 227], ['run', 3, 1], ['lit', 226], ['pixel', 0xfefdfcfb], ['run', 300, 4]]],
  ])('%s inflates back to its bytes, checksum and all', (_, steps) => {
    const z = deflate(steps);
    const want = expected(steps);
    const got = inflateSync(z);
    expect(got.length).toBe(want.length);
    expect(Buffer.compare(got, Buffer.from(want))).toBe(0);
  });

  it('writes a blank 16 MB in about a thousandth of its size', () => {
    const z = new RunDeflate();
    z.literal(0);
    z.run(16 << 20, 1, 0);
    const out = z.end();
    expect(out.length).toBeLessThan((16 << 20) / 1000);
    expect(inflateSync(out).length).toBe((16 << 20) + 1);
  });
});
