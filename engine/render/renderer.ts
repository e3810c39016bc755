/**
 * Draws the engine's state into two Konva layers split by how often they change:
 *   scene  – edges and cards at rest. It is drawn OVERSCAN pixels beyond each side of the view,
 *            so a pan only slides the canvas (a CSS transform, no pixels redrawn or re-uploaded)
 *            until the view leaves the drawn area. A wheel or pinch zoom scales it by CSS the
 *            same way while it still covers the view, and it is redrawn crisply when the gesture
 *            settles (SCROLL_END_DELAY_MS after the last wheel step); graph changes redraw it.
 *   active – the cards being dragged with their edges, and the overlay (hover, handles,
 *            connection preview, selection box); redrawn on every change, skipped while empty.
 * plus the DOM grid, the accessibility mirror and the minimap. Work per frame is proportional to
 * what is in view: the quadtree culls (a scan of the records until a bulk load's trees are built),
 * and a pool of Konva shapes is reused for the visible cards.
 * Nothing in Konva listens for events; hit testing is the engine's.
 */
import Konva from 'konva';
import { Dirty, DIRTY_ALL, type CanvasEngine } from '../core/engine.ts';
import { rectsIntersect } from '../core/geometry.ts';
import { nearestIndices } from '../core/nearest.ts';
import type { CardView } from '../core/nodeType.ts';
import type { NodeRecord } from '../core/store.ts';
import type { Theme } from '../core/theme.ts';
import type { Transform } from '../core/types.ts';
import { placeBackground, styleBackground } from './background.ts';
import { drawEdges } from './drawEdges.ts';
import { drawEdgeLabels } from './edgeLabels.ts';
import { drawHighlight, drawOverlay, drawSelectionDecor } from './drawOverlay.ts';
import { CardSprites, type SpriteKey } from './cardSprites.ts';
import { ImageCache } from './imageCache.ts';
import type { Minimap } from './minimap.ts';
import type { Mirror } from './mirror.ts';
import { LayerPresenter } from './present.ts';
import { TextFitter } from './textFit.ts';

/**
 * Pixels drawn beyond each side of the view; the stage is this much larger on every side. A pan
 * only slides the drawn canvas until the view leaves this margin, so a wide margin makes redraws
 * rare (measured: pan busy per move at 100,000 people fell from 11.9 ms to 7.6 ms going from 160
 * to 480). On high-density screens the canvas costs four times the memory, so the margin halves.
 */
export const OVERSCAN = typeof window !== 'undefined' && (window.devicePixelRatio || 1) > 1.5 ? 240 : 480;
/** The longest a slice of the index builds deferred by a bulk load waits for an idle period. */
const IDLE_BUILD_TIMEOUT_MS = 1000;
/**
 * Most cards the accessibility mirror holds at once (those nearest the view's centre): a keyboard
 * or screen-reader user reads a neighbourhood, not a whole tree of 100,000 in view, whose elements
 * stalled the page for 17 s on Fit view.
 */
export const MIRROR_LIMIT = 400;
/**
 * A slice of those builds lasts what the idle period has left, but at least this long (an idle
 * callback run by its timeout has nothing left) and at most `MAX_SLICE_MS`, well inside the
 * 50 ms that makes a long task.
 */
const MIN_SLICE_MS = 8;
const MAX_SLICE_MS = 40;
/** Without requestIdleCallback (Safari), the pause between two slices. */
const SLICE_GAP_MS = 20;
/** How far a drawn layer may be scaled by CSS during a zoom gesture before it is redrawn. */
const MAX_STRETCH = 2;

export interface RendererParts {
  scene: Konva.Layer;
  active: Konva.Layer;
  /** Element carrying the dotted grid. */
  background: HTMLElement;
  /** Element whose cursor follows the engine's. */
  root: HTMLElement;
  mirror: Mirror;
}

export interface FrameStats {
  frames: number;
  /** Cards in view (the mirror holds exactly these). */
  visibleCards: number;
  /** Cards and edges drawn on the scene layer, view plus overscan. */
  drawnCards: number;
  drawnEdges: number;
  sceneDraws: number;
  activeDraws: number;
}

/** A pool of Konva shapes, one per visible card, reused as cards scroll in and out. */
class CardPool {
  private shapes: Konva.Shape[] = [];
  constructor(
    private group: Konva.Group,
    private draw: (ctx: CanvasRenderingContext2D, rec: NodeRecord) => void,
    private lookup: (id: string) => NodeRecord | undefined,
  ) {}

  show(ids: readonly string[]) {
    while (this.shapes.length < ids.length) {
      const shape: Konva.Shape = new Konva.Shape({
        listening: false,
        perfectDrawEnabled: false,
        sceneFunc: (kctx) => {
          const rec = this.lookup(shape.getAttr('nodeId'));
          if (rec) this.draw(kctx._context, rec);
        },
      });
      this.shapes.push(shape);
      this.group.add(shape);
    }
    for (let i = 0; i < this.shapes.length; i++) {
      const s = this.shapes[i];
      if (i < ids.length) {
        const rec = this.lookup(ids[i])!;
        s.setAttrs({ nodeId: rec.id, x: rec.x, y: rec.y, visible: true });
      } else if (s.visible()) s.visible(false);
    }
  }
}

export class Renderer {
  readonly stats: FrameStats = { frames: 0, visibleCards: 0, drawnCards: 0, drawnEdges: 0, sceneDraws: 0, activeDraws: 0 };
  /** Cards at rest on the scene layer (sorted by draw order), from the last cull. */
  drawnIds: string[] = [];
  /** The viewports the layers were last drawn for. */
  private sceneAnchor: Transform | null = null;
  private activeAnchor: Transform | null = null;
  private activeEmpty = false;
  /** The scene layer as shown on the page: a canvas drawn from an OffscreenCanvas, not a 2-D canvas (see present.ts). */
  readonly scenePresenter: LayerPresenter;
  private pending = 0;
  private raf = 0;
  private imagesTimer: ReturnType<typeof setTimeout> | 0 = 0;
  private images: ImageCache;
  readonly sprites = new CardSprites();
  /** Zoom of the previous frame: sprites are made only once the zoom holds still. */
  private lastZoom = NaN;
  private zoomSteady = false;
  private text = new TextFitter();
  private scenePool: CardPool;
  private dragPool: CardPool;
  private visibleEdgeIds: string[] = [];
  private dragIds: string[] = [];
  private dragEdgeIds: string[] = [];
  /** The viewport, container size, graph version and dragged set the last cull was made for. */
  private culledFor = { x: NaN, y: NaN, k: NaN, size: null as object | null, content: -1, moving: null as ReadonlySet<string> | null };
  /** The minimap drawn by this renderer, if any. */
  minimap: Minimap | null = null;
  private unsubscribe: () => void;
  /** Cancels the pending idle build of the store's indexes, if one is pending. */
  private cancelIdle: (() => void) | null = null;
  private view: CardView;
  /** Reused for every card drawn (no allocation per card per frame). */
  private spriteKey: SpriteKey = { id: '', node: null, selected: false, buttons: false, width: 0, height: 0 };
  private onFonts = () => {
    this.text.clear();
    this.sprites.clear();
    this.invalidate(Dirty.scene | Dirty.drag);
  };

  constructor(
    private engine: CanvasEngine,
    private parts: RendererParts,
    private theme: Theme,
  ) {
    this.images = new ImageCache(() => {
      this.sprites.clear();
      this.invalidate(Dirty.scene | Dirty.drag);
    });
    const dpr = () => window.devicePixelRatio || 1;
    this.view = {
      width: 0, height: 0, selected: false, theme, zoom: 1, buttons: [], imagesHeld: true,
      image: (url, size) => this.images.getRound(url, size * this.engine.viewport.k * dpr()),
      fitText: (ctx, text, max) => this.text.fit(ctx, text, max),
    };
    const store = engine.store;
    const lookup = (id: string) => store.nodes.get(id);
    const drawCard = (ctx: CanvasRenderingContext2D, rec: NodeRecord) => this.drawCard(ctx, rec);

    const sceneEdges = new Konva.Shape({
      listening: false,
      sceneFunc: (k) => {
        drawEdges(k._context, store, this.visibleEdgeIds, this.theme, engine.viewport.k, !engine.detailed);
        const labelOf = engine.options.edgeLabel;
        if (labelOf && engine.detailed) drawEdgeLabels(k._context, store, this.visibleEdgeIds, this.theme, labelOf);
      },
    });
    const sceneCards = new Konva.Group({ listening: false });
    const sceneSimple = new Konva.Shape({ listening: false, sceneFunc: (k) => this.drawSimple(k._context, this.drawnIds) });
    const sceneDecor = new Konva.Shape({
      listening: false,
      sceneFunc: (k) => drawSelectionDecor(k._context, engine, this.theme, this.drawnIds),
    });
    // Under the cards: the path's edges and rings show around the cards, not over their faces.
    const sceneHighlight = new Konva.Shape({ listening: false, sceneFunc: (k) => drawHighlight(k._context, engine, this.theme) });
    parts.scene.add(sceneEdges, sceneHighlight, sceneSimple, sceneCards, sceneDecor);
    this.scenePool = new CardPool(sceneCards, drawCard, lookup);

    const dragEdges = new Konva.Shape({
      listening: false,
      sceneFunc: (k) => drawEdges(k._context, store, this.dragEdgeIds, this.theme, engine.viewport.k, !engine.detailed),
    });
    const dragCards = new Konva.Group({ listening: false });
    const dragSimple = new Konva.Shape({ listening: false, sceneFunc: (k) => this.drawSimple(k._context, this.dragIds) });
    const overlay = new Konva.Shape({
      listening: false,
      sceneFunc: (k) => drawOverlay(k._context, engine, this.theme, this.drawnIds),
    });
    parts.active.add(dragEdges, dragSimple, dragCards, overlay);
    this.dragPool = new CardPool(dragCards, drawCard, lookup);
    // The renderer draws its layers when it must; Konva's own redraw after attribute changes
    // (every frame that moves the pool's shapes or a layer) would draw each layer a second time
    // on the next frame. Konva is the engine's alone, so the switch is global.
    Konva.autoDrawEnabled = false;
    parts.scene.listening(false);
    parts.active.listening(false);
    this.scenePresenter = new LayerPresenter(parts.scene);
    // Own compositor layers: sliding a canvas by CSS then repaints nothing.
    this.scenePresenter.element.style.willChange = 'transform';
    this.activeCanvas.style.willChange = 'transform';
    styleBackground(parts.background, theme);
    document.fonts?.addEventListener('loadingdone', this.onFonts);
    this.unsubscribe = engine.subscribe((d) => this.invalidate(d));
    this.invalidate(DIRTY_ALL);
  }

  setTheme(theme: Theme) {
    if (theme === this.theme) return;
    this.theme = theme;
    this.view.theme = theme;
    this.sprites.clear();
    styleBackground(this.parts.background, theme);
    this.minimap?.setTheme(theme);
    this.invalidate(DIRTY_ALL);
  }

  setMinimap(minimap: Minimap | null) {
    this.minimap = minimap;
    this.invalidate(Dirty.minimap | Dirty.viewport);
  }

  invalidate(dirty: number) {
    this.pending |= dirty;
    if (!this.raf) this.raf = requestAnimationFrame(() => this.frame());
  }

  /** Draws now instead of on the next animation frame (tests and the bench's first frame). */
  flush() {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.frame();
  }

  private frame() {
    this.raf = 0;
    const d = this.pending;
    this.pending = 0;
    if (!d) return;
    const en = this.engine;
    const v = en.viewport;
    this.stats.frames++;
    this.zoomSteady = v.k === this.lastZoom;
    this.lastZoom = v.k;
    if (d & (Dirty.viewport | Dirty.scene)) {
      placeBackground(this.parts.background, v);
      this.parts.mirror.place(v);
      if (d & Dirty.scene || !this.slide(this.scenePresenter.element, this.sceneAnchor)) {
        this.sceneAnchor = this.place(this.parts.scene, this.scenePresenter.element);
        this.parts.mirror.setZoom(v.k);
        this.cull();
        this.scenePool.show(en.detailed ? this.drawnIds : []);
        this.parts.scene.draw();
        this.stats.sceneDraws++;
        if (this.view.imagesHeld && this.drawnIds.length) this.releaseImages();
      }
    }
    const activeChanged = d & (Dirty.drag | Dirty.scene | Dirty.overlay);
    if (activeChanged || d & Dirty.viewport) {
      // Which card's touch tray is drawn, for tests and styles: the tray itself is only pixels.
      const tray = en.touchTray?.nodeId ?? '';
      if (this.parts.root.dataset.touchTray !== tray) this.parts.root.dataset.touchTray = tray;
      const empty = !this.hasActiveContent();
      // An empty layer stays empty; an unchanged one slides with the view like the scene.
      const skip = empty ? this.activeEmpty : !activeChanged && this.slide(this.activeCanvas, this.activeAnchor);
      if (!skip) {
        this.cullDragged();
        this.activeAnchor = this.place(this.parts.active, this.activeCanvas);
        this.dragPool.show(en.detailed ? this.dragIds : []);
        this.parts.active.draw();
        this.stats.activeDraws++;
      }
      // An empty layer leaves the page: software compositing would copy it during pans all the same.
      if (empty !== this.activeEmpty) this.activeCanvas.style.display = empty ? 'none' : '';
      this.activeEmpty = empty;
    }
    if (d & (Dirty.mirror | Dirty.viewport | Dirty.scene | Dirty.chrome)) {
      if (d & Dirty.chrome) this.parts.mirror.invalidate();
      const inView = this.inView();
      this.stats.visibleCards = inView.length;
      this.parts.mirror.sync(this.nearestCentre(inView), en.detailed);
    }
    if (d & Dirty.chrome) this.parts.root.style.cursor = en.cursor;
    if (this.minimap) {
      if (d & Dirty.minimap) this.minimap.schedule();
      if (d & (Dirty.viewport | Dirty.minimap | Dirty.scene)) this.minimap.draw();
    }
    this.buildIndexesWhenIdle();
  }

  /** After the first frame with cards (see `CardView.imagesHeld`): the cards drawn again, asking for their images. */
  private releaseImages() {
    if (this.imagesTimer) return;
    this.imagesTimer = setTimeout(() => {
      this.imagesTimer = 0;
      this.view.imagesHeld = false;
      this.sprites.clear();
      this.invalidate(Dirty.scene);
    });
  }

  /**
   * A bulk load leaves the store's quadtrees for later so that it is drawn at once (store.ts);
   * they are built in slices, one per idle period after the frame, so that no task stalls a
   * frame for long. Input that needs one sooner finishes it.
   */
  private buildIndexesWhenIdle() {
    if (this.cancelIdle || !this.engine.store.indexesPending) return;
    const run = (deadline?: IdleDeadline) => {
      this.cancelIdle = null;
      const slice = Math.min(Math.max(deadline?.timeRemaining() ?? 0, MIN_SLICE_MS), MAX_SLICE_MS);
      const end = performance.now() + slice;
      if (this.engine.store.buildIndexes(() => performance.now() >= end)) this.buildIndexesWhenIdle();
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: IDLE_BUILD_TIMEOUT_MS });
      this.cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(run, SLICE_GAP_MS);
      this.cancelIdle = () => clearTimeout(handle);
    }
  }

  /** The active layer's canvas, on the page while it has something to show. */
  private get activeCanvas(): HTMLCanvasElement {
    return this.parts.active.getCanvas()._canvas;
  }

  /**
   * Layers draw in stage coordinates, which start OVERSCAN pixels above and left of the view;
   * `el` shows the layer on the page. Returns the viewport the layer is now drawn for.
   */
  private place(layer: Konva.Layer, el: HTMLElement): Transform {
    const v = this.engine.viewport;
    el.style.transform = '';
    layer.position({ x: v.x + OVERSCAN, y: v.y + OVERSCAN });
    layer.scale({ x: v.k, y: v.k });
    return { ...v };
  }

  /**
   * Moves an already drawn layer by CSS to follow a pan or a zoom step, as long as what was drawn
   * still covers the view and the zoom is within a factor of MAX_STRETCH of the drawn one (a zoom
   * looks soft until the gesture settles and the scene is redrawn). Returns false when the layer
   * must be redrawn now.
   */
  private slide(el: HTMLElement, anchor: Transform | null): boolean {
    const v = this.engine.viewport;
    if (!anchor) return false;
    const s = v.k / anchor.k;
    if (s > MAX_STRETCH || s < 1 / MAX_STRETCH) return false;
    const { width: w, height: h } = this.engine.size;
    // The drawn area, [-O, size + O] at the anchor, seen at the current viewport.
    const x0 = (-OVERSCAN - anchor.x) * s + v.x, x1 = (w + OVERSCAN - anchor.x) * s + v.x;
    const y0 = (-OVERSCAN - anchor.y) * s + v.y, y1 = (h + OVERSCAN - anchor.y) * s + v.y;
    if (x0 > 0 || y0 > 0 || x1 < w || y1 < h) return false;
    const tx = v.x - s * anchor.x + OVERSCAN * (1 - s);
    const ty = v.y - s * anchor.y + OVERSCAN * (1 - s);
    const style = el.style;
    style.transformOrigin = '0 0';
    style.transform = s === 1 ? `translate(${tx}px, ${ty}px)` : `translate(${tx}px, ${ty}px) scale(${s})`;
    return true;
  }

  private hasActiveContent(): boolean {
    const en = this.engine;
    return en.dragging.size > 0 || !!en.hover.nodeId || !!en.selectionBox || !!en.connection || !!en.touchTray;
  }

  /** The mirror's share of the cards in view: those nearest the centre, at most MIRROR_LIMIT. */
  private nearestCentre(ids: string[]): string[] {
    if (ids.length <= MIRROR_LIMIT) return ids;
    const store = this.engine.store;
    const r = this.engine.visibleRect;
    const xs = new Float64Array(ids.length), ys = new Float64Array(ids.length);
    ids.forEach((id, i) => {
      const rec = store.nodes.get(id)!;
      xs[i] = rec.x + rec.width / 2;
      ys[i] = rec.y + rec.height / 2;
    });
    return nearestIndices(xs, ys, r.x + r.width / 2, r.y + r.height / 2, MIRROR_LIMIT).map((i) => ids[i]!);
  }

  /** Cards in view exactly (the drawn set minus the overscan), plus the dragged ones in view. */
  private inView(): string[] {
    const r = this.engine.visibleRect;
    const out: string[] = [];
    const store = this.engine.store;
    for (const id of [...this.drawnIds, ...this.dragIds]) {
      const rec = store.nodes.get(id);
      if (rec && rec.x <= r.x + r.width && rec.x + rec.width >= r.x && rec.y <= r.y + r.height && rec.y + rec.height >= r.y) out.push(id);
    }
    return out;
  }

  /** Cards and edges at rest in view plus overscan, through the quadtrees: O(log n + what is in view). */
  private cull() {
    const en = this.engine;
    const store = en.store;
    // A redraw that moved nothing (an avatar loaded, a selection changed) draws the same cards.
    const key = this.culledFor, v0 = en.viewport;
    if (key.x === v0.x && key.y === v0.y && key.k === v0.k && key.size === en.size && key.content === store.contentVersion && key.moving === en.dragging) return;
    this.culledFor = { x: v0.x, y: v0.y, k: v0.k, size: en.size, content: store.contentVersion, moving: en.dragging };
    const m = OVERSCAN / en.viewport.k;
    const v = en.visibleRect;
    const rect = { x: v.x - m, y: v.y - m, width: v.width + 2 * m, height: v.height + 2 * m };
    const moving = en.dragging;
    const cards: { id: string; order: number }[] = [];
    store.queryNodes(rect, (e) => {
      if (!moving.has(e.id)) cards.push(e);
    });
    cards.sort((a, b) => a.order - b.order);
    this.drawnIds = cards.map((c) => c.id);
    const edges: string[] = [];
    store.queryEdges(rect, (id) => {
      const rec = store.edges.get(id);
      if (rec && !moving.has(rec.edge.source) && !moving.has(rec.edge.target)) edges.push(id);
    });
    this.visibleEdgeIds = edges;
    this.stats.drawnCards = cards.length;
    this.stats.drawnEdges = edges.length;
  }

  /** Dragged cards in view and every edge touching a dragged card. */
  private cullDragged() {
    const en = this.engine;
    const store = en.store;
    if (!en.dragging.size) {
      this.dragIds = [];
      this.dragEdgeIds = [];
      return;
    }
    const rect = en.visibleRect;
    const ids: string[] = [];
    const edges = new Set<string>();
    for (const id of en.dragging) {
      const rec = store.nodes.get(id);
      if (!rec || rec.hidden) continue;
      for (const e of store.edgesOf(id)) edges.add(e);
      if (rectsIntersect(rec, rect)) ids.push(id);
    }
    ids.sort((a, b) => store.nodes.get(a)!.order - store.nodes.get(b)!.order);
    this.dragIds = ids;
    this.dragEdgeIds = [...edges];
  }

  private drawCard(ctx: CanvasRenderingContext2D, rec: NodeRecord) {
    const view = this.view;
    view.width = rec.width;
    view.height = rec.height;
    view.selected = rec.selected;
    view.zoom = this.engine.viewport.k;
    const buttons = this.engine.cardButtonsShown(rec);
    view.buttons = buttons ? rec.buttons : [];
    const draw = rec.type.draw ?? this.engine.options.nodeTypes.default.draw;
    if (!draw) return;
    const scale = Math.round(this.engine.viewport.k * (window.devicePixelRatio || 1) * 100) / 100;
    const key = this.spriteKey;
    key.id = rec.id;
    key.node = rec.node;
    key.selected = rec.selected;
    key.buttons = buttons;
    key.width = rec.width;
    key.height = rec.height;
    this.sprites.draw(ctx, key, scale, this.zoomSteady, (c) => draw(c, rec.node, view));
  }

  /**
   * Far zoom: every card is a plain rectangle in one fill and one outline path, with a band in the
   * node type's colour (one path per colour); selected cards get a thick outline. No text, no images.
   */
  private drawSimple(ctx: CanvasRenderingContext2D, ids: readonly string[]) {
    if (this.engine.detailed || !ids.length) return;
    const store = this.engine.store;
    const k = this.engine.viewport.k;
    const byColour = new Map<string, NodeRecord[]>();
    const selected: NodeRecord[] = [];
    ctx.beginPath();
    for (const id of ids) {
      const rec = store.nodes.get(id)!;
      ctx.rect(rec.x, rec.y, rec.width, rec.height);
      const colour = rec.type.simpleColor?.(rec.node, this.theme) ?? this.theme.borderStrong;
      let list = byColour.get(colour);
      if (!list) byColour.set(colour, (list = []));
      list.push(rec);
      if (rec.selected) selected.push(rec);
    }
    ctx.fillStyle = this.theme.surface;
    ctx.fill();
    ctx.lineWidth = 1 / k;
    ctx.strokeStyle = this.theme.borderStrong;
    ctx.stroke();
    const band = Math.min(12, 4 / k);
    for (const [colour, list] of byColour) {
      ctx.beginPath();
      for (const r of list) ctx.rect(r.x, r.y, band, r.height);
      ctx.fillStyle = colour;
      ctx.fill();
    }
    if (selected.length) {
      ctx.beginPath();
      for (const r of selected) ctx.rect(r.x, r.y, r.width, r.height);
      ctx.lineWidth = 3 / k;
      ctx.strokeStyle = this.theme.selection;
      ctx.stroke();
    }
  }

  destroy() {
    if (this.raf) cancelAnimationFrame(this.raf);
    if (this.imagesTimer) clearTimeout(this.imagesTimer);
    this.cancelIdle?.();
    this.unsubscribe();
    document.fonts?.removeEventListener('loadingdone', this.onFonts);
    this.scenePresenter.destroy();
  }
}
