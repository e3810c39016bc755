/**
 * The engine's one facade (tldraw's habit): it owns the graph store, the viewport, the interaction
 * machine and the options, and tells subscribers what kind of redraw a change needs. It has no
 * DOM, no Konva and no React in it, so the whole behaviour runs in Node tests.
 */
import { actions, runKey, type ActionName } from './interaction/actions.ts';
import type { Frames, KeyInput, PointerInput, Scheduler } from './interaction/input.ts';
import { realFrames, realScheduler } from './interaction/input.ts';
import { flightPath, pointAt } from './flight.ts';
import { Interaction } from './interaction/machine.ts';
import { buttonsFitForTouch, layoutTouchTray, type TouchTray } from './interaction/touchTargets.ts';
import {
  CONNECTION_RADIUS, DEFAULT_LOD_ZOOM, FALLBACK_SIZE, RECONNECT_RADIUS, SNAP_GRID, VIEWPORT_PRESETS,
  READABLE_ZOOM, ZOOM_STEP, type ViewportPreset,
} from './constants.ts';
import { builtInEdgePaths, type EdgePathFn } from './edgePaths.ts';
import { createErrorReporter, type ErrorReporter, type OnError } from './errors.ts';
import { unionRects } from './geometry.ts';
import type { NodeType } from './nodeType.ts';
import { findFreePosition, type OverlapOptions } from './placement.ts';
import { GraphStore, type NodeRecord } from './store.ts';
import type { Connection, EdgeChange, EngineEdge, EngineNode, NodeChange, Rect, Transform, XY } from './types.ts';
import { fitView, homeView, identity, minZoomFor, openingView, recentre, visibleWorldRect, zoomBy, zoomTo } from './viewport.ts';

/** What changed, so a renderer redraws only the layers that need it. */
export const Dirty = {
  viewport: 1,
  scene: 2,
  overlay: 4,
  drag: 8,
  mirror: 16,
  minimap: 32,
  chrome: 64,
} as const;
export const DIRTY_ALL = 127;

export interface DeleteRequest {
  nodes: EngineNode[];
  edges: EngineEdge[];
}

export interface EngineCallbacks {
  onNodesChange?(changes: NodeChange[]): void;
  onEdgesChange?(changes: EdgeChange[]): void;
  /** A complete, new connection (incomplete ones are rejected, identical ones ignored before this). */
  onConnect?(connection: Connection): void;
  onReconnect?(oldEdge: EngineEdge, connection: Connection): void;
  onNodeClick?(node: EngineNode): void;
  /** An edge was clicked or tapped (after its selection toggled). */
  onEdgeClick?(edge: EngineEdge): void;
  /**
   * A short label drawn on the middle of an edge ('' for none), asked at drawing time for the
   * edges in view at detailed zoom only. `refreshEdgeLabels` redraws after what it reads changed.
   */
  edgeLabel?(edge: EngineEdge): string;
  /** A card's button was pressed, on the canvas or in the accessibility mirror. */
  onNodeButton?(node: EngineNode, buttonId: string): void;
  /** Backspace asks here first; resolve false to keep the selection. */
  onBeforeDelete?(request: DeleteRequest): boolean | Promise<boolean>;
  onViewportChange?(viewport: Transform): void;
  /** The viewport stopped moving (end of a drag, pinch, or SCROLL_END_DELAY_MS after the last wheel step). */
  onViewportSettled?(viewport: Transform): void;
  onError?: OnError;
}

export interface EngineOptions extends EngineCallbacks {
  nodeTypes: Record<string, NodeType>;
  edgeTypes?: Record<string, EdgePathFn>;
  /** Zoom limits, fit padding and the §9 count adjustment; `'tree'` or `'generic'` (default). */
  preset?: keyof typeof VIEWPORT_PRESETS | ViewportPreset;
  snapToGrid?: boolean;
  snapGrid?: readonly [number, number];
  nodesDraggable?: boolean;
  nodesConnectable?: boolean;
  elementsSelectable?: boolean;
  connectionRadius?: number;
  reconnectRadius?: number;
  /** Below this zoom cards are drawn simplified and their buttons and handles are not hit. */
  lodZoom?: number;
  /** Meta instead of Control adds to the selection (Mac). Detected by the DOM binding. */
  isMac?: boolean;
  /**
   * The card that is "home" (the member's own, in the family tree): the graph opens on it when it
   * cannot be read whole, the `goHome` action and control return to it, and the minimap marks it.
   */
  homeNodeId?: string;
  /** The name of the `goHome` control (default 'Me'). */
  homeLabel?: string;
  scheduler?: Scheduler;
  frames?: Frames;
}

/** Part of a graph to change: upserted items replace (or join) by id, removed ids go. */
export interface GraphPatch {
  nodes?: { upsert?: readonly EngineNode[]; remove?: readonly string[] };
  edges?: { upsert?: readonly EngineEdge[]; remove?: readonly string[] };
}
/** Interaction states in which the touch tray is shown: none of them moves anything. */
const TRAY_STATES: ReadonlySet<string> = new Set(['idle', 'pointing_node', 'pointing_button', 'pointing_handle', 'pointing_edge', 'pointing_edge_end', 'pointing_canvas']);

/** Applies a viewport; the DOM binding routes it through d3-zoom so its state stays in step. */
export type ViewportDriver = (t: Transform) => void;

export interface ConnectionPreview {
  from: XY;
  to: XY;
  /** The handle the connection would snap to, if any. */
  target: { nodeId: string; handleId: string; point: XY } | null;
  valid: boolean;
}

export class CanvasEngine {
  readonly store: GraphStore;
  readonly errors: ErrorReporter;
  readonly interaction: Interaction;
  options: EngineOptions;
  viewport: Transform = identity;
  size: { width: number; height: number } = { ...FALLBACK_SIZE };
  interactive = true;
  /** Overlay state written by the interaction machine and read by the renderer. */
  hover: { nodeId?: string; buttonId?: string; handle?: { nodeId: string; handleId: string }; edgeId?: string } = {};
  selectionBox: Rect | null = null;
  connection: ConnectionPreview | null = null;
  /** Ids of the cards being dragged: the renderer draws them on the fast-changing layer. */
  dragging: ReadonlySet<string> = new Set();
  cursor = 'grab';
  /**
   * The input in use is a finger (set by every pointer that goes down; the DOM binding starts it
   * from the `pointer: coarse` media query). Touch gets 44 px targets and the touch tray.
   */
  coarse = false;
  private driver: ViewportDriver;
  private listeners = new Set<(dirty: number) => void>();
  private readonly defaults = () => ({
    draggable: this.options.nodesDraggable ?? true,
    selectable: this.options.elementsSelectable ?? true,
    connectable: this.options.nodesConnectable ?? true,
  });

  constructor(options: EngineOptions) {
    this.options = options;
    this.errors = createErrorReporter(() => this.options.onError);
    if (!options.nodeTypes.default) throw new Error('nodeTypes needs a "default" entry to fall back to');
    this.store = new GraphStore(
      () => this.options.nodeTypes,
      () => ({ ...builtInEdgePaths, ...this.options.edgeTypes }),
      this.errors,
      this.defaults,
    );
    this.driver = (t) => this.applyViewport(t);
    this.interaction = new Interaction(this, options.scheduler ?? realScheduler);
  }

  // ---- configuration ------------------------------------------------------------------------

  setOptions(options: EngineOptions) {
    const before = this.options;
    this.options = options;
    if (before.snapToGrid !== options.snapToGrid || before.lodZoom !== options.lodZoom) this.notify(Dirty.scene | Dirty.overlay);
  }

  get preset(): ViewportPreset {
    const p = this.options.preset ?? 'generic';
    return typeof p === 'string' ? VIEWPORT_PRESETS[p] : p;
  }

  get snapGrid(): readonly [number, number] | null {
    return this.options.snapToGrid ? (this.options.snapGrid ?? SNAP_GRID) : null;
  }

  get connectionRadius() {
    return this.options.connectionRadius ?? CONNECTION_RADIUS;
  }

  get reconnectRadius() {
    return this.options.reconnectRadius ?? RECONNECT_RADIUS;
  }

  get lodZoom() {
    return this.options.lodZoom ?? DEFAULT_LOD_ZOOM;
  }

  /** True when cards are drawn in full (text, images, buttons, handles). */
  get detailed() {
    return this.viewport.k >= this.lodZoom;
  }

  get canSelect() {
    return this.interactive && (this.options.elementsSelectable ?? true);
  }

  get canDrag() {
    return this.interactive && (this.options.nodesDraggable ?? true);
  }

  get canConnect() {
    return this.interactive && (this.options.nodesConnectable ?? true);
  }

  setDriver(driver: ViewportDriver | null) {
    this.driver = driver ?? ((t) => this.applyViewport(t));
  }

  subscribe(listener: (dirty: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The labels `edgeLabel` gives have changed (the app's data behind them did): draw them again. */
  refreshEdgeLabels() {
    if (this.options.edgeLabel) this.notify(Dirty.scene);
  }

  notify(dirty: number) {
    for (const l of this.listeners) l(dirty);
  }

  // ---- graph input --------------------------------------------------------------------------

  setNodes(nodes: readonly EngineNode[]) {
    if (this.store.setNodes(nodes)) this.notify(Dirty.scene | Dirty.mirror | Dirty.minimap | Dirty.overlay);
  }

  setEdges(edges: readonly EngineEdge[]) {
    if (this.store.setEdges(edges)) this.notify(Dirty.scene | Dirty.overlay);
  }

  /**
   * Changes some nodes and edges without handing over whole arrays: the cost is what the patch
   * names, not the size of the graph. Nodes go first, so a new edge may join a new node.
   */
  patch(changes: GraphPatch) {
    const nodes = changes.nodes ? this.store.patchNodes(changes.nodes.upsert ?? [], changes.nodes.remove ?? []) : false;
    const edges = changes.edges ? this.store.patchEdges(changes.edges.upsert ?? [], changes.edges.remove ?? []) : false;
    if (nodes) this.notify(Dirty.scene | Dirty.mirror | Dirty.minimap | Dirty.overlay);
    else if (edges) this.notify(Dirty.scene | Dirty.overlay);
  }

  /** Container size in CSS pixels; zero or missing sizes fall back to 500 × 500 (error 004). */
  setSize(width: number, height: number) {
    if (!(width > 0) || !(height > 0)) {
      this.errors.report('004');
      width = FALLBACK_SIZE.width;
      height = FALLBACK_SIZE.height;
    }
    if (width === this.size.width && height === this.size.height) return;
    this.size = { width, height };
    this.notify(DIRTY_ALL);
  }

  /** Re-centre after a resize (the DOM binding debounces this by RECENTER_DEBOUNCE_MS). */
  recentre(oldSize: { width: number; height: number }) {
    this.setViewport(recentre(this.viewport, oldSize, this.size));
  }

  // ---- viewport -----------------------------------------------------------------------------

  /** Requests a viewport; zoom is clamped to the limits (`zoomLimits`). */
  setViewport(t: Transform) {
    const limits = this.zoomLimits;
    const k = Math.min(limits.maxZoom, Math.max(limits.minZoom, t.k));
    if (k !== t.k) t = zoomTo(t, k, { x: this.size.width / 2, y: this.size.height / 2 }, limits);
    this.driver(t);
  }

  private shownBounds: { version: number; rect: Rect | null } = { version: -1, rect: null };

  /** The union of the shown cards (worked out again only after the graph changed). */
  get contentBounds(): Rect | null {
    if (this.shownBounds.version !== this.store.contentVersion) {
      this.shownBounds = { version: this.store.contentVersion, rect: this.store.shownExtent().bounds };
    }
    return this.shownBounds.rect;
  }

  /** The preset's zoom limits, the lower one taken down as far as seeing the whole graph needs (`overviewBelowMin`). */
  get zoomLimits(): { minZoom: number; maxZoom: number } {
    const preset = this.preset;
    return { minZoom: minZoomFor(this.contentBounds, this.size, preset), maxZoom: preset.maxZoom };
  }

  /** Called by the driver once a viewport is in effect. */
  applyViewport(t: Transform) {
    if (this.flight && !this.flightMoving) this.stopFlight();
    const v = this.viewport;
    if (v.x === t.x && v.y === t.y && v.k === t.k) return;
    const lodBefore = this.detailed;
    this.viewport = { x: t.x, y: t.y, k: t.k };
    this.options.onViewportChange?.(this.viewport);
    this.notify(Dirty.viewport | Dirty.mirror | Dirty.overlay | (lodBefore !== this.detailed ? Dirty.scene : 0));
  }

  viewportSettled() {
    this.options.onViewportSettled?.(this.viewport);
    // Renderers redraw crisply at the final zoom (mid-gesture they may stretch cached cards).
    this.notify(Dirty.scene);
  }

  get visibleRect(): Rect {
    return visibleWorldRect(this.viewport, this.size);
  }

  zoomIn() {
    this.setViewport(zoomBy(this.viewport, ZOOM_STEP, this.centre(), this.zoomLimits));
  }

  zoomOut() {
    this.setViewport(zoomBy(this.viewport, 1 / ZOOM_STEP, this.centre(), this.zoomLimits));
  }

  fitView(ids?: readonly string[]) {
    const recs = ids ? ids.map((id) => this.store.nodes.get(id)).filter((r): r is NodeRecord => !!r) : [...this.store.nodes.values()];
    const shown = recs.filter((r) => !r.hidden);
    const bounds = unionRects(shown.map((r) => this.store.rectOf(r)));
    if (!bounds) return;
    this.setViewport(fitView(bounds, this.size, this.preset, shown.length));
  }

  private get homeRect(): Rect | null {
    const rec = this.options.homeNodeId ? this.store.nodes.get(this.options.homeNodeId) : undefined;
    return rec && !rec.hidden ? this.store.rectOf(rec) : null;
  }

  /** The view a graph opens with: all of it when it reads whole, else the home card at READABLE_ZOOM. */
  showOpening() {
    const bounds = this.contentBounds;
    if (!bounds) return;
    const { count } = this.store.shownExtent();
    this.setViewport(openingView(bounds, this.homeRect, this.size, this.preset, count, READABLE_ZOOM));
  }

  /** Back to the home card, centred, at a readable zoom. */
  goHome() {
    const home = this.homeRect;
    if (home) this.setViewport(homeView(home, this.viewport.k, this.size, this.preset, READABLE_ZOOM));
  }

  private flight: { handle: unknown } | null = null;
  /** Set while a flight itself moves the view: any other move stops the flight. */
  private flightMoving = false;

  /** A view move is animated (`flyTo`) right now. */
  get flying(): boolean {
    return this.flight !== null;
  }

  /**
   * Moves the view to `target` along a smooth zoom-and-pan path (`flightPath`), one step per
   * animation frame, and settles there; `animate: false` (reduced motion) jumps. A later flight,
   * a gesture or any other move of the view stops it where it is.
   */
  flyTo(target: Transform, options: { animate?: boolean } = {}) {
    this.stopFlight();
    const limits = this.zoomLimits;
    const k = Math.min(limits.maxZoom, Math.max(limits.minZoom, target.k));
    if (k !== target.k) target = zoomTo(target, k, this.centre(), limits);
    const path = flightPath(this.viewport, target, this.size);
    if (options.animate === false || path.duration === 0) {
      this.setViewport(target);
      this.viewportSettled();
      return;
    }
    const frames = this.options.frames ?? realFrames;
    let start = -1;
    const flight = { handle: null as unknown };
    const step = (time: number) => {
      if (this.flight !== flight) return;
      if (start < 0) start = time;
      const t = Math.min(1, (time - start) / path.duration);
      this.flightMoving = true;
      try {
        this.setViewport(path.at(t));
      } finally {
        this.flightMoving = false;
      }
      if (t < 1) {
        flight.handle = frames.request(step);
        return;
      }
      this.flight = null;
      this.viewportSettled();
    };
    this.flight = flight;
    flight.handle = frames.request(step);
  }

  /** Stops a flight where it is (the view stays put, settled). */
  stopFlight() {
    const flight = this.flight;
    if (!flight) return;
    this.flight = null;
    (this.options.frames ?? realFrames).cancel(flight.handle);
    this.viewportSettled();
  }

  /**
   * The view that shows a card at a readable zoom (the current one when it is readable, else
   * READABLE_ZOOM) with its centre at screen point `at` (the middle of the screen by default).
   */
  viewOfNode(id: string, at: XY = this.centre()): Transform | null {
    const rec = this.store.nodes.get(id);
    if (!rec || rec.hidden) return null;
    const r = this.store.rectOf(rec);
    const limits = this.zoomLimits;
    const k = Math.min(limits.maxZoom, Math.max(limits.minZoom, this.viewport.k >= READABLE_ZOOM ? this.viewport.k : READABLE_ZOOM));
    return pointAt({ x: r.x + r.width / 2, y: r.y + r.height / 2 }, at, k);
  }

  /** Centres the viewport on a world point, keeping the zoom. */
  centreOn(p: XY, k = this.viewport.k) {
    this.setViewport({ x: this.size.width / 2 - p.x * k, y: this.size.height / 2 - p.y * k, k });
  }

  setInteractive(on: boolean) {
    if (this.interactive === on) return;
    this.interactive = on;
    this.interaction.cancel();
    this.notify(Dirty.chrome | Dirty.overlay | Dirty.mirror);
  }

  private centre(): XY {
    return { x: this.size.width / 2, y: this.size.height / 2 };
  }

  setCoarse(coarse: boolean) {
    if (this.coarse === coarse) return;
    this.coarse = coarse;
    // Cards are drawn with or without their buttons, and the tray comes or goes.
    this.notify(Dirty.scene | Dirty.overlay | Dirty.drag);
  }

  /** Whether a card's own drawn buttons are shown and hit (on touch only when they are 44 px). */
  cardButtonsShown(rec: NodeRecord): boolean {
    return this.detailed && (!this.coarse || buttonsFitForTouch(rec.buttons, this.viewport.k));
  }

  /**
   * The selected card's buttons as a row of 44 px touch targets beside it, when a finger is in
   * use, exactly one card is selected and its own buttons are too small to tap (touchTargets.ts).
   * Shown while no gesture moves anything.
   */
  get touchTray(): TouchTray | null {
    if (!this.coarse || this.store.selectedNodes.size !== 1 || !TRAY_STATES.has(this.interaction.state.name)) return null;
    const rec = this.store.nodes.get(this.store.selectedNodes.values().next().value!);
    if (!rec || rec.hidden || !rec.buttons.length || this.cardButtonsShown(rec)) return null;
    const { x, y, k } = this.viewport;
    return layoutTouchTray(rec.id, rec.buttons, { x: rec.x * k + x, y: rec.y * k + y, width: rec.width * k, height: rec.height * k }, this.size);
  }

  // ---- selection ----------------------------------------------------------------------------

  /**
   * Selects nodes by id (error 012 for an unknown id). `additive` keeps the current selection;
   * otherwise it is replaced.
   */
  select(ids: readonly string[], additive = false) {
    const known = ids.filter((id) => {
      if (this.store.nodes.has(id)) return true;
      this.errors.report('012', id);
      return false;
    });
    const next = new Set(additive ? [...this.store.selectedNodes, ...known] : known);
    this.applySelection(next, additive ? this.store.selectedEdges : new Set());
  }

  /** Click, tap, Enter or Space on a card: a selected card is unselected; another is selected (alone, unless additive). */
  toggleNode(id: string, additive: boolean) {
    const rec = this.store.nodes.get(id);
    if (!rec) {
      this.errors.report('012', id);
      return;
    }
    if (!this.canSelect || !rec.selectable) return;
    if (rec.selected) {
      const next = new Set(this.store.selectedNodes);
      next.delete(id);
      this.applySelection(next, this.store.selectedEdges);
    } else if (additive) {
      this.applySelection(new Set([...this.store.selectedNodes, id]), this.store.selectedEdges);
    } else {
      this.applySelection(new Set([id]), new Set());
    }
  }

  toggleEdge(id: string, additive: boolean) {
    const rec = this.store.edges.get(id);
    if (!rec || !this.canSelect) return;
    if (rec.selected) {
      const next = new Set(this.store.selectedEdges);
      next.delete(id);
      this.applySelection(this.store.selectedNodes, next);
    } else if (additive) this.applySelection(this.store.selectedNodes, new Set([...this.store.selectedEdges, id]));
    else this.applySelection(new Set(), new Set([id]));
  }

  deselectAll() {
    this.applySelection(new Set(), new Set());
  }

  /**
   * Marks out cards and edges apart from the selection (a path between two cards: drawn in the
   * accent colour, and `data-highlighted` in the accessibility mirror); none clears it. Ids not
   * in the graph are left out. Nothing is reported to the app: it is the app's own state.
   */
  highlight(nodes: readonly string[], edges: readonly string[] = []) {
    const marked = (ids: readonly string[], has: (id: string) => boolean, into: Set<string>) => {
      const before = [...into];
      into.clear();
      for (const id of ids) if (has(id)) into.add(id);
      return before.length !== into.size || before.some((id) => !into.has(id));
    };
    const changedNodes = marked(nodes, (id) => this.store.nodes.has(id), this.store.highlightedNodes);
    const changedEdges = marked(edges, (id) => this.store.edges.has(id), this.store.highlightedEdges);
    // Chrome: the mirror refreshes every card's attributes (data-highlighted).
    if (changedNodes || changedEdges) this.notify(Dirty.scene | Dirty.mirror | (changedNodes ? Dirty.chrome : 0));
  }

  /** Makes the selection exactly `nodes` and `edges`, emitting select changes for the difference only. */
  applySelection(nodes: ReadonlySet<string>, edges: ReadonlySet<string>) {
    const nodeChanges: NodeChange[] = [];
    const edgeChanges: EdgeChange[] = [];
    for (const id of [...this.store.selectedNodes]) {
      if (!nodes.has(id) && this.store.setNodeSelected(id, false)) nodeChanges.push({ type: 'select', id, selected: false });
    }
    for (const id of nodes) {
      if (this.store.setNodeSelected(id, true)) nodeChanges.push({ type: 'select', id, selected: true });
    }
    for (const id of [...this.store.selectedEdges]) {
      if (!edges.has(id) && this.store.setEdgeSelected(id, false)) edgeChanges.push({ type: 'select', id, selected: false });
    }
    for (const id of edges) {
      if (this.store.setEdgeSelected(id, true)) edgeChanges.push({ type: 'select', id, selected: true });
    }
    if (nodeChanges.length) this.options.onNodesChange?.(nodeChanges);
    if (edgeChanges.length) this.options.onEdgesChange?.(edgeChanges);
    if (nodeChanges.length || edgeChanges.length) this.notify(Dirty.scene | Dirty.overlay | Dirty.mirror);
  }

  // ---- editing ------------------------------------------------------------------------------

  /** Moves nodes to absolute positions (snapped and clamped by the caller) and reports position changes. */
  moveNodes(moves: ReadonlyMap<string, XY>, dragging: boolean) {
    const changes: NodeChange[] = [];
    for (const [id, p] of moves) {
      const rec = this.store.nodes.get(id);
      if (!rec) continue;
      this.store.moveNode(id, p);
      changes.push({ type: 'position', id, position: this.store.relativePosition(rec), dragging });
    }
    if (changes.length) this.options.onNodesChange?.(changes);
    this.notify((this.dragging.size ? Dirty.drag : Dirty.scene) | Dirty.overlay | Dirty.mirror | (dragging ? 0 : Dirty.minimap));
  }

  /** Backspace: asks `onBeforeDelete`, then removes the selected nodes, their edges and the selected edges. */
  async deleteSelection(): Promise<boolean> {
    if (!this.interactive) return false;
    const nodes = [...this.store.selectedNodes].map((id) => this.store.nodes.get(id)!.node);
    const edgeIds = new Set(this.store.selectedEdges);
    for (const n of nodes) for (const e of this.store.edgesOf(n.id)) edgeIds.add(e);
    const edges = [...edgeIds].map((id) => this.store.edges.get(id)!.edge);
    if (!nodes.length && !edges.length) return false;
    const ok = this.options.onBeforeDelete ? await this.options.onBeforeDelete({ nodes, edges }) : true;
    if (!ok) return false;
    if (edges.length) this.options.onEdgesChange?.(edges.map((e) => ({ type: 'remove', id: e.id })));
    if (nodes.length) this.options.onNodesChange?.(nodes.map((n) => ({ type: 'remove', id: n.id })));
    return true;
  }

  pressButton(nodeId: string, buttonId: string) {
    const rec = this.store.nodes.get(nodeId);
    const button = rec?.buttons.find((b) => b.id === buttonId);
    if (!rec || !button || button.disabled) return;
    this.options.onNodeButton?.(rec.node, buttonId);
  }

  /** Free spot for a new card near `desired`, searched in the live quadtree (§9 overlap rules). */
  findFreePosition(desired: XY, options?: Partial<OverlapOptions>): XY {
    return findFreePosition(this.store.nodeIndex, desired, options);
  }

  /** Ids of shown cards intersecting a world rectangle (the viewport by default). */
  nodesIn(rect: Rect = this.visibleRect): string[] {
    return this.store.nodeIndex.queryIds(rect);
  }

  // ---- input --------------------------------------------------------------------------------

  pointerDown(e: PointerInput) {
    this.stopFlight();
    this.interaction.pointerDown(e);
  }

  pointerMove(e: PointerInput) {
    this.interaction.pointerMove(e);
  }

  pointerUp(e: PointerInput) {
    this.interaction.pointerUp(e);
  }

  pointerCancel(e: PointerInput) {
    this.interaction.pointerCancel(e);
  }

  pointerLeave(e: PointerInput) {
    this.interaction.pointerLeave(e);
  }

  /** Returns true when a key was handled (the DOM binding then prevents the browser's default). */
  keyDown(e: KeyInput): boolean {
    return runKey(this, e);
  }

  run(name: ActionName) {
    actions[name].perform(this, { key: '' });
  }

  /** Control, or Meta on a Mac, adds to the selection. */
  isAdditive(e: { ctrlKey?: boolean; metaKey?: boolean }) {
    return this.options.isMac ? !!e.metaKey : !!e.ctrlKey;
  }

  get state(): string {
    return this.interaction.state.name;
  }

  destroy() {
    if (this.flight) (this.options.frames ?? realFrames).cancel(this.flight.handle);
    this.flight = null;
    this.interaction.cancel();
    this.listeners.clear();
  }
}
