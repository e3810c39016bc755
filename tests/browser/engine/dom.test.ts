/**
 * The engine's DOM wiring factories on their own (engine/dom/): each on a bare element, driven by
 * real input through CDP, with a recorder or a real engine behind it, and `destroy()` checked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { CanvasEngine } from '../../../engine/core/engine.ts';
import type { KeyInput, PointerInput, Scheduler } from '../../../engine/core/interaction/input.ts';
import { createPointerInput, type PointerInputTarget } from '../../../engine/dom/pointerInput.ts';
import { observeSize, type SizeTarget } from '../../../engine/dom/sizeObserver.ts';
import { createWheelZoom } from '../../../engine/dom/wheelZoom.ts';
import { defaultNodeType } from '../../../engine/render/nodeTypes/defaultNode.ts';
import { frames, mouse, touch, wheel } from './harness.tsx';

let host: HTMLDivElement | undefined;
afterEach(() => {
  host?.remove();
  host = undefined;
});

function makeHost(width = 300, height = 200): HTMLDivElement {
  host = document.createElement('div');
  host.tabIndex = 0;
  host.style.cssText = `position:fixed;left:100px;top:50px;width:${width}px;height:${height}px;touch-action:none;`;
  document.body.appendChild(host);
  return host;
}

function recorder() {
  const calls: [string, PointerInput | KeyInput][] = [];
  const target: PointerInputTarget = {
    state: 'idle',
    pointerDown: (e) => calls.push(['down', e]),
    pointerMove: (e) => calls.push(['move', e]),
    pointerUp: (e) => calls.push(['up', e]),
    pointerCancel: (e) => calls.push(['cancel', e]),
    pointerLeave: (e) => calls.push(['leave', e]),
    keyDown: (e) => (calls.push(['key', e]), e.key === 'ArrowUp'),
  };
  return { calls, target };
}

describe('pointer input', () => {
  it('hands over positions inside the container with the pointer kind and modifiers; destroy() lets go', async () => {
    const root = makeHost();
    const { calls, target } = recorder();
    const input = createPointerInput(root, target);
    const clickSeen: boolean[] = [];
    root.addEventListener('click', () => clickSeen.push(input.pointerClick));

    await mouse(root, 'mousePressed', { x: 10, y: 20 }, { pointerType: 'pen', shift: true });
    await mouse(root, 'mouseMoved', { x: 30, y: 40 }, { pointerType: 'pen', pressed: true });
    await mouse(root, 'mouseReleased', { x: 30, y: 40 }, { pointerType: 'pen' });
    expect(calls.map(([name]) => name)).toEqual(['down', 'move', 'up']);
    expect(calls[0]![1]).toMatchObject({ x: 10, y: 20, pointerType: 'pen', shiftKey: true, ctrlKey: false, button: 0 });
    expect(calls[1]![1]).toMatchObject({ x: 30, y: 40, pointerType: 'pen' });
    // The click a release causes is marked as a pointer's, so the mirror leaves it to the hit test.
    expect(clickSeen).toEqual([true]);
    expect(document.activeElement).toBe(root);

    input.destroy();
    calls.length = 0;
    await mouse(root, 'mousePressed', { x: 10, y: 20 });
    await mouse(root, 'mouseReleased', { x: 10, y: 20 });
    expect(calls).toEqual([]);
  });

  it('a tap makes no click: the engine has handled it, and what it opened under the finger must not get one', async () => {
    const root = makeHost();
    const panel = document.createElement('button');
    panel.className = 'kin-engine-panel';
    panel.style.cssText = 'position:absolute;left:0;top:0;width:50px;height:50px;';
    root.appendChild(panel);
    const { calls, target } = recorder();
    const input = createPointerInput(root, target);
    const clicks: string[] = [];
    root.addEventListener('click', (e) => clicks.push((e.target as Element).tagName));
    await touch(root, 'touchStart', [{ x: 100, y: 100, id: 1 }]);
    await touch(root, 'touchEnd', []);
    // A floating panel (controls, minimap) keeps its clicks.
    await touch(root, 'touchStart', [{ x: 10, y: 10, id: 1 }]);
    await touch(root, 'touchEnd', []);
    await expect.poll(() => clicks).toEqual(['BUTTON']);
    expect(calls.map(([name, e]) => [name, (e as PointerInput).pointerType])).toEqual([['down', 'touch'], ['up', 'touch']]);
    input.destroy();
  });

  // Issue 19: after a tap opened the details sheet under a resting mouse, the mouse's pointerleave
  // switched the engine back to mouse mode, and the tapped card lost its 44 px touch tray.
  it('a resting mouse that leaves the canvas because something covered it keeps touch mode', async () => {
    const root = makeHost();
    const engine = new CanvasEngine({ nodeTypes: { default: defaultNodeType } });
    engine.setSize(300, 200);
    const input = createPointerInput(root, engine);
    await mouse(root, 'mouseMoved', { x: 50, y: 50 });
    await touch(root, 'touchStart', [{ x: 150, y: 100, id: 1 }]);
    await touch(root, 'touchEnd', []);
    expect(engine.coarse).toBe(true);
    // The sheet opening over the canvas under the mouse: Chromium then sends the mouse's
    // pointerleave (seen in tests/e2e/tree/touch.spec.ts), as dispatched here.
    root.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse', pointerId: 1, clientX: 150, clientY: 100 }));
    expect(engine.coarse).toBe(true);
    // A mouse that moves over the canvas is in use again.
    await mouse(root, 'mouseMoved', { x: 60, y: 60 });
    expect(engine.coarse).toBe(false);
    input.destroy();
  });

  it('leaves presses on a floating panel to the panel', async () => {
    const root = makeHost();
    const panel = document.createElement('div');
    panel.className = 'kin-engine-panel';
    panel.style.cssText = 'position:absolute;left:0;top:0;width:50px;height:50px;';
    root.appendChild(panel);
    const { calls, target } = recorder();
    const input = createPointerInput(root, target);
    await mouse(root, 'mousePressed', { x: 10, y: 10 });
    await mouse(root, 'mouseReleased', { x: 10, y: 10 });
    expect(calls).toEqual([]);
    await mouse(root, 'mousePressed', { x: 100, y: 100 });
    await mouse(root, 'mouseReleased', { x: 100, y: 100 });
    expect(calls.map(([name]) => name)).toEqual(['down', 'up']);
    input.destroy();
  });

  it('passes keys with the card they were pressed on, never from text entry or a button’s Enter', async () => {
    const root = makeHost();
    root.innerHTML = '<div data-node-id="n1001" tabindex="0"></div><button type="button">b</button><input />';
    const { calls, target } = recorder();
    const input = createPointerInput(root, target);
    const prevented: boolean[] = [];
    const watch = (e: KeyboardEvent) => prevented.push(e.defaultPrevented);
    window.addEventListener('keydown', watch);

    root.querySelector<HTMLElement>('[data-node-id]')!.focus();
    await userEvent.keyboard('{ArrowUp}x');
    root.querySelector('button')!.focus();
    await userEvent.keyboard('{Enter}y');
    root.querySelector('input')!.focus();
    await userEvent.keyboard('z');
    window.removeEventListener('keydown', watch);

    expect(calls).toEqual([
      ['key', { key: 'ArrowUp', shiftKey: false, ctrlKey: false, metaKey: false, nodeId: 'n1001' }],
      ['key', { key: 'x', shiftKey: false, ctrlKey: false, metaKey: false, nodeId: 'n1001' }],
      ['key', { key: 'y', shiftKey: false, ctrlKey: false, metaKey: false, nodeId: undefined }],
    ]);
    // Only the key the target used has its default prevented.
    expect(prevented).toEqual([true, false, false, false, false]);
    input.destroy();
  });
});

describe('wheel zoom', () => {
  it('zooms the engine on the wheel, drives its viewport and settles; destroy() hands the viewport back', async () => {
    const root = makeHost();
    const settled: number[] = [];
    const engine = new CanvasEngine({ nodeTypes: { default: defaultNodeType }, onViewportSettled: (t) => settled.push(t.k) });
    engine.setSize(300, 200);
    const zoom = createWheelZoom(root, engine, { x: 5, y: 6, k: 1 });
    expect(engine.viewport).toEqual({ x: 5, y: 6, k: 1 });

    await wheel(root, { x: 150, y: 100 }, -100);
    const k = engine.viewport.k;
    expect(k).toBeGreaterThan(1);
    await expect.poll(() => settled).toEqual([k]);

    // Views set through the engine go through d3-zoom, so the next wheel step starts from them.
    engine.setViewport({ x: 0, y: 0, k: 1 });
    await wheel(root, { x: 0, y: 0 }, -100);
    expect(engine.viewport.k).toBeCloseTo(k, 5);

    zoom.destroy();
    engine.setViewport({ x: 1, y: 2, k: 1 });
    expect(engine.viewport).toEqual({ x: 1, y: 2, k: 1 });
    await wheel(root, { x: 150, y: 100 }, -100);
    expect(engine.viewport).toEqual({ x: 1, y: 2, k: 1 });
    engine.destroy();
  });
});

describe('size observer', () => {
  it('gives the engine every size at once and re-centres once, from the first size, when resizing pauses', async () => {
    const root = makeHost(300, 200);
    const timers: ((() => void) | null)[] = [];
    const scheduler: Scheduler = {
      setTimeout: (fn) => timers.push(fn) - 1,
      clearTimeout: (h) => {
        if (typeof h === 'number') timers[h] = null;
      },
    };
    const recentred: { width: number; height: number }[] = [];
    const sizes: { width: number; height: number }[] = [];
    const target: SizeTarget = {
      size: { width: 0, height: 0 },
      setSize(width, height) {
        this.size = { width, height };
      },
      recentre: (before) => recentred.push(before),
    };
    const observer = observeSize(root, target, { onSize: (s) => sizes.push(s), scheduler });
    expect(sizes).toEqual([{ width: 300, height: 200 }]);

    await expect.poll(() => sizes.length).toBeGreaterThan(1); // the observer's own first report
    root.style.width = '400px';
    await expect.poll(() => target.size.width).toBe(400);
    root.style.height = '250px';
    await expect.poll(() => target.size.height).toBe(250);
    expect(recentred).toEqual([]);
    for (const run of timers) run?.();
    expect(recentred).toEqual([{ width: 300, height: 200 }]);

    observer.destroy();
    root.style.width = '500px';
    await frames(3);
    expect(target.size).toEqual({ width: 400, height: 250 });
  });
});
