import { moveCards, tidyPlan, tidyPositions } from '../../../domain/layout/index.ts';
import { runLayout, type LayoutRunner } from '../layout/runLayout.ts';
import { commitEdit, type ActionOutcome } from './commit.ts';
import { notifier, type TreeActionContext } from './context.ts';

/** "Tidy up"'s texts (ours: the spec has none; docs/PRODUCT.md "Tidy up"). */
export const TIDY_TEXTS = {
  label: 'Tidy up',
  shortcut: 'Shift+T',
  treeHint: 'Lay out the whole tree',
  branchHint: 'Lay out the selected people with their descendants',
  busy: 'Tidying up…',
  treeDone: 'Tree tidied up',
  branchDone: 'Branch tidied up',
  alreadyTidy: 'Already tidy: nothing to move',
  undone: 'Tidy up undone',
  failed: 'Failed to tidy up',
} as const;

/**
 * Tidy up (issue 9, item 3): lays out the whole tree, or the selected cards' branch, with the
 * automatic layout (in a worker: `run`), puts it where those cards were, clear of the rest, and
 * moves the cards in one edit through `commitEdit` (one Undo step). The graph may change while
 * the layout runs; the cards still there move, others stay. Answers how many cards moved.
 */
export async function tidyUpAction(
  ctx: TreeActionContext,
  selected: readonly string[],
  run: LayoutRunner = runLayout,
  onProgress?: (fraction: number) => void,
): Promise<ActionOutcome<{ moved: number }>> {
  const plan = tidyPlan(ctx.session.graph, selected);
  if (!plan) return { ok: true, moved: 0 };
  let result;
  try {
    result = await run(plan.input, onProgress);
  } catch (e) {
    console.error(e);
    notifier(ctx).error(TIDY_TEXTS.failed);
    return { ok: false, message: TIDY_TEXTS.failed };
  }
  const outcome = commitEdit(ctx, () => ({ ok: true, ...moveCards(ctx.session.graph, tidyPositions(ctx.session.graph, plan, result), ctx.now()) }), {
    success: plan.scope === 'tree' ? TIDY_TEXTS.treeDone : TIDY_TEXTS.branchDone,
    failure: TIDY_TEXTS.failed,
    undo: { done: TIDY_TEXTS.undone },
  });
  if (!outcome.ok) return outcome;
  const moved = outcome.result.changed.nodes.length;
  if (!moved) notifier(ctx).info(TIDY_TEXTS.alreadyTidy);
  return { ok: true, moved };
}
