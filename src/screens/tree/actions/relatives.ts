import { addRelative, type RelativeKind, type RelativeSource } from '../../../domain/relationships.ts';
import type { ParentRole } from '../../../domain/types.ts';
import { notifier, type TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';

export type ActionOutcome<T = object> = ({ ok: true } & T) | { ok: false; message: string };

export interface AddRelativeRequest {
  nodeId: string;
  kind: RelativeKind;
  parentRole?: ParentRole;
  person: RelativeSource;
}

/**
 * Add Relative (§4) from any place (dialog, canvas, keyboard): runs the domain operation, commits
 * it to the session and toasts 'Linked successfully' or 'Spouse linked'. A refusal toasts the
 * domain's message; anything unexpected 'Failed to link relative' / 'Failed to link spouse'.
 */
export function addRelativeAction(ctx: TreeActionContext, req: AddRelativeRequest): ActionOutcome<{ nodeId: string }> {
  const toast = notifier(ctx);
  const spouse = req.kind === 'spouse';
  try {
    const result = addRelative(ctx.session.graph, {
      kind: req.kind,
      referenceNodeId: req.nodeId,
      parentRole: req.parentRole,
      person: req.person,
      now: ctx.now(),
      findFree: ctx.findFree,
    });
    if (!result.ok) {
      toast.error(result.message);
      return result;
    }
    ctx.session.apply(result);
    toast.success(spouse ? TREE_TOASTS.spouseLinked : TREE_TOASTS.linked);
    return { ok: true, nodeId: result.nodeId };
  } catch (e) {
    console.error(e);
    const message = spouse ? TREE_TOASTS.linkSpouseFailed : TREE_TOASTS.linkRelativeFailed;
    toast.error(message);
    return { ok: false, message };
  }
}

/**
 * Link spouse (two cards joined side handle to side handle): marries the people of the two cards.
 */
export function linkSpousesAction(ctx: TreeActionContext, nodeId: string, otherNodeId: string): ActionOutcome<{ nodeId: string }> {
  const other = ctx.session.graph.nodes.find((n) => n.id === otherNodeId);
  if (!other || !other.data.profileId) {
    notifier(ctx).error(TREE_TOASTS.linkSpouseFailed);
    return { ok: false, message: TREE_TOASTS.linkSpouseFailed };
  }
  return addRelativeAction(ctx, { nodeId, kind: 'spouse', person: { existingProfileId: other.data.profileId } });
}
