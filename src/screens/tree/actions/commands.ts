import { openDialog } from '../treeUi.ts';

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
