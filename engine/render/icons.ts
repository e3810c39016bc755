/**
 * A few line icons drawn with canvas paths (no icon font: headless and minimal systems lack
 * emoji and symbol fonts). Each draws centred at (cx, cy) within a box of `s`.
 */
import type { Theme } from '../core/theme.ts';
import type { CardButton } from '../core/types.ts';

export type IconName = 'plus' | 'mail' | 'unlink' | 'trash' | 'info' | 'user';

export function drawIcon(ctx: CanvasRenderingContext2D, name: string, cx: number, cy: number, s: number) {
  const h = s / 2;
  ctx.beginPath();
  switch (name as IconName) {
    case 'plus':
      ctx.moveTo(cx - h * 0.7, cy); ctx.lineTo(cx + h * 0.7, cy);
      ctx.moveTo(cx, cy - h * 0.7); ctx.lineTo(cx, cy + h * 0.7);
      break;
    case 'mail':
      ctx.rect(cx - h * 0.85, cy - h * 0.6, h * 1.7, h * 1.2);
      ctx.moveTo(cx - h * 0.85, cy - h * 0.6); ctx.lineTo(cx, cy + h * 0.1); ctx.lineTo(cx + h * 0.85, cy - h * 0.6);
      break;
    case 'unlink':
      ctx.moveTo(cx - h * 0.9, cy + h * 0.1); ctx.lineTo(cx - h * 0.35, cy + h * 0.1);
      ctx.moveTo(cx + h * 0.35, cy - h * 0.1); ctx.lineTo(cx + h * 0.9, cy - h * 0.1);
      ctx.moveTo(cx - h * 0.15, cy - h * 0.75); ctx.lineTo(cx - h * 0.05, cy - h * 0.35);
      ctx.moveTo(cx + h * 0.15, cy + h * 0.75); ctx.lineTo(cx + h * 0.05, cy + h * 0.35);
      break;
    case 'trash':
      ctx.moveTo(cx - h * 0.8, cy - h * 0.5); ctx.lineTo(cx + h * 0.8, cy - h * 0.5);
      ctx.moveTo(cx - h * 0.25, cy - h * 0.5); ctx.lineTo(cx - h * 0.25, cy - h * 0.8); ctx.lineTo(cx + h * 0.25, cy - h * 0.8); ctx.lineTo(cx + h * 0.25, cy - h * 0.5);
      ctx.moveTo(cx - h * 0.6, cy - h * 0.5); ctx.lineTo(cx - h * 0.5, cy + h * 0.8); ctx.lineTo(cx + h * 0.5, cy + h * 0.8); ctx.lineTo(cx + h * 0.6, cy - h * 0.5);
      break;
    case 'info':
      ctx.arc(cx, cy, h * 0.85, 0, Math.PI * 2);
      ctx.moveTo(cx, cy - h * 0.05); ctx.lineTo(cx, cy + h * 0.45);
      ctx.moveTo(cx, cy - h * 0.38); ctx.lineTo(cx, cy - h * 0.36);
      break;
    case 'user':
      ctx.arc(cx, cy - h * 0.3, h * 0.35, 0, Math.PI * 2);
      ctx.moveTo(cx - h * 0.7, cy + h * 0.8); ctx.quadraticCurveTo(cx, cy - h * 0.1, cx + h * 0.7, cy + h * 0.8);
      break;
    default:
      ctx.arc(cx, cy, h * 0.3, 0, Math.PI * 2);
  }
  ctx.stroke();
}

/**
 * A row of icon buttons as cards and the touch tray draw them: a muted rounded box, the icon in
 * the button's tone, disabled ones faded. `radius` and `icon` size differ between the two.
 */
export function drawButtons(
  ctx: CanvasRenderingContext2D,
  theme: Theme,
  buttons: readonly Pick<CardButton, 'id' | 'x' | 'y' | 'width' | 'height' | 'disabled' | 'icon' | 'tone'>[],
  style: { lineWidth: number; radius: number; icon: number },
) {
  ctx.lineWidth = style.lineWidth;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const b of buttons) {
    ctx.globalAlpha = b.disabled ? 0.4 : 1;
    ctx.beginPath();
    ctx.roundRect(b.x, b.y, b.width, b.height, style.radius);
    ctx.fillStyle = theme.surfaceMuted;
    ctx.fill();
    ctx.strokeStyle = b.tone === 'danger' ? theme.danger : b.tone === 'accent' ? theme.accent : theme.textMuted;
    drawIcon(ctx, b.icon ?? b.id, b.x + b.width / 2, b.y + b.height / 2, style.icon);
  }
  ctx.globalAlpha = 1;
}
