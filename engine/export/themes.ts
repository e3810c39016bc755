/** The three looks an exported chart can have: the app's light and dark, and "print" (white, dark lines). */
import { darkTheme, lightTheme, type Theme } from '../core/theme.ts';

export type ChartThemeName = 'light' | 'dark' | 'print';

export const printTheme: Theme = {
  ...lightTheme,
  background: '#ffffff',
  surface: '#ffffff',
  surfaceMuted: '#eeeeee',
  border: '#222222',
  borderStrong: '#222222',
  text: '#000000',
  textMuted: '#333333',
  edge: '#222222',
  shadow: 'rgba(0, 0, 0, 0)',
};

export const chartThemes: Record<ChartThemeName, Theme> = { light: lightTheme, dark: darkTheme, print: printTheme };
