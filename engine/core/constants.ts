/** Canvas constants of §9 (docs/PRODUCT.md), named once. Radii and targets are screen pixels. */

export const ZOOM_STEP = 1.2;
export const SNAP_GRID: readonly [number, number] = [15, 15];
export const CONNECTION_RADIUS = 20;
export const RECONNECT_RADIUS = 10;
export const RECENTER_DEBOUNCE_MS = 150;
/** d3-zoom ends a wheel gesture after the same 150 ms; the engine uses it for "viewport settled". */
export const SCROLL_END_DELAY_MS = 150;
export const MINIMAP_SIZE = { width: 200, height: 150 } as const;
export const BACKGROUND_GAP = 20;
export const NUDGE_STEP = 5;
export const NUDGE_SHIFT_FACTOR = 4;
/** Fallback container size (error 004). */
export const FALLBACK_SIZE = { width: 500, height: 500 } as const;

/**
 * Card size picked for §9's offsets: overlap thresholds of 140 × 100 leave a 12 px gutter between
 * siblings placed 140 apart, spouses 180 apart get 52 px, and rows 160 apart keep 72 px for edges.
 */
export const CARD_SIZE = { width: 128, height: 88 } as const;

export const OVERLAP = { w: 140, h: 100, step: 40, rings: 12, fallbackOffset: 520 } as const;

/** Minimum hit target on coarse pointers (WCAG 2.5.5). */
export const COARSE_TARGET = 44;
/** Fine pointers still get a little slack around a handle's drawn dot. */
export const FINE_HANDLE_TARGET = 14;
export const FINE_EDGE_TARGET = 8;
export const LONG_PRESS_MS = 500;
/** Movement below this many screen pixels is still a click or tap. */
export const DRAG_THRESHOLD = { mouse: 3, pen: 3, touch: 8 } as const;

export interface ViewportPreset {
  minZoom: number;
  maxZoom: number;
  fitPadding: number;
  /** §9: small trees zoom in a little (×1.05, at most 1.4), big ones out (×0.9, at least 0.5). */
  countAdjust: boolean;
}

export const VIEWPORT_PRESETS = {
  generic: { minZoom: 0.5, maxZoom: 2, fitPadding: 0.1, countAdjust: false },
  tree: { minZoom: 0.25, maxZoom: 1.5, fitPadding: 0.2, countAdjust: true },
} as const satisfies Record<string, ViewportPreset>;

/** Below this zoom cards are drawn as plain shapes, batched, without text or images. */
export const DEFAULT_LOD_ZOOM = 0.45;
