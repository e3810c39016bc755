/**
 * Colours and fonts the engine draws with. The app passes its own (from its design tokens); these
 * defaults are the same warm palette so the engine looks finished on its own.
 */
export interface Theme {
  fontFamily: string;
  background: string;
  grid: string;
  surface: string;
  surfaceMuted: string;
  border: string;
  borderStrong: string;
  text: string;
  textMuted: string;
  accent: string;
  accentSoft: string;
  onAccent: string;
  danger: string;
  warm: string;
  edge: string;
  selection: string;
  selectionFill: string;
  focusRing: string;
  shadow: string;
  minimapBackground: string;
  minimapNode: string;
  minimapViewport: string;
  controlBackground: string;
  radius: number;
}

export const lightTheme: Theme = {
  fontFamily: "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', sans-serif",
  background: '#f7f3ec',
  grid: '#d8cdbb',
  surface: '#fffdf9',
  surfaceMuted: '#f1ebe1',
  border: '#e2d9cb',
  borderStrong: '#cbbfac',
  text: '#2b2520',
  textMuted: '#6d6358',
  accent: '#3d6b56',
  accentSoft: '#e3ede6',
  onAccent: '#fdfaf4',
  danger: '#b3402f',
  warm: '#c77d3e',
  edge: '#a89886',
  selection: '#3d6b56',
  selectionFill: 'rgba(61, 107, 86, 0.08)',
  focusRing: '#3d6b56',
  shadow: 'rgba(60, 45, 30, 0.12)',
  minimapBackground: 'rgba(255, 253, 249, 0.92)',
  minimapNode: '#cbbfac',
  minimapViewport: '#3d6b56',
  controlBackground: '#fffdf9',
  radius: 10,
};

export const darkTheme: Theme = {
  ...lightTheme,
  background: '#181513',
  grid: '#3a332d',
  surface: '#221e1b',
  surfaceMuted: '#2c2723',
  border: '#3a332d',
  borderStrong: '#51483f',
  text: '#f1ebe2',
  textMuted: '#b0a596',
  accent: '#86bfa2',
  accentSoft: '#2a3a32',
  onAccent: '#14201a',
  danger: '#ef8a78',
  warm: '#e0a06a',
  edge: '#6f6458',
  selection: '#86bfa2',
  selectionFill: 'rgba(134, 191, 162, 0.10)',
  focusRing: '#9dcfb5',
  shadow: 'rgba(0, 0, 0, 0.35)',
  minimapBackground: 'rgba(34, 30, 27, 0.92)',
  minimapNode: '#51483f',
  minimapViewport: '#86bfa2',
  controlBackground: '#221e1b',
};
