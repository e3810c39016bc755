/**
 * Where each export font file is, by name, and the unicode ranges Fontsource gives them (so the
 * SVG's @font-face picks the file a browser would). The app fetches them by URL, Node reads them
 * from node_modules (tests, bench).
 */
import { FONT_SUBSETS, type FontFile } from './fonts.ts';

export const UNICODE_RANGES: Record<(typeof FONT_SUBSETS)[number], string> = {
  latin: 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext': 'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  cyrillic: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
  'cyrillic-ext': 'U+0460-052F,U+1C80-1C8A,U+20B4,U+2DE0-2DFF,U+A640-A69F,U+FE2E-FE2F',
  greek: 'U+0370-0377,U+037A-037F,U+0384-038A,U+038C,U+038E-03A1,U+03A3-03FF',
  'greek-ext': 'U+1F00-1FFF',
  vietnamese: 'U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB',
};

export const fontFileName = (subset: string, weight: number, ext: 'woff' | 'woff2') => `inter-${subset}-${weight}-normal.${ext}`;

/** Every file, loaded by `read` (a fetch in the app, a file read in Node). */
export async function loadFontFiles(read: (name: string) => Promise<Uint8Array>): Promise<FontFile[]> {
  const out: Promise<FontFile>[] = [];
  for (const weight of [400, 600] as const)
    for (const subset of FONT_SUBSETS)
      out.push(Promise.all([read(fontFileName(subset, weight, 'woff')), read(fontFileName(subset, weight, 'woff2'))]).then(([woff, woff2]) => ({ weight, subset, woff, woff2, unicodeRange: UNICODE_RANGES[subset] })));
  return Promise.all(out);
}
