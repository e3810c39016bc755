/**
 * The fan chart's first frame in a page (bench/chart-fan.ts bundles this): a tree's profiles with
 * a full 10-generation ancestry in, the view's own steps — the Ahnentafel walk (`fanModel`), the
 * scene (`buildFanScene`, names measured by the canvas), the canvas drawing (`drawOps`) — and the
 * next animation frame out, as the dialog does.
 */
import { advanceMeasure } from '../../engine/export/advanceMeasure.ts';
import { drawOps } from '../../engine/export/canvas.ts';
import { buildFanScene } from '../../engine/export/fanScene.ts';
import { lightTheme } from '../../engine/core/theme.ts';
import { newProfile } from '../../src/domain/profile.ts';
import type { Graph } from '../../src/domain/types.ts';
import { fanModel } from '../../src/screens/tree/chart/fanModel.ts';

function ancestry(generations: number): Graph['profiles'] {
  const profiles: Graph['profiles'] = {};
  const by = { uid: 'bench', now: '2026-11-28T00:00:00.000Z' };
  for (let n = 1; n < 2 ** generations; n++) {
    const g = 31 - Math.clz32(n);
    profiles[`p${n}`] = newProfile(`p${n}`, { firstName: `Given${n}`, lastName: `Surname${n % 97}`, gender: n === 1 ? '' : n % 2 ? 'F' : 'M', birthYear: String(1990 - 28 * g) }, by);
    profiles[`p${n}`]!.death = g > 2 ? String(2060 - 28 * g) : '';
  }
  for (let n = 2; n < 2 ** generations; n++) {
    profiles[`p${n}`]!.children.push(`p${n >> 1}`);
    profiles[`p${n >> 1}`]!.parents.push(`p${n}`);
  }
  return profiles;
}

const profiles = ancestry(10);
const canvas = document.createElement('canvas');
canvas.width = 1200;
canvas.height = 760;
canvas.style.cssText = 'width: 1200px; height: 760px';
document.body.append(canvas);
const measureCtx = document.createElement('canvas').getContext('2d')!;
// As the dialog measures (`screenMeasure`): each character once, through the canvas.
const measure = advanceMeasure((text: string, size: number, weight: number) => {
  measureCtx.font = `${weight} ${size}px ${lightTheme.fontFamily}`;
  return measureCtx.measureText(text).width;
});

(window as unknown as { fanFrame: (span: 'half' | 'full') => Promise<Record<string, number>> }).fanFrame = (span) => {
  const t0 = performance.now();
  const model = fanModel(profiles, 'p1', { span, generations: 10, colourBy: 'branch' });
  const t1 = performance.now();
  const scene = buildFanScene(model, { theme: lightTheme, measure, margin: 16 });
  const t2 = performance.now();
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = scene.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const scale = Math.min(canvas.width / scene.width, canvas.height / scene.height);
  const ox = (canvas.width - scene.width * scale) / 2, oy = (canvas.height - scene.height * scale) / 2;
  // As the dialog draws it: names under 4 px left out.
  drawOps(ctx, scene.ops, { x: -ox / scale, y: -oy / scale, w: canvas.width / scale, h: canvas.height / scale, scale, minText: 4 }, new Map(), lightTheme.fontFamily);
  const t3 = performance.now();
  return new Promise((resolve) =>
    requestAnimationFrame(() =>
      resolve({ people: model.people.length, ops: scene.ops.length, modelMs: t1 - t0, sceneMs: t2 - t1, drawMs: t3 - t2, firstFrameMs: performance.now() - t0 }),
    ),
  );
};

/** The wait for an animation frame with no work before it: what the machine adds to any first frame. */
(window as unknown as { idleFrame: () => Promise<number> }).idleFrame = () => {
  const t0 = performance.now();
  return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now() - t0)));
};
