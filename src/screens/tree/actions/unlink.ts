import { RELATIONSHIP_MESSAGES, unlinkRelation, type Relation } from '../../../domain/relationships.ts';
import { treeUi } from '../treeUi.ts';
import { commitEdit, type ActionOutcome } from './commit.ts';
import type { TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';

/**
 * Unlink person (§4): removes one relationship and offers 'Undo' for 5 s. Spouses who share a
 * child are refused with the §8 message; any other failure toasts 'Failed to unlink relationship'.
 * A spouse's card that nothing connects any more is removed by the domain ('Spouse unlinked and
 * cleaned up'); parent and child links toast 'Relationship unlinked'.
 */
export function unlinkWithUndo(ctx: TreeActionContext, nodeId: string, relation: Relation): ActionOutcome<{ removedNodeId: string | null }> {
  const done = commitEdit(ctx, () => unlinkRelation(ctx.session.graph, { nodeId, relation }), {
    success: relation.kind === 'spouse' ? TREE_TOASTS.spouseUnlinked : TREE_TOASTS.relationshipUnlinked,
    failure: TREE_TOASTS.unlinkFailed,
    refusal: (message) => (message === RELATIONSHIP_MESSAGES.sharedChildren ? message : TREE_TOASTS.unlinkFailed),
    undo: { done: TREE_TOASTS.unlinkUndone },
    after: ({ removedNodeId }) => {
      if (removedNodeId && treeUi.detailsNodeId === removedNodeId) treeUi.detailsNodeId = null;
    },
  });
  return done.ok ? { ok: true, removedNodeId: done.result.removedNodeId } : done;
}
