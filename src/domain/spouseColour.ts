/**
 * The colour of a spouse edge (§3): one of ten warm, mid-tone colours, chosen by a hash of the
 * pair so both partners' edge gets the same colour whichever way round it is asked for. Every
 * colour keeps a contrast of at least 3:1 against white and against a near-black (#121212)
 * background, so the dashed line stays visible in light and dark themes (tested).
 */
export const SPOUSE_PALETTE = [
  '#C0392B', // brick red
  '#D35400', // pumpkin
  '#B9770E', // amber
  '#B8475F', // claret
  '#C2185B', // raspberry
  '#AD5A2C', // terracotta
  '#9A7D0A', // olive gold
  '#CB4335', // vermilion
  '#B0527A', // rose
  '#8E6E2E', // bronze
] as const;

/** FNV-1a, 32-bit: tiny, stable across machines, good enough spread for ten buckets. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function spousePaletteIndex(a: string, b: string): number {
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  return fnv1a(key) % SPOUSE_PALETTE.length;
}

export function spouseColour(a: string, b: string): string {
  return SPOUSE_PALETTE[spousePaletteIndex(a, b)]!;
}
