/**
 * The React binding: a react-konva Stage with the two layers, the grid, the accessibility
 * mirror, controls and minimap. The DOM wiring (pointer events and keys, d3-zoom for the wheel,
 * the container's size) lives in framework-free factories in engine/dom/, created and destroyed
 * here in effects. All state lives in the engine; React renders this shell once and again only
 * when the container is resized, never per frame or per pointer move.
 */
import type Konva from 'konva';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type CSSProperties, type Ref } from 'react';
import { Layer, Stage } from 'react-konva';
import { MINIMAP_SIZE, MINIMAP_SIZE_NARROW, type ViewportPreset } from '../core/constants.ts';
import type { EdgePathFn } from '../core/edgePaths.ts';
import { CanvasEngine, type EngineCallbacks, type EngineOptions } from '../core/engine.ts';
import type { Scheduler } from '../core/interaction/input.ts';
import type { NodeType } from '../core/nodeType.ts';
import type { OverlapOptions } from '../core/placement.ts';
import { darkTheme, lightTheme, type Theme } from '../core/theme.ts';
import type { EngineEdge, EngineNode, Transform, XY } from '../core/types.ts';
import { createPointerInput, type DomPointerInput } from '../dom/pointerInput.ts';
import { observeSize } from '../dom/sizeObserver.ts';
import { createWheelZoom, type WheelZoom } from '../dom/wheelZoom.ts';
import { Minimap } from '../render/minimap.ts';
import { Mirror } from '../render/mirror.ts';
import { cardNodeType } from '../render/nodeTypes/cardNode.ts';
import { defaultNodeType } from '../render/nodeTypes/defaultNode.ts';
import { OVERSCAN, Renderer } from '../render/renderer.ts';
import { actions } from '../core/interaction/actions.ts';
import { Controls } from './Controls.tsx';
import { ensureStyles } from './styles.ts';

export const builtInNodeTypes: Record<string, NodeType> = { default: defaultNodeType, card: cardNodeType };

export interface CanvasHandle {
  engine: CanvasEngine;
  renderer: Renderer | null;
  zoomIn(): void;
  zoomOut(): void;
  fitView(ids?: string[]): void;
  setViewport(t: Transform): void;
  getViewport(): Transform;
  /** Selects nodes by id (error 012 for unknown ids). */
  select(ids: string[], additive?: boolean): void;
  /** Free spot near `desired` by the §9 overlap rules, searched in the live quadtree. */
  findFreePosition(desired: XY, options?: Partial<OverlapOptions>): XY;
  /** Draws the pending frame now. */
  flush(): void;
}

export interface EngineCanvasProps extends EngineCallbacks {
  nodes: readonly EngineNode[];
  edges: readonly EngineEdge[];
  /** Merged over the built-in `default` and `card` types. */
  nodeTypes?: Record<string, NodeType>;
  edgeTypes?: Record<string, EdgePathFn>;
  preset?: 'generic' | 'tree' | ViewportPreset;
  /** A theme object (keep it stable: a new one redraws everything), or 'light'/'dark'; by default follows prefers-color-scheme. */
  theme?: Theme | 'light' | 'dark';
  snapToGrid?: boolean;
  snapGrid?: readonly [number, number];
  nodesDraggable?: boolean;
  nodesConnectable?: boolean;
  elementsSelectable?: boolean;
  lodZoom?: number;
  /**
   * Fit the view to the nodes once, when they first arrive; with a `homeNodeId`, the opening rule
   * instead: all of them when they read whole, else the home card at READABLE_ZOOM.
   */
  fitView?: boolean;
  homeNodeId?: string;
  homeLabel?: string;
  defaultViewport?: Transform;
  controls?: boolean;
  /** The minimap's largest size; by default 200 × 150, or 140 × 105 in a container under 620 px wide. */
  minimap?: boolean | { width: number; height: number };
  ariaLabel?: string;
  className?: string;
  style?: CSSProperties;
  ref?: Ref<CanvasHandle>;
  /** The interaction's timers (the long press); tests pass one they control instead of the clock. */
  scheduler?: Scheduler;
}

function usePrefersDark(): boolean {
  const [dark, setDark] = useState(() => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const on = () => setDark(query.matches);
    query.addEventListener('change', on);
    return () => query.removeEventListener('change', on);
  }, []);
  return dark;
}

export function EngineCanvas(props: EngineCanvasProps) {
  const prefersDark = usePrefersDark();
  const theme: Theme =
    typeof props.theme === 'object' ? props.theme : (props.theme ?? (prefersDark ? 'dark' : 'light')) === 'dark' ? darkTheme : lightTheme;
  const rootRef = useRef<HTMLDivElement>(null);
  const bgRef = useRef<HTMLDivElement>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const minimapRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<Konva.Layer>(null);
  const activeRef = useRef<Konva.Layer>(null);
  const rendererRef = useRef<Renderer | null>(null);
  const zoomRef = useRef<WheelZoom | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const minimapObj = useRef<Minimap | null>(null);
  const [minimapOpen, setMinimapOpen] = useState(true);

  const nodeTypes = { ...builtInNodeTypes, ...props.nodeTypes };
  const options: EngineOptions = { ...props, nodeTypes, isMac: typeof navigator !== 'undefined' && /Mac|iP(hone|ad)/.test(navigator.platform) };
  const engineRef = useRef<CanvasEngine | null>(null);
  engineRef.current ??= new CanvasEngine(options);
  const engine = engineRef.current;

  ensureStyles();

  useLayoutEffect(() => {
    engine.setOptions(options);
    zoomRef.current?.update();
  });

  useImperativeHandle(props.ref, () => ({
    engine,
    get renderer() {
      return rendererRef.current;
    },
    zoomIn: () => engine.zoomIn(),
    zoomOut: () => engine.zoomOut(),
    fitView: (ids) => engine.fitView(ids),
    setViewport: (t) => engine.setViewport(t),
    getViewport: () => engine.viewport,
    select: (ids, additive) => engine.select(ids, additive),
    findFreePosition: (d, o) => engine.findFreePosition(d, o),
    flush: () => rendererRef.current?.flush(),
  }), [engine]);

  // Size: measured once, then followed (the re-centring waits until a drag-resize settles).
  useLayoutEffect(() => observeSize(rootRef.current!, engine, { onSize: setSize }).destroy, [engine]);

  const ready = size !== null;

  // Renderer, mirror, minimap, d3-zoom and DOM input, once the stage exists. The shell is wired
  // once; later prop changes reach the engine through setOptions.
  useLayoutEffect(() => {
    if (!ready) return;
    const root = rootRef.current!;
    let input: DomPointerInput | null = null;
    const mirror = new Mirror(mirrorRef.current!, engine, (nodeId, buttonId) => {
      if (!input?.pointerClick) engine.pressButton(nodeId, buttonId);
    });
    const renderer = new Renderer(
      engine,
      { scene: sceneRef.current!, active: activeRef.current!, background: bgRef.current!, root, mirror },
      theme,
    );
    engine.setCoarse(typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches);
    rendererRef.current = renderer;
    const zoom = createWheelZoom(root, engine, props.defaultViewport ?? engine.viewport);
    zoomRef.current = zoom;
    input = createPointerInput(root, engine);
    let minimap: Minimap | null = null;
    if (minimapRef.current) {
      minimap = new Minimap(minimapRef.current, engine, theme, minimapBox(props.minimap, engine.size));
      minimapObj.current = minimap;
      renderer.setMinimap(minimap);
    }
    return () => {
      input.destroy();
      zoom.destroy();
      minimap?.destroy();
      renderer.destroy();
      mirror.destroy();
      rendererRef.current = null;
      zoomRef.current = null;
      minimapObj.current = null;
    };
  }, [ready, engine]);

  useLayoutEffect(() => {
    if (size) minimapObj.current?.setBox(minimapBox(props.minimap, size));
  }, [size, props.minimap]);

  useLayoutEffect(() => rendererRef.current?.setTheme(theme), [theme]);

  useLayoutEffect(() => engine.setEdges(props.edges), [engine, props.edges]);
  useLayoutEffect(() => engine.setNodes(props.nodes), [engine, props.nodes]);

  const fitted = useRef(false);
  useLayoutEffect(() => {
    if (!ready || fitted.current || !props.fitView || props.nodes.length === 0) return;
    fitted.current = true;
    if (props.homeNodeId) engine.showOpening();
    else engine.fitView();
  }, [ready, engine, props.fitView, props.nodes]);

  useEffect(() => () => engine.destroy(), [engine]);

  const vars = {
    '--kin-font': theme.fontFamily,
    '--kin-focus': theme.focusRing,
    '--kin-surface': theme.surface,
    '--kin-surface-muted': theme.surfaceMuted,
    '--kin-border': theme.border,
    '--kin-text': theme.text,
    '--kin-text-muted': theme.textMuted,
    '--kin-accent': theme.accent,
    '--kin-accent-soft': theme.accentSoft,
    '--kin-control-bg': theme.controlBackground,
    '--kin-shadow': theme.shadow,
    '--kin-radius': `${theme.radius}px`,
    background: theme.background,
  } as CSSProperties;

  return (
    <div
      ref={rootRef}
      className={`kin-engine${props.className ? ` ${props.className}` : ''}`}
      style={{ ...vars, ...props.style }}
      tabIndex={0}
      role="grid"
      aria-multiselectable="true"
      aria-label={props.ariaLabel ?? 'Canvas'}
      aria-roledescription="canvas"
    >
      <div ref={bgRef} className="kin-engine-bg" aria-hidden="true" />
      {size && (
        <Stage
          className="kin-engine-stage"
          width={size.width + 2 * OVERSCAN}
          height={size.height + 2 * OVERSCAN}
          style={{ left: -OVERSCAN, top: -OVERSCAN, right: 'auto', bottom: 'auto' }}
          listening={false}
        >
          <Layer ref={sceneRef} listening={false} />
          <Layer ref={activeRef} listening={false} />
        </Stage>
      )}
      <div ref={mirrorRef} className="kin-engine-mirror" />
      {(props.controls ?? true) && <Controls engine={engine} homeLabel={props.homeNodeId ? (props.homeLabel ?? actions.goHome.label) : undefined} />}
      {(props.minimap ?? true) && (
        <div className="kin-engine-minimap-dock" data-open={minimapOpen}>
          <button
            type="button"
            className="kin-engine-panel kin-engine-minimap-toggle"
            aria-expanded={minimapOpen}
            aria-label={minimapOpen ? 'Hide minimap' : 'Show minimap'}
            title={minimapOpen ? 'Hide minimap' : 'Show minimap'}
            onClick={() => setMinimapOpen((o) => !o)}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d={minimapOpen ? 'M7 10l5 5 5-5' : 'M7 14l5-5 5 5'} />
            </svg>
          </button>
          <div className="kin-engine-panel kin-engine-minimap" role="img" aria-label="Minimap" hidden={!minimapOpen}>
            <canvas ref={minimapRef} />
          </div>
        </div>
      )}
    </div>
  );
}

/** The minimap's largest size: as asked, else the §9 200 × 150, smaller on a narrow container (a phone). */
function minimapBox(option: EngineCanvasProps['minimap'], size: { width: number; height: number }) {
  if (typeof option === 'object') return option;
  return size.width <= 620 ? MINIMAP_SIZE_NARROW : MINIMAP_SIZE;
}
