import { describe, expect, it } from 'vitest';
import { minimapLayout, minimapOffset } from '../../../engine/core/minimapLayout.ts';

const limits = { pad: 8, minShortSide: 40, maxStretch: 32, maxScale: 0.2 };
const box = { width: 200, height: 150 };

describe('minimap layout (issue 12: readable for very wide or tall trees)', () => {
  it.each([
    // what, bounds → scale, map, panel
    ['a tree of the panel\'s shape fills it', { x: 0, y: 0, width: 1840, height: 1340 }, 0.1, { width: 184, height: 134 }, { width: 200, height: 150 }],
    ['a wide tree keeps its proportions, the panel shrinks to it', { x: 0, y: 0, width: 1840, height: 460 }, 0.1, { width: 184, height: 46 }, { width: 200, height: 62 }],
    ['a very wide tree is 40 px high, wider than the panel', { x: 0, y: 0, width: 20000, height: 800 }, 0.05, { width: 1000, height: 40 }, { width: 200, height: 56 }],
    ['a very tall tree is 40 px wide', { x: 0, y: 0, width: 400, height: 8000 }, 0.1, { width: 40, height: 800 }, { width: 56, height: 150 }],
    ['a small tree is drawn at most at 0.2, in a small panel', { x: 0, y: 0, width: 700, height: 260 }, 0.2, { width: 140, height: 52 }, { width: 156, height: 68 }],
    ['one card', { x: 0, y: 0, width: 132, height: 96 }, 0.2, { width: 26.4, height: 19.2 }, { width: 42.4, height: 35.2 }],
    ['an extreme one stops at 32 panels long', { x: 0, y: 0, width: 1_000_000, height: 800 }, 0.005888, { width: 5888, height: 4.71 }, { width: 200, height: 20.71 }],
  ])('%s', (_what, bounds, scale, map, panel) => {
    const l = minimapLayout(bounds, box, limits);
    expect(l.scale).toBeCloseTo(scale, 4);
    expect(l.map.width).toBeCloseTo(map.width, 0);
    expect(l.map.height).toBeCloseTo(map.height, 1);
    expect(l.panel.width).toBeCloseTo(panel.width, 0);
    expect(l.panel.height).toBeCloseTo(panel.height, 1);
    // Proportions kept.
    expect(l.map.width / l.map.height).toBeCloseTo(bounds.width / bounds.height, 3);
  });

  it.each([
    // view (world) → x of world 0 in the panel
    ['the view at the left end: the map starts at the padding', { x: -100, y: 0, width: 1000, height: 800 }, 8],
    ['the view in the middle: it is centred', { x: 9500, y: 0, width: 1000, height: 800 }, 100 - 10000 * 0.05],
    ['the view at the right end: the map ends at the padding', { x: 19900, y: 0, width: 1000, height: 800 }, 200 - 8 - 1000],
  ])('a map wider than its panel follows the view: %s', (_what, view, x) => {
    const bounds = { x: 0, y: 0, width: 20000, height: 800 };
    const l = minimapLayout(bounds, box, limits);
    const o = minimapOffset(l, bounds, view, limits.pad);
    expect(o.x).toBeCloseTo(x);
    // Across, the map fits the panel: centred whatever the view.
    expect(o.y).toBeCloseTo(8);
  });

  it('a map that fits is centred whatever the view', () => {
    const bounds = { x: 100, y: 50, width: 1840, height: 1340 };
    const l = minimapLayout(bounds, box, limits);
    expect(minimapOffset(l, bounds, { x: 5000, y: 5000, width: 10, height: 10 }, 8)).toEqual({ x: 8 - 10, y: 8 - 5 });
  });
});
