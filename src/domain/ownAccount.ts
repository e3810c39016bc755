import { AppError } from './errors.ts';

/**
 * One's own account (issue 11): the refusals of its changes and the choices a deletion needs,
 * worded once for the self-hosted server (server/account.ts, server/routes/account.ts) and
 * Firebase (functions/src/ownData.ts, the Firebase AccountService).
 */

/** A tree the member owns and what becomes of it when their account is deleted. */
export type OwnedTreeChoice = { graphId: string; action: 'transfer'; toUid: string } | { graphId: string; action: 'delete' };

/**
 * What becomes of the card a member claimed when they delete their account: it goes back to an
 * unclaimed card either way; 'keep-name' keeps the name only, 'remove' empties it ("Unnamed").
 */
export type ClaimedCardChoice = 'keep-name' | 'remove';
export const CLAIMED_CARD_CHOICES = ['keep-name', 'remove'] as const satisfies readonly ClaimedCardChoice[];

/** More choices than any member owns trees: a request past it is not a member's. */
export const MAX_TREE_CHOICES = 1000;

export const TREE_CHOICE_MISSING = 'Choose what becomes of every family tree you own: hand it to another member or delete it.';
export const TREE_CHOICE_UNKNOWN = 'You can only decide about the family trees you own.';
export const TRANSFER_NOT_MEMBER = 'A family tree can only be handed to one of its other members.';
export const CARD_CHOICE_INVALID = 'card must be keep-name or remove.';
/** A change that needs the current password (deletion, e-mail, password) was given another. */
export const WRONG_PASSWORD = 'The password is not right.';
export const SAME_EMAIL = 'This is already the address you sign in with.';

export interface TreeChoicesPlan {
  /** Owned tree → the member it goes to (still to be checked a member of it, by the backend). */
  transfers: Map<string, string>;
  /** Owned trees to delete, sorted. */
  deletes: string[];
}

/**
 * The deletion's tree choices checked against the trees the member owns: one for each, none for
 * others, never a hand-over to oneself. Whether the receiver is a member is the backend's to check
 * (in its transaction), with TRANSFER_NOT_MEMBER.
 */
export function planTreeChoices(choices: readonly OwnedTreeChoice[], owned: readonly string[], uid: string): TreeChoicesPlan {
  const byGraph = new Map(choices.map((c) => [c.graphId, c]));
  if (choices.some((c) => !owned.includes(c.graphId))) throw new AppError('invalid-argument', TREE_CHOICE_UNKNOWN);
  if (owned.some((id) => !byGraph.has(id))) throw new AppError('invalid-argument', TREE_CHOICE_MISSING);
  const transfers = new Map<string, string>();
  const deletes: string[] = [];
  for (const choice of byGraph.values()) {
    if (choice.action === 'delete') deletes.push(choice.graphId);
    else if (choice.toUid === uid) throw new AppError('invalid-argument', TRANSFER_NOT_MEMBER);
    else transfers.set(choice.graphId, choice.toUid);
  }
  return { transfers, deletes: deletes.sort() };
}
