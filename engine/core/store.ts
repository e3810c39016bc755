/**
 * The engine's working copy of the graph: plain maps of records (never reactive proxies), the two
 * spatial indexes, and the resolution of types, parents, extents and handles with their error
 * codes. Incoming arrays are diffed by reference, so unchanged nodes cost one comparison; moves,
 * selection changes and patches (`patchNodes`, `patchEdges`) touch only the records involved.
 *
 * A bulk load (a first load, a GEDCOM import, a wholesale replacement) makes the records only: the
 * quadtrees and the node → edges lookup are built a slice at a time when the renderer finds the
 * page idle (`buildIndexes`), and what a slice left is finished at once when one is needed
 * (`nodeIndex`, `edgeIndex`, `edgesOf`). Until then the draw's culling scans the records
 * (`queryNodes`, `queryEdges`), a few milliseconds at 100,000 cards against most of a second for
 * the trees, so the first frame does not wait for them, nor a frame after it for a whole tree.
 * Once a slice has begun an index, changes go into it as into a complete one; the rest of the walk
 * visits the records as they are by then (see `MapWalk`).
 */
import { builtInEdgePaths, flattenPath, type EdgePathFn, type PathCommand } from './edgePaths.ts';
import type { ErrorReporter } from './errors.ts';
import { clampToExtent } from './geometry.ts';
import { MapWalk } from './mapWalk.ts';
import { DEFAULT_NODE_SIZE, defaultHandles, type NodeType } from './nodeType.ts';
import { createRectIndex, type RectIndex } from './spatialIndex.ts';
import type { CardButton, EngineEdge, EngineNode, HandleSpec, MarkerType, Rect, Side, XY } from './types.ts';

/**
 * A node as the engine works with it. Handles and buttons are laid out on first use (drawing, hit
 * testing, an edge's end), so loading 100,000 cards allocates neither for the ones never seen.
 */
export class NodeRecord {
  node!: EngineNode;
  type!: NodeType;
  /** Absolute top-left corner and size in world units. */
  x = 0;
  y = 0;
  width = 0;
  height = 0;
  order = 0;
  selected = false;
  hidden = false;
  /** The last `setNodes` that named this node (see there). */
  pass = 0;
  draggable = true;
  selectable = true;
  connectable = true;
  parentId: string | undefined = undefined;
  /** Bumped on every visual change; renderers key caches on it. */
  version = 0;
  private laidOutHandles: HandleSpec[] | null = null;
  private laidOutButtons: CardButton[] | null = null;

  constructor(
    readonly id: string,
    private checkHandles: (rec: NodeRecord, handles: HandleSpec[]) => HandleSpec[],
  ) {}

  get handles(): HandleSpec[] {
    return (this.laidOutHandles ??= this.checkHandles(this, (this.type.handles ?? defaultHandles)(this.node, this)));
  }

  get buttons(): CardButton[] {
    return (this.laidOutButtons ??= this.type.buttons?.(this.node, this) ?? NO_BUTTONS);
  }

  /** The node or its size changed: lay handles and buttons out again when next asked. */
  relayout() {
    this.laidOutHandles = this.laidOutButtons = null;
  }
}

const NO_BUTTONS: CardButton[] = [];

export interface EdgeGeometry {
  commands: PathCommand[];
  /** The path as a polyline, made on first use (hit tests, markers): see `edgePoints`. */
  points: XY[] | null;
  source: XY;
  target: XY;
  bounds: Rect;
}

export interface EdgeRecord {
  id: string;
  edge: EngineEdge;
  path: EdgePathFn;
  marker: MarkerType | null;
  selected: boolean;
  version: number;
  geometry: EdgeGeometry | null;
  geometryKey: string;
  /** The last `setEdges` that named this edge (see there). */
  pass: number;
}

export interface StoreDefaults {
  draggable: boolean;
  selectable: boolean;
  connectable: boolean;
}

const MARKERS: readonly string[] = ['arrow', 'arrowclosed'];
/** Half-size above which an edge is kept in the index's side list instead of the quadtree. */
const LONG_EDGE_HALF = 600;
/** Room for the stroke and marker around an edge's sampled path. */
const EDGE_PAD = 6;

/** Order offset per nesting level; larger than any array index. */
const DEPTH_ORDER = 1e7;

let versionCounter = 1;
const nextVersion = () => versionCounter++;
let passCounter = 0;
const nextPass = () => ++passCounter;

export class GraphStore {
  readonly nodes = new Map<string, NodeRecord>();
  readonly edges = new Map<string, EdgeRecord>();
  private readonly nodeTree: RectIndex = createRectIndex();
  private readonly edgeTree: RectIndex = createRectIndex(LONG_EDGE_HALF);
  /**
   * From a bulk load until the index is complete, the walk of the records that builds it (null:
   * complete). Until its first step, changes skip the index; the walk will see them.
   */
  private nodeWalk: MapWalk<NodeRecord> | null = null;
  private edgeWalk: MapWalk<EdgeRecord> | null = null;
  private incidentWalk: MapWalk<EdgeRecord> | null = null;
  readonly selectedNodes = new Set<string>();
  readonly selectedEdges = new Set<string>();
  /** Cards and edges the app marks out (a path between two cards), apart from the selection. */
  readonly highlightedNodes = new Set<string>();
  readonly highlightedEdges = new Set<string>();
  /** Bumped when anything that the minimap or a fit-view would see changes. */
  contentVersion = 0;
  private children = new Map<string, Set<string>>();
  /** Node id → ids of its edges; partial while `incidentWalk` is under way. */
  private incident = new Map<string, string[]>();
  private nodesInput: readonly EngineNode[] = [];
  private edgesInput: readonly EngineEdge[] = [];
  /** Drawing order of the next node a patch adds: after every node of the last array. */
  private nextOrder = 0;

  constructor(
    private nodeTypes: () => Record<string, NodeType>,
    private edgeTypes: () => Record<string, EdgePathFn>,
    private errors: ErrorReporter,
    private defaults: () => StoreDefaults,
  ) {}

  // ---- input -------------------------------------------------------------------------------

  setNodes(input: readonly EngineNode[]): boolean {
    if (input === this.nodesInput) return false;
    this.nodesInput = input;
    // Records the input names are stamped with this pass; fewer than there were means some went.
    const pass = nextPass();
    const before = this.nodes.size;
    let kept = 0;
    let changed = false;
    const dirty: NodeRecord[] = [];
    const d = this.defaults();
    for (let i = 0; i < input.length; i++) {
      const n = input[i];
      const rec = this.nodes.get(n.id);
      if (rec && rec.pass !== pass) rec.pass = pass, kept++;
      if (rec && rec.node === n && rec.order % DEPTH_ORDER === i) continue;
      changed = true;
      if (rec) this.updateRecord(rec, n, i, !!n.selected, d), dirty.push(rec);
      else {
        const made = this.createRecord(n, i, d);
        made.pass = pass;
        this.nodes.set(n.id, made);
        dirty.push(made);
      }
    }
    if (kept < before) {
      for (const rec of [...this.nodes.values()]) if (rec.pass !== pass) this.removeNode(rec.id);
      changed = true;
    }
    this.nextOrder = Math.max(this.nextOrder, input.length);
    if (!changed) return false;
    this.placeDirty(dirty);
    return true;
  }

  /**
   * Changes some nodes only, at a cost proportional to them: each of `upsert` replaces its record
   * (or joins, drawn above the others), each of `remove` goes. A node without `selected` keeps
   * the record's selection, so an app that leaves selection to the engine never hands it back.
   * A node that differs from its record's only by a position the record already has (the app
   * storing a drag the engine made) is taken without redrawing anything.
   */
  patchNodes(upsert: readonly EngineNode[], remove: readonly string[]): boolean {
    let changed = false;
    for (const id of remove) {
      if (!this.nodes.has(id)) continue;
      this.removeNode(id);
      changed = true;
    }
    const dirty: NodeRecord[] = [];
    const d = this.defaults();
    for (const n of upsert) {
      const rec = this.nodes.get(n.id);
      if (rec && rec.node === n) continue;
      if (rec && this.confirmsPosition(rec, n)) {
        rec.node = n;
        continue;
      }
      changed = true;
      if (rec) this.updateRecord(rec, n, rec.order % DEPTH_ORDER, n.selected ?? rec.selected, d), dirty.push(rec);
      else {
        const made = this.createRecord(n, this.nextOrder++, d);
        this.nodes.set(n.id, made);
        dirty.push(made);
      }
    }
    if (!changed) return false;
    this.placeDirty(dirty);
    return true;
  }

  /** True when `n` is `rec`'s node at the position the record already has. */
  private confirmsPosition(rec: NodeRecord, n: EngineNode): boolean {
    const old = rec.node as unknown as Record<string, unknown>;
    const next = n as unknown as Record<string, unknown>;
    for (const k in next) if (k !== 'position' && next[k] !== old[k]) return false;
    for (const k in old) if (k !== 'position' && !(k in next)) return false;
    const p = this.relativePosition(rec);
    return n.position.x === p.x && n.position.y === p.y;
  }

  /**
   * Orders, positions and indexes nodes whose records were just made or replaced. A record is
   * placed at its own position when made (`updateRecord`); only nested nodes, or nodes with
   * nested ones, are placed again here: visiting 100,000 cards a second time was a tenth of
   * what drawing an import of 100,000 people took.
   */
  private placeDirty(dirty: readonly NodeRecord[]) {
    this.rebuildChildren(dirty);
    const nested = this.children.size > 0;
    for (const rec of dirty) {
      if (!rec.parentId && !nested) continue;
      rec.order += this.depthOf(rec) * DEPTH_ORDER;
      this.resolvePosition(rec);
    }
    // A first load (or a wholesale replacement) leaves both trees to be built later.
    if (dirty.length > this.nodes.size / 2) {
      this.deferNodeTree();
      this.deferEdgeTree();
    } else {
      for (const rec of dirty) this.reindexNode(rec.id);
      for (const rec of dirty) this.touchIncidentEdges(rec.id);
    }
    this.contentVersion++;
  }

  setEdges(input: readonly EngineEdge[]): boolean {
    if (input === this.edgesInput) return false;
    this.edgesInput = input;
    const first = this.edges.size === 0;
    // As in `setNodes`: records named by the input are stamped with this pass.
    const pass = nextPass();
    const before = this.edges.size;
    let kept = 0;
    let changed = false;
    const dirty: string[] = [];
    const types = this.edgeTypes();
    // Mostly new edges: the lookup of a node's edges is made again later, by a walk of the edges.
    if (input.length > 2 * this.edges.size) this.deferIncident();
    for (const e of input) {
      // A first load has no records to find (a repeated id replaces its record either way).
      const rec = first ? undefined : this.edges.get(e.id);
      if (rec && rec.pass !== pass) rec.pass = pass, kept++;
      if (rec && rec.edge === e) continue;
      changed = true;
      if (rec) this.unlinkEdge(rec);
      const made = this.createEdgeRecord(e, types);
      made.pass = pass;
      this.edges.set(e.id, made);
      this.linkEdge(e);
      dirty.push(e.id);
    }
    if (kept < before) {
      for (const rec of [...this.edges.values()]) if (rec.pass !== pass) this.removeEdge(rec);
      changed = true;
    }
    if (!changed) return false;
    if (dirty.length > this.edges.size / 2) this.deferEdgeTree();
    else for (const id of dirty) this.reindexEdge(id);
    this.contentVersion++;
    return true;
  }

  /** Changes some edges only (see `patchNodes`); an edge without `selected` keeps its selection. */
  patchEdges(upsert: readonly EngineEdge[], remove: readonly string[]): boolean {
    let changed = false;
    for (const id of remove) {
      const rec = this.edges.get(id);
      if (!rec) continue;
      this.removeEdge(rec);
      changed = true;
    }
    const types = this.edgeTypes();
    for (const e of upsert) {
      const rec = this.edges.get(e.id);
      if (rec && rec.edge === e) continue;
      changed = true;
      const selected = e.selected ?? rec?.selected ?? false;
      if (rec) this.unlinkEdge(rec);
      this.edges.set(e.id, this.createEdgeRecord(e, types, selected));
      this.linkEdge(e);
      this.reindexEdge(e.id);
    }
    if (changed) this.contentVersion++;
    return changed;
  }

  // ---- queries ------------------------------------------------------------------------------

  /** The quadtree of shown nodes, finished here if a bulk load left it for later. */
  get nodeIndex(): RectIndex {
    if (this.nodeWalk?.step(NEVER)) this.nodeWalk = null;
    return this.nodeTree;
  }

  /** The index of drawable edges' bounds, finished here if a bulk load left it for later. */
  get edgeIndex(): RectIndex {
    if (this.edgeWalk?.step(NEVER)) this.edgeWalk = null;
    return this.edgeTree;
  }

  /** True while a bulk load has left an index or the edge lookup to be built. */
  get indexesPending(): boolean {
    return !!(this.nodeWalk || this.edgeWalk || this.incidentWalk);
  }

  /**
   * Builds what a bulk load left, the node tree, then the edge lookup, then the edge tree (which
   * a moved card updates through the lookup), until `timeUp()` (asked every few hundred records,
   * so a slice overruns it by about a millisecond) says stop; true while some is left.
   */
  buildIndexes(timeUp: () => boolean): boolean {
    if (this.nodeWalk?.step(timeUp)) this.nodeWalk = null;
    if (!this.nodeWalk && this.incidentWalk?.step(timeUp)) this.incidentWalk = null;
    if (!this.nodeWalk && !this.incidentWalk && this.edgeWalk?.step(timeUp)) this.edgeWalk = null;
    return this.indexesPending;
  }

  /** Visits the shown nodes whose rectangles meet `rect` (touching counts), by the tree once complete, else by a scan. */
  queryNodes(rect: Rect, visit: (n: { id: string; order: number }) => void) {
    if (!this.nodeWalk) return this.nodeTree.query(rect, visit);
    for (const r of this.nodes.values()) if (!r.hidden && touches(r, rect)) visit(r);
  }

  /** Visits the drawable edges whose bounds intersect `rect`, by the index once complete, else by a scan. */
  queryEdges(rect: Rect, visit: (id: string) => void) {
    if (!this.edgeWalk) return this.edgeTree.query(rect, (e) => visit(e.id));
    const box = { x: 0, y: 0, width: 0, height: 0 };
    for (const r of this.edges.values()) if (this.edgeBounds(r, box) && touches(box, rect)) visit(r.id);
  }

  /** The union of the shown nodes' rectangles and their number, in one pass that allocates nothing per node. */
  shownExtent(): { bounds: Rect | null; count: number } {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, count = 0;
    for (const r of this.nodes.values()) {
      if (r.hidden) continue;
      count++;
      if (r.x < x0) x0 = r.x;
      if (r.y < y0) y0 = r.y;
      if (r.x + r.width > x1) x1 = r.x + r.width;
      if (r.y + r.height > y1) y1 = r.y + r.height;
    }
    return { bounds: count ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null, count };
  }

  rectOf(rec: NodeRecord): Rect {
    return { x: rec.x, y: rec.y, width: rec.width, height: rec.height };
  }

  /** Absolute position of a handle, or of the node's first handle of that kind (error 008 if named and missing). */
  handlePoint(rec: NodeRecord, kind: 'source' | 'target', handleId: string | null | undefined, edgeId?: string): { point: XY; side: Side; id: string | null } {
    const list = rec.handles.filter((h) => h.kind === kind);
    let h = handleId ? list.find((c) => c.id === handleId) : list[0];
    if (!h && handleId) {
      if (edgeId) this.errors.report('008', kind, handleId, edgeId);
      h = list[0];
    }
    if (!h) {
      const side: Side = kind === 'source' ? 'bottom' : 'top';
      return { point: { x: rec.x + rec.width / 2, y: side === 'bottom' ? rec.y + rec.height : rec.y }, side, id: null };
    }
    return { point: { x: rec.x + h.x, y: rec.y + h.y }, side: h.side, id: h.id };
  }

  /**
   * Geometry of a drawable edge (both ends present and shown), cached until an end moves. With
   * `keep` false a new geometry is not cached: indexing every edge of a 100,000-card tree must not
   * hold 150,000 paths in memory, only the ones drawn or hit.
   */
  edgeGeometry(rec: EdgeRecord, keep = true): EdgeGeometry | null {
    const s = this.nodes.get(rec.edge.source);
    const t = this.nodes.get(rec.edge.target);
    if (!s || !t || s.hidden || t.hidden || rec.edge.hidden) return null;
    const key = `${s.version}:${t.version}:${rec.version}`;
    if (rec.geometry && rec.geometryKey === key) return rec.geometry;
    const sp = this.handlePoint(s, 'source', rec.edge.sourceHandle, rec.id);
    const tp = this.handlePoint(t, 'target', rec.edge.targetHandle, rec.id);
    const commands = rec.path({ source: sp.point, sourceSide: sp.side, target: tp.point, targetSide: tp.side }, rec.edge);
    // Curves lie inside the hull of their control points, so these bounds always contain the edge.
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    const grow = (x: number, y: number) => {
      x0 = Math.min(x0, x); y0 = Math.min(y0, y);
      x1 = Math.max(x1, x); y1 = Math.max(y1, y);
    };
    for (const c of commands) {
      grow(c.x, c.y);
      if (c.op === 'Q') grow(c.cx, c.cy);
      else if (c.op === 'C') {
        grow(c.c1x, c.c1y);
        grow(c.c2x, c.c2y);
      }
    }
    const geometry: EdgeGeometry = { commands, points: null, source: sp.point, target: tp.point, bounds: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } };
    if (keep) {
      rec.geometry = geometry;
      rec.geometryKey = key;
    }
    return geometry;
  }

  /**
   * The two ends of a drawable edge, without its route: what a far-zoom drawing joins with a
   * straight segment. Nothing is cached and no path is built, so an edge only ever seen from far
   * away (a whole tree fitted in the view) never has its route decided (see `EngineEdge.reach`).
   */
  edgeEnds(rec: EdgeRecord): { source: XY; target: XY } | null {
    const s = this.nodes.get(rec.edge.source);
    const t = this.nodes.get(rec.edge.target);
    if (!s || !t || s.hidden || t.hidden || rec.edge.hidden) return null;
    return { source: this.handlePoint(s, 'source', rec.edge.sourceHandle).point, target: this.handlePoint(t, 'target', rec.edge.targetHandle).point };
  }

  edgePoints(g: EdgeGeometry): XY[] {
    return (g.points ??= flattenPath(g.commands));
  }

  edgesOf(nodeId: string): readonly string[] {
    return this.incidentMap().get(nodeId) ?? NO_IDS;
  }

  private incidentMap(): Map<string, string[]> {
    if (this.incidentWalk?.step(NEVER)) this.incidentWalk = null;
    return this.incident;
  }

  childrenOf(nodeId: string): ReadonlySet<string> {
    return this.children.get(nodeId) ?? EMPTY;
  }

  /** Allowed box for a node's top-left corner while dragging, or null when unconstrained. */
  extentFor(rec: NodeRecord): Rect | null {
    const ext = rec.node.extent;
    if (!ext) return null;
    if (ext === 'parent') {
      const parent = rec.parentId ? this.nodes.get(rec.parentId) : undefined;
      if (!parent) {
        this.errors.report('005', rec.id);
        return null;
      }
      return this.rectOf(parent);
    }
    const [[x0, y0], [x1, y1]] = ext;
    if (![x0, y0, x1, y1].every(Number.isFinite) || x1 < x0 || y1 < y0) {
      this.errors.report('005', rec.id);
      return null;
    }
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }

  // ---- mutations from interactions ----------------------------------------------------------

  /** Moves a node to an absolute position, dragging its descendants along; returns the clamped position. */
  moveNode(id: string, abs: XY): XY {
    const rec = this.nodes.get(id);
    if (!rec) return abs;
    const extent = this.extentFor(rec);
    const p = extent ? clampToExtent(abs, rec, extent) : abs;
    this.shiftSubtree(rec, p.x - rec.x, p.y - rec.y);
    this.contentVersion++;
    return p;
  }

  /** Position as the app stores it: relative to the parent when there is one. */
  relativePosition(rec: NodeRecord): XY {
    const parent = rec.parentId ? this.nodes.get(rec.parentId) : undefined;
    return parent ? { x: rec.x - parent.x, y: rec.y - parent.y } : { x: rec.x, y: rec.y };
  }

  setNodeSelected(id: string, selected: boolean): boolean {
    const rec = this.nodes.get(id);
    if (!rec || rec.selected === selected) return false;
    rec.selected = selected;
    rec.version = nextVersion();
    if (selected) this.selectedNodes.add(id);
    else this.selectedNodes.delete(id);
    return true;
  }

  setEdgeSelected(id: string, selected: boolean): boolean {
    const rec = this.edges.get(id);
    if (!rec || rec.selected === selected) return false;
    rec.selected = selected;
    rec.version = nextVersion();
    if (selected) this.selectedEdges.add(id);
    else this.selectedEdges.delete(id);
    return true;
  }

  // ---- internals ----------------------------------------------------------------------------

  private resolveType(n: EngineNode): NodeType {
    const types = this.nodeTypes();
    const name = n.type ?? 'default';
    const t = types[name];
    if (t) return t;
    this.errors.report('003', name);
    return types.default;
  }

  // The defaults and the types are asked once per input, not once per node or edge: a GEDCOM
  // import hands over 100,000 cards and 175,000 lines at once.
  private createRecord(n: EngineNode, order: number, d: StoreDefaults): NodeRecord {
    const rec = new NodeRecord(n.id, this.checkHandles);
    this.updateRecord(rec, n, order, !!n.selected, d);
    return rec;
  }

  private updateRecord(rec: NodeRecord, n: EngineNode, order: number, selected: boolean, d: StoreDefaults) {
    rec.node = n;
    rec.order = order;
    rec.type = this.resolveType(n);
    const size = rec.type.defaultSize ?? DEFAULT_NODE_SIZE;
    rec.width = n.width && n.width > 0 ? n.width : size.width;
    rec.height = n.height && n.height > 0 ? n.height : size.height;
    rec.hidden = !!n.hidden;
    rec.draggable = n.draggable ?? d.draggable;
    rec.selectable = n.selectable ?? d.selectable;
    rec.connectable = n.connectable ?? d.connectable;
    if (rec.parentId !== n.parentId && rec.parentId) this.children.get(rec.parentId)?.delete(rec.id);
    rec.parentId = n.parentId;
    // Its own position; a nested node is placed again once its parent is (`placeDirty`).
    rec.x = n.position.x;
    rec.y = n.position.y;
    if (selected !== rec.selected) {
      rec.selected = selected;
      if (selected) this.selectedNodes.add(rec.id);
      else this.selectedNodes.delete(rec.id);
    }
    rec.version = nextVersion();
    rec.relayout();
    if (n.extent) this.extentFor(rec);
  }

  /** Error 010: a handle must sit on or inside its node; one outside is moved to the border. */
  private checkHandles = (rec: NodeRecord, handles: HandleSpec[]): HandleSpec[] => {
    const inside = (h: HandleSpec) => h.x >= 0 && h.y >= 0 && h.x <= rec.width && h.y <= rec.height;
    if (handles.every(inside)) return handles;
    return handles.map((h) => {
      const inside = h.x >= 0 && h.y >= 0 && h.x <= rec.width && h.y <= rec.height;
      if (inside) return h;
      this.errors.report('010', rec.id, h.id);
      return { ...h, x: Math.min(Math.max(h.x, 0), rec.width), y: Math.min(Math.max(h.y, 0), rec.height) };
    });
  }

  /** Number of ancestors: children draw (and hit) above their parents whatever the array order. */
  private depthOf(rec: NodeRecord): number {
    let depth = 0;
    for (let p = rec.parentId; p && depth < 64; depth++) p = this.nodes.get(p)?.parentId;
    return depth;
  }

  private rebuildChildren(dirty: readonly NodeRecord[]) {
    for (const rec of dirty) {
      if (rec.parentId) {
        let set = this.children.get(rec.parentId);
        if (!set) this.children.set(rec.parentId, (set = new Set()));
        set.add(rec.id);
      }
    }
  }

  /** Absolute position from the app's (possibly parent-relative) position; children follow. */
  private resolvePosition(rec: NodeRecord, depth = 0) {
    const parent = rec.parentId ? this.nodes.get(rec.parentId) : undefined;
    if (parent && depth < 64) {
      rec.x = parent.x + rec.node.position.x;
      rec.y = parent.y + rec.node.position.y;
    } else {
      rec.x = rec.node.position.x;
      rec.y = rec.node.position.y;
    }
    for (const c of this.childrenOf(rec.id)) {
      const child = this.nodes.get(c);
      if (child) {
        this.resolvePosition(child, depth + 1);
        this.reindexNode(c);
      }
    }
  }

  private shiftSubtree(rec: NodeRecord, dx: number, dy: number) {
    if (dx === 0 && dy === 0) return;
    rec.x += dx;
    rec.y += dy;
    rec.version = nextVersion();
    this.reindexNode(rec.id);
    this.touchIncidentEdges(rec.id);
    for (const c of this.childrenOf(rec.id)) {
      const child = this.nodes.get(c);
      if (child) this.shiftSubtree(child, dx, dy);
    }
  }

  /** Empties the node tree and leaves it to a walk of the nodes; one by one, `set` costs what a bulk `load` does. */
  private deferNodeTree() {
    this.nodeTree.clear();
    this.nodeWalk = new MapWalk(this.nodes, (r) => {
      if (!r.hidden) this.nodeTree.set(r.id, r, r.order);
    });
  }

  private reindexNode(id: string) {
    if (!isLive(this.nodeWalk)) return;
    const rec = this.nodes.get(id);
    if (!rec || rec.hidden) this.nodeTree.delete(id);
    else this.nodeTree.set(id, this.rectOf(rec), rec.order);
  }

  private removeNode(id: string) {
    const rec = this.nodes.get(id)!;
    if (rec.parentId) this.children.get(rec.parentId)?.delete(id);
    this.nodes.delete(id);
    this.selectedNodes.delete(id);
    if (isLive(this.nodeWalk)) this.nodeTree.delete(id);
    this.touchIncidentEdges(id);
  }

  private createEdgeRecord(e: EngineEdge, types: Record<string, EdgePathFn>, selected = !!e.selected): EdgeRecord {
    const typeName = e.type ?? 'default';
    let path = types[typeName];
    if (!path) {
      this.errors.report('011', typeName);
      path = builtInEdgePaths.default;
    }
    let marker: MarkerType | null = null;
    if (e.markerEnd) {
      if (MARKERS.includes(e.markerEnd)) marker = e.markerEnd as MarkerType;
      else this.errors.report('009', e.markerEnd);
    }
    if (selected) this.selectedEdges.add(e.id);
    else this.selectedEdges.delete(e.id);
    return { id: e.id, edge: e, path, marker, selected, version: nextVersion(), geometry: null, geometryKey: '', pass: 0 };
  }

  /** Empties the edge lookup and leaves it to a walk of the edges. */
  private deferIncident() {
    this.incident = new Map();
    // An edge added or replaced since the walk began is linked already.
    this.incidentWalk = new MapWalk(this.edges, (rec) => this.linkEdge(rec.edge, true));
  }

  private linkEdge(e: EngineEdge, once = false) {
    if (!isLive(this.incidentWalk)) return;
    this.link(e.source, e.id, once);
    if (e.target !== e.source) this.link(e.target, e.id, once);
  }

  private link(nodeId: string, edgeId: string, once: boolean) {
    const list = this.incident.get(nodeId);
    if (!list) this.incident.set(nodeId, [edgeId]);
    else if (!once || !list.includes(edgeId)) list.push(edgeId);
  }

  private unlinkEdge(rec: EdgeRecord) {
    if (!isLive(this.incidentWalk)) return;
    for (const end of [rec.edge.source, rec.edge.target]) {
      const list = this.incident.get(end);
      const i = list ? list.indexOf(rec.id) : -1;
      if (i >= 0) list!.splice(i, 1);
    }
  }

  private removeEdge(rec: EdgeRecord) {
    this.unlinkEdge(rec);
    this.edges.delete(rec.id);
    this.selectedEdges.delete(rec.id);
    if (isLive(this.edgeWalk)) this.edgeTree.delete(rec.id);
  }

  private touchIncidentEdges(nodeId: string) {
    if (isLive(this.edgeWalk)) for (const id of this.edgesOf(nodeId)) this.reindexEdge(id);
  }

  private reindexEdge(id: string) {
    if (!isLive(this.edgeWalk)) return;
    const rec = this.edges.get(id);
    const b = rec && this.edgeBounds(rec);
    if (!b) this.edgeTree.delete(id);
    else this.edgeTree.set(id, b);
  }

  /** Empties the edge tree and leaves it to a walk of the edges (`set` copies the box, so one serves). */
  private deferEdgeTree() {
    this.edgeTree.clear();
    const box = { x: 0, y: 0, width: 0, height: 0 };
    this.edgeWalk = new MapWalk(this.edges, (rec) => {
      if (this.edgeBounds(rec, box)) this.edgeTree.set(rec.id, box);
    });
  }

  /**
   * A box that surely contains the edge, for the index. A built-in route never leaves the box of
   * its two cards by more than its loop-back bulge (xyflow's 0.25 × 25 × √distance, or the step
   * offset) plus a fork's sideways offset (`reach`, read without the route's options), so no path
   * is built for it; a custom route is built
   * once and measured. The box is written into `out` (a scan of every edge reuses one).
   */
  private edgeBounds(rec: EdgeRecord, out: Rect = { x: 0, y: 0, width: 0, height: 0 }): Rect | null {
    const s = this.nodes.get(rec.edge.source);
    const t = this.nodes.get(rec.edge.target);
    if (!s || !t || s.hidden || t.hidden || rec.edge.hidden) return null;
    if (!BUILT_IN_PATHS.has(rec.path)) {
      const g = this.edgeGeometry(rec, rec.geometry !== null);
      return g && padded(g.bounds, out);
    }
    const x0 = Math.min(s.x, t.x), y0 = Math.min(s.y, t.y);
    const x1 = Math.max(s.x + s.width, t.x + t.width), y1 = Math.max(s.y + s.height, t.y + t.height);
    const bulge = EDGE_PAD + 24 + 6.25 * Math.sqrt(Math.max(x1 - x0, y1 - y0)) + (rec.edge.reach ?? Math.abs(rec.edge.pathOptions?.joinDx ?? 0));
    out.x = x0 - bulge;
    out.y = y0 - bulge;
    out.width = x1 - x0 + 2 * bulge;
    out.height = y1 - y0 + 2 * bulge;
    return out;
  }
}

const BUILT_IN_PATHS: ReadonlySet<EdgePathFn> = new Set(Object.values(builtInEdgePaths));
const EMPTY: ReadonlySet<string> = new Set();
const NO_IDS: readonly string[] = [];
const NEVER = () => false;
/** True when changes must go into an index: it is complete, or a slice has begun it. */
const isLive = (walk: { started: boolean } | null) => !walk || walk.started;
/** The index's test: rectangles that only touch intersect. */
const touches = (a: Rect, b: Rect) => a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
function padded(r: Rect, out: Rect): Rect {
  out.x = r.x - EDGE_PAD;
  out.y = r.y - EDGE_PAD;
  out.width = r.width + 2 * EDGE_PAD;
  out.height = r.height + 2 * EDGE_PAD;
  return out;
}
