import Konva from 'konva';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dirty } from '../../../engine/core/engine.ts';
import { MIRROR_LIMIT } from '../../../engine/render/renderer.ts';
import { cardNodeType, type CardData } from '../../../engine/render/nodeTypes/cardNode.ts';
import { lightTheme } from '../../../engine/core/theme.ts';
import type { EngineNode } from '../../../engine/core/types.ts';
import { card, click, drag, frames, mirrorOf, mount, screenOf, wheel, type Mounted } from './harness.tsx';

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const scene = () => [card('a', 40, 40), card('b', 240, 40), card('c', 440, 40), card('d', 40, 240)];

/** A pixel of what a canvas on the page shows: the engine draws into OffscreenCanvases the page's canvases show. */
function pixel(surface: OffscreenCanvas | HTMLCanvasElement | null, x: number, y: number): Uint8ClampedArray {
  return (surface!.getContext('2d') as CanvasRenderingContext2D).getImageData(x, y, 1, 1).data;
}

describe('rendering and the accessibility mirror', () => {
  it('mounts a Konva stage with two layers, controls and a minimap of at most 200 × 150 in the graph\'s proportions', async () => {
    m = await mount({ nodes: scene() });
    // The scene layer is shown by a canvas drawn from an OffscreenCanvas (its own 2-D canvas
    // hidden), the active layer only while it holds something: no 2-D canvas on the page at rest.
    const canvases = [...m.root.querySelectorAll('canvas')];
    expect(m.root.querySelectorAll('.kin-engine-stage canvas')).toHaveLength(3);
    expect(canvases.filter((c) => getComputedStyle(c).display !== 'none').map((c) => c === m!.handle.renderer!.scenePresenter.element || !!c.closest('.kin-engine-minimap'))).toEqual([true, true]);
    for (const label of ['Zoom in', 'Zoom out', 'Fit view', 'Toggle interactivity']) {
      expect(m.root.querySelector(`button[aria-label="${label}"]`)).not.toBeNull();
    }
    // No home card, no "Me".
    expect(m.root.querySelector('button[aria-label="Me"]')).toBeNull();
    const panel = m.root.querySelector<HTMLElement>('.kin-engine-minimap')!;
    // The cards span 40..568 × 40..328, drawn at the minimap's largest scale, 0.2, inside 8 px of padding.
    await expect.poll(() => [Math.round(panel.clientWidth), Math.round(panel.clientHeight)]).toEqual([122, 74]);
  });

  it('keeps a very wide graph\'s minimap readable: its proportions, 40 px high, a window following the view, the home card marked', async () => {
    // One generation of 60 cards side by side: 8,388 × 88 world units.
    const nodes = Array.from({ length: 60 }, (_, i) => card(`p${i}`, i * 140, 0));
    m = await mount({ nodes, preset: 'tree', homeNodeId: 'p30', fitView: true });
    const panel = m.root.querySelector<HTMLElement>('.kin-engine-minimap')!;
    const mini = panel.querySelector('canvas')!;
    await expect.poll(() => Math.round(mini.clientHeight)).toBe(40 + 16);
    // The map keeps the tree's proportions and is wider than the panel (which shows a part of it).
    expect(mini.clientWidth - 16).toBeCloseTo((40 * (59 * 140 + 128)) / 88, 0);
    expect(panel.clientWidth).toBe(200);
    expect(panel.clientHeight).toBe(56);
    // The home card is in the middle of the tree, and so is the view (the tree opened on it):
    // the window shows the middle of the map.
    const frame = panel.querySelector<HTMLElement>('.kin-engine-minimap-view')!.getBoundingClientRect();
    const box = panel.getBoundingClientRect();
    expect(Math.abs(frame.left + frame.width / 2 - (box.left + box.width / 2))).toBeLessThan(2);
    // The home marker is drawn in the accent colour at the middle of the map.
    const surface = m.handle.renderer!.minimap!.surface;
    const dpr = surface.width / mini.clientWidth;
    const home = m.handle.engine.store.nodes.get('p30')!;
    const scale = 40 / 88;
    const px = pixel(surface, Math.round((8 + (home.x + 64) * scale) * dpr), Math.round((8 + 44 * scale) * dpr));
    expect([px[0], px[1], px[2]]).toEqual([0x3d, 0x6b, 0x56]);
  });

  it('folds the minimap away and back', async () => {
    m = await mount({ nodes: scene() });
    const toggle = m.root.querySelector<HTMLButtonElement>('button[aria-label="Hide minimap"]')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    toggle.click();
    await expect.poll(() => m!.root.querySelector<HTMLElement>('.kin-engine-minimap')!.hidden).toBe(true);
    m.root.querySelector<HTMLButtonElement>('button[aria-label="Show minimap"]')!.click();
    await expect.poll(() => m!.root.querySelector<HTMLElement>('.kin-engine-minimap')!.hidden).toBe(false);
  });

  it('places a focusable, labelled mirror element exactly over each card in view', async () => {
    m = await mount({ nodes: scene() });
    const el = mirrorOf(m, 'b')!;
    expect(el.getAttribute('aria-label')).toBe('Person b');
    expect(el.getAttribute('aria-selected')).toBe('false');
    expect(el.tabIndex).toBe(0);
    expect(el.querySelectorAll('button')).toHaveLength(2);
    expect(el.querySelector('button')!.getAttribute('aria-label')).toBe('Add Relative');
    const expectOver = (id: string) => {
      const r = mirrorOf(m!, id)!.getBoundingClientRect();
      const root = m!.root.getBoundingClientRect();
      const tl = screenOf(m!, id, { x: 0, y: 0 });
      const br = screenOf(m!, id, { x: 128, y: 88 });
      expect(r.left - root.left).toBeCloseTo(tl.x, 0);
      expect(r.top - root.top).toBeCloseTo(tl.y, 0);
      expect(r.right - root.left).toBeCloseTo(br.x, 0);
      expect(r.bottom - root.top).toBeCloseTo(br.y, 0);
    };
    expectOver('b');
    await drag(m, { x: 650, y: 300 }, { x: 590, y: 270 });
    expect(m.handle.engine.viewport.x).toBeCloseTo(-60, 1);
    expect(m.handle.engine.viewport.y).toBeCloseTo(-30, 1);
    expectOver('b');
    await wheel(m, { x: 300, y: 80 }, -200);
    expect(m.handle.engine.viewport.k).toBeGreaterThan(1);
    expectOver('b');
    const b = screenOf(m, 'b');
    await drag(m, b, { x: b.x + 40, y: b.y + 90 });
    expect(m.nodes().find((n) => n.id === 'b')!.position).not.toEqual({ x: 240, y: 40 });
    expectOver('b');
  });

  it('mirrors only the cards in view (culling) and keeps aria-selected in step', async () => {
    const nodes = Array.from({ length: 400 }, (_, i) => card(`n${i}`, (i % 20) * 160, Math.floor(i / 20) * 130));
    m = await mount({ nodes });
    // Cards touching the viewport's edge count as in view.
    const inView = nodes.filter((n) => n.position.x <= 800 && n.position.y <= 600).length;
    expect(m.root.querySelectorAll('[data-node-id]')).toHaveLength(inView);
    expect(m.handle.renderer!.stats.visibleCards).toBe(inView);
    await click(m, screenOf(m, 'n0'));
    expect(mirrorOf(m, 'n0')!.getAttribute('aria-selected')).toBe('true');
  });

  it('mirrors at most MIRROR_LIMIT cards, those nearest the centre, when a whole big tree is in view', async () => {
    // 2,000 cards in a 50 × 40 grid, all in view once fitted (the whole tree at a far zoom).
    const nodes = Array.from({ length: 2000 }, (_, i) => card(`n${i}`, (i % 50) * 160, Math.floor(i / 50) * 130));
    m = await mount({ nodes, preset: 'tree', fitView: true });
    await expect.poll(() => m!.handle.renderer!.stats.visibleCards).toBe(2000);
    const mirrored = [...m.root.querySelectorAll<HTMLElement>('[data-node-id]')].map((el) => el.dataset.nodeId!);
    expect(mirrored).toHaveLength(MIRROR_LIMIT);
    // The centre card (column 24–25, row 19–20) is mirrored; the corners are not.
    expect(mirrored).toContain('n975');
    for (const corner of ['n0', 'n49', 'n1950', 'n1999']) expect(mirrored).not.toContain(corner);
  });

  it('draws the cards: a card pixel is opaque, and empty once the card is dragged away', async () => {
    m = await mount({ nodes: [card('a', 100, 100)] });
    const { element: scene, surface } = m.handle.renderer!.scenePresenter;
    // The scene canvas is larger than the view and may be slid by CSS: map through its box.
    const alpha = (x: number, y: number) => {
      const box = scene.getBoundingClientRect();
      const root = m!.root.getBoundingClientRect();
      const dpr = surface!.width / box.width;
      const px = Math.round((root.left + x - box.left) * dpr), py = Math.round((root.top + y - box.top) * dpr);
      return pixel(surface, px, py)[3];
    };
    expect(alpha(200, 130)).toBe(255);
    await drag(m, { x: 200, y: 130 }, { x: 500, y: 430 });
    expect(alpha(200, 130)).toBe(0);
    expect(alpha(500, 430)).toBe(255);
  });

  it('far away, cards are simplified: no text and no images are drawn', async () => {
    const nodes = Array.from({ length: 60 }, (_, i) => card(`n${i}`, (i % 10) * 160, Math.floor(i / 10) * 130, { data: { ...card('x', 0, 0).data as object, image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' } }));
    m = await mount({ nodes, preset: 'tree' });
    await frames(3);
    // Trace the 2-D calls made for cards: on the stage's layers and on card sprites (any canvas
    // but the minimap's).
    const proto = CanvasRenderingContext2D.prototype;
    const calls = { text: 0, image: 0 };
    const onStage = (ctx: CanvasRenderingContext2D) => !ctx.canvas.parentElement?.closest('.kin-engine-minimap');
    const fillText = proto.fillText, drawImage = proto.drawImage;
    proto.fillText = function (this: CanvasRenderingContext2D, ...a: Parameters<typeof fillText>) {
      if (onStage(this)) calls.text++;
      return fillText.apply(this, a);
    };
    proto.drawImage = function (this: CanvasRenderingContext2D, ...a: unknown[]) {
      if (onStage(this)) calls.image++;
      return (drawImage as (...x: unknown[]) => void).apply(this, a);
    } as typeof drawImage;
    try {
      m.handle.renderer!.sprites.clear();
      m.handle.engine.notify(Dirty.scene);
      m.handle.flush();
      expect(calls.text).toBeGreaterThan(60);
      // Redrawn after a selection, the cards come from their sprites; only the selected one is new.
      calls.text = 0;
      const made = m.handle.renderer!.sprites.made;
      m.handle.select(['n0']);
      m.handle.flush();
      expect(m.handle.renderer!.sprites.made).toBe(made + 1);
      expect(calls.text).toBeGreaterThan(0);
      expect(calls.text).toBeLessThanOrEqual(6);
      calls.text = 0;
      calls.image = 0;
      m.handle.setViewport({ x: 0, y: 0, k: 0.3 });
      m.handle.flush();
      expect(m.handle.renderer!.stats.visibleCards).toBe(60);
      expect(calls.text).toBe(0);
      expect(calls.image).toBe(0);
    } finally {
      proto.fillText = fillText;
      proto.drawImage = drawImage;
    }
  });

  it('a pan within the overscan slides the drawn scene instead of redrawing it', async () => {
    const nodes = Array.from({ length: 400 }, (_, i) => card(`n${i}`, (i % 20) * 160, Math.floor(i / 20) * 130));
    m = await mount({ nodes, edges: nodes.slice(20).map((n, i) => ({ id: `e${i}`, source: nodes[i].id, target: n.id, type: 'smoothstep' })) });
    const stats = m.handle.renderer!.stats;
    const before = stats.sceneDraws;
    // (780, 110) is between cards and edges.
    await drag(m, { x: 780, y: 110 }, { x: 680, y: 60 }, { steps: 10 });
    expect(m.handle.engine.viewport.x).toBeCloseTo(-100, 0);
    // Ten moves; the release redraws once, crisply, where the pan settled.
    expect(stats.sceneDraws - before).toBeLessThanOrEqual(1);
    // The same empty world point is now at (680, 60); 300 px leave the overscan once or twice.
    await drag(m, { x: 680, y: 60 }, { x: 380, y: 60 }, { steps: 10 });
    expect(m.handle.engine.viewport.x).toBeCloseTo(-400, 0);
    expect(stats.sceneDraws - before).toBeGreaterThanOrEqual(2);
    expect(stats.sceneDraws - before).toBeLessThanOrEqual(4);
  });

  it('a layer is drawn only when the renderer draws it, never again by Konva on the next frame', async () => {
    m = await mount({ nodes: scene() });
    await frames(3);
    const [sceneLayer, activeLayer] = Konva.stages.at(-1)!.getLayers();
    const konvaDraws = { scene: 0, active: 0 };
    sceneLayer.on('draw', () => konvaDraws.scene++);
    activeLayer.on('draw', () => konvaDraws.active++);
    const stats = m.handle.renderer!.stats;
    const before = { scene: stats.sceneDraws, active: stats.activeDraws };
    const a = screenOf(m, 'a');
    await drag(m, a, { x: a.x + 60, y: a.y + 40 }, { steps: 4 });
    await frames(3);
    expect(stats.activeDraws - before.active).toBeGreaterThan(2);
    expect(konvaDraws).toEqual({ scene: stats.sceneDraws - before.scene, active: stats.activeDraws - before.active });
  });

  it('panning redraws the minimap from its bitmap without rebuilding it', async () => {
    m = await mount({ nodes: scene() });
    await new Promise((r) => setTimeout(r, 300));
    const before = m.handle.renderer!.minimap!.rebuilds;
    expect(before).toBeGreaterThan(0);
    await drag(m, { x: 650, y: 300 }, { x: 550, y: 250 });
    await drag(m, { x: 650, y: 300 }, { x: 550, y: 250 });
    expect(m.handle.engine.viewport.x).toBeCloseTo(-200, 1);
    expect(m.handle.engine.viewport.y).toBeCloseTo(-100, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(m.handle.renderer!.minimap!.rebuilds).toBe(before);
    await frames();
  });

  it('draws a bulk load before its quadtrees exist, builds them when idle, and culls again only when something moved', async () => {
    const nodes = Array.from({ length: 2000 }, (_, i) => card(`n${i}`, (i % 50) * 200, Math.floor(i / 50) * 150));
    m = await mount({ nodes });
    const store = m.handle.engine.store;
    expect(m.handle.renderer!.stats.visibleCards).toBe(25);
    await expect.poll(() => store.indexesPending).toBe(false);
    await click(m, screenOf(m, 'n51'));
    expect([...store.selectedNodes]).toEqual(['n51']);
    const culls = vi.spyOn(store, 'queryNodes');
    m.handle.renderer!.sprites.clear();
    m.handle.engine.notify(Dirty.scene);
    m.handle.flush();
    expect(culls).not.toHaveBeenCalled();
    m.handle.setViewport({ x: -5000, y: 0, k: 1 });
    m.handle.flush();
    expect(culls).toHaveBeenCalledTimes(1);
    expect(m.handle.renderer!.stats.visibleCards).toBe(25);
  });

  it('builds the deferred quadtrees in short slices when idle time is short, and a click mid-build hits', async () => {
    // Idle periods run by hand, with no time left (as when frames keep the page busy): each slice gets the least.
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const nextIdle = () => idle.shift()!({ didTimeout: true, timeRemaining: () => 0 });
    const nodes = Array.from({ length: 20000 }, (_, i) => card(`n${i}`, (i % 100) * 200, Math.floor(i / 100) * 150));
    const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: nodes[i].id, target: n.id }));
    try {
      m = await mount({ nodes, edges });
      const store = m.handle.engine.store;
      expect(idle).toHaveLength(1);
      nextIdle();
      expect(store.indexesPending).toBe(true);
      await click(m, screenOf(m, 'n101'));
      expect([...store.selectedNodes]).toEqual(['n101']);
      let slices = 1;
      while (idle.length) {
        nextIdle();
        slices++;
      }
      expect(store.indexesPending).toBe(false);
      expect(slices).toBeGreaterThan(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the first frame with cards (issue 20, performance)', () => {
  const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
  /** A card whose image (a generated avatar's URL, say) counts the times it is made. */
  function counted(id: string, x: number) {
    const reads = { n: 0 };
    const base = card(id, x, 0).data as object;
    const data = Object.defineProperty({ ...base }, 'image', { get: () => (reads.n++, GIF), enumerable: true });
    return { node: card(id, x, 0, { data }), reads };
  }

  it('a card drawn while images are held asks for none and draws the placeholder; released, the image is asked for', () => {
    const { node, reads } = counted('n1', 0);
    const ctx = document.createElement('canvas').getContext('2d')!;
    const asked: string[] = [];
    const view = {
      width: 132, height: 96, selected: false, theme: lightTheme, zoom: 1, buttons: [], imagesHeld: true,
      image: (url: string) => (asked.push(url), undefined),
      fitText: (_: CanvasRenderingContext2D, text: string) => text,
    };
    cardNodeType.draw!(ctx, node as EngineNode<CardData>, view);
    expect({ reads: reads.n, asked }).toEqual({ reads: 0, asked: [] });
    cardNodeType.draw!(ctx, node as EngineNode<CardData>, { ...view, imagesHeld: false });
    expect(reads.n).toBeGreaterThan(0);
    expect(asked).toEqual([GIF]);
  });

  it('the cards of a mounted canvas ask for their images once the first frame is drawn', async () => {
    const cards = [counted('n1', 0), counted('n2', 160)];
    m = await mount({ nodes: cards.map((c) => c.node), preset: 'tree' });
    await frames(3);
    expect(m.handle.renderer!.stats.sceneDraws).toBeGreaterThanOrEqual(2);
    expect(cards.every((c) => c.reads.n > 0)).toBe(true);
  });
});
