import { capitaliseName } from './labels.ts';

/**
 * Roles per family tree (§6), written once for the screens, the server and a Cloud Function.
 * The owner made the tree (or was handed it); editors build it as §6 allows; viewers look at it
 * and edit only their own profile. Every member has exactly one role in each tree they belong to.
 */
export const TREE_ROLES = ['owner', 'editor', 'viewer'] as const;
export type TreeRole = (typeof TREE_ROLES)[number];

/** The roles an invitation or a role change can give: there is one owner per tree. */
export const MEMBER_ROLES = ['editor', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const ROLE_CHOICE_INVALID = 'role must be editor or viewer.';

/** A member's uid as a request names it (Firebase Auth's, or the server's own). */
export const MEMBER_UID = /^[A-Za-z0-9_-]{1,128}$/;
export const MEMBER_ID_INVALID = 'The member id is not valid.';

export function isTreeRole(v: unknown): v is TreeRole {
  return typeof v === 'string' && (TREE_ROLES as readonly string[]).includes(v);
}

export function isMemberRole(v: unknown): v is MemberRole {
  return typeof v === 'string' && (MEMBER_ROLES as readonly string[]).includes(v);
}

/**
 * The order a tree's members are listed in, everywhere (§ "Members": the owner first, then by
 * name); the uid settles equal names so every backend answers one order.
 */
export function compareMembers(a: { role: TreeRole; name: string; uid: string }, b: { role: TreeRole; name: string; uid: string }): number {
  const owner = Number(b.role === 'owner') - Number(a.role === 'owner');
  return owner || a.name.localeCompare(b.name, 'en') || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
}

/** Cards, lines and other people's details: owners and editors (as §6 allows), never viewers. */
export function canEditTree(role: TreeRole | null): boolean {
  return role === 'owner' || role === 'editor';
}

/** Inviting relatives is building the tree: owners and editors, as editors or viewers. */
export function canInvite(role: TreeRole | null): boolean {
  return canEditTree(role);
}

/** Members, their roles, the tree's name: the owner only. */
export function canManageTree(role: TreeRole | null): boolean {
  return role === 'owner';
}

/** The server's refusals about roles (ours: the spec shows none). */
export const ROLE_MESSAGES = {
  viewer: 'Viewers can look at this family tree but not change it.',
  ownerOnly: 'Only the owner of this family tree can do that.',
  notInvitable: 'You may not invite to this family tree.',
  ownRole: "The owner's role cannot be changed.",
  notAMemberOfTree: 'That person is not a member of this family tree.',
  alreadyMember: 'You are already a member of this family tree.',
} as const;

export const TREE_NAME_MAX = 100;
export const TREE_NAME_TOO_LONG = `A family tree's name is at most ${TREE_NAME_MAX} characters.`;

/**
 * A tree's name as members see it: the owner's own name for it, else "{last name} family tree"
 * from the owner's last name ("Hopper family tree", read in sentences as "the Hopper family
 * tree"), else "Family tree".
 */
export function treeName(customName: string, ownerLastName: string): string {
  const custom = customName.trim();
  if (custom) return custom;
  const last = capitaliseName(ownerLastName);
  return last ? `${last} family tree` : 'Family tree';
}
