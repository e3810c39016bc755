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
  /** §9: small trees zoom in a little (×1.05, at most 1.4), big ones out (×0.9, at least 0.5 unless the tree needs less). */
  countAdjust: boolean;
  /**
   * The whole graph may always be seen at once: the view may zoom out below `minZoom` as far as
   * fitting every card needs (a 10,000-person tree is far wider than 0.25 shows), drawn simplified.
   */
  overviewBelowMin: boolean;
}

export const VIEWPORT_PRESETS = {
  generic: { minZoom: 0.5, maxZoom: 2, fitPadding: 0.1, countAdjust: false, overviewBelowMin: false },
  tree: { minZoom: 0.25, maxZoom: 1.5, fitPadding: 0.2, countAdjust: true, overviewBelowMin: true },
} as const satisfies Record<string, ViewportPreset>;

/** Below this zoom cards are drawn as plain shapes, batched, without text or images. */
export const DEFAULT_LOD_ZOOM = 0.45;

/**
 * The zoom a graph opens at, and "home" returns to, when the whole graph cannot be read at once:
 * a card's name is drawn about 10 px high, so it reads on a phone (and is well above LOD).
 */
export const READABLE_ZOOM = 0.8;

/** The minimap's drawn map is at least this many pixels across its short side (a very wide tree is not a line). */
export const MINIMAP_MIN_SHORT_SIDE = 40;
/** ... and at most this many times the panel along its long side (the panel then shows a window of it that follows the view). */
export const MINIMAP_MAX_STRETCH = 32;
/** The minimap draws a small tree at most this scale (the panel shrinks to it), so one card is not a block. */
export const MINIMAP_MAX_SCALE = 0.2;
/** The minimap on narrow containers (phones). */
export const MINIMAP_SIZE_NARROW = { width: 140, height: 105 } as const;
