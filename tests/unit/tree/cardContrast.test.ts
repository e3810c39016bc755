import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { darkTheme, lightTheme, type Theme } from '../../../engine/core/theme.ts';
import { GENDER_ACCENTS } from '../../../src/screens/tree/canvas/personCards.ts';

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(n >> 16) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour tokens of src/styles/tokens.css: the light `:root` and the dark media query's. */
function cssTokens(): { light: Record<string, string>; dark: Record<string, string> } {
  const css = readFileSync(new URL('../../../src/styles/tokens.css', import.meta.url), 'utf8');
  const at = css.indexOf('@media (prefers-color-scheme: dark)');
  const read = (text: string) => Object.fromEntries([...text.matchAll(/--(color-[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
  return { light: read(css.slice(0, at)), dark: read(css.slice(at)) };
}

const THEMES: [string, Theme, 'light' | 'dark'][] = [
  ['light', lightTheme, 'light'],
  ['dark', darkTheme, 'dark'],
];

// Card text is small (11.5 and 10.5 px) and drawn smaller still at the opening zoom: AA's 4.5:1
// for normal text is the floor, for the name, the lines under it and the avatar's initial.
const CARD_TEXT: [string, keyof Theme, keyof Theme][] = [
  ['name', 'text', 'surface'],
  ['born, gender and bio lines', 'textMuted', 'surface'],
  ['initial in the default avatar', 'textMuted', 'surfaceMuted'],
  ['button icons', 'textMuted', 'surfaceMuted'],
  ['Invite icon', 'accent', 'surfaceMuted'],
  ['Delete icon', 'danger', 'surfaceMuted'],
];

describe('card colours meet WCAG AA in both themes', () => {
  describe.each(THEMES)('%s theme', (_name, theme, scheme) => {
    it.each(CARD_TEXT)('%s: %s on %s at least 4.5:1', (_what, fg, bg) => {
      expect(contrast(theme[fg] as string, theme[bg] as string)).toBeGreaterThanOrEqual(4.5);
    });

    it.each(Object.entries(GENDER_ACCENTS))("gender %j's accent ring and band at least 3:1 on the card", (_gender, colour) => {
      expect(contrast(colour, theme.surface)).toBeGreaterThanOrEqual(3);
    });

    it('draws with the same colours as the app (src/styles/tokens.css)', () => {
      const css = cssTokens()[scheme];
      expect({
        background: theme.background,
        surface: theme.surface,
        surfaceMuted: theme.surfaceMuted,
        text: theme.text,
        textMuted: theme.textMuted,
        accent: theme.accent,
        danger: theme.danger,
      }).toEqual({
        background: css['color-bg'],
        surface: css['color-surface'],
        surfaceMuted: css['color-surface-2'],
        text: css['color-text'],
        textMuted: css['color-text-muted'],
        accent: css['color-accent'],
        danger: css['color-danger'],
      });
    });
  });
});
