/** The fallback node type: a rounded box with a centred label. */
import type { NodeType } from '../../core/nodeType.ts';

export interface DefaultNodeData {
  label?: string;
}

export const defaultNodeType: NodeType<DefaultNodeData> = {
  label: (node) => node.data?.label ?? node.id,
  defaultSize: { width: 150, height: 40 },
  draw(ctx, node, view) {
    const { width: w, height: h, theme } = view;
    ctx.beginPath();
    ctx.roundRect(0.5, 0.5, w - 1, h - 1, theme.radius);
    ctx.fillStyle = theme.surface;
    ctx.fill();
    ctx.lineWidth = view.selected ? 2 : 1;
    ctx.strokeStyle = view.selected ? theme.selection : theme.borderStrong;
    ctx.stroke();
    ctx.font = `500 13px ${theme.fontFamily}`;
    ctx.fillStyle = theme.text;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(view.fitText(ctx, node.data?.label ?? node.id, w - 16), w / 2, h / 2);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'alphabetic';
  },
  simpleColor: (_node, theme) => theme.borderStrong,
};
