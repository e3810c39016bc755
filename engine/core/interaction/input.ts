/** Normalised input the interaction machine consumes, independent of DOM event classes. */

export type PointerKind = 'mouse' | 'pen' | 'touch';

export interface PointerInput {
  pointerId: number;
  /** Screen position relative to the canvas container's top-left corner. */
  x: number;
  y: number;
  pointerType: PointerKind;
  button?: number;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  /** Set when the key was pressed on a card's element in the accessibility mirror. */
  nodeId?: string;
}

export interface Scheduler {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realScheduler: Scheduler = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Animation frames, for animated view moves; tests drive them by hand. */
export interface Frames {
  /** Calls `fn` with the frame's time in ms. */
  request(fn: (time: number) => void): unknown;
  cancel(handle: unknown): void;
}

export const realFrames: Frames =
  typeof requestAnimationFrame === 'function'
    ? { request: (fn) => requestAnimationFrame(fn), cancel: (h) => cancelAnimationFrame(h as number) }
    : { request: (fn) => setTimeout(() => fn(performance.now()), 16), cancel: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
