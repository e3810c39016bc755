import { RELATIONSHIP_MESSAGES, unlinkRelation, type Relation } from '../../../domain/relationships.ts';
import { treeUi } from '../treeUi.ts';
import { commitEdit, type ActionOutcome } from './commit.ts';
import type { TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';
import { mayLink } from './rights.ts';
import { RIGHTS_MESSAGES } from '../../../domain/permissions.ts';

/**
 * Unlink person (§4): removes one relationship and offers 'Undo' for 5 s. Spouses who share a
 * child are refused with the §8 message; any other failure toasts 'Failed to unlink relationship'.
 * A spouse's card that nothing connects any more is removed by the domain ('Spouse unlinked and
 * cleaned up'); parent and child links toast 'Relationship unlinked'. A relationship of someone
 * another member has claimed is theirs to change (§6): refused here as on the server.
 */
export function unlinkWithUndo(ctx: TreeActionContext, nodeId: string, relation: Relation): ActionOutcome<{ removedNodeId: string | null }> {
  const done = commitEdit(
    ctx,
    () =>
      mayLink(ctx.session.graph, nodeId, relation.nodeId, ctx.uid)
        ? unlinkRelation(ctx.session.graph, { nodeId, relation })
        : { ok: false as const, message: RIGHTS_MESSAGES.relatives },
    {
    success: relation.kind === 'spouse' ? TREE_TOASTS.spouseUnlinked : TREE_TOASTS.relationshipUnlinked,
    failure: TREE_TOASTS.unlinkFailed,
    refusal: (message) => (message === RELATIONSHIP_MESSAGES.sharedChildren ? message : TREE_TOASTS.unlinkFailed),
    undo: { done: TREE_TOASTS.unlinkUndone },
    after: ({ removedNodeId }) => {
      if (removedNodeId && treeUi.detailsNodeId === removedNodeId) treeUi.detailsNodeId = null;
    },
    },
  );
  return done.ok ? { ok: true, removedNodeId: done.result.removedNodeId } : done;
}
