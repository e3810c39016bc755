/**
 * Mounts the engine's React canvas in the test page and drives it with real input through CDP
 * (Input.dispatchMouseEvent with pointerType 'mouse' or 'pen', Input.dispatchTouchEvent,
 * mouse wheel), the way a user's browser would deliver it.
 */
import { createRoot } from 'react-dom/client';
import { createRef, useState } from 'react';
import { cdp, page } from 'vitest/browser';
import { EngineCanvas, type CanvasHandle, type EngineCanvasProps } from '../../../engine/react/EngineCanvas.tsx';
import { applyEdgeChanges, applyNodeChanges } from '../../../engine/core/changes.ts';
import type { ErrorCode } from '../../../engine/core/errors.ts';
import type { EdgeChange, EngineEdge, EngineNode, NodeChange, XY } from '../../../engine/core/types.ts';

export interface Mounted {
  handle: CanvasHandle;
  root: HTMLElement;
  nodeChanges: NodeChange[];
  edgeChanges: EdgeChange[];
  errors: { code: ErrorCode; message: string }[];
  buttons: { nodeId: string; buttonId: string }[];
  nodes(): EngineNode[];
  setProps(p: Partial<EngineCanvasProps>): Promise<void>;
  unmount(): void;
}

export { card } from '../../unit/engine/fixtures.ts';

export async function mount(
  init: { nodes: EngineNode[]; edges?: EngineEdge[]; width?: number; height?: number } & Partial<EngineCanvasProps>,
): Promise<Mounted> {
  await page.viewport(1024, 768);
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:0;top:0;width:${init.width ?? 800}px;height:${init.height ?? 600}px;`;
  document.body.appendChild(host);
  const ref = createRef<CanvasHandle>();
  const m = { nodeChanges: [], edgeChanges: [], errors: [], buttons: [] } as unknown as Mounted;
  let current: EngineNode[] = init.nodes;
  let setExtra: (p: Partial<EngineCanvasProps>) => void = () => {};
  function App() {
    const [nodes, setNodes] = useState(init.nodes);
    const [edges, setEdges] = useState(init.edges ?? []);
    const [extra, setX] = useState<Partial<EngineCanvasProps>>({});
    setExtra = setX;
    current = nodes;
    return (
      <EngineCanvas
        ref={ref}
        defaultViewport={{ x: 0, y: 0, k: 1 }}
        {...init}
        {...extra}
        nodes={nodes}
        edges={edges}
        style={{ width: '100%', height: '100%' }}
        onNodesChange={(c) => {
          m.nodeChanges.push(...c);
          setNodes((ns) => applyNodeChanges(c, ns));
        }}
        onEdgesChange={(c) => {
          m.edgeChanges.push(...c);
          setEdges((es) => applyEdgeChanges(c, es));
        }}
        onError={(code, message) => m.errors.push({ code, message })}
        onNodeButton={(n, b) => m.buttons.push({ nodeId: n.id, buttonId: b })}
      />
    );
  }
  const root = createRoot(host);
  root.render(<App />);
  for (let i = 0; i < 50 && !ref.current?.renderer; i++) await frames(1);
  await frames();
  m.handle = ref.current!;
  m.root = host.querySelector('.kin-engine')!;
  m.nodes = () => current;
  m.setProps = async (p) => {
    setExtra(p);
    await frames(3);
  };
  m.unmount = () => {
    root.unmount();
    host.remove();
  };
  return m;
}

export const frames = (n = 2) =>
  new Promise<void>((resolve) => {
    const step = () => (n-- <= 0 ? resolve() : requestAnimationFrame(step));
    requestAnimationFrame(step);
  });

/** A point in an element's box → coordinates of the top-level page, which is what CDP input uses. */
function toPage(el: Element | Mounted, p: XY): XY {
  const r = (el instanceof Element ? el : el.root).getBoundingClientRect();
  const frame = window.frameElement?.getBoundingClientRect();
  const scale = frame ? frame.width / window.innerWidth : 1;
  return { x: (frame?.left ?? 0) + (r.left + p.x) * scale, y: (frame?.top ?? 0) + (r.top + p.y) * scale };
}

type Mods = { shift?: boolean; ctrl?: boolean };
const modifiers = (m: Mods = {}) => (m.shift ? 8 : 0) | (m.ctrl ? 2 : 0);

export async function mouse(
  m: Mounted | Element,
  type: 'mousePressed' | 'mouseMoved' | 'mouseReleased',
  p: XY,
  opts: Mods & { pointerType?: 'mouse' | 'pen'; pressed?: boolean } = {},
) {
  const q = toPage(m, p);
  await cdp().send('Input.dispatchMouseEvent', {
    type,
    x: q.x,
    y: q.y,
    button: type === 'mouseMoved' && !opts.pressed ? 'none' : 'left',
    buttons: type === 'mousePressed' || opts.pressed ? 1 : 0,
    clickCount: type === 'mouseMoved' ? 0 : 1,
    pointerType: opts.pointerType ?? 'mouse',
    modifiers: modifiers(opts),
  });
}

export async function drag(m: Mounted, from: XY, to: XY, opts: Mods & { pointerType?: 'mouse' | 'pen'; steps?: number } = {}) {
  const steps = opts.steps ?? 6;
  await mouse(m, 'mouseMoved', from, opts);
  await mouse(m, 'mousePressed', from, opts);
  for (let i = 1; i <= steps; i++) {
    await mouse(m, 'mouseMoved', { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps }, { ...opts, pressed: true });
  }
  await mouse(m, 'mouseReleased', to, opts);
  await frames();
}

export async function click(m: Mounted, p: XY, opts: Mods & { pointerType?: 'mouse' | 'pen' } = {}) {
  await mouse(m, 'mouseMoved', p, opts);
  await mouse(m, 'mousePressed', p, opts);
  await mouse(m, 'mouseReleased', p, opts);
  await frames();
}

export async function wheel(m: Mounted | Element, p: XY, deltaY: number, opts: Mods = {}) {
  const q = toPage(m, p);
  await cdp().send('Input.dispatchMouseEvent', { type: 'mouseWheel', x: q.x, y: q.y, deltaX: 0, deltaY, modifiers: modifiers(opts) });
  await frames();
}

export async function touch(m: Mounted | Element, type: 'touchStart' | 'touchMove' | 'touchEnd', points: (XY & { id: number })[]) {
  await cdp().send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p) => ({ ...toPage(m, p), id: p.id, radiusX: 4, radiusY: 4, force: 1 })),
  });
}

/** A finger from `from` to `to` in a few moves. */
export async function swipe(m: Mounted, from: XY, to: XY, steps = 6) {
  await touch(m, 'touchStart', [{ ...from, id: 1 }]);
  for (let i = 1; i <= steps; i++) {
    await touch(m, 'touchMove', [{ x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps, id: 1 }]);
  }
  await touch(m, 'touchEnd', []);
  await frames();
}

/** Where a node's world point (offset from its top-left corner) is on screen, canvas-local. */
export function screenOf(m: Mounted, id: string, offset?: XY): XY {
  const rec = m.handle.engine.store.nodes.get(id)!;
  const v = m.handle.engine.viewport;
  const wx = rec.x + (offset ? offset.x : rec.width / 2), wy = rec.y + (offset ? offset.y : rec.height / 2);
  return { x: wx * v.k + v.x, y: wy * v.k + v.y };
}

export const mirrorOf = (m: Mounted, id: string) => m.root.querySelector<HTMLElement>(`[data-node-id="${id}"]`);
