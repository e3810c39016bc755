import type { MemberService, TreeMember } from '../../backend/ports.ts';
import { errorMessage } from '../../components/errorMessage.ts';
import { notify } from '../../components/notify.ts';
import { compareMembers, type MemberRole, type TreeRole } from '../../domain/roles.ts';
import type { Notifier } from '../tree/actions/context.ts';

/** The texts of the owner's Members dialog (docs/PRODUCT.md §2 "Members"). */
export const MEMBERS_TEXTS = {
  title: 'Members',
  description: (tree: string) => `Who shares the ${tree}, and what each of them may do.`,
  open: 'Members',
  loading: 'Loading the members…',
  loadFailed: 'The members could not be loaded.',
  retry: 'Try again',
  alone: 'Nobody else has joined yet. Invite relatives from their cards on the tree.',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  joined: 'Joined',
  you: '(you)',
  changeRole: (name: string) => `Change the role of ${name}`,
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  roleHints: {
    editor: 'Builds the tree: adds, links and edits relatives.',
    viewer: 'Sees the tree; edits only their own profile.',
  } satisfies Record<MemberRole, string>,
  /** What each role may do (§6, issue 19), under the table. */
  rolesTitle: 'What each role may do',
  roleRights: {
    owner: 'Everything an editor does, and manages the members, their roles and the tree’s name.',
    editor: 'Adds, links, edits and removes any relative nobody has claimed, and invites. A claimed card is its member’s alone.',
    viewer: 'Sees the tree (living relatives stay private) and edits only their own profile.',
  } satisfies Record<TreeRole, string>,
  roleChanged: (name: string, role: string) => `${name} is now ${role === 'editor' ? 'an editor' : 'a viewer'}`,
  roleFailed: 'Failed to change the role',
  removeTitle: (name: string) => `Remove ${name}?`,
  removeDescription: (name: string, tree: string) =>
    `${name} will no longer see or change the ${tree}, from this moment on. Their card stays on the tree and stays theirs. You can invite them again later.`,
  removeConfirm: 'Remove member',
  removing: 'Removing…',
  removed: (name: string) => `${name} was removed from the family tree`,
  removeFailed: 'Failed to remove the member',
} as const;

export interface MembersActionContext {
  service: Pick<MemberService, 'setRole' | 'remove'>;
  graphId: string;
  notify?: Notifier;
}

const toastOf = (ctx: MembersActionContext): Notifier => ctx.notify ?? notify;

/** Gives a member the other role; answers the member as the server now has them, or null. */
export async function changeRole(ctx: MembersActionContext, member: TreeMember, role: MemberRole): Promise<TreeMember | null> {
  if (member.role === role) return member;
  try {
    const updated = await ctx.service.setRole(ctx.graphId, member.uid, role);
    toastOf(ctx).success(MEMBERS_TEXTS.roleChanged(member.name, role));
    return updated;
  } catch (e) {
    toastOf(ctx).error(MEMBERS_TEXTS.roleFailed, { description: errorMessage(e, '') || undefined });
    return null;
  }
}

/** Ends a membership (after its confirmation). */
export async function removeMember(ctx: MembersActionContext, member: TreeMember): Promise<boolean> {
  try {
    await ctx.service.remove(ctx.graphId, member.uid);
    toastOf(ctx).success(MEMBERS_TEXTS.removed(member.name));
    return true;
  } catch (e) {
    toastOf(ctx).error(MEMBERS_TEXTS.removeFailed, { description: errorMessage(e, '') || undefined });
    return false;
  }
}

/** The one members' order (compareMembers): the owner first, then by name. */
export function sortMembers(members: readonly TreeMember[]): TreeMember[] {
  return [...members].sort(compareMembers);
}
