/**
 * d3-zoom on the canvas container, for the wheel only (and ctrl+wheel, a trackpad pinch): pointer
 * gestures belong to the engine's state machine so mouse, pen and touch share one model. d3-zoom
 * becomes the engine's viewport driver, so the controls, keys and pinches that move the view go
 * through `zoom.transform` and d3-zoom's state never falls behind the engine's. d3-zoom ends a
 * wheel gesture 150 ms after the last step (SCROLL_END_DELAY_MS); that is "viewport settled".
 * Its zoom limits are the engine's `zoomLimits`, taken up as each wheel event arrives (the lower
 * one follows the graph: a big tree may be zoomed out until all of it shows).
 * Framework-free: the React binding creates it once the stage exists and calls `destroy()`.
 */
import { select } from 'd3-selection';
import { zoom as d3zoom, zoomIdentity } from 'd3-zoom';
import type { CanvasEngine } from '../core/engine.ts';
import type { Transform } from '../core/types.ts';

export type WheelZoomTarget = Pick<CanvasEngine, 'zoomLimits' | 'applyViewport' | 'viewportSettled' | 'setDriver'>;

export interface WheelZoom {
  /** Takes up the engine's current zoom limits. */
  update(): void;
  destroy(): void;
}

export function createWheelZoom(root: HTMLElement, engine: WheelZoomTarget, initial: Transform): WheelZoom {
  const selection = select(root);
  const limits = () => {
    const { minZoom, maxZoom } = engine.zoomLimits;
    zoom.scaleExtent([minZoom, maxZoom]);
  };
  const zoom = d3zoom<HTMLElement, unknown>()
    .filter((event: Event) => {
      if (event.type !== 'wheel') return false;
      // d3-zoom clamps each step to the extent it holds: give it the limits of the graph as it is now.
      limits();
      return true;
    })
    .on('zoom', (ev: { transform: Transform }) => engine.applyViewport({ x: ev.transform.x, y: ev.transform.y, k: ev.transform.k }))
    .on('end', (ev: { sourceEvent: Event | null }) => {
      if (ev.sourceEvent) engine.viewportSettled();
    });
  limits();
  selection.call(zoom).on('dblclick.zoom', null);
  const drive = (t: Transform) => zoom.transform(selection, zoomIdentity.translate(t.x, t.y).scale(t.k));
  engine.setDriver(drive);
  drive(initial);

  // d3-zoom lets a wheel through at the zoom limits; the page must never scroll or zoom instead.
  const onWheel = (e: WheelEvent) => e.preventDefault();
  root.addEventListener('wheel', onWheel, { passive: false });

  return {
    update: limits,
    destroy() {
      root.removeEventListener('wheel', onWheel);
      selection.on('.zoom', null);
      engine.setDriver(null);
    },
  };
}
