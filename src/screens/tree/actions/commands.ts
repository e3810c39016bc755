import { openChartExport, openCharts } from '../chart/chartUi.ts';
import { kinshipOnCards } from '../kinship/kinshipUi.ts';
import { openDialog, openFind, requestTidy } from '../treeUi.ts';
import { runRedo, runUndo } from './undoRedo.ts';

/**
 * The tree's commands on cards (Excalidraw's habit: one action, whatever starts it). A card's
 * buttons, the details panel and the keyboard all run these; each opens the dialog that asks what
 * is needed and then calls the action that edits the tree (`commitEdit`).
 */
export interface TreeCommand {
  /** Keys that run it on the selected cards, or the card that has the focus. */
  keys?: readonly string[];
  /** Runs without cards too (on the whole tree), and on the selection only, never on the focus. */
  wholeTree?: boolean;
  /** Its keys count only without Control, ⌘ or Alt (browser shortcuts stay the browser's). */
  plainKeys?: boolean;
  /** Changes nothing: its keys work for a viewer too. */
  readOnly?: boolean;
  run(nodeIds: readonly string[]): void;
}

export const TREE_COMMANDS = {
  invite: { run: ([nodeId]) => openDialog({ kind: 'invite', nodeId: nodeId! }) },
  addRelative: { run: ([nodeId]) => openDialog({ kind: 'addRelative', nodeId: nodeId! }) },
  edit: { run: ([nodeId]) => openDialog({ kind: 'editPerson', nodeId: nodeId! }) },
  unlink: { run: ([nodeId]) => openDialog({ kind: 'unlink', nodeId: nodeId! }) },
  /** §2: Backspace deletes the selection; Delete does too. */
  delete: { keys: ['Backspace', 'Delete'], run: (nodeIds) => openDialog({ kind: 'delete', nodeIds: [...nodeIds] }) },
  details: { run: ([nodeId]) => openDialog({ kind: 'profileDetails', nodeId: nodeId! }) },
  /** How the person is their parents' child (birth, adopted, foster, step, unknown). */
  parentLinks: { run: ([nodeId]) => openDialog({ kind: 'parentLinks', nodeId: nodeId! }) },
  /** Issue 9: Tidy up the selected branch, or the whole tree with nothing selected (Shift+T). */
  tidyUp: { keys: ['T'], wholeTree: true, plainKeys: true, run: (nodeIds) => requestTidy(nodeIds) },
  /** Issue 24: How are we related? between two selected cards, or a card and the member (Shift+R). */
  kinship: { keys: ['R'], wholeTree: true, plainKeys: true, readOnly: true, run: kinshipOnCards },
} as const satisfies Record<string, TreeCommand>;

/** How a command's keys are written in a hint (the menu item beside it). */
export const COMMAND_SHORTCUTS: Partial<Record<TreeCommandId, string>> = { kinship: 'Shift R' };

export type TreeCommandId = keyof typeof TREE_COMMANDS;

/** Runs a command on some cards; nothing without cards, unless it works on the whole tree. */
export function runCommand(id: TreeCommandId, nodeIds: readonly string[]) {
  const command: TreeCommand = TREE_COMMANDS[id];
  if (nodeIds.length || command.wholeTree) command.run(nodeIds);
}

/** What a key press needs to say for `commandForKey`. */
export type KeyPress = string | Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>;

/** The command a key runs, if any. */
export function commandForKey(press: KeyPress): TreeCommandId | undefined {
  const { key, ctrlKey = false, metaKey = false, altKey = false } = typeof press === 'string' ? { key: press } : press;
  return (Object.keys(TREE_COMMANDS) as TreeCommandId[]).find((id) => {
    const command: TreeCommand = TREE_COMMANDS[id];
    return command.keys?.includes(key) && !(command.plainKeys && (ctrlKey || metaKey || altKey));
  });
}

/**
 * The cards a key press runs a command on: the selection, else (card commands) the focused card;
 * null when there is nothing to run it on.
 */
export function commandTargets(id: TreeCommandId, selected: readonly string[], focused: string | undefined): string[] | null {
  if (selected.length) return [...selected];
  const command: TreeCommand = TREE_COMMANDS[id];
  if (command.wholeTree) return [];
  return focused ? [focused] : null;
}

/** A key as the screen commands read it (a DOM KeyboardEvent is one). */
export interface ScreenKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey?: boolean;
  /** Where the key was pressed: `/` types a slash in a field, it does not search. */
  target: EventTarget | null;
}

/** The tree screen's commands that act on no card, with the keys that run them anywhere on it. */
export interface ScreenCommand {
  label: string;
  /** How the keys are written in a hint ("Ctrl K"). */
  shortcut(isMac: boolean): string;
  keyTest(e: ScreenKey): boolean;
  run(): void;
}

const typing = (target: EventTarget | null) =>
  typeof Element !== 'undefined' && target instanceof Element && !!target.closest('input, textarea, select, [contenteditable="true"]');

export const SCREEN_COMMANDS = {
  /** Find anyone (issue 9): Ctrl+K (Cmd+K on a Mac) anywhere, or / when not typing in a field. */
  find: {
    label: 'Find someone',
    shortcut: (isMac) => (isMac ? '⌘ K' : 'Ctrl K'),
    keyTest: (e) =>
      ((e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey) && !e.altKey) ||
      (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target)),
    run: openFind,
  },
  /** Export chart (issue 22): Ctrl+Shift+E (Cmd+Shift+E on a Mac) anywhere on the tree screen. */
  exportChart: {
    label: 'Export chart',
    shortcut: (isMac) => (isMac ? '⇧ ⌘ E' : 'Ctrl Shift E'),
    keyTest: (e) => (e.key === 'e' || e.key === 'E') && (e.ctrlKey || e.metaKey) && !!e.shiftKey && !e.altKey,
    run: openChartExport,
  },
  /**
   * Undo the member's last change (issue 24): Ctrl+Z (Cmd+Z on a Mac), not while typing in a field
   * (the field's own undo).
   */
  undo: {
    label: 'Undo',
    shortcut: (isMac) => (isMac ? '⌘ Z' : 'Ctrl Z'),
    keyTest: (e) => (e.key === 'z' || e.key === 'Z') && (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && !typing(e.target),
    run: runUndo,
  },
  /** Redo what Undo took back: Ctrl+Shift+Z (Cmd+Shift+Z on a Mac) or Ctrl+Y, not while typing in a field. */
  redo: {
    label: 'Redo',
    shortcut: (isMac) => (isMac ? '⇧ ⌘ Z' : 'Ctrl Shift Z'),
    keyTest: (e) =>
      !e.altKey &&
      !typing(e.target) &&
      (((e.key === 'z' || e.key === 'Z') && (e.ctrlKey || e.metaKey) && !!e.shiftKey) || ((e.key === 'y' || e.key === 'Y') && e.ctrlKey && !e.metaKey && !e.shiftKey)),
    run: runRedo,
  },
  /** Charts… (issue 22): the fan, pedigree, descendant and hourglass charts, Shift+C when not typing in a field. */
  charts: {
    label: 'Charts',
    shortcut: (_isMac: boolean) => 'Shift C',
    keyTest: (e) => e.key === 'C' && !!e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target),
    run: openCharts,
  },
} as const satisfies Record<string, ScreenCommand>;

export type ScreenCommandId = keyof typeof SCREEN_COMMANDS;

/**
 * The screen command a key runs, if any. Not while a dialog is open: its fields and keys are its
 * own (and the search would open behind it).
 */
export function screenCommandForKey(e: ScreenKey): ScreenCommandId | undefined {
  if (e.target instanceof Element && e.target.closest('[role="dialog"], [role="alertdialog"]')) return undefined;
  return (Object.keys(SCREEN_COMMANDS) as ScreenCommandId[]).find((id) => SCREEN_COMMANDS[id].keyTest(e));
}
