/**
 * The accessibility mirror: the cards in view as focusable, transparent DOM elements placed exactly
 * over their cards (one CSS transform on the container follows pans and zooms), labelled by the
 * node type's label, with `data-node-id` and `aria-selected`, and the card's buttons as real
 * buttons inside. Elements are added and removed as cards enter and leave the view; the focused
 * one is kept so keyboard users never lose their place.
 */
import type { CanvasEngine } from '../core/engine.ts';
import type { Transform } from '../core/types.ts';

interface Entry {
  el: HTMLDivElement;
  version: number;
  withButtons: boolean;
}

export class Mirror {
  private entries = new Map<string, Entry>();
  private layer: HTMLDivElement;
  private zoom = NaN;

  constructor(
    container: HTMLElement,
    private engine: CanvasEngine,
    /** Called for keyboard or assistive-technology activation of a card's button. */
    private onButton: (nodeId: string, buttonId: string, e: MouseEvent) => void,
  ) {
    this.layer = document.createElement('div');
    this.layer.className = 'kin-engine-mirror-layer';
    this.layer.setAttribute('role', 'row');
    container.appendChild(this.layer);
  }

  place(v: Transform) {
    this.layer.style.transform = `translate(${v.x}px, ${v.y}px) scale(${v.k})`;
  }

  /**
   * Keeps focus rings the same width on screen. A custom property restyles every card under it,
   * so the renderer calls this only once a zoom has settled, not on every wheel step.
   */
  setZoom(k: number) {
    if (k !== this.zoom) this.layer.style.setProperty('--kin-zoom', String((this.zoom = k)));
  }

  sync(ids: readonly string[], withButtons: boolean) {
    const store = this.engine.store;
    const keep = new Set(ids);
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.closest<HTMLElement>('[data-node-id]') : null;
    if (focused && this.layer.contains(focused)) keep.add(focused.dataset.nodeId!);
    for (const [id, entry] of this.entries) {
      if (!keep.has(id) || !store.nodes.has(id) || store.nodes.get(id)!.hidden) {
        entry.el.remove();
        this.entries.delete(id);
      }
    }
    const interactive = this.engine.canSelect;
    for (const id of keep) {
      const rec = store.nodes.get(id);
      if (!rec || rec.hidden) continue;
      let entry = this.entries.get(id);
      if (!entry) {
        const el = document.createElement('div');
        el.className = 'kin-engine-card';
        el.tabIndex = 0;
        el.setAttribute('role', 'gridcell');
        el.dataset.nodeId = id;
        entry = { el, version: -1, withButtons: false };
        this.entries.set(id, entry);
        this.layer.appendChild(el);
      }
      if (entry.version === rec.version && entry.withButtons === withButtons) continue;
      const el = entry.el;
      el.style.transform = `translate(${rec.x}px, ${rec.y}px)`;
      el.style.width = `${rec.width}px`;
      el.style.height = `${rec.height}px`;
      el.setAttribute('aria-label', rec.type.label(rec.node));
      el.setAttribute('aria-selected', String(rec.selected));
      if (store.highlightedNodes.has(id)) el.dataset.highlighted = 'true';
      else delete el.dataset.highlighted;
      el.setAttribute('aria-readonly', String(!interactive || !rec.selectable));
      if (entry.withButtons !== withButtons || entry.version === -1 || withButtons) this.renderButtons(el, id, withButtons);
      entry.version = rec.version;
      entry.withButtons = withButtons;
    }
  }

  /** Refreshes attributes that depend on engine state rather than on a card (interactivity). */
  invalidate() {
    for (const e of this.entries.values()) e.version = -1;
  }

  private renderButtons(el: HTMLDivElement, nodeId: string, show: boolean) {
    const rec = this.engine.store.nodes.get(nodeId)!;
    const wanted = show ? rec.buttons : [];
    const existing = el.children;
    const same =
      existing.length === wanted.length &&
      wanted.every((b, i) => {
        const btn = existing[i] as HTMLButtonElement;
        return btn.dataset.buttonId === b.id && btn.getAttribute('aria-label') === b.label && btn.disabled === !!b.disabled;
      });
    if (same) return;
    el.replaceChildren(
      ...wanted.map((b) => {
        const btn = document.createElement('button');
        btn.type = 'button';
        btn.className = 'kin-engine-card-button';
        btn.dataset.buttonId = b.id;
        btn.setAttribute('aria-label', b.label);
        btn.title = b.label;
        btn.disabled = !!b.disabled;
        btn.style.transform = `translate(${b.x}px, ${b.y}px)`;
        btn.style.width = `${b.width}px`;
        btn.style.height = `${b.height}px`;
        btn.addEventListener('click', (e) => this.onButton(nodeId, b.id, e));
        return btn;
      }),
    );
  }

  destroy() {
    this.layer.remove();
    this.entries.clear();
  }
}
