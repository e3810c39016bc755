/**
 * The engine's own CSS, injected once. It reads only the engine's variables (set from the theme
 * prop on the root), never the app's tokens, so the engine works on any page.
 */
const CSS = `
.kin-engine { position: relative; overflow: hidden; touch-action: none; user-select: none;
  -webkit-user-select: none; -webkit-touch-callout: none; -webkit-tap-highlight-color: transparent;
  overscroll-behavior: none; outline: none; font-family: var(--kin-font); isolation: isolate; }
.kin-engine:focus-visible { box-shadow: inset 0 0 0 2px var(--kin-focus); }
.kin-engine-bg, .kin-engine-stage, .kin-engine-mirror { position: absolute; inset: 0; }
.kin-engine-mirror { overflow: hidden; pointer-events: none; }
.kin-engine-mirror-layer { position: absolute; left: 0; top: 0; transform-origin: 0 0; will-change: transform; }
.kin-engine-card { position: absolute; left: 0; top: 0; pointer-events: auto; cursor: inherit;
  border-radius: var(--kin-radius); outline: none; }
.kin-engine-card:focus-visible { box-shadow: 0 0 0 calc(2px / var(--kin-zoom, 1)) var(--kin-surface),
  0 0 0 calc(4.5px / var(--kin-zoom, 1)) var(--kin-focus); }
.kin-engine-card-button { position: absolute; left: 0; top: 0; margin: 0; padding: 0; border: 0;
  background: transparent; cursor: inherit; border-radius: 6px; color: transparent; }
.kin-engine-card-button:focus-visible { outline: calc(2px / var(--kin-zoom, 1)) solid var(--kin-focus);
  outline-offset: calc(1px / var(--kin-zoom, 1)); }
.kin-engine-panel { position: absolute; z-index: 5; background: var(--kin-control-bg);
  border: 1px solid var(--kin-border); border-radius: 12px; box-shadow: 0 4px 16px var(--kin-shadow); }
.kin-engine-controls { left: 16px; bottom: 16px; display: flex; flex-direction: column; padding: 4px; gap: 2px; }
.kin-engine-controls button { width: 36px; height: 36px; display: grid; place-items: center; margin: 0;
  padding: 0; border: 0; border-radius: 8px; background: transparent; color: var(--kin-text-muted); cursor: pointer; }
.kin-engine-controls button:hover { background: var(--kin-surface-muted); color: var(--kin-text); }
.kin-engine-controls button:focus-visible { outline: 2px solid var(--kin-focus); outline-offset: 1px; }
.kin-engine-controls button[aria-pressed="true"] { color: var(--kin-accent); background: var(--kin-accent-soft); }
.kin-engine-controls hr { width: 24px; margin: 2px auto; border: 0; border-top: 1px solid var(--kin-border); }
@media (pointer: coarse) { .kin-engine-controls button { width: 44px; height: 44px; } }
.kin-engine-minimap-dock { position: absolute; right: 16px; bottom: 16px; display: flex; flex-direction: column; align-items: flex-end; gap: 4px; z-index: 5; }
.kin-engine-minimap-dock .kin-engine-panel { position: relative; right: auto; bottom: auto; }
.kin-engine-minimap { overflow: hidden; cursor: pointer; touch-action: none; }
.kin-engine-minimap[hidden] { display: none; }
.kin-engine-minimap canvas { display: block; }
.kin-engine-minimap-toggle { width: 28px; height: 24px; display: grid; place-items: center; padding: 0; margin: 0;
  color: var(--kin-text-muted); cursor: pointer; }
.kin-engine-minimap-toggle:focus-visible { outline: 2px solid var(--kin-focus); outline-offset: 1px; }
@media (pointer: coarse) { .kin-engine-minimap-toggle { width: 44px; height: 44px; } }
`;

let injected = false;

export function ensureStyles() {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const style = document.createElement('style');
  style.dataset.kinEngine = '';
  style.textContent = CSS;
  document.head.appendChild(style);
}
