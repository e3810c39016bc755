/** URLs of the export's font files (Fontsource's static Inter), bundled by Vite. Generated list: 2 weights × 7 subsets × 2 formats. */
import f0 from '@fontsource/inter/files/inter-latin-400-normal.woff?url';
import f1 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import f2 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff?url';
import f3 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff2?url';
import f4 from '@fontsource/inter/files/inter-cyrillic-400-normal.woff?url';
import f5 from '@fontsource/inter/files/inter-cyrillic-400-normal.woff2?url';
import f6 from '@fontsource/inter/files/inter-cyrillic-ext-400-normal.woff?url';
import f7 from '@fontsource/inter/files/inter-cyrillic-ext-400-normal.woff2?url';
import f8 from '@fontsource/inter/files/inter-greek-400-normal.woff?url';
import f9 from '@fontsource/inter/files/inter-greek-400-normal.woff2?url';
import f10 from '@fontsource/inter/files/inter-greek-ext-400-normal.woff?url';
import f11 from '@fontsource/inter/files/inter-greek-ext-400-normal.woff2?url';
import f12 from '@fontsource/inter/files/inter-vietnamese-400-normal.woff?url';
import f13 from '@fontsource/inter/files/inter-vietnamese-400-normal.woff2?url';
import f14 from '@fontsource/inter/files/inter-latin-600-normal.woff?url';
import f15 from '@fontsource/inter/files/inter-latin-600-normal.woff2?url';
import f16 from '@fontsource/inter/files/inter-latin-ext-600-normal.woff?url';
import f17 from '@fontsource/inter/files/inter-latin-ext-600-normal.woff2?url';
import f18 from '@fontsource/inter/files/inter-cyrillic-600-normal.woff?url';
import f19 from '@fontsource/inter/files/inter-cyrillic-600-normal.woff2?url';
import f20 from '@fontsource/inter/files/inter-cyrillic-ext-600-normal.woff?url';
import f21 from '@fontsource/inter/files/inter-cyrillic-ext-600-normal.woff2?url';
import f22 from '@fontsource/inter/files/inter-greek-600-normal.woff?url';
import f23 from '@fontsource/inter/files/inter-greek-600-normal.woff2?url';
import f24 from '@fontsource/inter/files/inter-greek-ext-600-normal.woff?url';
import f25 from '@fontsource/inter/files/inter-greek-ext-600-normal.woff2?url';
import f26 from '@fontsource/inter/files/inter-vietnamese-600-normal.woff?url';
import f27 from '@fontsource/inter/files/inter-vietnamese-600-normal.woff2?url';

export const FONT_URLS: Record<string, string> = {
  'inter-latin-400-normal.woff': f0,
  'inter-latin-400-normal.woff2': f1,
  'inter-latin-ext-400-normal.woff': f2,
  'inter-latin-ext-400-normal.woff2': f3,
  'inter-cyrillic-400-normal.woff': f4,
  'inter-cyrillic-400-normal.woff2': f5,
  'inter-cyrillic-ext-400-normal.woff': f6,
  'inter-cyrillic-ext-400-normal.woff2': f7,
  'inter-greek-400-normal.woff': f8,
  'inter-greek-400-normal.woff2': f9,
  'inter-greek-ext-400-normal.woff': f10,
  'inter-greek-ext-400-normal.woff2': f11,
  'inter-vietnamese-400-normal.woff': f12,
  'inter-vietnamese-400-normal.woff2': f13,
  'inter-latin-600-normal.woff': f14,
  'inter-latin-600-normal.woff2': f15,
  'inter-latin-ext-600-normal.woff': f16,
  'inter-latin-ext-600-normal.woff2': f17,
  'inter-cyrillic-600-normal.woff': f18,
  'inter-cyrillic-600-normal.woff2': f19,
  'inter-cyrillic-ext-600-normal.woff': f20,
  'inter-cyrillic-ext-600-normal.woff2': f21,
  'inter-greek-600-normal.woff': f22,
  'inter-greek-600-normal.woff2': f23,
  'inter-greek-ext-600-normal.woff': f24,
  'inter-greek-ext-600-normal.woff2': f25,
  'inter-vietnamese-600-normal.woff': f26,
  'inter-vietnamese-600-normal.woff2': f27,
};
