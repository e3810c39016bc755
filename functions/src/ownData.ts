import { DIGEST_CHOICE_INVALID, isDigestFrequency, type DigestFrequency } from '../../src/domain/activity/types.ts';
import { AppError } from '../../src/domain/errors.ts';
import {
  CARD_CHOICE_INVALID,
  CLAIMED_CARD_CHOICES,
  MAX_TREE_CHOICES,
  planTreeChoices,
  TRANSFER_NOT_MEMBER,
  type ClaimedCardChoice,
  type OwnedTreeChoice,
  type TreeChoicesPlan,
} from '../../src/domain/ownAccount.ts';
import { isVisibility, VISIBILITY_CHOICE_INVALID } from '../../src/domain/privacy.ts';
import { asObject } from './request.ts';

/**
 * One's own data on Firebase, the pure part: an account deletion's request read into the shared
 * plan (src/domain/ownAccount.ts, as the self-hosted server checks it) and a settings change.
 */

export interface DeletionPlan extends TreeChoicesPlan {
  card: ClaimedCardChoice;
}

const TREES_INVALID = 'trees is not valid.';

/**
 * The deletion's choices checked against the trees the member owns (`owned`) and their members
 * (`membersOf`): one choice for each owned tree, none for others, a hand-over only to another member.
 */
export function planDeletion(data: unknown, uid: string, owned: readonly string[], membersOf: (graphId: string) => readonly string[]): DeletionPlan {
  const body = asObject(data);
  const card = body.card;
  if (!(CLAIMED_CARD_CHOICES as readonly unknown[]).includes(card)) throw new AppError('invalid-argument', CARD_CHOICE_INVALID);
  if (!Array.isArray(body.trees) || body.trees.length > MAX_TREE_CHOICES) throw new AppError('invalid-argument', TREES_INVALID);
  const choices = (body.trees as unknown[]).map((raw): OwnedTreeChoice => {
    const c = asObject(raw);
    if (typeof c.graphId !== 'string') throw new AppError('invalid-argument', TREES_INVALID);
    if (c.action === 'delete') return { graphId: c.graphId, action: 'delete' };
    if (c.action === 'transfer' && typeof c.toUid === 'string') return { graphId: c.graphId, action: 'transfer', toUid: c.toUid };
    throw new AppError('invalid-argument', TREES_INVALID);
  });
  const plan = planTreeChoices(choices, owned, uid);
  for (const [graphId, toUid] of plan.transfers) {
    if (!membersOf(graphId).includes(toUid)) throw new AppError('invalid-argument', TRANSFER_NOT_MEMBER);
  }
  return { card: card as ClaimedCardChoice, ...plan };
}

/** A settings change: only the fields AccountSettings has, each valid. */
export function checkSettings(data: unknown): { viewerVisibility?: 'private' | 'name' | 'everything'; digest?: DigestFrequency; syncEmail: boolean } {
  const body = asObject(data);
  if (body.viewerVisibility !== undefined && !isVisibility(body.viewerVisibility)) throw new AppError('invalid-argument', VISIBILITY_CHOICE_INVALID);
  if (body.digest !== undefined && !isDigestFrequency(body.digest)) throw new AppError('invalid-argument', DIGEST_CHOICE_INVALID);
  if (body.syncEmail !== undefined && typeof body.syncEmail !== 'boolean') throw new AppError('invalid-argument', 'syncEmail is not valid.');
  return {
    ...(body.viewerVisibility !== undefined ? { viewerVisibility: body.viewerVisibility } : {}),
    ...(body.digest !== undefined ? { digest: body.digest } : {}),
    syncEmail: body.syncEmail === true,
  };
}
