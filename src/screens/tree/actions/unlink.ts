import { RELATIONSHIP_MESSAGES, undo, unlinkRelation, type Relation } from '../../../domain/relationships.ts';
import { UNDO_WINDOW_MS } from '../../../domain/timing.ts';
import { treeUi } from '../treeUi.ts';
import { notifier, type TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';
import type { ActionOutcome } from './relatives.ts';

/**
 * Unlink person (§4): removes one relationship and offers 'Undo' for 5 s. Spouses who share a
 * child are refused with the §8 message; any other failure toasts 'Failed to unlink relationship'.
 * A spouse's card that nothing connects any more is removed by the domain ('Spouse unlinked and
 * cleaned up'); parent and child links toast 'Relationship unlinked'.
 */
export function unlinkWithUndo(ctx: TreeActionContext, nodeId: string, relation: Relation): ActionOutcome<{ removedNodeId: string | null }> {
  const toast = notifier(ctx);
  try {
    const result = unlinkRelation(ctx.session.graph, { nodeId, relation });
    if (!result.ok) {
      const message = result.message === RELATIONSHIP_MESSAGES.sharedChildren ? result.message : TREE_TOASTS.unlinkFailed;
      toast.error(message);
      return { ok: false, message };
    }
    ctx.session.apply(result);
    if (result.removedNodeId && treeUi.detailsNodeId === result.removedNodeId) treeUi.detailsNodeId = null;
    let undone = false;
    toast.success(relation.kind === 'spouse' ? TREE_TOASTS.spouseUnlinked : TREE_TOASTS.relationshipUnlinked, {
      duration: UNDO_WINDOW_MS,
      action: {
        label: TREE_TOASTS.undo,
        onClick: () => {
          if (undone) return;
          undone = true;
          try {
            ctx.session.apply(undo(ctx.session.graph, result.undo));
            toast.success(TREE_TOASTS.unlinkUndone);
          } catch (e) {
            console.error(e);
            toast.error(TREE_TOASTS.unlinkFailed);
          }
        },
      },
    });
    return { ok: true, removedNodeId: result.removedNodeId };
  } catch (e) {
    console.error(e);
    toast.error(TREE_TOASTS.unlinkFailed);
    return { ok: false, message: TREE_TOASTS.unlinkFailed };
  }
}
