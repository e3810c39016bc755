/**
 * The dotted grid as a CSS background on its own element: following the viewport costs two style
 * writes, no canvas pixels. The gap doubles when zoomed out so dots never crowd.
 */
import { BACKGROUND_GAP } from '../core/constants.ts';
import type { Theme } from '../core/theme.ts';
import type { Transform } from '../core/types.ts';

export function styleBackground(el: HTMLElement, theme: Theme) {
  el.style.backgroundColor = theme.background;
  el.style.backgroundImage = `radial-gradient(circle, ${theme.grid} 1px, transparent 1.2px)`;
}

export function placeBackground(el: HTMLElement, v: Transform, gap = BACKGROUND_GAP) {
  let g = gap * v.k;
  while (g < 10) g *= 2;
  el.style.backgroundSize = `${g}px ${g}px`;
  el.style.backgroundPosition = `${(v.x % g) - g / 2}px ${(v.y % g) - g / 2}px`;
}
