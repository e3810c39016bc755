/** Zoom in, zoom out, fit view, "Me" (with a home card) and the interactivity lock, bottom-left, as accessible buttons named by their actions. */
import { useSyncExternalStore } from 'react';
import type { CanvasEngine } from '../core/engine.ts';
import { actions } from '../core/interaction/actions.ts';

const icon = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** `homeLabel`: the name of the "Me" control, shown only when the canvas has a home card. */
export function Controls({ engine, homeLabel }: { engine: CanvasEngine; homeLabel?: string }) {
  const interactive = useSyncExternalStore(
    (cb) => engine.subscribe(cb),
    () => engine.interactive,
  );
  return (
    <div className="kin-engine-panel kin-engine-controls" role="toolbar" aria-label="Canvas controls" aria-orientation="vertical">
      <button type="button" aria-label={actions.zoomIn.label} title={actions.zoomIn.label} onClick={() => engine.run('zoomIn')}>
        <svg {...icon} aria-hidden="true"><path d="M12 5v14M5 12h14" /></svg>
      </button>
      <button type="button" aria-label={actions.zoomOut.label} title={actions.zoomOut.label} onClick={() => engine.run('zoomOut')}>
        <svg {...icon} aria-hidden="true"><path d="M5 12h14" /></svg>
      </button>
      <button type="button" aria-label={actions.fitView.label} title={actions.fitView.label} onClick={() => engine.run('fitView')}>
        <svg {...icon} aria-hidden="true"><path d="M4 9V5a1 1 0 0 1 1-1h4M15 4h4a1 1 0 0 1 1 1v4M20 15v4a1 1 0 0 1-1 1h-4M9 20H5a1 1 0 0 1-1-1v-4" /></svg>
      </button>
      {homeLabel && (
        <button type="button" aria-label={homeLabel} title={homeLabel} onClick={() => engine.run('goHome')}>
          <svg {...icon} aria-hidden="true"><circle cx="12" cy="8" r="3.5" /><path d="M5 20a7 7 0 0 1 14 0" /></svg>
        </button>
      )}
      <hr aria-hidden="true" />
      <button
        type="button"
        aria-label={actions.toggleInteractivity.label}
        title={interactive ? 'Lock the canvas' : 'Unlock the canvas'}
        aria-pressed={!interactive}
        onClick={() => engine.run('toggleInteractivity')}
      >
        <svg {...icon} aria-hidden="true">
          <rect x="5" y="11" width="14" height="9" rx="2" />
          <path d={interactive ? 'M8 11V8a4 4 0 0 1 7.5-2' : 'M8 11V8a4 4 0 0 1 8 0v3'} />
        </svg>
      </button>
    </div>
  );
}
