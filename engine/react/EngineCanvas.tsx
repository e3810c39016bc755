/**
 * The React binding: a react-konva Stage with the two layers, the grid, the accessibility
 * mirror, controls and minimap, and the DOM input wiring (pointer events, d3-zoom for the wheel,
 * keys, resize). All state lives in the framework-free engine; React renders this shell once and
 * again only when the container is resized, never per frame or per pointer move.
 */
import type Konva from 'konva';
import { select } from 'd3-selection';
import { zoom as d3zoom, zoomIdentity, type ZoomBehavior } from 'd3-zoom';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type CSSProperties, type Ref } from 'react';
import { Layer, Stage } from 'react-konva';
import { MINIMAP_SIZE, RECENTER_DEBOUNCE_MS, type ViewportPreset } from '../core/constants.ts';
import type { EdgePathFn } from '../core/edgePaths.ts';
import { CanvasEngine, type EngineCallbacks, type EngineOptions } from '../core/engine.ts';
import type { PointerInput } from '../core/interaction/input.ts';
import type { NodeType } from '../core/nodeType.ts';
import type { OverlapOptions } from '../core/placement.ts';
import { darkTheme, lightTheme, type Theme } from '../core/theme.ts';
import type { EngineEdge, EngineNode, Transform, XY } from '../core/types.ts';
import { Minimap } from '../render/minimap.ts';
import { Mirror } from '../render/mirror.ts';
import { cardNodeType } from '../render/nodeTypes/cardNode.ts';
import { defaultNodeType } from '../render/nodeTypes/defaultNode.ts';
import { OVERSCAN, Renderer } from '../render/renderer.ts';
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
  /** Fit the view to the nodes once, when they first arrive. */
  fitView?: boolean;
  defaultViewport?: Transform;
  controls?: boolean;
  minimap?: boolean | { width: number; height: number };
  ariaLabel?: string;
  className?: string;
  style?: CSSProperties;
  ref?: Ref<CanvasHandle>;
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

const pointerKind = (t: string): PointerInput['pointerType'] => (t === 'touch' || t === 'pen' ? t : 'mouse');

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
  const zoomRef = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  const nodeTypes = { ...builtInNodeTypes, ...props.nodeTypes };
  const options: EngineOptions = { ...props, nodeTypes, isMac: typeof navigator !== 'undefined' && /Mac|iP(hone|ad)/.test(navigator.platform) };
  const engineRef = useRef<CanvasEngine | null>(null);
  engineRef.current ??= new CanvasEngine(options);
  const engine = engineRef.current;

  ensureStyles();

  useLayoutEffect(() => {
    engine.setOptions(options);
    const z = zoomRef.current;
    if (z) z.scaleExtent([engine.preset.minZoom, engine.preset.maxZoom]);
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

  // Size: measured once, then followed; re-centring is debounced so a drag-resize settles first.
  useLayoutEffect(() => {
    const root = rootRef.current!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let before: { width: number; height: number } | null = null;
    const measure = () => {
      const prev = { ...engine.size };
      engine.setSize(root.clientWidth, root.clientHeight);
      setSize({ ...engine.size });
      if (prev.width === engine.size.width && prev.height === engine.size.height) return;
      before ??= prev;
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (before) engine.recentre(before);
        before = null;
      }, RECENTER_DEBOUNCE_MS);
    };
    engine.setSize(root.clientWidth, root.clientHeight);
    setSize({ ...engine.size });
    const ro = new ResizeObserver(measure);
    ro.observe(root);
    return () => {
      ro.disconnect();
      clearTimeout(timer);
    };
  }, [engine]);

  const ready = size !== null;

  // Renderer, mirror, d3-zoom and DOM input, once the stage exists.
  useLayoutEffect(() => {
    if (!ready) return;
    const root = rootRef.current!;
    let pointerClick = false;
    const mirror = new Mirror(mirrorRef.current!, engine, (nodeId, buttonId) => {
      // A pointer press on a button is handled by the engine's hit test; this is for keyboard
      // and assistive-technology activation, which arrive as a click with no pointer gesture.
      if (pointerClick) return;
      engine.pressButton(nodeId, buttonId);
    });
    const renderer = new Renderer(
      engine,
      { scene: sceneRef.current!, active: activeRef.current!, background: bgRef.current!, root, mirror },
      theme,
    );
    renderer.coarse = typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
    rendererRef.current = renderer;

    const selection = select(root);
    const zoom = d3zoom<HTMLDivElement, unknown>()
      .scaleExtent([engine.preset.minZoom, engine.preset.maxZoom])
      // d3-zoom takes only the wheel (and ctrl+wheel, a trackpad pinch); pointer gestures
      // belong to the engine's state machine so mouse, pen and touch share one model.
      .filter((event: Event) => event.type === 'wheel')
      .on('zoom', (ev: { transform: Transform }) => engine.applyViewport({ x: ev.transform.x, y: ev.transform.y, k: ev.transform.k }))
      .on('end', (ev: { sourceEvent: Event | null }) => {
        if (ev.sourceEvent) engine.viewportSettled();
      });
    selection.call(zoom).on('dblclick.zoom', null);
    zoomRef.current = zoom;
    engine.setDriver((t) => zoom.transform(selection, zoomIdentity.translate(t.x, t.y).scale(t.k)));
    const v = props.defaultViewport ?? engine.viewport;
    zoom.transform(selection, zoomIdentity.translate(v.x, v.y).scale(v.k));

    let rect = root.getBoundingClientRect();
    const toInput = (e: PointerEvent): PointerInput => ({
      pointerId: e.pointerId,
      x: e.clientX - rect.left,
      y: e.clientY - rect.top,
      pointerType: pointerKind(e.pointerType),
      button: e.button,
      shiftKey: e.shiftKey,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
    });
    const inChrome = (t: EventTarget | null) => t instanceof Element && !!t.closest('.kin-engine-panel');
    const onDown = (e: PointerEvent) => {
      if (inChrome(e.target)) return;
      rect = root.getBoundingClientRect();
      pointerClick = false;
      renderer.coarse = e.pointerType === 'touch';
      // No text selection, no emulated mouse events, no focus jump; focus is placed explicitly.
      e.preventDefault();
      const card = e.target instanceof Element ? e.target.closest<HTMLElement>('.kin-engine-card') : null;
      (card ?? root).focus({ preventScroll: true });
      root.setPointerCapture(e.pointerId);
      engine.pointerDown(toInput(e));
    };
    const onMove = (e: PointerEvent) => {
      if (inChrome(e.target) && !root.hasPointerCapture(e.pointerId)) return;
      engine.pointerMove(toInput(e));
    };
    const onUp = (e: PointerEvent) => {
      if (!root.hasPointerCapture(e.pointerId) && inChrome(e.target)) return;
      pointerClick = true;
      engine.pointerUp(toInput(e));
      setTimeout(() => (pointerClick = false), 0);
    };
    const onCancel = (e: PointerEvent) => engine.pointerCancel(toInput(e));
    const onLeave = (e: PointerEvent) => {
      if (e.pointerType !== 'touch' && engine.state === 'idle') engine.pointerMove({ ...toInput(e), x: -1e9, y: -1e9 });
    };
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (t.closest('input, textarea, select, [contenteditable="true"]')) return;
      const onButton = !!t.closest('button');
      if (onButton && (e.key === 'Enter' || e.key === ' ')) return;
      const card = onButton ? null : t.closest<HTMLElement>('[data-node-id]');
      const handled = engine.keyDown({ key: e.key, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, nodeId: card?.dataset.nodeId });
      if (handled) e.preventDefault();
    };
    // d3-zoom lets a wheel through at the zoom limits; the page must never scroll or zoom instead.
    const onWheel = (e: WheelEvent) => e.preventDefault();
    const noMenu = (e: Event) => e.preventDefault();
    const onScroll = () => (rect = root.getBoundingClientRect());
    root.addEventListener('pointerdown', onDown);
    root.addEventListener('pointermove', onMove);
    root.addEventListener('pointerup', onUp);
    root.addEventListener('pointercancel', onCancel);
    root.addEventListener('pointerleave', onLeave);
    root.addEventListener('keydown', onKey);
    root.addEventListener('wheel', onWheel, { passive: false });
    root.addEventListener('contextmenu', noMenu);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onScroll);

    let minimap: Minimap | null = null;
    if (minimapRef.current) {
      const mm = typeof props.minimap === 'object' ? props.minimap : MINIMAP_SIZE;
      minimap = new Minimap(minimapRef.current, engine, theme, mm.width, mm.height);
      renderer.setMinimap(minimap);
    }
    return () => {
      root.removeEventListener('pointerdown', onDown);
      root.removeEventListener('pointermove', onMove);
      root.removeEventListener('pointerup', onUp);
      root.removeEventListener('pointercancel', onCancel);
      root.removeEventListener('pointerleave', onLeave);
      root.removeEventListener('keydown', onKey);
      root.removeEventListener('wheel', onWheel);
      root.removeEventListener('contextmenu', noMenu);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onScroll);
      selection.on('.zoom', null);
      engine.setDriver(null);
      minimap?.destroy();
      renderer.destroy();
      mirror.destroy();
      rendererRef.current = null;
      zoomRef.current = null;
    };
    // The shell is wired once; later prop changes reach the engine through setOptions.
  }, [ready, engine]);

  useLayoutEffect(() => rendererRef.current?.setTheme(theme), [theme]);

  useLayoutEffect(() => engine.setEdges(props.edges), [engine, props.edges]);
  useLayoutEffect(() => engine.setNodes(props.nodes), [engine, props.nodes]);

  const fitted = useRef(false);
  useLayoutEffect(() => {
    if (!ready || fitted.current || !props.fitView || props.nodes.length === 0) return;
    fitted.current = true;
    engine.fitView();
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
  const mm = typeof props.minimap === 'object' ? props.minimap : MINIMAP_SIZE;

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
      {(props.controls ?? true) && <Controls engine={engine} />}
      {(props.minimap ?? true) && (
        <div className="kin-engine-panel kin-engine-minimap" role="img" aria-label="Minimap" style={{ width: mm.width, height: mm.height }}>
          <canvas ref={minimapRef} />
        </div>
      )}
    </div>
  );
}
