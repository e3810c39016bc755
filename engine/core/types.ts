/** Plain data shapes shared by every part of the engine. No behaviour lives here. */
import type { ForkPathOptions } from './edgePaths.ts';

export interface XY {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Viewport transform: screen = world * k + (x, y), the same convention as d3-zoom. */
export interface Transform {
  x: number;
  y: number;
  k: number;
}

export type Side = 'top' | 'right' | 'bottom' | 'left';

/** `'parent'` keeps a child inside its parent's box; a rectangle is [[minX, minY], [maxX, maxY]]. */
export type Extent = 'parent' | [[number, number], [number, number]];

export interface EngineNode<D = unknown> {
  id: string;
  type?: string;
  /** Top-left corner, relative to the parent node when `parentId` is set. */
  position: XY;
  width?: number;
  height?: number;
  selected?: boolean;
  draggable?: boolean;
  selectable?: boolean;
  connectable?: boolean;
  hidden?: boolean;
  extent?: Extent;
  parentId?: string;
  data: D;
}

export type EdgeType = 'default' | 'straight' | 'step' | 'smoothstep' | 'simplebezier' | 'fork';
export type MarkerType = 'arrow' | 'arrowclosed';

export interface EdgeStyle {
  /** Canvas line dash in world units, e.g. [6, 4] for a spouse link. */
  dash?: number[];
  width?: number;
}

export interface EngineEdge<D = unknown> {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
  type?: string;
  hidden?: boolean;
  selected?: boolean;
  style?: EdgeStyle;
  color?: string;
  markerEnd?: MarkerType | string;
  /** Options of the built-in 'fork' route (see `core/edgePaths.ts`). */
  pathOptions?: ForkPathOptions;
  /**
   * How far sideways a built-in route may run beyond the box of its two nodes, in world units
   * (a fork's drop); the index and the culling read it instead of `pathOptions.joinDx`, so an app
   * may decide `pathOptions` only when the edge is first drawn. Default: `|pathOptions.joinDx|`.
   */
  reach?: number;
  data?: D;
}

export type HandleKind = 'source' | 'target';

/** A connection point a node type declares, positioned relative to the node's top-left corner. */
export interface HandleSpec {
  id: string;
  kind: HandleKind;
  side: Side;
  x: number;
  y: number;
}

export interface Connection {
  source: string | null;
  target: string | null;
  sourceHandle: string | null;
  targetHandle: string | null;
}

export type NodeChange<N extends EngineNode = EngineNode> =
  | { type: 'position'; id: string; position: XY; dragging: boolean }
  | { type: 'select'; id: string; selected: boolean }
  | { type: 'remove'; id: string }
  | { type: 'add'; item: N };

export type EdgeChange<E extends EngineEdge = EngineEdge> =
  | { type: 'select'; id: string; selected: boolean }
  | { type: 'remove'; id: string }
  | { type: 'add'; item: E };

/** A button a node type draws on its card; it is also a DOM button in the accessibility mirror. */
export interface CardButton {
  id: string;
  label: string;
  /** Box relative to the node's top-left corner, in world units. */
  x: number;
  y: number;
  width: number;
  height: number;
  disabled?: boolean;
  /** Short glyph drawn on the canvas when the label does not fit; the label stays the accessible name. */
  icon?: string;
  tone?: 'default' | 'danger' | 'accent';
}
