/**
 * A few line icons drawn with canvas paths (no icon font: headless and minimal systems lack
 * emoji and symbol fonts). Each draws centred at (cx, cy) within a box of `s`.
 */
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
