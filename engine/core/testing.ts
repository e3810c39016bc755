/**
 * A chainable harness around the engine for Node tests (tldraw's TestEditor habit):
 * `t.pointerDown(10, 10).pointerMove(60, 10).pointerUp().expectToBeIn('idle')`. It plays the app's
 * part too: changes the engine proposes are applied to its own arrays and fed back, and every
 * callback is recorded for assertions. Timers are fake (`advance(ms)`).
 */
import { applyEdgeChanges, applyNodeChanges } from './changes.ts';
import { CanvasEngine, type DeleteRequest, type EngineOptions } from './engine.ts';
import type { ErrorCode } from './errors.ts';
import type { PointerKind, Scheduler } from './interaction/input.ts';
import type { NodeType } from './nodeType.ts';
import type { Connection, EdgeChange, EngineEdge, EngineNode, NodeChange, Transform, XY } from './types.ts';
import { toScreen } from './viewport.ts';

export interface Mods {
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

interface Timer {
  at: number;
  fn: () => void;
  cancelled: boolean;
}

export class TestEngine {
  readonly engine: CanvasEngine;
  nodes: EngineNode[];
  edges: EngineEdge[];
  readonly nodeChanges: NodeChange[] = [];
  readonly edgeChanges: EdgeChange[] = [];
  readonly connections: Connection[] = [];
  readonly reconnections: { old: EngineEdge; connection: Connection }[] = [];
  readonly buttonPresses: { nodeId: string; buttonId: string }[] = [];
  readonly clicks: string[] = [];
  readonly errors: { code: ErrorCode; message: string }[] = [];
  readonly deleteRequests: DeleteRequest[] = [];
  /** What `onBeforeDelete` answers. */
  allowDelete = true;
  private now = 0;
  private timers: Timer[] = [];
  private pointerType: PointerKind = 'mouse';
  private nextPointerId = 1;
  private activeMouse = 0;
  private lastPoint: XY = { x: 0, y: 0 };

  constructor(init: {
    nodes?: EngineNode[];
    edges?: EngineEdge[];
    nodeTypes: Record<string, NodeType>;
    options?: Partial<EngineOptions>;
    size?: { width: number; height: number };
    viewport?: Transform;
    /** When false the harness does not apply proposed changes (an app that ignores them). */
    applyChanges?: boolean;
  }) {
    this.nodes = init.nodes ?? [];
    this.edges = init.edges ?? [];
    const apply = init.applyChanges ?? true;
    const scheduler: Scheduler = {
      setTimeout: (fn, ms) => {
        const t = { at: this.now + ms, fn, cancelled: false };
        this.timers.push(t);
        return t;
      },
      clearTimeout: (h) => {
        if (h) (h as Timer).cancelled = true;
      },
    };
    this.engine = new CanvasEngine({
      nodeTypes: init.nodeTypes,
      scheduler,
      onNodesChange: (c) => {
        this.nodeChanges.push(...c);
        if (apply) {
          this.nodes = applyNodeChanges(c, this.nodes);
          this.engine.setNodes(this.nodes);
        }
      },
      onEdgesChange: (c) => {
        this.edgeChanges.push(...c);
        if (apply) {
          this.edges = applyEdgeChanges(c, this.edges);
          this.engine.setEdges(this.edges);
        }
      },
      onConnect: (c) => this.connections.push(c),
      onReconnect: (old, connection) => this.reconnections.push({ old, connection }),
      onNodeButton: (n, b) => this.buttonPresses.push({ nodeId: n.id, buttonId: b }),
      onNodeClick: (n) => this.clicks.push(n.id),
      onError: (code, message) => this.errors.push({ code, message }),
      onBeforeDelete: (r) => {
        this.deleteRequests.push(r);
        return this.allowDelete;
      },
      ...init.options,
    });
    this.engine.setSize(init.size?.width ?? 1000, init.size?.height ?? 800);
    this.engine.setNodes(this.nodes);
    this.engine.setEdges(this.edges);
    if (init.viewport) this.engine.setViewport(init.viewport);
  }

  // ---- input (screen coordinates) -------------------------------------------------------------

  /** Subsequent pointer calls use this pointer type ('mouse' by default). */
  withPointer(type: PointerKind): this {
    this.pointerType = type;
    return this;
  }

  pointerDown(x: number, y: number, mods: Mods = {}, button = 0): this {
    this.activeMouse = this.pointerType === 'touch' ? this.nextPointerId++ : 1;
    this.lastPoint = { x, y };
    this.engine.pointerDown({ pointerId: this.activeMouse, x, y, pointerType: this.pointerType, button, ...mods });
    return this;
  }

  pointerMove(x: number, y: number, mods: Mods = {}): this {
    this.lastPoint = { x, y };
    this.engine.pointerMove({ pointerId: this.activeMouse || 1, x, y, pointerType: this.pointerType, ...mods });
    return this;
  }

  pointerUp(x?: number, y?: number, mods: Mods = {}): this {
    const last = this.lastPoint;
    this.engine.pointerUp({ pointerId: this.activeMouse || 1, x: x ?? last.x, y: y ?? last.y, pointerType: this.pointerType, ...mods });
    this.activeMouse = 0;
    return this;
  }

  /** Hover: a move with nothing pressed. */
  hover(x: number, y: number): this {
    this.engine.pointerMove({ pointerId: 99, x, y, pointerType: this.pointerType });
    this.lastPoint = { x, y };
    return this;
  }

  click(x: number, y: number, mods: Mods = {}): this {
    return this.pointerDown(x, y, mods).pointerUp(x, y, mods);
  }

  drag(from: XY, to: XY, mods: Mods = {}, steps = 4): this {
    this.pointerDown(from.x, from.y, mods);
    for (let i = 1; i <= steps; i++) {
      this.pointerMove(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps, mods);
    }
    return this.pointerUp(to.x, to.y, mods);
  }

  /** Touch with explicit finger ids, for pinches. */
  touchDown(finger: number, x: number, y: number): this {
    this.engine.pointerDown({ pointerId: 100 + finger, x, y, pointerType: 'touch' });
    return this;
  }

  touchMove(finger: number, x: number, y: number): this {
    this.engine.pointerMove({ pointerId: 100 + finger, x, y, pointerType: 'touch' });
    return this;
  }

  touchUp(finger: number, x: number, y: number): this {
    this.engine.pointerUp({ pointerId: 100 + finger, x, y, pointerType: 'touch' });
    return this;
  }

  keyDown(key: string, mods: Mods & { nodeId?: string } = {}): this {
    this.engine.keyDown({ key, ...mods });
    return this;
  }

  advance(ms: number): this {
    this.now += ms;
    for (const t of this.timers.filter((t) => !t.cancelled && t.at <= this.now)) {
      t.cancelled = true;
      t.fn();
    }
    return this;
  }

  // ---- assertions -----------------------------------------------------------------------------

  expectToBeIn(state: string): this {
    if (this.engine.state !== state) throw new Error(`expected state "${state}", got "${this.engine.state}"`);
    return this;
  }

  selectedIds(): string[] {
    return [...this.engine.store.selectedNodes].sort();
  }

  selectedEdgeIds(): string[] {
    return [...this.engine.store.selectedEdges].sort();
  }

  positionOf(id: string): XY {
    const rec = this.engine.store.nodes.get(id);
    if (!rec) throw new Error(`no node ${id}`);
    return { x: rec.x, y: rec.y };
  }

  /** Screen point at a node's centre (or an offset from its top-left corner). */
  screenOf(id: string, offset?: XY): XY {
    const rec = this.engine.store.nodes.get(id)!;
    return toScreen(this.engine.viewport, { x: rec.x + (offset ? offset.x : rec.width / 2), y: rec.y + (offset ? offset.y : rec.height / 2) });
  }
}
