/**
 * The interaction state machine. One pointer model for mouse, pen and touch: a press "points" at
 * what the hit test found, and moving past the drag threshold turns it into dragging cards,
 * panning, box-selecting, connecting or reconnecting; a second finger turns any pointing or
 * panning into a pinch. Tests assert the state by name (`engine.state`).
 */
import { DRAG_THRESHOLD, LONG_PRESS_MS } from '../constants.ts';
import { isCompleteConnection, isSameConnection } from '../changes.ts';
import { rectContainsRect, rectFromPoints, snapPosition } from '../geometry.ts';
import type { CanvasEngine } from '../engine.ts';
import { Dirty } from '../engine.ts';
import type { Connection, HandleKind, Transform, XY } from '../types.ts';
import { panBy, pinch, toWorld } from '../viewport.ts';
import { closestHandle, hitTest, type Hit } from './hitTest.ts';
import type { PointerInput, Scheduler } from './input.ts';
import { trayButtonAt } from './touchTargets.ts';

interface HandleRef {
  nodeId: string;
  handleId: string;
  kind: HandleKind;
  point: XY;
}

export type State =
  | { name: 'idle' }
  | { name: 'pointing_node'; pointerId: number; start: XY; nodeId: string; additive: boolean; longPressed: boolean; touch: boolean; timer: unknown }
  | { name: 'pointing_button'; pointerId: number; start: XY; nodeId: string; buttonId: string }
  | { name: 'pointing_handle'; pointerId: number; start: XY; handle: HandleRef }
  | { name: 'pointing_edge_end'; pointerId: number; start: XY; edgeId: string; end: 'source' | 'target' }
  | { name: 'pointing_edge'; pointerId: number; start: XY; edgeId: string; additive: boolean }
  | { name: 'pointing_canvas'; pointerId: number; start: XY; shift: boolean; additive: boolean }
  | { name: 'dragging'; pointerId: number; startWorld: XY; origins: Map<string, XY> }
  | { name: 'panning'; pointerId: number; last: XY }
  | { name: 'pinching'; ids: [number, number]; t0: Transform; a0: XY; b0: XY }
  | { name: 'box_selecting'; pointerId: number; startWorld: XY; base: ReadonlySet<string> }
  | { name: 'connecting'; pointerId: number; from: HandleRef; target: HandleRef | null }
  | { name: 'reconnecting'; pointerId: number; edgeId: string; fixed: HandleRef; movingKind: HandleKind; target: HandleRef | null };

type Pointing = Extract<State, { start: XY }>;

export class Interaction {
  state: State = { name: 'idle' };
  /** Pointers currently pressed, by id, at their latest screen position. */
  private pointers = new Map<number, PointerInput>();

  constructor(
    private engine: CanvasEngine,
    private scheduler: Scheduler,
  ) {}

  pointerDown(e: PointerInput) {
    this.pointers.set(e.pointerId, e);
    if (this.state.name !== 'idle') {
      this.maybeStartPinch(e);
      return;
    }
    if (e.pointerType === 'mouse' && (e.button ?? 0) !== 0) {
      this.pointers.delete(e.pointerId);
      return;
    }
    const en = this.engine;
    en.setCoarse(e.pointerType === 'touch');
    const hit = this.hit(e);
    const start = { x: e.x, y: e.y };
    const additive = en.isAdditive(e);
    const id = e.pointerId;
    switch (hit.kind) {
      case 'button':
        this.state = { name: 'pointing_button', pointerId: id, start, nodeId: hit.nodeId, buttonId: hit.buttonId };
        break;
      case 'handle':
        if (en.canConnect) {
          this.state = { name: 'pointing_handle', pointerId: id, start, handle: { nodeId: hit.nodeId, handleId: hit.handleId, kind: hit.handleKind, point: hit.point } };
        } else this.state = { name: 'pointing_canvas', pointerId: id, start, shift: false, additive };
        break;
      case 'edge-end':
        if (en.canConnect) this.state = { name: 'pointing_edge_end', pointerId: id, start, edgeId: hit.edgeId, end: hit.end };
        else this.state = { name: 'pointing_canvas', pointerId: id, start, shift: false, additive };
        break;
      case 'node': {
        const timer =
          e.pointerType === 'touch' && en.canSelect
            ? this.scheduler.setTimeout(() => this.longPress(id), LONG_PRESS_MS)
            : undefined;
        this.state = { name: 'pointing_node', pointerId: id, start, nodeId: hit.nodeId, additive, longPressed: false, touch: e.pointerType === 'touch', timer };
        break;
      }
      case 'edge':
        this.state = { name: 'pointing_edge', pointerId: id, start, edgeId: hit.edgeId, additive };
        break;
      case 'canvas':
        this.state = { name: 'pointing_canvas', pointerId: id, start, shift: !!e.shiftKey, additive };
        break;
    }
    this.setCursor(this.state.name === 'pointing_canvas' ? 'grabbing' : this.cursorFor(hit));
  }

  pointerMove(e: PointerInput) {
    if (!this.pointers.has(e.pointerId)) {
      if (e.pointerType !== 'touch' && this.state.name === 'idle') {
        // A hovering mouse or pen is in use: cards show their own buttons again.
        this.engine.setCoarse(false);
        this.hover(e);
      }
      return;
    }
    this.pointers.set(e.pointerId, e);
    const s = this.state;
    if ('start' in s && s.pointerId === e.pointerId) {
      const threshold = DRAG_THRESHOLD[e.pointerType];
      if (Math.hypot(e.x - s.start.x, e.y - s.start.y) < threshold) return;
      this.beginGesture(s);
    }
    this.continueGesture(e);
  }

  pointerUp(e: PointerInput) {
    if (!this.pointers.delete(e.pointerId)) return;
    const en = this.engine;
    const s = this.state;
    if (s.name === 'pinching') {
      const rest = [...this.pointers.values()].find((p) => s.ids.includes(p.pointerId));
      this.state = rest ? { name: 'panning', pointerId: rest.pointerId, last: { x: rest.x, y: rest.y } } : { name: 'idle' };
      if (!rest) en.viewportSettled();
      return;
    }
    if (!('pointerId' in s) || s.pointerId !== e.pointerId) return;
    switch (s.name) {
      case 'pointing_node': {
        this.scheduler.clearTimeout(s.timer);
        const rec = en.store.nodes.get(s.nodeId);
        if (!s.longPressed && rec) {
          en.toggleNode(s.nodeId, s.additive);
          en.options.onNodeClick?.(rec.node);
        }
        break;
      }
      case 'pointing_button': {
        const hit = this.hit(e);
        if (hit.kind === 'button' && hit.nodeId === s.nodeId && hit.buttonId === s.buttonId) en.pressButton(s.nodeId, s.buttonId);
        break;
      }
      case 'pointing_handle':
      case 'pointing_edge_end': {
        // A handle sits on its card's border: pressing it without drawing a line taps the card.
        const edge = s.name === 'pointing_edge_end' ? en.store.edges.get(s.edgeId)?.edge : undefined;
        const nodeId = s.name === 'pointing_handle' ? s.handle.nodeId : edge && (s.end === 'source' ? edge.source : edge.target);
        const rec = nodeId ? en.store.nodes.get(nodeId) : undefined;
        if (rec) {
          en.toggleNode(rec.id, en.isAdditive(e));
          en.options.onNodeClick?.(rec.node);
        }
        break;
      }
      case 'pointing_edge': {
        en.toggleEdge(s.edgeId, s.additive);
        const rec = en.store.edges.get(s.edgeId);
        if (rec) en.options.onEdgeClick?.(rec.edge);
        break;
      }
      case 'pointing_canvas':
        if (!s.shift && en.canSelect) en.deselectAll();
        break;
      case 'dragging':
        this.dragTo(s, e, false);
        this.endDrag();
        break;
      case 'panning':
        en.viewportSettled();
        break;
      case 'box_selecting':
        en.selectionBox = null;
        en.notify(Dirty.overlay);
        break;
      case 'connecting':
        this.finishConnection(s);
        break;
      case 'reconnecting':
        this.finishReconnection(s);
        break;
    }
    this.state = { name: 'idle' };
    this.setCursor('grab');
    if (e.pointerType !== 'touch') this.hover(e);
  }

  /**
   * A mouse or pen left the canvas: its hover ends (a lifted finger has no hover to clear). It does
   * not switch to mouse mode: a resting mouse "leaves" when the details sheet a tap opened covers
   * it, and the tapped card would lose its touch tray. Only a moving mouse or pen does (pointerMove).
   */
  pointerLeave(e: PointerInput) {
    if (e.pointerType !== 'touch' && this.state.name === 'idle' && !this.pointers.has(e.pointerId)) this.hover({ ...e, x: -1e9, y: -1e9 });
  }

  pointerCancel(e: PointerInput) {
    if (!this.pointers.has(e.pointerId)) return;
    this.cancel();
  }

  /** Abandons the current gesture (Escape, interactivity toggled, pointer cancelled). */
  cancel() {
    const s = this.state;
    const en = this.engine;
    if (s.name === 'pointing_node') this.scheduler.clearTimeout(s.timer);
    if (s.name === 'dragging') {
      const last = new Map([...s.origins.keys()].map((id) => [id, { x: en.store.nodes.get(id)!.x, y: en.store.nodes.get(id)!.y }]));
      en.moveNodes(last, false);
      this.endDrag();
    }
    en.selectionBox = null;
    en.connection = null;
    this.pointers.clear();
    this.state = { name: 'idle' };
    this.setCursor('grab');
    en.notify(Dirty.overlay);
  }

  // ---- gestures -----------------------------------------------------------------------------

  private beginGesture(s: Pointing) {
    const en = this.engine;
    const pan = () => (this.state = { name: 'panning', pointerId: s.pointerId, last: s.start });
    switch (s.name) {
      case 'pointing_node': {
        this.scheduler.clearTimeout(s.timer);
        const rec = en.store.nodes.get(s.nodeId);
        // A finger sliding over a card it did not select means to look around, not to move it: on
        // touch only a selected card (or a long-pressed one) moves; mouse and pen drag any card.
        const meantToPan = s.touch && !rec?.selected && !s.longPressed;
        if (!rec || !en.canDrag || !rec.draggable || meantToPan) {
          pan();
          this.setCursor('grabbing');
          return;
        }
        this.startDrag(rec.id, s.additive || s.longPressed, s.start);
        return;
      }
      case 'pointing_handle':
        this.state = { name: 'connecting', pointerId: s.pointerId, from: s.handle, target: null };
        this.setCursor('crosshair');
        return;
      case 'pointing_edge_end': {
        const rec = en.store.edges.get(s.edgeId);
        const g = rec && en.store.edgeGeometry(rec);
        if (!rec || !g) return void (this.state = { name: 'idle' });
        const keep = s.end === 'target' ? 'source' : 'target';
        const fixedRec = en.store.nodes.get(keep === 'source' ? rec.edge.source : rec.edge.target)!;
        const fixedHandle = en.store.handlePoint(fixedRec, keep, keep === 'source' ? rec.edge.sourceHandle : rec.edge.targetHandle);
        this.state = {
          name: 'reconnecting', pointerId: s.pointerId, edgeId: s.edgeId, movingKind: s.end, target: null,
          fixed: { nodeId: fixedRec.id, handleId: fixedHandle.id ?? '', kind: keep, point: fixedHandle.point },
        };
        this.setCursor('crosshair');
        return;
      }
      case 'pointing_canvas':
        if (s.shift && en.canSelect) {
          this.state = {
            name: 'box_selecting', pointerId: s.pointerId, startWorld: toWorld(en.viewport, s.start),
            base: s.additive ? new Set(en.store.selectedNodes) : new Set(),
          };
          this.setCursor('crosshair');
        } else {
          pan();
          this.setCursor('grabbing');
        }
        return;
      default:
        pan();
        this.setCursor('grabbing');
    }
  }

  private continueGesture(e: PointerInput) {
    const en = this.engine;
    const s = this.state;
    switch (s.name) {
      case 'pinching': {
        const a = this.pointers.get(s.ids[0]), b = this.pointers.get(s.ids[1]);
        if (a && b) en.setViewport(pinch(s.t0, s.a0, s.b0, a, b, en.zoomLimits));
        return;
      }
      case 'panning':
        if (s.pointerId !== e.pointerId) return;
        en.setViewport(panBy(en.viewport, e.x - s.last.x, e.y - s.last.y));
        s.last = { x: e.x, y: e.y };
        return;
      case 'dragging':
        if (s.pointerId === e.pointerId) this.dragTo(s, e, true);
        return;
      case 'box_selecting': {
        if (s.pointerId !== e.pointerId) return;
        const box = rectFromPoints(s.startWorld, toWorld(en.viewport, e));
        en.selectionBox = box;
        const inside = new Set(s.base);
        en.store.nodeIndex.query(box, (entry) => {
          const rec = en.store.nodes.get(entry.id)!;
          if (rec.selectable && rectContainsRect(box, entry)) inside.add(entry.id);
        });
        en.applySelection(inside, s.base.size ? en.store.selectedEdges : new Set());
        en.notify(Dirty.overlay);
        return;
      }
      case 'connecting':
      case 'reconnecting': {
        if (s.pointerId !== e.pointerId) return;
        const p = toWorld(en.viewport, e);
        const from = s.name === 'connecting' ? s.from : s.fixed;
        const wantKind: HandleKind = from.kind === 'source' ? 'target' : 'source';
        const found = closestHandle(en.store, p, en.connectionRadius / en.viewport.k, (rec, hid, kind) =>
          kind === wantKind && !(rec.id === from.nodeId && hid === from.handleId),
        );
        s.target = found ? { nodeId: found.nodeId, handleId: found.handleId, kind: found.handleKind, point: found.point } : null;
        const connection = s.target ? this.connectionOf(from, s.target) : null;
        const valid = !!connection && !this.isDuplicate(connection, s.name === 'reconnecting' ? s.edgeId : undefined);
        en.connection = { from: from.point, to: s.target?.point ?? p, target: s.target, valid };
        en.notify(Dirty.overlay);
        return;
      }
    }
  }

  private maybeStartPinch(e: PointerInput) {
    const s = this.state;
    if (e.pointerType !== 'touch' || this.pointers.size !== 2) return;
    const pinchable = ['pointing_canvas', 'pointing_node', 'pointing_edge', 'pointing_button', 'panning'];
    if (!pinchable.includes(s.name) || (s.name === 'pointing_node' && s.longPressed)) return;
    if (s.name === 'pointing_node') this.scheduler.clearTimeout(s.timer);
    const [a, b] = [...this.pointers.values()];
    this.state = { name: 'pinching', ids: [a.pointerId, b.pointerId], t0: this.engine.viewport, a0: { x: a.x, y: a.y }, b0: { x: b.x, y: b.y } };
  }

  private longPress(pointerId: number) {
    const s = this.state;
    if (s.name !== 'pointing_node' || s.pointerId !== pointerId) return;
    s.longPressed = true;
    this.engine.toggleNode(s.nodeId, true);
  }

  private startDrag(nodeId: string, additive: boolean, startScreen: XY) {
    const en = this.engine;
    const rec = en.store.nodes.get(nodeId)!;
    if (!rec.selected && en.canSelect && rec.selectable) {
      if (additive) en.select([nodeId], true);
      else en.applySelection(new Set([nodeId]), new Set());
    }
    const chosen = rec.selected ? [...en.store.selectedNodes] : [nodeId];
    const ids = chosen.filter((id) => {
      const r = en.store.nodes.get(id)!;
      return r.draggable && !this.hasSelectedAncestor(r.parentId, chosen);
    });
    const origins = new Map(ids.map((id) => [id, { x: en.store.nodes.get(id)!.x, y: en.store.nodes.get(id)!.y }]));
    const moving = new Set<string>();
    const addSubtree = (id: string) => {
      moving.add(id);
      for (const c of en.store.childrenOf(id)) addSubtree(c);
    };
    ids.forEach(addSubtree);
    en.dragging = moving;
    this.state = { name: 'dragging', pointerId: this.currentPointerId(), startWorld: toWorld(en.viewport, startScreen), origins };
    this.setCursor('grabbing');
    en.notify(Dirty.scene | Dirty.drag);
  }

  private hasSelectedAncestor(parentId: string | undefined, chosen: readonly string[]): boolean {
    for (let p = parentId, depth = 0; p && depth < 64; depth++) {
      if (chosen.includes(p)) return true;
      p = this.engine.store.nodes.get(p)?.parentId;
    }
    return false;
  }

  private dragTo(s: Extract<State, { name: 'dragging' }>, e: PointerInput, dragging: boolean) {
    const en = this.engine;
    const w = toWorld(en.viewport, e);
    const dx = w.x - s.startWorld.x, dy = w.y - s.startWorld.y;
    const grid = en.snapGrid;
    const moves = new Map<string, XY>();
    for (const [id, o] of s.origins) {
      const p = { x: o.x + dx, y: o.y + dy };
      moves.set(id, grid ? snapPosition(p, grid) : p);
    }
    en.moveNodes(moves, dragging);
  }

  private endDrag() {
    const en = this.engine;
    en.dragging = new Set();
    en.notify(Dirty.scene | Dirty.drag | Dirty.minimap);
  }

  private connectionOf(from: HandleRef, to: HandleRef): Connection {
    const [s, t] = from.kind === 'source' ? [from, to] : [to, from];
    return { source: s.nodeId, sourceHandle: s.handleId || null, target: t.nodeId, targetHandle: t.handleId || null };
  }

  private isDuplicate(c: Connection, exceptEdge?: string): boolean {
    const store = this.engine.store;
    for (const id of store.edgesOf(c.source!)) {
      const rec = store.edges.get(id);
      if (rec && id !== exceptEdge && isSameConnection(rec.edge, c)) return true;
    }
    return false;
  }

  private finishConnection(s: Extract<State, { name: 'connecting' }>) {
    const en = this.engine;
    en.connection = null;
    en.notify(Dirty.overlay);
    const c: Connection = s.target
      ? this.connectionOf(s.from, s.target)
      : s.from.kind === 'source'
        ? { source: s.from.nodeId, sourceHandle: s.from.handleId, target: null, targetHandle: null }
        : { source: null, sourceHandle: null, target: s.from.nodeId, targetHandle: s.from.handleId };
    if (!isCompleteConnection(c) || this.isDuplicate(c)) return;
    en.options.onConnect?.(c);
  }

  private finishReconnection(s: Extract<State, { name: 'reconnecting' }>) {
    const en = this.engine;
    en.connection = null;
    en.notify(Dirty.overlay);
    const rec = en.store.edges.get(s.edgeId);
    if (!rec || !s.target) return;
    const c = this.connectionOf(s.fixed, s.target);
    if (isSameConnection(rec.edge, c) || this.isDuplicate(c, s.edgeId)) return;
    en.options.onReconnect?.(rec.edge, c);
  }

  // ---- hover and hit testing ----------------------------------------------------------------

  private hit(e: PointerInput): Hit {
    const en = this.engine;
    const tray = e.pointerType === 'touch' ? en.touchTray : null;
    const trayButton = tray && trayButtonAt(tray, e);
    if (trayButton) return { kind: 'button', nodeId: tray.nodeId, buttonId: trayButton.id };
    return hitTest(en.store, toWorld(en.viewport, e), {
      zoom: en.viewport.k,
      coarse: e.pointerType === 'touch',
      detailed: en.detailed,
      connectable: en.canConnect,
      reconnectRadius: en.reconnectRadius,
    });
  }

  private hover(e: PointerInput) {
    const en = this.engine;
    const hit = this.hit(e);
    const next = {
      nodeId: hit.kind === 'node' || hit.kind === 'button' || hit.kind === 'handle' ? hit.nodeId : undefined,
      buttonId: hit.kind === 'button' ? hit.buttonId : undefined,
      handle: hit.kind === 'handle' ? { nodeId: hit.nodeId, handleId: hit.handleId } : undefined,
      edgeId: hit.kind === 'edge' ? hit.edgeId : undefined,
    };
    const h = en.hover;
    const same =
      h.nodeId === next.nodeId && h.buttonId === next.buttonId && h.edgeId === next.edgeId &&
      h.handle?.handleId === next.handle?.handleId && h.handle?.nodeId === next.handle?.nodeId;
    this.setCursor(this.cursorFor(hit));
    if (same) return;
    en.hover = next;
    en.notify(Dirty.overlay);
  }

  private cursorFor(hit: Hit): string {
    const en = this.engine;
    switch (hit.kind) {
      case 'button':
        return 'pointer';
      case 'handle':
        return en.canConnect ? 'crosshair' : 'grab';
      case 'edge-end':
        return 'move';
      case 'node':
        return en.canDrag ? 'move' : 'pointer';
      case 'edge':
        return en.canSelect ? 'pointer' : 'grab';
      case 'canvas':
        return 'grab';
    }
  }

  private setCursor(cursor: string) {
    if (this.engine.cursor === cursor) return;
    this.engine.cursor = cursor;
    this.engine.notify(Dirty.chrome);
  }

  private currentPointerId(): number {
    const s = this.state;
    return 'pointerId' in s ? s.pointerId : -1;
  }
}
