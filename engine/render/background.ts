/**
 * The dotted grid: a CSS pattern on an element one tile larger than the view on each side, moved
 * with a transform (compositor-only, no repaint) by the pan modulo the tile; only a zoom changes
 * the pattern itself. The gap doubles when zoomed out so dots never crowd.
 */
import { BACKGROUND_GAP } from '../core/constants.ts';
import type { Theme } from '../core/theme.ts';
import type { Transform } from '../core/types.ts';

/** Largest tile the pattern uses (10 px doubled until it exceeds 20 × 1.5). */
const MAX_TILE = 64;

export function styleBackground(el: HTMLElement, theme: Theme) {
  el.style.backgroundColor = theme.background;
  el.style.backgroundImage = `radial-gradient(circle, ${theme.grid} 1px, transparent 1.2px)`;
  el.style.inset = `-${MAX_TILE}px`;
  el.style.willChange = 'transform';
}

export function placeBackground(el: HTMLElement, v: Transform, gap = BACKGROUND_GAP) {
  let g = gap * v.k;
  while (g < 10) g *= 2;
  const size = `${g}px ${g}px`;
  if (el.style.backgroundSize !== size) {
    el.style.backgroundSize = size;
    el.style.backgroundPosition = `${MAX_TILE - g / 2}px ${MAX_TILE - g / 2}px`;
  }
  const mod = (a: number) => ((a % g) + g) % g;
  el.style.transform = `translate(${mod(v.x) - g}px, ${mod(v.y) - g}px)`;
}
