import type { GraphNode, Profile } from './types.ts';
import { MAX_PARENTS } from './timing.ts';
import { canEditTree, type TreeRole } from './roles.ts';

/** §6 rules, written once for the screens and the server. */

/** What the server answers (permission-denied) to someone who is not a member of the graph. */
export const NOT_A_MEMBER = 'You are not a member of this family tree.';

type Owned = Pick<Profile, 'id' | 'ownerUid'>;

/** The server's refusals of §6 rights (ours: the spec shows none). */
export const RIGHTS_MESSAGES = {
  notAMember: NOT_A_MEMBER,
  edit: 'You may not edit this person',
  remove: 'You may not remove this person',
  relink: 'You may not re-link this person',
  relatives: "You may not change this person's relatives",
} as const;

/**
 * A profile another member has claimed through an invitation. A claimed card is its owner's:
 * nobody else removes it, points it at another profile or changes whom it lists as relatives.
 */
export function isClaimedByAnother(profile: Pick<Profile, 'ownerUid'>, uid: string): boolean {
  return !!profile.ownerUid && profile.ownerUid !== uid;
}

/** 'Edit Profile' on the profile page: only the owner sees it, or anyone when nobody owns it. */
export function canShowEditProfile(profile: Pick<Profile, 'ownerUid'>, uid: string): boolean {
  return !profile.ownerUid || profile.ownerUid === uid;
}

/**
 * Editing a person's details (§6, issue 19): a member's own profile (their uid, or a card they
 * claimed) in any role; a profile another member has claimed never (owner's decision: a claimed
 * card is its owner's alone, even for the member who created it); any unclaimed person for the
 * tree's owner and editors, whoever created them, as they may remove them (`canRemoveProfile`).
 * The server's validation, the profile save and the screens all ask this one function.
 */
export function canEditProfile(profile: Owned, uid: string, role: TreeRole | null): boolean {
  if (!uid) return false;
  if (profile.id === uid || profile.ownerUid === uid) return true;
  return !profile.ownerUid && canEditTree(role);
}

/** The primary person (the graph owner's own profile) cannot be deleted. */
export function canDeleteNode(node: Pick<GraphNode, 'data'>): boolean {
  return !node.data.isPrimary;
}

/**
 * Removing a person's profile from the tree: not the graph owner's own, and not a profile another
 * member has claimed (ownerUid set to someone else). Unclaimed people may be removed by any
 * member, like any other edit of the tree's structure.
 */
export function canRemoveProfile(profile: Owned, uid: string, graphOwnerUid: string): boolean {
  if (profile.id === graphOwnerUid) return false;
  return !profile.ownerUid || profile.ownerUid === uid;
}

/** What a member may do to a card's place in the tree (§6 as the server's validation applies it). */
export interface CardRights {
  /**
   * Link it with, or unlink it from, people already on the tree: Link existing (either end),
   * a line drawn to or from it, Unlink. Adding a new person beside it is always allowed.
   */
  link: boolean;
  /** Point the card at another profile (Edit Person's 'Link to profile'). */
  relink: boolean;
  /** Delete the card with its profile. */
  remove: boolean;
}

/**
 * The one decision the buttons, commands and dialogs take before offering an edit of a card's
 * links, and the server's `validateChangeSet` refuses the same: a profile another member has
 * claimed changes its relatives only through its owner (nobody else links, unlinks, re-links or
 * removes it), and the primary card is never removed or re-linked. `profile` is the card's
 * profile, or the profile about to be put on a card (Link to profile); a card without one is free.
 */
export function cardRights(node: Pick<GraphNode, 'data'> | undefined, profile: Pick<Profile, 'ownerUid'> | undefined, uid: string): CardRights {
  const link = !profile || !isClaimedByAnother(profile, uid);
  const primary = !!node?.data.isPrimary;
  return { link, relink: link && !primary, remove: link && !primary };
}

/** Adding a parent is allowed only while the person has fewer than 2. */
export function canAddParent(parentCount: number): boolean {
  return parentCount < MAX_PARENTS;
}
