/**
 * A detailed card: round avatar, a title, up to three short lines, an optional longer detail line
 * (hidden when `compact`) and a row of icon buttons. The family tree's person card is one use.
 * Its default size is CARD_SIZE (128 × 88), chosen for §9's offsets (docs/PRODUCT.md).
 */
import { CARD_SIZE } from '../../core/constants.ts';
import type { NodeType } from '../../core/nodeType.ts';
import type { CardButton, HandleSpec } from '../../core/types.ts';
import { drawButtons } from '../icons.ts';

export interface CardButtonSpec {
  id: string;
  label: string;
  icon?: string;
  disabled?: boolean;
  tone?: CardButton['tone'];
}

export interface CardData {
  title: string;
  lines?: string[];
  detail?: string;
  image?: string;
  /** Colour of the avatar ring and of the simplified card at far zoom. */
  accent?: string;
  buttons?: CardButtonSpec[];
  compact?: boolean;
  /** A short mark on the card's bottom edge (the tree's "+3" for a collapsed branch). */
  badge?: string;
  /** What the mark means, added to the card's accessible name. */
  badgeLabel?: string;
}

const PAD = 8;
const BUTTON_H = 20;
const BUTTON_GAP = 4;

function layoutButtons(specs: readonly CardButtonSpec[], w: number, h: number): CardButton[] {
  if (!specs.length) return [];
  const bw = (w - 2 * PAD - BUTTON_GAP * (specs.length - 1)) / specs.length;
  return specs.map((b, i) => ({
    id: b.id, label: b.label, icon: b.icon, disabled: b.disabled, tone: b.tone,
    x: PAD + i * (bw + BUTTON_GAP), y: h - PAD - BUTTON_H, width: bw, height: BUTTON_H,
  }));
}

/** Splits a title at a space when it does not fit on one line. */
function splitTitle(fit: (text: string) => string, title: string): [string, string | null] {
  if (fit(title) === title) return [title, null];
  const cut = title.indexOf(' ');
  return cut > 0 ? [title.slice(0, cut), title.slice(cut + 1)] : [title, null];
}

export const cardNodeType: NodeType<CardData> = {
  label: (node) => (node.data.badgeLabel ? `${node.data.title}, ${node.data.badgeLabel}` : node.data.title),
  defaultSize: CARD_SIZE,
  handles: (_node, { width: w, height: h }): HandleSpec[] => [
    { id: 'top', kind: 'target', side: 'top', x: w / 2, y: 0 },
    { id: 'bottom', kind: 'source', side: 'bottom', x: w / 2, y: h },
    { id: 'left', kind: 'target', side: 'left', x: 0, y: h / 2 - 10 },
    { id: 'right', kind: 'source', side: 'right', x: w, y: h / 2 - 10 },
  ],
  buttons: (node, { width, height }) => layoutButtons(node.data.buttons ?? [], width, height),
  simpleColor: (node, theme) => node.data.accent ?? theme.borderStrong,

  draw(ctx, node, view) {
    const { width: w, height: h, theme } = view;
    const d = node.data;
    const r = theme.radius;

    // A soft offset shape instead of shadowBlur: blur is the costliest thing a 2-D canvas can do.
    ctx.beginPath();
    ctx.roundRect(0, 1.5, w, h, r);
    ctx.fillStyle = theme.shadow;
    ctx.fill();
    ctx.beginPath();
    ctx.roundRect(0, 0, w, h, r);
    ctx.fillStyle = theme.surface;
    ctx.fill();
    ctx.lineWidth = view.selected ? 2 : 1;
    ctx.strokeStyle = view.selected ? theme.selection : theme.border;
    ctx.stroke();

    const avatar = 30;
    const ax = PAD, ay = PAD;
    const img = !view.imagesHeld && d.image ? view.image(d.image, avatar) : undefined;
    if (img) ctx.drawImage(img, ax, ay, avatar, avatar);
    else {
      ctx.beginPath();
      ctx.arc(ax + avatar / 2, ay + avatar / 2, avatar / 2, 0, Math.PI * 2);
      ctx.fillStyle = theme.surfaceMuted;
      ctx.fill();
      ctx.fillStyle = theme.textMuted;
      ctx.font = `600 13px ${theme.fontFamily}`;
      ctx.textAlign = 'center';
      ctx.fillText((d.title.trim()[0] ?? '?').toUpperCase(), ax + avatar / 2, ay + avatar / 2 + 4.5);
      ctx.textAlign = 'left';
    }
    ctx.beginPath();
    ctx.arc(ax + avatar / 2, ay + avatar / 2, avatar / 2 + 1, 0, Math.PI * 2);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = d.accent ?? theme.borderStrong;
    ctx.stroke();

    // The badge, a filled pill in the top right corner; the title keeps clear of it.
    let badgeW = 0;
    if (d.badge) {
      ctx.font = `700 9.5px ${theme.fontFamily}`;
      badgeW = Math.ceil(ctx.measureText(d.badge).width) + 10;
      const bx = w - PAD + 3 - badgeW, by = PAD - 3;
      ctx.beginPath();
      ctx.roundRect(bx, by, badgeW, 15, 7.5);
      ctx.fillStyle = theme.accent;
      ctx.fill();
      ctx.fillStyle = theme.onAccent;
      ctx.textAlign = 'center';
      ctx.fillText(d.badge, bx + badgeW / 2, by + 11);
      ctx.textAlign = 'left';
    }

    // Title beside the avatar, on two lines when it needs them (first and last name).
    const tx = ax + avatar + 7;
    const titleW = w - tx - PAD - (badgeW ? badgeW - 1 : 0);
    ctx.fillStyle = theme.text;
    ctx.font = `600 11.5px ${theme.fontFamily}`;
    const [first, rest] = splitTitle((t) => view.fitText(ctx, t, titleW), d.title);
    ctx.fillText(view.fitText(ctx, first, titleW), tx, rest ? ay + 12 : ay + 19);
    if (rest) ctx.fillText(view.fitText(ctx, rest, titleW), tx, ay + 26);

    // Short lines under the avatar; when there are more lines than rows, the last row joins them.
    ctx.font = `400 10.5px ${theme.fontFamily}`;
    ctx.fillStyle = theme.textMuted;
    const bottom = view.buttons.length ? h - PAD - BUTTON_H - 4 : h - PAD;
    const rows = Math.max(0, Math.floor((bottom - (ay + avatar + 13)) / 13) + 1);
    const lines = [...(d.lines ?? [])];
    if (d.detail && !d.compact) lines.push(d.detail);
    if (lines.length > rows && rows > 0) lines.splice(rows - 1, lines.length, lines.slice(rows - 1).join(' · '));
    let y = ay + avatar + 13;
    for (const line of lines.slice(0, rows)) {
      ctx.fillText(view.fitText(ctx, line, w - 2 * PAD), PAD, y);
      y += 13;
    }

    drawButtons(ctx, theme, view.buttons, { lineWidth: 1.25, radius: 6, icon: 12 });
  },
};
