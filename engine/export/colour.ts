/** CSS colours as the back ends need them: #rgb, #rrggbb and rgb()/rgba() into numbers 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** A chart uses a handful of colours a million times: each is parsed once (frozen: shared). */
const parsed = new Map<string, Readonly<Rgba>>();

export function parseColour(css: string): Readonly<Rgba> {
  let c = parsed.get(css);
  if (!c) {
    if (parsed.size > 1000) parsed.clear();
    parsed.set(css, (c = Object.freeze(parse(css))));
  }
  return c;
}

function parse(css: string): Rgba {
  const s = css.trim();
  if (s.startsWith('#')) {
    const hex = s.length === 4 ? [...s.slice(1)].map((c) => c + c).join('') : s.slice(1, 7);
    const n = parseInt(hex, 16);
    return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255, a: 1 };
  }
  const m = /rgba?\(([^)]+)\)/i.exec(s);
  if (m) {
    const [r = 0, g = 0, b = 0, a = 1] = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
    return { r: r / 255, g: g / 255, b: b / 255, a };
  }
  return { r: 0, g: 0, b: 0, a: 1 };
}

/** A translucent colour laid over an opaque one: PDF pages here carry no transparency groups. */
export function over(top: Rgba, under: Rgba): Rgba {
  const a = top.a;
  return { r: top.r * a + under.r * (1 - a), g: top.g * a + under.g * (1 - a), b: top.b * a + under.b * (1 - a), a: 1 };
}
