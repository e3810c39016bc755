import { proxy } from 'valtio';
import type { Relation } from '../../domain/relationships.ts';

/**
 * Which panel and dialog of the tree screen is open. Small and flat on purpose: the graph itself
 * lives in TreeSession, never in a proxy.
 */
export type TreeDialog =
  | { kind: 'addRelative'; nodeId: string }
  | { kind: 'createPerson'; nodeId: string; relation: 'child' | 'parent' | 'spouse'; parentRole?: 'mother' | 'father' }
  | { kind: 'editPerson'; nodeId: string }
  | { kind: 'linkSpouse'; nodeId: string; otherNodeId: string }
  | { kind: 'unlink'; nodeId: string; relation?: Relation }
  | { kind: 'delete'; nodeIds: string[] }
  | { kind: 'invite'; nodeId: string }
  | { kind: 'profileDetails'; nodeId: string };

export const treeUi = proxy<{ dialog: TreeDialog | null; detailsNodeId: string | null }>({
  dialog: null,
  detailsNodeId: null,
});

export function openDialog(dialog: TreeDialog) {
  treeUi.dialog = dialog;
}

export function closeDialog() {
  treeUi.dialog = null;
}
