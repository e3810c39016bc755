import { markNotDuplicate, mergePeople, type MergeField, type MergeSide } from '../../../domain/duplicates/index.ts';
import { commitEdit, type ActionOutcome } from './commit.ts';
import type { FactsActionContext } from './facts.ts';
import { DUPLICATES_TEXTS as T } from '../duplicates/duplicatesUi.ts';

export type MergeActionContext = FactsActionContext & { session: FactsActionContext['session'] & { role: import('../../../domain/roles.ts').TreeRole; ownerUid: string } };

/**
 * Merges `gone` into `keep` (issue 24) as one edit: saved as one change set through the normal
 * save path, with 'Undo' for 5 s like every edit; a refusal (a claimed card, close relatives,
 * too many parents) toasts the domain's reason and changes nothing.
 */
export function mergeWithUndo(ctx: MergeActionContext, keep: string, gone: string, choices: Partial<Record<MergeField, MergeSide>>): ActionOutcome<{ keepNodeId: string | null }> {
  const done = commitEdit(
    ctx,
    () => mergePeople(ctx.session.graph, { keep, gone, choices, uid: ctx.uid, role: ctx.session.role, graphOwnerUid: ctx.session.ownerUid, now: ctx.now(), random: ctx.random ?? Math.random }),
    { success: T.merged, failure: T.mergeFailed, undo: { done: T.mergeUndone } },
  );
  return done.ok ? { ok: true, keepNodeId: done.result.keepNodeId } : done;
}

/** "Not a duplicate": remembered in the tree for every member, with 'Undo' for 5 s. */
export function markNotDuplicateWithUndo(ctx: FactsActionContext, a: string, b: string): ActionOutcome {
  const done = commitEdit(ctx, () => markNotDuplicate(ctx.session.graph, a, b), { success: T.notDuplicateDone, failure: T.notDuplicateFailed, undo: { done: T.notDuplicateUndone } });
  return done.ok ? { ok: true } : done;
}
