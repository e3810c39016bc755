/**
 * The bench page: `?engine=konva|reactflow|floor&persons=N[&seed=S]`. It mounts one scene, reports
 * the time from mounting to the first drawn frame, and shows a frame-time / input-to-frame readout.
 * `floor` mounts an empty container with the same size and listeners (nothing drawn, no tree).
 * `bench/run.ts` drives it with real input; a developer can open it in any browser.
 */
import { createRoot } from 'react-dom/client';
import { KonvaScene } from './KonvaScene.tsx';
import { ReactFlowScene } from './ReactFlowScene.tsx';
import { FloorScene } from './FloorScene.tsx';
import { benchScene } from './scene.ts';
import { startReadout, type Readout } from './readout.ts';
import type { BenchApi } from './api.ts';

declare global {
  interface Window {
    __bench?: BenchApi & { ready: boolean; firstRenderMs: number; generateMs: number; centreId: string; readout: Readout; persons: number; engine: string; longestTaskMs: number };
  }
}

const params = new URLSearchParams(location.search);
const engine = params.get('engine') === 'reactflow' ? 'reactflow' : params.get('engine') === 'floor' ? 'floor' : 'konva';
const persons = engine === 'floor' ? 0 : Number(params.get('persons') ?? 1000);
const seed = Number(params.get('seed') ?? 1);

const hud = document.createElement('div');
hud.style.cssText = 'position:fixed;z-index:20;top:8px;left:50%;transform:translateX(-50%);padding:4px 10px;border-radius:8px;background:rgb(43 37 32 / 0.8);color:#fdfaf4;font:12px/1.4 ui-monospace,monospace;pointer-events:none';
document.body.appendChild(hud);
const readout = startReadout(hud);

const g0 = performance.now();
const scene = engine === 'floor' ? null : benchScene(persons, window.innerWidth, window.innerHeight, seed);
const generateMs = performance.now() - g0;

const t0 = performance.now();
/**
 * `presentedAt`: the start of the frame after the one that showed the scene first (a
 * requestAnimationFrame timestamp), so work the page does in that next frame (a redraw for
 * avatars that have just loaded, say) is not counted in the first frame.
 */
const onReady = (api: BenchApi, presentedAt: number) => {
  const firstRenderMs = presentedAt - t0;
  const bench = (window.__bench = { ...api, ready: true, firstRenderMs, generateMs, centreId: scene?.centreId ?? '', readout, persons, engine, longestTaskMs: 0 });
  // Tasks over 50 ms after the first frame (the browser reports no shorter ones): work left for later must not stall the page.
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.longestTaskMs = Math.max(bench.longestTaskMs, e.duration);
  }).observe({ type: 'longtask' });
  const title = document.createElement('div');
  title.textContent = `${engine} · ${persons.toLocaleString()} people · first frame ${firstRenderMs.toFixed(0)} ms`;
  title.style.cssText = 'position:fixed;z-index:20;top:36px;left:50%;transform:translateX(-50%);font:12px system-ui;color:#6d6358;pointer-events:none';
  document.body.appendChild(title);
};

createRoot(document.getElementById('root')!).render(
  !scene ? <FloorScene onReady={onReady} />
    : engine === 'konva' ? <KonvaScene scene={scene} onReady={onReady} />
      : <ReactFlowScene scene={scene} onReady={onReady} />,
);
