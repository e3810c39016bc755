import { describe, expect, it } from 'vitest';
import { VIEWPORT_PRESETS } from '../../../engine/core/constants.ts';
import { fitView, homeView, minZoomFor, openingView, pinch, recentre, toScreen, toWorld, visibleWorldRect, zoomTo } from '../../../engine/core/viewport.ts';

const generic = VIEWPORT_PRESETS.generic;
const tree = VIEWPORT_PRESETS.tree;

describe('viewport maths', () => {
  it('converts between screen and world', () => {
    const t = { x: 100, y: 50, k: 2 };
    expect(toScreen(t, { x: 10, y: 10 })).toEqual({ x: 120, y: 70 });
    expect(toWorld(t, { x: 120, y: 70 })).toEqual({ x: 10, y: 10 });
    expect(visibleWorldRect(t, { width: 200, height: 100 })).toEqual({ x: -50, y: -25, width: 100, height: 50 });
  });

  it('zooms about a point, keeping the world point under it fixed, within the limits', () => {
    const t = { x: 30, y: -20, k: 1 };
    const about = { x: 400, y: 300 };
    const before = toWorld(t, about);
    const z = zoomTo(t, 1.2, about, generic);
    expect(z.k).toBe(1.2);
    expect(toWorld(z, about).x).toBeCloseTo(before.x);
    expect(toWorld(z, about).y).toBeCloseTo(before.y);
    expect(zoomTo(t, 5, about, generic).k).toBe(2);
    expect(zoomTo(t, 0.1, about, generic).k).toBe(0.5);
    expect(zoomTo(t, 0.1, about, tree).k).toBe(0.25);
  });

  it('pinches: the scale follows the finger distance and the midpoint follows the fingers', () => {
    const t0 = { x: 0, y: 0, k: 1 };
    const t = pinch(t0, { x: 100, y: 100 }, { x: 200, y: 100 }, { x: 50, y: 150 }, { x: 250, y: 150 }, generic);
    expect(t.k).toBe(2);
    // World midpoint (150, 100) now sits under the new screen midpoint (150, 150).
    expect(toScreen(t, { x: 150, y: 100 })).toEqual({ x: 150, y: 150 });
    // Two fingers moving together pan without zooming.
    const pan = pinch(t0, { x: 0, y: 0 }, { x: 100, y: 0 }, { x: 10, y: 20 }, { x: 110, y: 20 }, generic);
    expect(pan).toEqual({ x: 10, y: 20, k: 1 });
  });

  it.each([
    // bounds, size, preset, count → k
    [{ x: 0, y: 0, width: 800, height: 400 }, { width: 1000, height: 1000 }, generic, 10, 1],
    [{ x: 0, y: 0, width: 600, height: 300 }, { width: 1000, height: 1000 }, tree, 10, 1],
    [{ x: 0, y: 0, width: 100, height: 100 }, { width: 1000, height: 1000 }, tree, 2, 1.4],
    [{ x: 0, y: 0, width: 1200, height: 600 }, { width: 1000, height: 1000 }, tree, 3, 0.525],
    [{ x: 0, y: 0, width: 1200, height: 600 }, { width: 1000, height: 1000 }, tree, 30, 0.5],
    [{ x: 0, y: 0, width: 400, height: 200 }, { width: 1000, height: 1000 }, tree, 30, 1.35],
    [{ x: 0, y: 0, width: 100000, height: 100 }, { width: 1000, height: 1000 }, generic, 5, 0.5],
    // Issue 12: a big tree's fit is not held at 0.5 (or the tree's 0.25) when all of it needs less.
    [{ x: 0, y: 0, width: 1100, height: 600 }, { width: 1000, height: 1000 }, tree, 30, 0.5],
    [{ x: 0, y: 0, width: 3000, height: 600 }, { width: 1000, height: 1000 }, tree, 300, 0.2],
    [{ x: 0, y: 0, width: 600000, height: 2000 }, { width: 1000, height: 1000 }, tree, 10000, 0.001],
  ])('fits %o into %o (count %#) at zoom %d', (bounds, size, preset, count, k) => {
    const t = fitView(bounds, size, preset, count);
    expect(t.k).toBeCloseTo(k);
    const centre = toScreen(t, { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 });
    expect(centre.x).toBeCloseTo(size.width / 2);
    expect(centre.y).toBeCloseTo(size.height / 2);
  });

  it('re-centres after a resize', () => {
    expect(recentre({ x: 0, y: 0, k: 1 }, { width: 800, height: 600 }, { width: 1000, height: 600 })).toEqual({ x: 100, y: 0, k: 1 });
  });

  it.each([
    // bounds, size, preset → lowest zoom
    [{ x: 0, y: 0, width: 600, height: 300 }, { width: 1000, height: 1000 }, tree, 0.25],
    [{ x: 0, y: 0, width: 6000, height: 300 }, { width: 1000, height: 1000 }, tree, 0.1],
    [{ x: 0, y: 0, width: 6000, height: 300 }, { width: 1000, height: 1000 }, generic, 0.5],
    [null, { width: 1000, height: 1000 }, tree, 0.25],
  ])('the lowest zoom for %o in %o is what showing all of it needs', (bounds, size, preset, k) => {
    expect(minZoomFor(bounds, size, preset)).toBeCloseTo(k);
  });

  const home = { x: 1000, y: 200, width: 132, height: 96 };
  it.each([
    // what, bounds, size, count → k, the world point at the screen's centre
    ['a small tree that reads whole opens fitted', { x: 0, y: 0, width: 600, height: 300 }, { width: 1280, height: 800 }, 10, 1.28, { x: 300, y: 150 }],
    ['a tree too wide to read whole opens on the member', { x: 0, y: 0, width: 3000, height: 600 }, { width: 1024, height: 768 }, 300, 0.8, { x: 1066, y: 248 }],
    ['a phone opens on the member at a readable zoom', { x: 0, y: 0, width: 1200, height: 400 }, { width: 390, height: 700 }, 10, 0.8, { x: 1066, y: 248 }],
    ['a 10,000-person tree opens on the member', { x: -300000, y: 0, width: 600000, height: 2000 }, { width: 1024, height: 768 }, 10000, 0.8, { x: 1066, y: 248 }],
  ])('%s', (_what, bounds, size, count, k, centre) => {
    const t = openingView(bounds, home, size, tree, count, 0.8);
    expect(t.k).toBeCloseTo(k);
    const c = toWorld(t, { x: size.width / 2, y: size.height / 2 });
    expect(c.x).toBeCloseTo(centre.x);
    expect(c.y).toBeCloseTo(centre.y);
  });

  it('opens on the whole tree when there is no home card', () => {
    expect(openingView({ x: 0, y: 0, width: 3000, height: 600 }, null, { width: 1000, height: 1000 }, tree, 300, 0.8).k).toBeCloseTo(0.2);
  });

  it.each([
    // zoom before → after "Me"
    [0.05, 0.8],
    [0.5, 0.8],
    [1.2, 1.2],
  ])('"Me" from zoom %d centres the home card at %d', (k0, k) => {
    const t = homeView(home, k0, { width: 800, height: 600 }, tree, 0.8);
    expect(t.k).toBeCloseTo(k);
    expect(toScreen(t, { x: 1066, y: 248 })).toEqual({ x: 400, y: 300 });
  });
});
