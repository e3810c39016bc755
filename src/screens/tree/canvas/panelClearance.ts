/**
 * Where to slide the view when the details panel opens over the canvas, so the selected card and
 * the cards beside it stay in sight. The panel is a column on the right (desktop, tablet) or a
 * sheet from the bottom (phone); either way only the rest of the canvas is free.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface View {
  x: number;
  y: number;
  k: number;
}

/** One neighbour's width each side (siblings sit 140 world units apart) and a screen margin. */
const NEIGHBOUR_SPAN = 140;
const MARGIN = 16;

/**
 * `card` in world units, `free` the uncovered part of the canvas in canvas pixels. Answers the
 * view that centres the card in the free area when the card or its neighbours would sit outside
 * it, or null when they are already in sight (the view does not jump for nothing). `below` is
 * screen room wanted under the card too: on touch, the tray of the card's buttons (issue 19,
 * item 15: on a phone the tray sat under the details sheet).
 */
export function viewClearOfPanel(card: Box, view: View, free: Box, below = 0): View | null {
  const { k } = view;
  const left = (card.x - NEIGHBOUR_SPAN) * k + view.x;
  const right = (card.x + card.width + NEIGHBOUR_SPAN) * k + view.x;
  const top = card.y * k + view.y;
  const bottom = (card.y + card.height) * k + view.y + below;
  // A neighbour that cannot fit beside the card at this zoom is not worth chasing: keep the card itself.
  const wantsNeighbours = right - left <= free.width - 2 * MARGIN;
  const needLeft = wantsNeighbours ? left : card.x * k + view.x;
  const needRight = wantsNeighbours ? right : (card.x + card.width) * k + view.x;
  const fitsX = needLeft >= free.x + MARGIN && needRight <= free.x + free.width - MARGIN;
  const fitsY = top >= free.y + MARGIN && bottom <= free.y + free.height - MARGIN;
  if (fitsX && fitsY) return null;
  const cx = (card.x + card.width / 2) * k;
  const cy = (card.y + card.height / 2) * k + below / 2;
  return {
    x: fitsX ? view.x : free.x + free.width / 2 - cx,
    y: fitsY ? view.y : free.y + free.height / 2 - cy,
    k,
  };
}

/**
 * The canvas area left free: left of a side panel, above a bottom sheet, and below the toolbar
 * floating over the canvas's top edge (save status, options) unless that leaves less than
 * `minHeight` (a phone's sheet and toolbar together cover nearly all of it: the card may then sit
 * under the toolbar, which it shows through, rather than under the sheet).
 */
export function freeArea(canvas: Box, panel: Box | undefined, toolbar?: Box, minHeight = 0): Box {
  const below = toolbar ? Math.max(0, toolbar.y + toolbar.height - canvas.y) : 0;
  const panelLeft = panel ? panel.x - canvas.x : 0;
  const panelTop = panel ? panel.y - canvas.y : 0;
  const bottom = panel && panelLeft <= 0 && panelTop > 0 ? panelTop : canvas.height;
  const top = bottom - below >= minHeight ? below : 0;
  const width = panel && panelLeft > 0 ? Math.min(canvas.width, panelLeft) : canvas.width;
  return { x: 0, y: top, width, height: Math.max(0, bottom - top) };
}
