import { describe, expect, it } from 'vitest';
import { freeArea, viewClearOfPanel } from '../../../src/screens/tree/canvas/panelClearance.ts';

const card = { x: 1000, y: 500, width: 132, height: 96 };
// A 1024 × 768 tablet's canvas with the 360 px side panel: 664 px free on the left.
const tabletFree = { x: 0, y: 0, width: 664, height: 700 };

describe('viewClearOfPanel', () => {
  it.each([
    ['card and both neighbours already in sight', { x: -1000 + 250, y: -500 + 200, k: 1 }, null],
    // The card is visible but its right neighbour sits under the panel: centre it in the free part.
    ['right neighbour under the panel', { x: -1000 + 420, y: -500 + 200, k: 1 }, { x: 332 - 1066, y: -500 + 200, k: 1 }],
    ['card itself under the panel', { x: -1000 + 700, y: -500 + 200, k: 1 }, { x: 332 - 1066, y: -500 + 200, k: 1 }],
    ['left neighbour cut off by the canvas edge', { x: -1000 + 20, y: -500 + 200, k: 1 }, { x: 332 - 1066, y: -500 + 200, k: 1 }],
  ])('%s', (_, view, expected) => {
    expect(viewClearOfPanel(card, view, tabletFree)).toEqual(expected);
  });

  it('keeps the zoom and only moves along the axis that needs it', () => {
    const view = { x: -500 + 600, y: -250 + 100, k: 0.5 };
    const next = viewClearOfPanel(card, view, tabletFree);
    expect(next).toEqual({ x: 332 - 533, y: view.y, k: 0.5 });
  });

  it('lifts the card above a phone bottom sheet', () => {
    // 390 × 760 canvas, sheet from y = 300: the card at y 500..596 is under it.
    const free = { x: 0, y: 0, width: 390, height: 300 };
    const view = { x: -1000 + 129, y: -500 + 500, k: 1 };
    expect(viewClearOfPanel(card, view, free)).toEqual({ x: view.x, y: 150 - 548, k: 1 });
  });

  it("keeps room under the card for its touch tray (issue 19, item 15)", () => {
    // Phone: free band 150..400 under the toolbar, above the sheet. The card at 250..346 fits, its 66 px tray does not.
    const free = { x: 0, y: 150, width: 390, height: 250 };
    const view = { x: -1000 + 129, y: -500 + 250, k: 1 };
    expect(viewClearOfPanel(card, view, free)).toBeNull();
    const next = viewClearOfPanel(card, view, free, 66)!;
    expect(next).toEqual({ x: view.x, y: 275 - 548 - 33, k: 1 });
    // Card and tray now sit inside the band.
    expect(card.y + next.y).toBeGreaterThanOrEqual(150);
    expect(card.y + card.height + next.y + 66).toBeLessThanOrEqual(400);
  });

  it('does not chase neighbours that cannot fit beside the card', () => {
    // At zoom 2 the card and its neighbours need 824 px, more than the 664 px free.
    const view = { x: -2000 + 200, y: -1000 + 200, k: 2 };
    expect(viewClearOfPanel(card, view, tabletFree)).toBeNull();
  });
});

describe('freeArea', () => {
  const canvas = { x: 0, y: 56, width: 1024, height: 712 };
  it.each([
    ['no panel', undefined, { x: 0, y: 0, width: 1024, height: 712 }],
    ['side panel', { x: 664, y: 56, width: 360, height: 712 }, { x: 0, y: 0, width: 664, height: 712 }],
    ['bottom sheet', { x: 0, y: 556, width: 1024, height: 212 }, { x: 0, y: 0, width: 1024, height: 500 }],
  ])('%s', (_, panel, expected) => {
    expect(freeArea(canvas, panel)).toEqual(expected);
  });

  it('starts below the toolbar floating over the top of the canvas', () => {
    const toolbar = { x: 80, y: 64, width: 300, height: 40 };
    expect(freeArea(canvas, undefined, toolbar)).toEqual({ x: 0, y: 48, width: 1024, height: 664 });
    expect(freeArea(canvas, { x: 0, y: 556, width: 1024, height: 212 }, toolbar)).toEqual({ x: 0, y: 48, width: 1024, height: 452 });
  });

  it('ignores the toolbar when the room it leaves above a sheet cannot hold the card', () => {
    // A phone: a two-row toolbar down to y 270 and the sheet from y 340 leave 70 px.
    const phone = { x: 0, y: 120, width: 390, height: 724 };
    const toolbar = { x: 12, y: 130, width: 366, height: 140 };
    const sheet = { x: 0, y: 340, width: 390, height: 504 };
    expect(freeArea(phone, sheet, toolbar, 96)).toEqual({ x: 0, y: 0, width: 390, height: 220 });
    expect(freeArea(phone, sheet, toolbar, 60)).toEqual({ x: 0, y: 150, width: 390, height: 70 });
  });
});
