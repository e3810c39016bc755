import type { ClaimedCardChoice, OwnedTreeChoice } from '../../src/backend/ports.ts';
import { AppError } from '../../src/domain/errors.ts';
import { isVisibility } from '../../src/domain/privacy.ts';
import { asObject } from './request.ts';

/**
 * One's own data on Firebase, the pure part: the checks of an account deletion's choices (as the
 * self-hosted server's server/account.ts words them) and of a settings change.
 */

export const TREE_CHOICE_MISSING = 'Choose what becomes of every family tree you own: hand it to another member or delete it.';
export const TREE_CHOICE_UNKNOWN = 'You can only decide about the family trees you own.';
export const TRANSFER_NOT_MEMBER = 'A family tree can only be handed to one of its other members.';

export interface DeletionPlan {
  card: ClaimedCardChoice;
  /** Owned tree → the member it goes to. */
  transfers: Map<string, string>;
  deletes: string[];
}

/**
 * The deletion's choices checked against the trees the member owns (`owned`) and their members
 * (`membersOf`): one choice for each owned tree, none for others, a hand-over only to another member.
 */
export function planDeletion(data: unknown, uid: string, owned: readonly string[], membersOf: (graphId: string) => readonly string[]): DeletionPlan {
  const body = asObject(data);
  const card = body.card;
  if (card !== 'keep-name' && card !== 'remove') throw new AppError('invalid-argument', 'card must be keep-name or remove.');
  if (!Array.isArray(body.trees) || body.trees.length > 1000) throw new AppError('invalid-argument', 'trees is not valid.');
  const choices = new Map<string, OwnedTreeChoice>();
  for (const raw of body.trees as unknown[]) {
    const c = asObject(raw);
    if (typeof c.graphId !== 'string') throw new AppError('invalid-argument', 'trees is not valid.');
    if (c.action === 'delete') choices.set(c.graphId, { graphId: c.graphId, action: 'delete' });
    else if (c.action === 'transfer' && typeof c.toUid === 'string') choices.set(c.graphId, { graphId: c.graphId, action: 'transfer', toUid: c.toUid });
    else throw new AppError('invalid-argument', 'trees is not valid.');
  }
  if ([...choices.keys()].some((id) => !owned.includes(id))) throw new AppError('invalid-argument', TREE_CHOICE_UNKNOWN);
  if (owned.some((id) => !choices.has(id))) throw new AppError('invalid-argument', TREE_CHOICE_MISSING);
  const transfers = new Map<string, string>();
  const deletes: string[] = [];
  for (const choice of choices.values()) {
    if (choice.action === 'delete') deletes.push(choice.graphId);
    else if (choice.toUid === uid || !membersOf(choice.graphId).includes(choice.toUid)) throw new AppError('invalid-argument', TRANSFER_NOT_MEMBER);
    else transfers.set(choice.graphId, choice.toUid);
  }
  return { card, transfers, deletes: deletes.sort() };
}

/** A settings change: only the fields AccountSettings has, each valid. */
export function checkSettings(data: unknown): { viewerVisibility?: 'private' | 'name' | 'everything'; syncEmail: boolean } {
  const body = asObject(data);
  if (body.viewerVisibility !== undefined && !isVisibility(body.viewerVisibility)) throw new AppError('invalid-argument', 'viewerVisibility must be private, name or everything.');
  if (body.syncEmail !== undefined && typeof body.syncEmail !== 'boolean') throw new AppError('invalid-argument', 'syncEmail is not valid.');
  return { ...(body.viewerVisibility !== undefined ? { viewerVisibility: body.viewerVisibility } : {}), syncEmail: body.syncEmail === true };
}
