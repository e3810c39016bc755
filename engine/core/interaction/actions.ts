/**
 * Every command is an action `{ perform, keyTest }` (Excalidraw's habit): the controls' buttons
 * and the keyboard run the same code.
 */
import { NUDGE_SHIFT_FACTOR, NUDGE_STEP } from '../constants.ts';
import { snapValue } from '../geometry.ts';
import type { CanvasEngine } from '../engine.ts';
import type { KeyInput } from './input.ts';
import type { XY } from '../types.ts';

export interface Action {
  label: string;
  keyTest?(e: KeyInput, engine: CanvasEngine): boolean;
  perform(engine: CanvasEngine, e: KeyInput): void;
}

const ARROWS: Record<string, XY> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** A view the member chose with a control or key is a settled one (the app may remember it). */
const settle = (move: (en: CanvasEngine) => void) => (en: CanvasEngine) => {
  move(en);
  en.viewportSettled();
};

const plain = (e: KeyInput) => !e.ctrlKey && !e.metaKey;

export const actions = {
  zoomIn: { label: 'Zoom in', keyTest: (e) => e.key === '+' || e.key === '=', perform: settle((en) => en.zoomIn()) },
  zoomOut: { label: 'Zoom out', keyTest: (e) => e.key === '-', perform: settle((en) => en.zoomOut()) },
  fitView: { label: 'Fit view', perform: settle((en) => en.fitView()) },
  /** Back to the home card (`homeNodeId`, the member's own); its control is named by `homeLabel`. */
  goHome: {
    label: 'Me',
    keyTest: (e, en) => (e.key === 'm' || e.key === 'M') && plain(e) && !!en.options.homeNodeId,
    perform: settle((en) => en.goHome()),
  },
  toggleInteractivity: { label: 'Toggle interactivity', perform: (en) => en.setInteractive(!en.interactive) },
  toggleFocused: {
    label: 'Toggle selection',
    keyTest: (e) => !!e.nodeId && (e.key === 'Enter' || e.key === ' '),
    perform: (en, e) => en.toggleNode(e.nodeId!, en.isAdditive(e)),
  },
  deselect: {
    label: 'Deselect',
    keyTest: (e) => e.key === 'Escape',
    perform: (en) => {
      en.interaction.cancel();
      en.deselectAll();
    },
  },
  deleteSelection: {
    label: 'Delete selection',
    keyTest: (e) => e.key === 'Backspace',
    perform: (en) => void en.deleteSelection(),
  },
  nudge: {
    label: 'Nudge selection',
    keyTest: (e, en) => e.key in ARROWS && en.store.selectedNodes.size > 0,
    perform: (en, e) => {
      if (!en.canDrag) return;
      const grid = en.snapGrid;
      const dir = ARROWS[e.key];
      const factor = e.shiftKey ? NUDGE_SHIFT_FACTOR : 1;
      const dx = dir.x * (grid ? grid[0] : NUDGE_STEP) * factor;
      const dy = dir.y * (grid ? grid[1] : NUDGE_STEP) * factor;
      const moves = new Map<string, XY>();
      for (const id of en.store.selectedNodes) {
        const rec = en.store.nodes.get(id)!;
        if (!rec.draggable || (rec.parentId && en.store.selectedNodes.has(rec.parentId))) continue;
        const x = rec.x + dx, y = rec.y + dy;
        moves.set(id, grid ? { x: snapValue(x, grid[0]), y: snapValue(y, grid[1]) } : { x, y });
      }
      en.moveNodes(moves, false);
    },
  },
} satisfies Record<string, Action>;

export type ActionName = keyof typeof actions;

export function runKey(engine: CanvasEngine, e: KeyInput): boolean {
  for (const action of Object.values(actions) as Action[]) {
    if (action.keyTest?.(e, engine)) {
      action.perform(engine, e);
      return true;
    }
  }
  return false;
}
