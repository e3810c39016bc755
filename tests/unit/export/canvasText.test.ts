import { describe, expect, it } from 'vitest';
import { drawOps } from '../../../engine/export/canvas.ts';
import type { Op } from '../../../engine/export/ops.ts';

/** A 2-D context that keeps the text it is asked to fill and ignores everything else. */
function recorder() {
  const texts: string[] = [];
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key === 'fillText' ? (t: string) => texts.push(t) : key in target ? target[key] : () => undefined),
    set: (target, key, value) => ((target[key] = value), true),
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, texts };
}

const text = (t: string, size: number, angle?: number): Op => ({ kind: 'text', x: 10, y: 10, text: t, size, weight: 400, color: '#000', align: 'center', width: 20, box: [0, 0, 20, 20], ...(angle ? { angle } : {}) });

describe('canvas back end: text (issue 22)', () => {
  const ops = [text('Big', 11), text('Turned', 6, 0.5), text('Tiny', 3)];

  it.each([
    // scale, minText, drawn
    [1, undefined, ['Big', 'Turned', 'Tiny']],
    [1, 4, ['Big', 'Turned']],
    [0.5, 4, ['Big']],
    [2, 4, ['Big', 'Turned', 'Tiny']],
  ] as const)('at %d px a unit with a %s px floor draws %j', (scale, minText, drawn) => {
    const { ctx, texts } = recorder();
    drawOps(ctx, ops, { x: 0, y: 0, w: 100, h: 100, scale, minText }, new Map());
    expect(texts).toEqual(drawn);
  });
});
