/**
 * A PDF content stream written as bytes as it is made: operators and numbers straight into a
 * growing byte array. A 100,000-person poster's pages are hundreds of megabytes of operators;
 * written as strings (a string per number, the lines joined, then UTF-8 encoded) the strings and
 * their encoding took a third of the export's time and most of its garbage.
 */
const DIGIT0 = 48;

export class ContentBytes {
  private buf = new Uint8Array(1 << 16);
  private at = 0;
  private digits = new Uint8Array(24);

  get length() {
    return this.at;
  }

  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.at + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.at));
    this.buf = next;
  }

  /** ASCII text as it is (operators, names, hex strings). */
  str(s: string): this {
    this.room(s.length);
    const b = this.buf;
    let at = this.at;
    for (let i = 0; i < s.length; i++) b[at++] = s.charCodeAt(i);
    this.at = at;
    return this;
  }

  /** One character (a space, a newline, an operator letter). */
  ch(code: number): this {
    this.room(1);
    this.buf[this.at++] = code;
    return this;
  }

  /** A number then a space. */
  num(v: number): this {
    return this.fixed(v, 100).ch(32);
  }

  /** A number then a space, to four places (a turn's sine and cosine). */
  num4(v: number): this {
    return this.fixed(v, 10000).ch(32);
  }

  /**
   * `v` rounded to 1/`per` and written as `String(Math.round(v * per) / per)` would (never in
   * exponent form; trailing zeros left out), without making the string.
   */
  private fixed(v: number, per: 100 | 10000): this {
    let k = Math.round(v * per);
    if (k === 0 || !Number.isFinite(k)) return this.ch(DIGIT0);
    this.room(24);
    if (k < 0) {
      this.buf[this.at++] = 45; // '-'
      k = -k;
    }
    let whole = Math.floor(k / per);
    let frac = k - whole * per;
    let d = 0;
    do {
      this.digits[d++] = DIGIT0 + (whole % 10);
      whole = Math.floor(whole / 10);
    } while (whole > 0);
    while (d > 0) this.buf[this.at++] = this.digits[--d]!;
    if (frac) {
      this.buf[this.at++] = 46; // '.'
      for (let place = per / 10; frac; place /= 10) {
        const digit = Math.floor(frac / place);
        this.buf[this.at++] = DIGIT0 + digit;
        frac -= digit * place;
      }
    }
    return this;
  }

  /** The stream's bytes so far (a view, not a copy). */
  bytes(): Uint8Array {
    return this.buf.subarray(0, this.at);
  }
}
