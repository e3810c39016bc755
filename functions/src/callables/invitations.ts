import { FieldValue } from 'firebase-admin/firestore';
import type { AcceptInvitationResponse, CreateInvitationResponse, GetInvitationResponse } from '../../../src/backend/firebase/callables.ts';
import { paths, type InvitationDoc, type MembersDoc, type NodeDoc, type ProfileDoc, type UserDoc } from '../../../src/backend/firebase/paths.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { isInvitationToken } from '../../../src/domain/ids.ts';
import { ALREADY_CLAIMED, EMAIL_IN_USE, INVITATION_MALFORMED, NOT_ON_TREE, OTHER_EMAIL, newOwnProfile } from '../../../src/domain/invitations.ts';
import { NOT_A_MEMBER } from '../../../src/domain/permissions.ts';
import { joinGraph } from '../../../src/domain/save/joinGraph.ts';
import { profileGenderFromSignUp, normaliseEmail } from '../../../src/domain/validation/auth.ts';
import type { Caller, Deps } from '../deps.ts';
import { acceptedByCaller, checkAcceptInput, checkCreateInput, inviteOrigin, inviteUrl, newInvitation, usableInvitation } from '../invitations.ts';
import { asObject } from '../request.ts';
import { runStoreTransaction } from '../store/firestoreGraphStore.ts';

/** How many accounts Firebase Auth holds, counting at most `upTo`. */
async function accounts(deps: Deps, upTo: number): Promise<number> {
  return (await deps.auth.listUsers(upTo)).users.length;
}

function tokenOf(data: unknown): string {
  const token = asObject(data).token;
  if (!isInvitationToken(token)) throw new AppError('invalid-argument', INVITATION_MALFORMED);
  return token;
}

/** §7 invitation function: a member of a graph invites someone by e-mail to claim one of its people. */
export async function createInvitation(deps: Deps, caller: Caller, data: unknown, requestOrigin: string | undefined): Promise<CreateInvitationResponse> {
  const { db } = deps;
  const body = asObject(data);
  const fields = checkCreateInput({ callerUid: caller.uid, ...body });
  const graphId = fields.graphUid;
  if (graphId !== caller.uid) {
    const members = (await db.doc(paths.members(graphId)).get()).data() as MembersDoc | undefined;
    if (!members || !Object.hasOwn(members.roles, caller.uid)) throw new AppError('permission-denied', NOT_A_MEMBER);
  }
  const node = (await db.doc(paths.node(graphId, fields.nodeId)).get()).data() as NodeDoc | undefined;
  if (!node) throw new AppError('not-found', NOT_ON_TREE);
  const profile = node.profileId ? ((await db.doc(paths.profile(node.profileId)).get()).data() as ProfileDoc | undefined) : undefined;
  if (profile?.profile.ownerUid) throw new AppError('failed-precondition', ALREADY_CLAIMED);
  const invitation = newInvitation(fields, deps.fill, FieldValue.serverTimestamp());
  // create(): a token already taken (128 random bits: never in practice) fails instead of overwriting.
  await db.doc(paths.invitation(invitation.token)).create(invitation);
  return { token: invitation.token, inviteUrl: inviteUrl(inviteOrigin(requestOrigin, deps.origins), invitation.token) };
}

/** The invitation page before sign-up: whose e-mail the invitation is for. */
export async function getInvitation(deps: Deps, data: unknown): Promise<GetInvitationResponse> {
  const token = tokenOf(data);
  const stored = ((await deps.db.doc(paths.invitation(token)).get()).data() as InvitationDoc | undefined) ?? null;
  const invitation = usableInvitation(token, stored, stored?.firstAccount ? (await accounts(deps, 1)) > 0 : false);
  return { email: invitation.email, firstAccount: invitation.firstAccount };
}

/**
 * After the blocking function let the account be made: the new member claims the invitation.
 * In one transaction: the invitation is still pending (else 'auth/invitation-used'), their own
 * profile is written (claiming the invited card through `joinGraph`, which also makes them a
 * member), their users document exists, the invitation is marked accepted. Then the account's
 * display name is set to their names.
 */
export async function acceptInvitation(deps: Deps, caller: Caller, data: unknown): Promise<AcceptInvitationResponse> {
  const token = tokenOf(data);
  const input = checkAcceptInput(asObject(data));
  const email = normaliseEmail(caller.email);
  const first = await deps.db.doc(paths.invitation(token)).get();
  const stored = (first.data() as InvitationDoc | undefined) ?? null;
  if (acceptedByCaller(stored, caller.uid)) {
    const account = await deps.auth.getUser(caller.uid);
    return { uid: caller.uid, displayName: account.displayName ?? '', graphId: joinsGraph(stored!) ? stored!.graphUid : null };
  }
  // The first-account invitation is dead once anyone but the caller has an account.
  usableInvitation(token, stored, stored?.firstAccount ? (await accounts(deps, 2)) > 1 : false);
  if (stored!.email && stored!.email !== email) throw new AppError('invalid-argument', OTHER_EMAIL);

  const now = deps.clock().toISOString();
  const profile = newOwnProfile({ uid: caller.uid, firstName: input.firstName, lastName: input.lastName, email, gender: profileGenderFromSignUp(input.gender), now });
  const joins = joinsGraph(stored!);
  await runStoreTransaction(deps.db, { clock: deps.clock }, async (port, staged) => {
    const current = (await staged.get(paths.invitation(token))) as InvitationDoc | null;
    // The same accept, sent twice at once: the other call did the work.
    if (acceptedByCaller(current, caller.uid)) return;
    usableInvitation(token, current, false);
    // Accepted before (this invitation or another for the same e-mail): their profile exists,
    // and an invitation never overwrites it, as the server never makes a second account.
    if ((await port.profiles([caller.uid])).size) throw new AppError('auth/email-already-in-use', EMAIL_IN_USE);
    const user = (await staged.get(paths.user(caller.uid))) as UserDoc | null;
    if (!user) staged.set(paths.user(caller.uid), { graphIds: [], joinedGraphId: null } satisfies UserDoc);
    if (joins) {
      await joinGraph(port, { graphId: stored!.graphUid, nodeId: stored!.nodeId, uid: caller.uid, firstName: profile.firstName, lastName: profile.lastName, email, gender: profile.gender, now }, profile);
    } else {
      await port.writeProfiles([profile]);
    }
    staged.set(paths.invitation(token), { ...current!, status: 'accepted', acceptedBy: caller.uid, acceptedAt: now } satisfies InvitationDoc);
  });
  const displayName = `${profile.firstName} ${profile.lastName}`;
  await deps.auth.updateUser(caller.uid, { displayName });
  return { uid: caller.uid, displayName, graphId: joins ? stored!.graphUid : null };
}

/** An invitation to a card joins the inviter's graph; the first-account one makes a new tree. */
function joinsGraph(invitation: InvitationDoc): boolean {
  return !invitation.firstAccount && !!invitation.graphUid && !!invitation.nodeId;
}
