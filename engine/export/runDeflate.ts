/**
 * A deflate (zlib) stream made for pictures that are mostly one colour: bytes are written as
 * literals or as runs that repeat the byte 1 back (a row of zeros) or the pixel 4 back (a pixel
 * repeated). It is one Huffman block whose code is fixed in advance, not counted from the data:
 * a run of 258 bytes (deflate's longest match) costs 2 bits, so a background of any size costs
 * about a thousandth of its bytes and is written without ever being made in memory, and a literal
 * costs 9 or 10 bits. A PNG tile of a chart is written through it from what is drawn where
 * (`pngSparse.ts`), not from its 64 MB of pixels.
 */
/** Code lengths of the literal/length alphabet: 258 (symbol 285) 1 bit, literals 0–226 9 bits, the rest 10. */
const LITLEN_LENGTHS = Array.from({ length: 286 }, (_, s) => (s === 285 ? 1 : s < 227 ? 9 : 10));
/** Distance codes: 0 (1 back) and 3 (4 back), 1 bit each. */
const DIST_LENGTHS = [1, 0, 0, 1];

/** Canonical Huffman codes of `lengths`, bit-reversed (deflate writes codes from their first bit). */
function canonical(lengths: readonly number[]): Uint32Array {
  const max = Math.max(...lengths);
  const count = new Array<number>(max + 1).fill(0);
  for (const l of lengths) if (l) count[l]!++;
  const next = new Array<number>(max + 2).fill(0);
  for (let bits = 1, code = 0; bits <= max; bits++) next[bits] = code = (code + count[bits - 1]!) << 1;
  const codes = new Uint32Array(lengths.length);
  lengths.forEach((l, s) => {
    if (!l) return;
    let c = next[l]!++, r = 0;
    for (let i = 0; i < l; i++, c >>= 1) r = (r << 1) | (c & 1);
    codes[s] = r;
  });
  return codes;
}

const LITLEN = canonical(LITLEN_LENGTHS);
const LEN_BITS = Uint8Array.from(LITLEN_LENGTHS);

/** Match lengths 3–258: symbol, extra bits' count and value (RFC 1951, 3.2.5). */
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const LENGTH_SYMBOL = new Uint16Array(259);
for (let i = 0; i < LENGTH_BASE.length; i++) {
  const end = i + 1 < LENGTH_BASE.length ? LENGTH_BASE[i + 1]! : 259;
  for (let l = LENGTH_BASE[i]!; l < end; l++) LENGTH_SYMBOL[l] = i;
}

/** The order code-length code lengths are written in (RFC 1951, 3.2.7). */
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** One zlib stream written bit by bit into a growing buffer. */
export class RunDeflate {
  private out = new Uint8Array(1 << 16);
  private at = 0;
  private acc = 0;
  private nbits = 0;
  /** Adler-32 of the bytes the stream stands for, kept as its two sums. */
  private a = 1;
  private b = 0;

  constructor() {
    this.byte(0x78);
    this.byte(0x01);
    // One final block with dynamic codes: HLIT 286, HDIST 4, HCLEN 19; each code length (0, 1, 9
    // or 10) written with a 2-bit code-length code, no repeats.
    this.bits(1, 1);
    this.bits(2, 2);
    this.bits(286 - 257, 5);
    this.bits(4 - 1, 5);
    this.bits(19 - 4, 4);
    const clLengths = new Array<number>(19).fill(0);
    for (const s of [0, 1, 9, 10]) clLengths[s] = 2;
    for (const s of CL_ORDER) this.bits(clLengths[s]!, 3);
    const cl = canonical(clLengths);
    for (const l of [...LITLEN_LENGTHS, ...DIST_LENGTHS]) this.bits(cl[l]!, 2);
  }

  private byte(v: number) {
    if (this.at === this.out.length) {
      const grown = new Uint8Array(this.out.length * 2);
      grown.set(this.out);
      this.out = grown;
    }
    this.out[this.at++] = v;
  }

  /** Up to 24 bits, first bit first. */
  private bits(v: number, n: number) {
    this.acc |= v << this.nbits;
    this.nbits += n;
    while (this.nbits >= 8) {
      this.byte(this.acc & 255);
      this.acc >>>= 8;
      this.nbits -= 8;
    }
  }

  /** One byte as it is. */
  literal(v: number) {
    this.bits(LITLEN[v]!, LEN_BITS[v]!);
    this.a += v;
    if (this.a >= 65521) this.a -= 65521;
    this.b = (this.b + this.a) % 65521;
  }

  /** A pixel's 4 bytes (RGBA, as a little-endian word holds them) as they are. */
  pixel(p: number) {
    this.literal(p & 255);
    this.literal((p >>> 8) & 255);
    this.literal((p >>> 16) & 255);
    this.literal(p >>> 24);
  }

  /**
   * `n` bytes that repeat what is `dist` back: 1 (the last byte again: zeros after a zero) or 4
   * (the last pixel again). What comes before must be at least `dist` bytes long. `value` is
   * the repeated byte (dist 1) or pixel (dist 4), for the checksum.
   */
  run(n: number, dist: 1 | 4, value: number) {
    if (n < 3) {
      // Shorter than any match.
      for (let j = 0; j < n; j++) this.literal(dist === 1 ? value & 255 : (value >>> (8 * j)) & 255);
      return;
    }
    this.adlerRun(n, dist, value);
    const distCode = dist === 1 ? 0 : 1;
    // Whole matches of 258 are 2 bits each (symbol 285's code 0, then the distance's code):
    // written eight at a time.
    let full = Math.floor(n / 258), rest = n - full * 258;
    if (rest && rest < 3) {
      // 1 or 2 bytes cannot be a match: the last whole one gives up some.
      full--;
      this.match(258 + rest - 128, distCode);
      rest = 128;
    }
    const pair = distCode << 1;
    const eight = dist === 1 ? 0 : 0xaaaa;
    for (; full >= 8; full -= 8) this.bits(eight, 16);
    for (; full > 0; full--) this.bits(pair, 2);
    if (rest) this.match(rest, distCode);
  }

  private match(len: number, distCode: number) {
    const i = LENGTH_SYMBOL[len]!;
    const s = 257 + i;
    this.bits(LITLEN[s]!, LEN_BITS[s]!);
    if (LENGTH_EXTRA[i]) this.bits(len - LENGTH_BASE[i]!, LENGTH_EXTRA[i]!);
    this.bits(distCode, 1);
  }

  /** The Adler-32 sums over `n` bytes repeating a byte (dist 1) or a pixel's 4 (dist 4). */
  private adlerRun(n: number, dist: 1 | 4, value: number) {
    const period = dist === 1 ? [value & 255] : [value & 255, (value >>> 8) & 255, (value >>> 16) & 255, value >>> 24];
    // Whole periods at once (a run may stand for megabytes), in blocks small enough that no
    // product passes 2^53.
    const S = period.reduce((s, c) => s + c, 0);
    const P = period.length;
    // b over one period from a: b += P·a + Σ_{j} (P − j)·c_j.
    let W = 0;
    for (let j = 0; j < P; j++) W += (P - j) * period[j]!;
    let periods = Math.floor(n / P);
    const left = n - periods * P;
    let { a, b } = this;
    // k periods: a' = a + kS; b' = b + kPa + W·k + P·S·k(k−1)/2, in steps small enough for exact numbers.
    while (periods > 0) {
      const k = Math.min(periods, 4096);
      b = (b + ((k * P) % 65521) * a + W * k + ((P * S * ((k * (k - 1)) / 2)) % 65521)) % 65521;
      a = (a + k * S) % 65521;
      periods -= k;
    }
    for (let j = 0; j < left; j++) {
      a = (a + period[j]!) % 65521;
      b = (b + a) % 65521;
    }
    this.a = a;
    this.b = b;
  }

  /** The finished stream: end of block, padding, Adler-32. */
  end(): Uint8Array {
    this.bits(LITLEN[256]!, LEN_BITS[256]!);
    if (this.nbits) this.bits(0, 8 - this.nbits);
    const adler = ((this.b << 16) | this.a) >>> 0;
    for (const shift of [24, 16, 8, 0]) this.byte((adler >>> shift) & 255);
    return this.out.subarray(0, this.at);
  }
}
