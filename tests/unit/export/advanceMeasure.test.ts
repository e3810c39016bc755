import { describe, expect, it } from 'vitest';
import { advanceMeasure } from '../../../engine/export/advanceMeasure.ts';

/** A font whose characters are as wide as their code (in hundredths of an em), bold ones a tenth wider. */
const font = (calls: string[]) => (text: string, size: number, weight: number) => {
  calls.push(text);
  let ems = 0;
  for (const ch of text) ems += (ch.codePointAt(0)! % 100) / 100;
  return ems * size * (weight >= 600 ? 1.1 : 1);
};

describe('screen text widths from a table of advances (fan chart, issue 22)', () => {
  it.each([
    // text, size, weight
    ['', 11, 400],
    ['Anna', 11, 400],
    ['Anna', 11, 600],
    ['Ölander–Żak', 9.02, 400],
    ['1901–1980', 3, 400],
    ['Emoji 👪 and 𝒜', 13, 400],
    ['lone \ud83d surrogate', 10, 400],
  ] as const)('%j at %d px, weight %d, is as wide as measured whole', (text, size, weight) => {
    const whole = font([]);
    expect(advanceMeasure(font([]))(text, size, weight)).toBeCloseTo(whole(text, size, weight), 9);
  });

  it('measures each character once per weight, however many texts use it', () => {
    const calls: string[] = [];
    const measure = advanceMeasure(font(calls));
    for (let i = 0; i < 100; i++) measure('Anna Berg', 5 + i / 10, 400);
    expect(calls.sort()).toEqual([' ', 'A', 'B', 'a', 'e', 'g', 'n', 'r']);
    measure('Anna', 11, 600);
    expect(calls).toHaveLength(11);
  });
});
