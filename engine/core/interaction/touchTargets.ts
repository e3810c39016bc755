/**
 * Touch targets. A finger needs 44 px (COARSE_TARGET), but a card's own buttons are drawn a few
 * world units tall, and growing their targets to 44 px on screen made them cover the card: a tap
 * on a card's middle pressed 'Unlink person' instead of selecting it. So on touch:
 *
 * * a card's drawn buttons are used (drawn and hit) only while every one of them is at least
 *   44 px on screen, which holds them inside the card; otherwise they are hidden and a tap
 *   anywhere on the card is a tap on the card;
 * * the selected card's buttons are then offered in a *touch tray*: a row of 44 px buttons drawn
 *   just outside the card (below it, or above when there is no room), taking a tap only where
 *   they are drawn;
 * * a handle's or edge end's 44 px circle never reaches more than COARSE_BORDER_DEPTH px into a
 *   card, so the card's body stays the card's;
 * * a tap that lands just beside a card (within TOUCH_SLOP px) is a tap on the nearest card.
 *
 * Plain functions of their arguments; sizes are screen pixels unless named otherwise.
 */
import { COARSE_TARGET } from '../constants.ts';
import type { CardButton, Rect, XY } from '../types.ts';

/** How far into a card a handle's or an edge end's touch target may reach (screen px). */
export const COARSE_BORDER_DEPTH = 10;
/** A tap this close to a card, and on no other, lands on it (screen px). */
export const TOUCH_SLOP = 8;

export const TOUCH_TRAY = {
  /** Side of each button. */
  button: COARSE_TARGET,
  gap: 4,
  /** Padding inside the tray's panel. */
  pad: 4,
  /** Space between the card and the tray: room for the handle drawn on the card's border. */
  offset: 14,
  /** The tray stays this far inside the canvas. */
  margin: 8,
} as const;

export interface TrayButton {
  id: string;
  label: string;
  icon?: string;
  tone?: CardButton['tone'];
  disabled?: boolean;
  /** Screen box. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TouchTray {
  nodeId: string;
  /** The panel's screen box. */
  x: number;
  y: number;
  width: number;
  height: number;
  buttons: TrayButton[];
}

/** True when every button, drawn at zoom `k`, is a full touch target on screen. */
export function buttonsFitForTouch(buttons: readonly CardButton[], k: number): boolean {
  return buttons.every((b) => b.width * k >= COARSE_TARGET && b.height * k >= COARSE_TARGET);
}

/**
 * The tray for a card whose screen box is `card`, in a canvas of `view` size: centred under the
 * card, or over it when the canvas has no room below; kept inside the canvas sideways.
 */
export function layoutTouchTray(nodeId: string, buttons: readonly CardButton[], card: Rect, view: { width: number; height: number }): TouchTray | null {
  if (!buttons.length) return null;
  const { button, gap, pad, offset, margin } = TOUCH_TRAY;
  const width = buttons.length * button + (buttons.length - 1) * gap + 2 * pad;
  const height = button + 2 * pad;
  const below = card.y + card.height + offset;
  const above = card.y - offset - height;
  const y = below + height <= view.height - margin || above < margin ? below : above;
  const centred = card.x + card.width / 2 - width / 2;
  const x = Math.max(margin, Math.min(centred, view.width - margin - width));
  return {
    nodeId,
    x,
    y,
    width,
    height,
    buttons: buttons.map((b, i) => ({
      id: b.id, label: b.label, icon: b.icon, tone: b.tone, disabled: b.disabled,
      x: x + pad + i * (button + gap), y: y + pad, width: button, height: button,
    })),
  };
}

/**
 * The tray button under a screen point, disabled ones included (a tap on one does nothing). The
 * whole panel is a target: a tap between two buttons goes to the nearer one.
 */
export function trayButtonAt(tray: TouchTray, p: XY): TrayButton | undefined {
  if (p.x < tray.x || p.x > tray.x + tray.width || p.y < tray.y || p.y > tray.y + tray.height) return undefined;
  let best: TrayButton | undefined;
  let bestD = Infinity;
  for (const b of tray.buttons) {
    const d = Math.abs(p.x - (b.x + b.width / 2));
    if (d < bestD) [best, bestD] = [b, d];
  }
  return best;
}

/** How far `p` lies inside `r` (0 on or outside its border), in the units of both. */
export function depthInside(r: Rect, p: XY): number {
  return Math.max(0, Math.min(p.x - r.x, r.x + r.width - p.x, p.y - r.y, r.y + r.height - p.y));
}

/** Distance from `p` to the nearest point of `r` (0 inside). */
export function distanceToRect(r: Rect, p: XY): number {
  const dx = Math.max(r.x - p.x, 0, p.x - (r.x + r.width));
  const dy = Math.max(r.y - p.y, 0, p.y - (r.y + r.height));
  return Math.hypot(dx, dy);
}
