/**
 * The canvas's DOM input: pointer events (mouse, pen and touch alike) into the engine's state
 * machine, keys pressed on the canvas or on a card of the accessibility mirror, and the browser
 * defaults a canvas must not get (text selection, emulated mouse events, the context menu).
 * Framework-free: the React binding creates it once the stage exists and calls `destroy()`.
 */
import type { KeyInput, PointerInput, PointerKind } from '../core/interaction/input.ts';

/** What the input drives: the `CanvasEngine`, or a recorder in tests. */
export interface PointerInputTarget {
  readonly state: string;
  pointerDown(e: PointerInput): void;
  pointerMove(e: PointerInput): void;
  pointerUp(e: PointerInput): void;
  pointerCancel(e: PointerInput): void;
  /** A mouse or pen left the canvas. */
  pointerLeave(e: PointerInput): void;
  /** True when the key was used (its default is then prevented). */
  keyDown(e: KeyInput): boolean;
}

export interface DomPointerInput {
  /**
   * True from a pointer release until the click it causes has been dispatched. The engine's hit
   * test already handled that press, so the mirror ignores such clicks and acts only on keyboard
   * and assistive-technology activation, which arrive as a click with no pointer gesture.
   */
  readonly pointerClick: boolean;
  destroy(): void;
}

/** Floating panels (controls, minimap) inside the canvas handle their own pointers. */
const PANEL = '.kin-engine-panel';
const TEXT_ENTRY = 'input, textarea, select, [contenteditable="true"]';

export const pointerKind = (t: string): PointerKind => (t === 'touch' || t === 'pen' ? t : 'mouse');

export function createPointerInput(root: HTMLElement, target: PointerInputTarget): DomPointerInput {
  let pointerClick = false;
  // Read on press, scroll and resize only: a pointer move must not force a layout.
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
  const inPanel = (t: EventTarget | null) => t instanceof Element && !!t.closest(PANEL);

  const onDown = (e: PointerEvent) => {
    if (inPanel(e.target)) return;
    rect = root.getBoundingClientRect();
    pointerClick = false;
    // No text selection, no emulated mouse events, no focus jump; focus is placed explicitly.
    e.preventDefault();
    const card = e.target instanceof Element ? e.target.closest<HTMLElement>('.kin-engine-card') : null;
    (card ?? root).focus({ preventScroll: true });
    root.setPointerCapture(e.pointerId);
    target.pointerDown(toInput(e));
  };
  const onMove = (e: PointerEvent) => {
    if (inPanel(e.target) && !root.hasPointerCapture(e.pointerId)) return;
    target.pointerMove(toInput(e));
  };
  const onUp = (e: PointerEvent) => {
    if (!root.hasPointerCapture(e.pointerId) && inPanel(e.target)) return;
    pointerClick = true;
    target.pointerUp(toInput(e));
    setTimeout(() => (pointerClick = false), 0);
  };
  const onCancel = (e: PointerEvent) => target.pointerCancel(toInput(e));
  // The engine handled the tap already. The click a browser makes of it would land on whatever
  // the tap opened under the finger (a dialog's radio, the details sheet), so it is not made.
  const onTouchEnd = (e: TouchEvent) => {
    if (e.cancelable && !inPanel(e.target)) e.preventDefault();
  };
  // A mouse or pen leaving the canvas clears the hover; a lifted finger has no hover to clear.
  const onLeave = (e: PointerEvent) => {
    if (e.pointerType !== 'touch') target.pointerLeave(toInput(e));
  };
  const onKey = (e: KeyboardEvent) => {
    const t = e.target as HTMLElement;
    if (t.closest(TEXT_ENTRY)) return;
    const onButton = !!t.closest('button');
    // Enter and Space on a button are the button's own (they click it).
    if (onButton && (e.key === 'Enter' || e.key === ' ')) return;
    const card = onButton ? null : t.closest<HTMLElement>('[data-node-id]');
    const handled = target.keyDown({ key: e.key, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, nodeId: card?.dataset.nodeId });
    if (handled) e.preventDefault();
  };
  const noMenu = (e: Event) => e.preventDefault();
  const onScroll = () => (rect = root.getBoundingClientRect());

  // One signal removes every listener at once on destroy().
  const listening = new AbortController();
  const { signal } = listening;
  root.addEventListener('pointerdown', onDown, { signal });
  root.addEventListener('pointermove', onMove, { signal });
  root.addEventListener('pointerup', onUp, { signal });
  root.addEventListener('pointercancel', onCancel, { signal });
  root.addEventListener('touchend', onTouchEnd, { signal, passive: false });
  root.addEventListener('pointerleave', onLeave, { signal });
  root.addEventListener('keydown', onKey, { signal });
  root.addEventListener('contextmenu', noMenu, { signal });
  window.addEventListener('scroll', onScroll, { capture: true, signal });
  window.addEventListener('resize', onScroll, { signal });

  return {
    get pointerClick() {
      return pointerClick;
    },
    destroy() {
      listening.abort();
    },
  };
}
