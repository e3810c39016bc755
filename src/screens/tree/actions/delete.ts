import { chainFacts, type FactsResult } from '../../../domain/facts/factsResult.ts';
import { deletePerson } from '../../../domain/relationships.ts';
import { eventsLoaded, EVENTS_NOT_LOADED } from '../../../domain/facts/eventsLoading.ts';
import type { Graph } from '../../../domain/types.ts';
import { treeUi } from '../treeUi.ts';
import { commitEdit, type ActionOutcome, type Attempt } from './commit.ts';
import type { TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';
import { rightsOf } from './rights.ts';

/**
 * The cards of a selection the member may delete (§6, `cardRights`): present, not the primary
 * person, not someone another member has claimed.
 */
export function deletableNodeIds(graph: Graph, nodeIds: readonly string[], uid: string): string[] {
  return [...new Set(nodeIds)].filter((id) => rightsOf(graph, id, uid).remove);
}

/** Whether every profile these cards show has its events at hand. */
function deletedEventsAtHand(graph: Graph, nodeIds: readonly string[]): boolean {
  const wanted = new Set(nodeIds);
  for (const n of graph.nodes) {
    if (!wanted.has(n.id)) continue;
    const p = Object.hasOwn(graph.profiles, n.data.profileId) ? graph.profiles[n.data.profileId] : undefined;
    if (p && !eventsLoaded(p)) return false;
  }
  return true;
}

/**
 * Delete person (§4) for one card or a whole selection: every deletable card is removed with its
 * edges and profile (the primary person is skipped), committed as one edit, and one 'Person
 * deleted' toast offers 'Undo' for 5 s, which restores all of them ('Deletion undone').
 */
export function deleteWithUndo(ctx: TreeActionContext, nodeIds: readonly string[]): ActionOutcome<{ deleted: string[] }> {
  let ids: string[] = [];
  const done = commitEdit(
    ctx,
    (): Attempt<FactsResult> => {
      ids = deletableNodeIds(ctx.session.graph, nodeIds, ctx.uid);
      if (!ids.length) return { ok: false, message: TREE_TOASTS.deleteFailed };
      // Undo re-creates the deleted from what the session holds: never from a "not loaded" marker
      // (the delete dialog loads their events first).
      if (!deletedEventsAtHand(ctx.session.graph, ids)) return { ok: false, message: EVENTS_NOT_LOADED };
      const steps: FactsResult[] = [];
      const base = ctx.session.graph;
      let graph = base;
      for (const id of ids) {
        const step = deletePerson(graph, id);
        if (!step.ok) return { ok: false, message: TREE_TOASTS.deleteFailed };
        steps.push(step);
        graph = step.graph;
      }
      return { ok: true, ...chainFacts(base, steps) };
    },
    {
      success: TREE_TOASTS.personDeleted,
      failure: TREE_TOASTS.deleteFailed,
      undo: { done: TREE_TOASTS.deletionUndone },
      after: () => {
        if (treeUi.detailsNodeId && ids.includes(treeUi.detailsNodeId)) treeUi.detailsNodeId = null;
      },
    },
  );
  return done.ok ? { ok: true, deleted: ids } : done;
}
