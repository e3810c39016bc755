/**
 * The fonts an exported chart is written with: the app's Inter, regular (400) and semibold (600),
 * as the static per-script files Fontsource ships (latin, latin-ext, cyrillic, greek,
 * vietnamese). Text is measured here with the same glyph advances the PDF and SVG embed, so an
 * ellipsis fitted to a card is right in every back end. Each character is written with the
 * first file of its weight that has a glyph for it.
 */
import fontkit from '@pdf-lib/fontkit';
import type { Font } from 'pdf-lib/cjs/types/fontkit';

export interface FontFile {
  weight: 400 | 600;
  /** Fontsource's subset name, e.g. 'latin-ext'. */
  subset: string;
  /** WOFF (1): what fontkit can subset into a PDF. */
  woff: Uint8Array;
  /** WOFF2, smaller, for the SVG's @font-face. */
  woff2: Uint8Array;
  unicodeRange?: string;
}

export interface FontFace {
  index: number;
  file: FontFile;
  font: Font;
}

export interface TextRun {
  face: FontFace;
  text: string;
}

export const FONT_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const;
export { EXPORT_FAMILY } from './exportFamily.ts';

export class FontSet {
  readonly faces: FontFace[];
  private advance = new Map<number, number>();
  private faceOf = new Map<number, FontFace | null>();

  constructor(files: readonly FontFile[]) {
    this.faces = files.map((file, index) => ({ index, file, font: fontkit.create(file.woff) }));
  }

  private nearestWeight(weight: number): 400 | 600 {
    return weight >= 550 ? 600 : 400;
  }

  face(cp: number, weight: number): FontFace | null {
    const w = this.nearestWeight(weight);
    const key = cp * 2 + (w === 600 ? 1 : 0);
    let f = this.faceOf.get(key);
    if (f === undefined) {
      f = this.faces.find((x) => x.file.weight === w && x.font.hasGlyphForCodePoint(cp)) ?? null;
      this.faceOf.set(key, f);
    }
    return f;
  }

  /** Width of `text` at `size`, from per-character advances (cached). */
  measure(text: string, size: number, weight: number): number {
    let units = 0;
    const w = this.nearestWeight(weight);
    const bmp = w === 600 ? this.bmp600 : this.bmp400;
    // By UTF-16 unit, not `for…of` (a string iterator per call): a 100,000-person chart measures a million texts.
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit < 0xd800 || unit > 0xdfff) {
        let a = bmp[unit]!;
        if (a < 0) bmp[unit] = a = this.advanceOf(unit, w);
        units += a;
      } else {
        const cp = text.codePointAt(i)!;
        if (cp > 0xffff) i++;
        units += this.advanceOf(cp, w);
      }
    }
    return units * size;
  }

  /** Advances of the Basic Multilingual Plane's characters by weight, em; -1 not yet read. */
  private bmp400 = new Float64Array(0x10000).fill(-1);
  private bmp600 = new Float64Array(0x10000).fill(-1);

  private advanceOf(cp: number, w: 400 | 600): number {
    const key = cp * 2 + (w === 600 ? 1 : 0);
    let a = this.advance.get(key);
    if (a === undefined) {
      const f = this.face(cp, w) ?? this.face(0x3f, w);
      a = f ? f.font.glyphForCodePoint(f.font.hasGlyphForCodePoint(cp) ? cp : 0x3f).advanceWidth / f.font.unitsPerEm : 0.6;
      this.advance.set(key, a);
    }
    return a;
  }

  /** `text` cut where the face changes; characters no face has are written as '?'. */
  runs(text: string, weight: number): TextRun[] {
    const out: TextRun[] = [];
    for (const ch of text) {
      let face = this.face(ch.codePointAt(0)!, weight);
      let c = ch;
      if (!face) {
        face = this.face(0x3f, weight);
        c = '?';
        if (!face) continue;
      }
      const last = out[out.length - 1];
      if (last && last.face === face) last.text += c;
      else out.push({ face, text: c });
    }
    return out;
  }
}
