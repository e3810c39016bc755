import { AppError } from '../errors.ts';
import type { GraphStoreTransaction } from './graphStore.ts';

/** §6: a member removed from a tree no longer changes it, their own card there included. */
export const PROFILE_ON_TREE_LEFT = 'Your card is still on a family tree you were removed from, so its details cannot be changed now.';

/**
 * A profile is one record, shown by every tree that has its card: a change to one's own card (or
 * a card one claimed) would reach a tree one was removed from, whose card stays there and stays
 * one's own (§6 "Remove member"). Refused (permission-denied) while such a tree shows any of `ids`.
 * `showing` is the store's graphsShowing answer for them (and maybe for others).
 */
export async function refuseTreesLeft(tx: GraphStoreTransaction, showing: ReadonlyMap<string, ReadonlySet<string>>, uid: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  for (const [graphId, shown] of showing) {
    if (!ids.some((id) => shown.has(id))) continue;
    if (!(await tx.memberRole(graphId, uid))) throw new AppError('permission-denied', PROFILE_ON_TREE_LEFT);
  }
}

/** The refusal above: the e-mail sync after a confirmed address change leaves such a card as it is. */
export function isTreeLeftRefusal(e: unknown): boolean {
  return e instanceof AppError && e.message === PROFILE_ON_TREE_LEFT;
}
