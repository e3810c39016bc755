import type { EngineEdge } from '../../../../engine/index.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import { addRelative, parentCards, type RelativeKind, type RelativeSource } from '../../../domain/relationships.ts';
import { setLinkKinds, type LinkKind } from '../../../domain/pedigree.ts';
import type { ParentRole } from '../../../domain/types.ts';
import { linkParent, relinkParent, type ConnectionIntent } from '../canvas/connections.ts';
import { commitEdit, type ActionOutcome } from './commit.ts';
import { notifier, type TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';
import { mayLink, mayLinkProfile, rightsOf } from './rights.ts';
import { RIGHTS_MESSAGES } from '../../../domain/permissions.ts';

export interface AddRelativeRequest {
  nodeId: string;
  kind: RelativeKind;
  parentRole?: ParentRole;
  /** A child's other parent: a spouse's profile id (absent: a single parent). */
  otherParentProfileId?: string;
  /** A second parent: whether the two parents are a couple (absent: yes). */
  couple?: boolean;
  person: RelativeSource;
}

/**
 * Add Relative (§4) from any place (dialog, canvas, keyboard): runs the domain operation, commits
 * it to the session and toasts 'Person added' for a person made new here, else (an existing
 * profile linked) 'Linked successfully' or 'Spouse linked'. A refusal toasts the
 * domain's message; anything unexpected 'Failed to link relative' / 'Failed to link spouse'.
 */
export function addRelativeAction(ctx: TreeActionContext, req: AddRelativeRequest): ActionOutcome<{ nodeId: string }> {
  const spouse = req.kind === 'spouse';
  const done = commitEdit(
    ctx,
    () =>
      'existingProfileId' in req.person && !mayLinkExisting(ctx, req, req.person.existingProfileId)
        ? { ok: false as const, message: RIGHTS_MESSAGES.relatives }
        : addRelative(ctx.session.graph, {
        kind: req.kind,
        referenceNodeId: req.nodeId,
        parentRole: req.parentRole,
        otherParentProfileId: req.otherParentProfileId,
        couple: req.couple,
        person: req.person,
        now: ctx.now(),
        findFree: ctx.findFree,
      }),
    {
      success: !('existingProfileId' in req.person) ? TREE_TOASTS.personAdded : spouse ? TREE_TOASTS.spouseLinked : TREE_TOASTS.linked,
      failure: spouse ? TREE_TOASTS.linkSpouseFailed : TREE_TOASTS.linkRelativeFailed,
    },
  );
  return done.ok ? { ok: true, nodeId: done.result.nodeId } : done;
}

/**
 * Link spouse (two cards joined side handle to side handle): marries the people of the two cards.
 */
export function linkSpousesAction(ctx: TreeActionContext, nodeId: string, otherNodeId: string): ActionOutcome<{ nodeId: string }> {
  const other = graphIndex(ctx.session.graph).nodes.get(otherNodeId);
  if (!other || !other.data.profileId) {
    notifier(ctx).error(TREE_TOASTS.linkSpouseFailed);
    return { ok: false, message: TREE_TOASTS.linkSpouseFailed };
  }
  return addRelativeAction(ctx, { nodeId, kind: 'spouse', person: { existingProfileId: other.data.profileId } });
}

/** What a line to or from someone another member has claimed answers (§6, as the server). */
const refused = { ok: false as const, message: RIGHTS_MESSAGES.relatives };

/**
 * Linking an existing profile changes its relatives and those of every card it is linked to (§6,
 * `cardRights`): the card, a child's other parent, a sibling's parents.
 */
function mayLinkExisting(ctx: TreeActionContext, req: AddRelativeRequest, profileId: string): boolean {
  const graph = ctx.session.graph;
  const profile = graph.profiles[profileId];
  const cards = [req.nodeId];
  const otherParent = req.kind === 'child' && req.otherParentProfileId ? graphIndex(graph).nodesByProfile.get(req.otherParentProfileId) : undefined;
  if (otherParent) cards.push(...otherParent);
  if (req.kind === 'sibling') cards.push(...parentCards(graph, req.nodeId).map((n) => n.id));
  return cards.every((id) => rightsOf(graph, id, ctx.uid).link) && (!profile || mayLinkProfile(profile, ctx.uid));
}

/** Sets how a child belongs to each parent (birth, adopted, foster, step, unknown) as one edit, with Undo. */
export function setLinkKindsAction(ctx: TreeActionContext, input: { childNodeId: string; kinds: Readonly<Record<string, LinkKind>> }): ActionOutcome {
  const graph = ctx.session.graph;
  const allowed = Object.keys(input.kinds).every((parentNodeId) => mayLink(graph, parentNodeId, input.childNodeId, ctx.uid));
  return commitEdit(ctx, () => (allowed ? setLinkKinds(graph, input) : refused), {
    success: TREE_TOASTS.linkKindSet,
    failure: TREE_TOASTS.linkKindFailed,
    undo: { done: TREE_TOASTS.linkKindUndone },
  });
}

type ParentIntent = Extract<ConnectionIntent, { kind: 'parent' }>;

/** A line drawn from a parent's bottom handle to a child's top handle: 'this is their parent'. */
export function linkParentAction(ctx: TreeActionContext, intent: ParentIntent): ActionOutcome {
  return commitEdit(ctx, () => (!mayLink(ctx.session.graph, intent.parentNodeId, intent.childNodeId, ctx.uid) ? refused : linkParent(ctx.session.graph, intent.parentNodeId, intent.childNodeId, ctx.now(), ctx.findFree)), {
    success: TREE_TOASTS.linked,
    failure: TREE_TOASTS.linkRelativeFailed,
  });
}

/** One end of a parent line dragged to another card: the old link goes and the new one comes, as one edit. */
export function relinkParentAction(ctx: TreeActionContext, old: Pick<EngineEdge, 'source' | 'target'>, intent: ParentIntent): ActionOutcome {
  const graph = ctx.session.graph;
  const allowed = mayLink(graph, old.source, old.target, ctx.uid) && mayLink(graph, intent.parentNodeId, intent.childNodeId, ctx.uid);
  return commitEdit(ctx, () => (allowed ? relinkParent(graph, old, intent, ctx.now(), ctx.findFree) : refused), {
    success: TREE_TOASTS.linked,
    failure: TREE_TOASTS.linkRelativeFailed,
  });
}
