/**
 * Follows the canvas container's size: the engine gets every new size at once (zero sizes fall
 * back to 500 × 500 there, error 004), and the view is re-centred once the resizing has paused for
 * RECENTER_DEBOUNCE_MS, from the size before the first step, so a drag-resize settles first.
 * Framework-free: the React binding creates it and calls `destroy()`.
 */
import { RECENTER_DEBOUNCE_MS } from '../core/constants.ts';
import type { CanvasEngine } from '../core/engine.ts';
import { realScheduler, type Scheduler } from '../core/interaction/input.ts';

export type SizeTarget = Pick<CanvasEngine, 'size' | 'setSize' | 'recentre'>;
type Size = { width: number; height: number };

export interface SizeObserverOptions {
  /** Called with the engine's size after the first measure and after each change. */
  onSize?(size: Size): void;
  scheduler?: Scheduler;
}

export function observeSize(root: HTMLElement, engine: SizeTarget, options: SizeObserverOptions = {}): { destroy(): void } {
  const scheduler = options.scheduler ?? realScheduler;
  let timer: unknown;
  let before: Size | null = null;
  const apply = () => {
    engine.setSize(root.clientWidth, root.clientHeight);
    options.onSize?.({ ...engine.size });
  };
  const measure = () => {
    const prev = { ...engine.size };
    apply();
    if (prev.width === engine.size.width && prev.height === engine.size.height) return;
    before ??= prev;
    scheduler.clearTimeout(timer);
    timer = scheduler.setTimeout(() => {
      if (before) engine.recentre(before);
      before = null;
    }, RECENTER_DEBOUNCE_MS);
  };
  apply();
  const ro = new ResizeObserver(measure);
  ro.observe(root);
  return {
    destroy() {
      ro.disconnect();
      scheduler.clearTimeout(timer);
    },
  };
}
