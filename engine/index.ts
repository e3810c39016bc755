/** Public API of the canvas engine. See engine/README.md. */
export { EngineCanvas, builtInNodeTypes, type CanvasHandle, type EngineCanvasProps } from './react/EngineCanvas.tsx';
export { CanvasEngine, Dirty, type DeleteRequest, type EngineCallbacks, type EngineOptions, type GraphPatch } from './core/engine.ts';
export { applyNodeChanges, applyEdgeChanges, addEdge, reconnectEdge, isSameConnection } from './core/changes.ts';
export { findFreePosition, isSpotFree, type OverlapOptions } from './core/placement.ts';
export { createRectIndex, type RectIndex } from './core/spatialIndex.ts';
export { createNodeIndex } from './core/nodeIndex.ts';
export { errorMessages, type ErrorCode, type OnError } from './core/errors.ts';
export { builtInEdgePaths, FORK_DEFAULTS, forkPoints, type EdgeEnds, type EdgePathFn, type ForkPathOptions, type PathCommand } from './core/edgePaths.ts';
export * from './core/constants.ts';
export { TOUCH_TRAY } from './core/interaction/touchTargets.ts';
export { lightTheme, darkTheme, type Theme } from './core/theme.ts';
export type { NodeType, CardView, Size } from './core/nodeType.ts';
export { cardNodeType, type CardData, type CardButtonSpec } from './render/nodeTypes/cardNode.ts';
export { defaultNodeType, type DefaultNodeData } from './render/nodeTypes/defaultNode.ts';
export { drawIcon, type IconName } from './render/icons.ts';
export type * from './core/types.ts';
