import { describe, expect, it } from 'vitest';
import { SPOUSE_PALETTE, spouseColour, spousePaletteIndex } from '../../../src/domain/spouseColour.ts';

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('spouse palette', () => {
  it('has ten distinct colours', () => {
    expect(SPOUSE_PALETTE).toHaveLength(10);
    expect(new Set(SPOUSE_PALETTE).size).toBe(10);
  });

  it.each(SPOUSE_PALETTE.map((c) => [c]))('%s is legible on light and dark backgrounds (≥ 3:1)', (colour) => {
    expect(contrast(colour, '#FFFFFF')).toBeGreaterThanOrEqual(3);
    expect(contrast(colour, '#121212')).toBeGreaterThanOrEqual(3);
  });

  it.each(SPOUSE_PALETTE.map((c) => [c]))('%s is warm (red channel leads blue)', (colour) => {
    const n = parseInt(colour.slice(1), 16);
    expect(n >> 16).toBeGreaterThan(n & 255);
  });
});

describe('spouseColour', () => {
  it.each([
    ['n1001', 'n1002'],
    ['n1001', 'n1003'],
    ['pr:a', 'u1'],
  ])('%s + %s is the same either way round', (a, b) => expect(spouseColour(a, b)).toBe(spouseColour(b, a)));

  it('is stable across runs', () => {
    expect(spousePaletteIndex('n1001', 'n1002')).toBe(spousePaletteIndex('n1002', 'n1001'));
    expect(SPOUSE_PALETTE).toContain(spouseColour('n1001', 'n1002'));
  });

  it('spreads pairs over the whole palette', () => {
    const used = new Set<number>();
    for (let i = 1001; i < 1101; i++) used.add(spousePaletteIndex(`n${i}`, `n${i + 1}`));
    expect(used.size).toBe(10);
  });
});
