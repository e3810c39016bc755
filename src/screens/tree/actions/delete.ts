import type { UndoRecord } from '../../../domain/graphDraft.ts';
import { deletePerson, undo } from '../../../domain/relationships.ts';
import { UNDO_WINDOW_MS } from '../../../domain/timing.ts';
import type { Graph } from '../../../domain/types.ts';
import { treeUi } from '../treeUi.ts';
import { notifier, type TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';
import type { ActionOutcome } from './relatives.ts';

/** The nodes of a selection that may be deleted: present and not the primary person (§6). */
export function deletableNodeIds(graph: Graph, nodeIds: readonly string[]): string[] {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  return [...new Set(nodeIds)].filter((id) => {
    const node = byId.get(id);
    return !!node && !node.data.isPrimary;
  });
}

/**
 * Delete person (§4) for one card or a whole selection: every deletable card is removed with its
 * edges and profile (the primary person is skipped), committed as one edit, and one 'Person
 * deleted' toast offers 'Undo' for 5 s, which restores all of them ('Deletion undone').
 */
export function deleteWithUndo(ctx: TreeActionContext, nodeIds: readonly string[]): ActionOutcome<{ deleted: string[] }> {
  const toast = notifier(ctx);
  try {
    const ids = deletableNodeIds(ctx.session.graph, nodeIds);
    if (!ids.length) {
      toast.error(TREE_TOASTS.deleteFailed);
      return { ok: false, message: TREE_TOASTS.deleteFailed };
    }
    let graph = ctx.session.graph;
    const records: UndoRecord[] = [];
    for (const id of ids) {
      const result = deletePerson(graph, id);
      if (!result.ok) {
        toast.error(TREE_TOASTS.deleteFailed);
        return { ok: false, message: TREE_TOASTS.deleteFailed };
      }
      graph = result.graph;
      records.push(result.undo);
    }
    ctx.session.apply({ graph });
    if (treeUi.detailsNodeId && ids.includes(treeUi.detailsNodeId)) treeUi.detailsNodeId = null;
    let undone = false;
    toast.success(TREE_TOASTS.personDeleted, {
      duration: UNDO_WINDOW_MS,
      action: {
        label: TREE_TOASTS.undo,
        onClick: () => {
          if (undone) return;
          undone = true;
          try {
            // Later deletions saw the earlier ones: undo them last-first.
            let restored = ctx.session.graph;
            for (const record of [...records].reverse()) restored = undo(restored, record).graph;
            ctx.session.apply({ graph: restored });
            toast.success(TREE_TOASTS.deletionUndone);
          } catch (e) {
            console.error(e);
            toast.error(TREE_TOASTS.deleteFailed);
          }
        },
      },
    });
    return { ok: true, deleted: ids };
  } catch (e) {
    console.error(e);
    toast.error(TREE_TOASTS.deleteFailed);
    return { ok: false, message: TREE_TOASTS.deleteFailed };
  }
}
