import { FieldValue } from 'firebase-admin/firestore';
import type { ListMembersResponse, SetMemberRoleResponse } from '../../../src/backend/firebase/callables.ts';
import { paths, type MembersDoc, type ProfileDoc, type UserDoc } from '../../../src/backend/firebase/paths.ts';
import type { TreeMember } from '../../../src/backend/ports.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { canManageTree, compareMembers, isMemberRole, MEMBER_ID_INVALID, MEMBER_UID, ROLE_CHOICE_INVALID, ROLE_MESSAGES, type TreeRole } from '../../../src/domain/roles.ts';
import type { Deps } from '../deps.ts';
import { asObject, GRAPH_ID, text } from '../request.ts';
import { roleIn, withGraph, withoutGraph } from '../store/firestoreGraphStore.ts';
import { requireRole } from './graphs.ts';

/**
 * The owner's management of a tree's members (MemberService), as server/routes/members.ts. A role
 * lives in the graph's members document (what the rules read) and in the member's users document
 * (`fullGraphIds`: whether the rules let them read the tree whole), changed together in one
 * transaction. An open view hears of it through the members document it listens to.
 */


function targetOf(data: unknown, callerUid: string): { graphId: string; uid: string } {
  const body = asObject(data);
  const graphId = text(body.graphId, 'graphId', 128, GRAPH_ID);
  if (typeof body.uid !== 'string' || !MEMBER_UID.test(body.uid)) throw new AppError('invalid-argument', MEMBER_ID_INVALID);
  if (body.uid === callerUid) throw new AppError('failed-precondition', ROLE_MESSAGES.ownRole);
  return { graphId, uid: body.uid };
}

/** The card a member claimed on a tree: their own profile when the tree shows it, else one they own there. */
async function claimedOn(deps: Deps, graphId: string, uid: string): Promise<string> {
  const own = (await deps.db.doc(paths.profile(uid)).get()).data() as ProfileDoc | undefined;
  if (own?.graphs.includes(graphId)) return uid;
  const owned = await deps.db.collection(paths.profiles()).where('profile.ownerUid', '==', uid).get();
  return owned.docs.map((d) => d.data() as ProfileDoc).find((d) => d.graphs.includes(graphId))?.profile.id ?? '';
}

async function memberOf(deps: Deps, graphId: string, uid: string, role: TreeRole, joinedAt: string): Promise<TreeMember> {
  const account = await deps.auth.getUser(uid).catch(() => null);
  // A member without a display name is shown by their e-mail, as on the self-hosted server.
  return { uid, name: account?.displayName || account?.email || '', email: account?.email ?? '', role, joinedAt, profileId: await claimedOn(deps, graphId, uid) };
}

export async function listMembers(deps: Deps, callerUid: string, data: unknown): Promise<ListMembersResponse> {
  const graphId = text(asObject(data).graphId, 'graphId', 128, GRAPH_ID);
  await requireRole(deps, graphId, callerUid, canManageTree, ROLE_MESSAGES.ownerOnly);
  const members = (await deps.db.doc(paths.members(graphId)).get()).data() as MembersDoc;
  const list = await Promise.all(Object.keys(members.roles).map((uid) => memberOf(deps, graphId, uid, roleIn(members, uid)!, members.joinedAt?.[uid] ?? '')));
  return { members: list.sort(compareMembers) };
}

export async function setMemberRole(deps: Deps, callerUid: string, data: unknown): Promise<SetMemberRoleResponse> {
  const { graphId, uid } = targetOf(data, callerUid);
  const role = asObject(data).role;
  if (!isMemberRole(role)) throw new AppError('invalid-argument', ROLE_CHOICE_INVALID);
  await requireRole(deps, graphId, callerUid, canManageTree, ROLE_MESSAGES.ownerOnly);
  const { db } = deps;
  const joinedAt = await db.runTransaction(async (t) => {
    const membersRef = db.doc(paths.members(graphId));
    const userRef = db.doc(paths.user(uid));
    const [membersSnap, userSnap] = await t.getAll(membersRef, userRef);
    const members = membersSnap!.data() as MembersDoc | undefined;
    const current = roleIn(members, uid);
    if (!current) throw new AppError('not-found', ROLE_MESSAGES.notAMemberOfTree);
    if (current === 'owner') throw new AppError('failed-precondition', ROLE_MESSAGES.ownRole);
    t.update(membersRef, { [`roles.${uid}`]: role });
    const user = (userSnap!.data() as UserDoc | undefined) ?? { graphIds: [], joinedGraphId: null };
    t.set(userRef, withGraph(user, graphId, role, false));
    return members!.joinedAt?.[uid] ?? '';
  });
  return { member: await memberOf(deps, graphId, uid, role, joinedAt) };
}

/** Ends a membership: the rules refuse their next read, their open views close; their card stays theirs. */
export async function removeMember(deps: Deps, callerUid: string, data: unknown): Promise<Record<string, never>> {
  const { graphId, uid } = targetOf(data, callerUid);
  await requireRole(deps, graphId, callerUid, canManageTree, ROLE_MESSAGES.ownerOnly);
  const { db } = deps;
  await db.runTransaction(async (t) => {
    const membersRef = db.doc(paths.members(graphId));
    const userRef = db.doc(paths.user(uid));
    const [membersSnap, userSnap] = await t.getAll(membersRef, userRef);
    const current = roleIn(membersSnap!.data() as MembersDoc | undefined, uid);
    if (!current) throw new AppError('not-found', ROLE_MESSAGES.notAMemberOfTree);
    if (current === 'owner') throw new AppError('failed-precondition', ROLE_MESSAGES.ownRole);
    t.update(membersRef, { [`roles.${uid}`]: FieldValue.delete(), [`joinedAt.${uid}`]: FieldValue.delete() });
    const user = userSnap!.data() as UserDoc | undefined;
    if (user) t.set(userRef, withoutGraph(user, graphId));
  });
  // A removed viewer's copies of the log (viewerLog.ts) are no one's to read any more.
  await db.recursiveDelete(db.collection(paths.viewerChanges(graphId, uid)));
  return {};
}
