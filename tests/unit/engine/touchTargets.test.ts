import { describe, expect, it } from 'vitest';
import {
  buttonsFitForTouch, depthInside, distanceToRect, layoutTouchTray, trayButtonAt,
} from '../../../engine/core/interaction/touchTargets.ts';
import type { CardButton } from '../../../engine/core/types.ts';

const button = (id: string, width = 26, height = 20): CardButton => ({ id, label: id, x: 0, y: 0, width, height });
const four = ['add', 'unlink', 'delete', 'details'].map((id) => button(id));
const view = { width: 1000, height: 700 };

describe('buttonsFitForTouch', () => {
  it.each([
    [0.5, false],
    [1.5, false],
    [2.2, true],
  ])('26 × 20 buttons at zoom %s: %s', (k, fits) => {
    expect(buttonsFitForTouch([button('a'), button('b')], k)).toBe(fits);
  });
});

describe('layoutTouchTray', () => {
  it.each([
    // card box (screen) → tray x, y
    ['under the card, centred', { x: 400, y: 300, width: 70, height: 50 }, { x: 435 - 98, y: 364 }],
    ['over the card when there is no room below', { x: 400, y: 620, width: 70, height: 50 }, { x: 435 - 98, y: 620 - 14 - 52 }],
    ['under it when there is room neither below nor above', { x: 400, y: 20, width: 70, height: 660 }, { x: 435 - 98, y: 694 }],
    ['inside the canvas at the left edge', { x: -30, y: 300, width: 70, height: 50 }, { x: 8, y: 364 }],
    ['inside the canvas at the right edge', { x: 980, y: 300, width: 70, height: 50 }, { x: 1000 - 8 - 196, y: 364 }],
  ])('%s', (_name, card, at) => {
    const tray = layoutTouchTray('n1', four, card, view)!;
    expect({ x: tray.x, y: tray.y, width: tray.width, height: tray.height }).toEqual({ ...at, width: 196, height: 52 });
    expect(tray.buttons.map((b) => [b.id, b.x - tray.x, b.y - tray.y, b.width, b.height])).toEqual([
      ['add', 4, 4, 44, 44],
      ['unlink', 52, 4, 44, 44],
      ['delete', 100, 4, 44, 44],
      ['details', 148, 4, 44, 44],
    ]);
  });

  it('is null for a card without buttons', () => {
    expect(layoutTouchTray('n1', [], { x: 0, y: 0, width: 10, height: 10 }, view)).toBeNull();
  });
});

describe('trayButtonAt', () => {
  const tray = layoutTouchTray('n1', four, { x: 400, y: 300, width: 70, height: 50 }, view)!;
  it.each([
    ['on a button', tray.x + 60, tray.y + 20, 'unlink'],
    ['in the gap between two buttons, nearer the second', tray.x + 98.5, tray.y + 20, 'delete'],
    ['on the panel padding', tray.x + 1, tray.y + 1, 'add'],
    ['outside the panel', tray.x - 1, tray.y + 20, undefined],
    ['below the panel', tray.x + 60, tray.y + 53, undefined],
  ])('%s', (_name, x, y, id) => {
    expect(trayButtonAt(tray, { x, y })?.id).toBe(id);
  });
});

describe('depthInside and distanceToRect', () => {
  const r = { x: 0, y: 0, width: 100, height: 50 };
  it.each([
    [{ x: 50, y: 25 }, 25, 0],
    [{ x: 5, y: 25 }, 5, 0],
    [{ x: 50, y: 48 }, 2, 0],
    [{ x: -3, y: 25 }, 0, 3],
    [{ x: 103, y: 54 }, 0, 5],
  ])('%j: depth %s, distance %s', (p, depth, dist) => {
    expect(depthInside(r, p)).toBe(depth);
    expect(distanceToRect(r, p)).toBe(dist);
  });
});
