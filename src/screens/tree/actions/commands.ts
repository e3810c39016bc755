import { openDialog, openFind } from '../treeUi.ts';

/**
 * The tree's commands on cards (Excalidraw's habit: one action, whatever starts it). A card's
 * buttons, the details panel and the keyboard all run these; each opens the dialog that asks what
 * is needed and then calls the action that edits the tree (`commitEdit`).
 */
export interface TreeCommand {
  /** Keys that run it on the selected cards, or the card that has the focus. */
  keys?: readonly string[];
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
} as const satisfies Record<string, TreeCommand>;

export type TreeCommandId = keyof typeof TREE_COMMANDS;

/** Runs a command on some cards; nothing without cards. */
export function runCommand(id: TreeCommandId, nodeIds: readonly string[]) {
  if (nodeIds.length) TREE_COMMANDS[id].run(nodeIds);
}

/** The command a key runs, if any. */
export function commandForKey(key: string): TreeCommandId | undefined {
  return (Object.keys(TREE_COMMANDS) as TreeCommandId[]).find((id) => (TREE_COMMANDS[id] as TreeCommand).keys?.includes(key));
}

/** A key as the screen commands read it (a DOM KeyboardEvent is one). */
export interface ScreenKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
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
  target instanceof Element && !!target.closest('input, textarea, select, [contenteditable="true"]');

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
