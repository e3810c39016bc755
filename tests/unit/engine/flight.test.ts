import { describe, expect, it } from 'vitest';
import { FLIGHT_MS, flightPath, MAX_SCREENS, pointAt } from '../../../engine/core/flight.ts';
import { READABLE_ZOOM } from '../../../engine/core/constants.ts';
import type { Frames } from '../../../engine/core/interaction/input.ts';
import type { Transform } from '../../../engine/core/types.ts';
import { card, makeEditor } from './fixtures.ts';

const size = { width: 1000, height: 800 };
/** The world point at the middle of the screen, and the world width shown. */
const centreOf = (t: Transform) => ({ x: (500 - t.x) / t.k, y: (400 - t.y) / t.k, w: 1000 / t.k });

describe('flightPath', () => {
  it('starts where the view is, ends exactly on the target, and takes between the bounds', () => {
    const from = { x: 0, y: 0, k: 1 };
    const to = pointAt({ x: 3000, y: 1200 }, { x: 500, y: 400 }, 0.8);
    const f = flightPath(from, to, size);
    expect(f.at(0).k).toBeCloseTo(1);
    expect(f.at(0).x).toBeCloseTo(0);
    expect(f.at(1)).toEqual(to);
    expect(f.duration).toBeGreaterThanOrEqual(FLIGHT_MS.min);
    expect(f.duration).toBeLessThanOrEqual(FLIGHT_MS.max);
  });

  it('zooms out on the way to a far target and comes back in', () => {
    const from = { x: 0, y: 0, k: 1 };
    const to = pointAt({ x: 2500, y: 0 }, { x: 500, y: 400 }, 1);
    const f = flightPath(from, to, size);
    const mid = f.at(0.5);
    expect(mid.k).toBeLessThan(1);
    // Monotone along the line: the centre moves from start to end without going back.
    const xs = [0, 0.25, 0.5, 0.75, 1].map((t) => centreOf(f.at(t)).x);
    for (let i = 1; i < xs.length; i++) expect(xs[i]!).toBeGreaterThanOrEqual(xs[i - 1]! - 1e-6);
  });

  it('from very far, starts a few screens before the target, in its direction', () => {
    const from = { x: 0, y: 0, k: 1 };
    const to = pointAt({ x: 500_000, y: 400 }, { x: 500, y: 400 }, 1);
    const start = centreOf(flightPath(from, to, size).at(0));
    expect(start.x).toBeCloseTo(500_000 - MAX_SCREENS * 1000);
    expect(start.y).toBeCloseTo(400);
  });

  it('a zoom without a move is animated too; the same view is a jump', () => {
    const from = { x: 0, y: 0, k: 0.3 };
    const to = { x: 500 - 500 * (0.8 / 0.3), y: 400 - 400 * (0.8 / 0.3), k: 0.8 };
    const f = flightPath(from, to, size);
    expect(f.duration).toBeGreaterThan(0);
    expect(f.at(0.5).k).toBeGreaterThan(0.3);
    expect(f.at(0.5).k).toBeLessThan(0.8);
    expect(flightPath(from, from, size).duration).toBe(0);
  });
});

/** Frames driven by the test: `tick(ms)` runs the pending frame at the time given. */
function manualFrames() {
  let pending: ((time: number) => void) | null = null;
  let time = 1000;
  const frames: Frames = {
    request: (fn) => {
      pending = fn;
      return fn;
    },
    cancel: (h) => {
      if (pending === h) pending = null;
    },
  };
  return {
    frames,
    get pending() {
      return pending !== null;
    },
    tick(ms: number) {
      const fn = pending;
      pending = null;
      time += ms;
      fn?.(time);
    },
  };
}

describe('engine.flyTo', () => {
  const nodes = [card('a', 0, 0), card('far', 4000, 1600)];

  it('moves the view frame by frame to the target and settles there once', () => {
    const clock = manualFrames();
    const settled: Transform[] = [];
    const start = { x: 0, y: 0, k: 0.5 };
    const ed = makeEditor({ nodes, edges: [], viewport: start, options: { frames: clock.frames, onViewportSettled: (v) => settled.push(v) } });
    const en = ed.engine;
    const target = en.viewOfNode('far')!;
    expect(target.k).toBe(READABLE_ZOOM);
    en.flyTo(target);
    expect(en.flying).toBe(true);
    expect(en.viewport).toEqual(start);
    clock.tick(16); // the first frame starts the clock
    clock.tick(100);
    const midway = en.viewport;
    expect(midway).not.toEqual(target);
    expect(settled).toEqual([]);
    for (let i = 0; i < 100 && clock.pending; i++) clock.tick(16);
    expect(en.viewport).toEqual(target);
    expect(en.flying).toBe(false);
    expect(settled).toEqual([target]);
    // The card is in the middle of the screen, at a readable zoom.
    const rec = en.store.nodes.get('far')!;
    expect((rec.x + rec.width / 2) * en.viewport.k + en.viewport.x).toBeCloseTo(500);
    expect((rec.y + rec.height / 2) * en.viewport.k + en.viewport.y).toBeCloseTo(400);
  });

  it('stops where it is when the member moves the view or presses on the canvas', () => {
    const clock = manualFrames();
    const ed = makeEditor({ nodes, edges: [], options: { frames: clock.frames } });
    const en = ed.engine;
    en.flyTo(en.viewOfNode('far')!);
    clock.tick(16);
    clock.tick(120);
    en.setViewport({ x: 5, y: 5, k: 1 });
    expect(en.flying).toBe(false);
    expect(clock.pending).toBe(false);
    expect(en.viewport).toEqual({ x: 5, y: 5, k: 1 });

    en.flyTo(en.viewOfNode('far')!);
    clock.tick(16);
    ed.pointerDown(10, 10);
    expect(en.flying).toBe(false);
    expect(clock.pending).toBe(false);
  });

  it('jumps when animation is off (reduced motion), and a card at a readable zoom keeps it', () => {
    const ed = makeEditor({ nodes, edges: [], options: { frames: manualFrames().frames } });
    const en = ed.engine;
    en.setViewport({ x: 0, y: 0, k: 1.2 });
    const target = en.viewOfNode('far', { x: 300, y: 200 })!;
    expect(target.k).toBe(1.2);
    en.flyTo(target, { animate: false });
    expect(en.flying).toBe(false);
    expect(en.viewport).toEqual(target);
    expect(en.viewOfNode('nobody')).toBeNull();
  });
});
