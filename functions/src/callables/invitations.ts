import type { DocumentReference } from 'firebase-admin/firestore';
import type {
  AcceptInvitationResponse,
  CreateInvitationResponse,
  GetInvitationResponse,
  JoinInvitationResponse,
  ListInvitationsResponse,
  RenewInvitationResponse,
} from '../../../src/backend/firebase/callables.ts';
import { paths, type GraphDoc, type InvitationDoc, type NodeDoc, type ProfileDoc, type UserDoc } from '../../../src/backend/firebase/paths.ts';
import type { InvitationInfo, PendingInvitation } from '../../../src/backend/ports.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { isInvitationToken } from '../../../src/domain/ids.ts';
import {
  ALREADY_CLAIMED,
  EMAIL_IN_USE,
  INVITATION_ID,
  INVITATION_MALFORMED,
  INVITATION_USED,
  NO_SUCH_INVITATION,
  NOT_A_TREE_INVITATION,
  NOT_ON_TREE,
  OTHER_EMAIL,
  newOwnProfile,
} from '../../../src/domain/invitations.ts';
import { capitaliseName, fullName } from '../../../src/domain/labels.ts';
import { canInvite, ROLE_MESSAGES, treeName } from '../../../src/domain/roles.ts';
import type { Publication } from '../../../src/domain/save/graphStore.ts';
import { joinAsMember, joinGraph } from '../../../src/domain/save/joinGraph.ts';
import { profileGenderFromSignUp, normaliseEmail } from '../../../src/domain/validation/auth.ts';
import type { Caller, Deps } from '../deps.ts';
import {
  acceptedByCaller,
  checkAcceptInput,
  checkCreateInput,
  hashInvitationToken,
  inviteOrigin,
  inviteUrl,
  newInvitation,
  pendingView,
  renewedInvitation,
  usableInvitation,
} from '../invitations.ts';
import { invitationMailDoc, MAIL_COLLECTION, type MailDoc } from '../invitationMail.ts';
import { asObject, GRAPH_ID, text } from '../request.ts';
import { runStoreTransaction } from '../store/firestoreGraphStore.ts';
import { copyToViewers } from '../viewerLog.ts';
import { requireRole } from './graphs.ts';

/** How many accounts Firebase Auth holds, counting at most `upTo`. */
async function accounts(deps: Deps, upTo: number): Promise<number> {
  return (await deps.auth.listUsers(upTo)).users.length;
}

function tokenOf(data: unknown): string {
  const token = asObject(data).token;
  if (!isInvitationToken(token)) throw new AppError('invalid-argument', INVITATION_MALFORMED);
  return token;
}

/** The invitation behind a token in any state (found by the token's hash), or null. */
async function byToken(deps: Deps, token: string): Promise<InvitationDoc | null> {
  const found = await deps.db.collection(paths.invitations()).where('tokenHash', '==', hashInvitationToken(token)).limit(1).get();
  return found.empty ? null : (found.docs[0]!.data() as InvitationDoc);
}

async function displayName(deps: Deps, uid: string): Promise<string> {
  if (!uid) return '';
  return (await deps.auth.getUser(uid).catch(() => null))?.displayName ?? '';
}

/** The card's profile id on the tree ('' when the card is gone). */
async function cardProfileId(deps: Deps, graphId: string, nodeId: string): Promise<string> {
  if (!graphId || !nodeId) return '';
  return ((await deps.db.doc(paths.node(graphId, nodeId)).get()).data() as NodeDoc | undefined)?.profileId ?? '';
}

async function pendingOf(deps: Deps, doc: InvitationDoc): Promise<PendingInvitation> {
  const [profileId, inviterName] = await Promise.all([cardProfileId(deps, doc.graphUid, doc.nodeId), displayName(deps, doc.inviterUid)]);
  return pendingView(doc, { profileId, inviterName }, deps.clock());
}

/**
 * The link answer of create, renew and resend. `mailed` stays false: the function only writes the
 * mail for the "Trigger Email" extension (invitationMail.ts) and cannot know it is installed, so
 * the §7 mail-compose link and "Copy link" are offered as ever.
 */
async function linkOf(deps: Deps, doc: InvitationDoc, token: string, requestOrigin: string | undefined): Promise<CreateInvitationResponse> {
  return { token, inviteUrl: linkFor(deps, token, requestOrigin), invitation: await pendingOf(deps, doc), mailed: false };
}

const linkFor = (deps: Deps, token: string, requestOrigin: string | undefined) => inviteUrl(inviteOrigin(requestOrigin, deps.origins), token);

/** The invitation's e-mail, to be written with it (the server mails the same on create and resend). */
async function mailOf(deps: Deps, doc: InvitationDoc, token: string, requestOrigin: string | undefined): Promise<{ ref: DocumentReference; doc: MailDoc }> {
  const info = await invitationInfo(deps, doc);
  return { ref: deps.db.collection(MAIL_COLLECTION).doc(), doc: invitationMailDoc(doc.email, info, linkFor(deps, token, requestOrigin)) };
}

/** §7 invitation function: an owner or editor invites someone by e-mail to claim one of the tree's people, as editor or viewer. */
export async function createInvitation(deps: Deps, caller: Caller, data: unknown, requestOrigin: string | undefined): Promise<CreateInvitationResponse> {
  const { db } = deps;
  const fields = checkCreateInput({ callerUid: caller.uid, ...asObject(data) });
  const graphId = fields.graphUid;
  if (graphId !== caller.uid || (await db.doc(paths.members(graphId)).get()).exists) {
    await requireRole(deps, graphId, caller.uid, canInvite, ROLE_MESSAGES.viewer);
  }
  const node = (await db.doc(paths.node(graphId, fields.nodeId)).get()).data() as NodeDoc | undefined;
  if (!node) throw new AppError('not-found', NOT_ON_TREE);
  const profile = node.profileId ? ((await db.doc(paths.profile(node.profileId)).get()).data() as ProfileDoc | undefined) : undefined;
  if (profile?.profile.ownerUid || node.profileId === graphId) throw new AppError('failed-precondition', ALREADY_CLAIMED);
  const { doc, token } = newInvitation(fields, deps.fill, deps.clock());
  const mail = await mailOf(deps, doc, token, requestOrigin);
  // create(): an id already taken (96 random bits: never in practice) fails instead of overwriting.
  // One batch: the mail exists only if the invitation does.
  await db.batch().create(db.doc(paths.invitation(doc.id)), doc).create(mail.ref, mail.doc).commit();
  return linkOf(deps, doc, token, requestOrigin);
}

/** The invitation page: who invites whom, to which tree, as whom (each unusable state its own code). */
export async function getInvitation(deps: Deps, data: unknown): Promise<GetInvitationResponse> {
  const token = tokenOf(data);
  const stored = await byToken(deps, token);
  const invitation = usableInvitation(token, stored, stored?.firstAccount ? (await accounts(deps, 1)) > 0 : false, deps.clock());
  return invitationInfo(deps, invitation);
}

async function invitationInfo(deps: Deps, doc: InvitationDoc): Promise<InvitationInfo> {
  const { db } = deps;
  const graph = doc.graphUid ? ((await db.doc(paths.graph(doc.graphUid)).get()).data() as GraphDoc | undefined) : undefined;
  const ownerProfile = graph ? ((await db.doc(paths.profile(graph.ownerUid)).get()).data() as ProfileDoc | undefined) : undefined;
  const profileId = await cardProfileId(deps, doc.graphUid, doc.nodeId);
  const card = profileId ? ((await db.doc(paths.profile(profileId)).get()).data() as ProfileDoc | undefined) : undefined;
  const firstName = capitaliseName(card?.profile.firstName ?? '');
  const lastName = capitaliseName(card?.profile.lastName ?? '');
  return {
    email: doc.email,
    firstAccount: doc.firstAccount,
    inviterName: await displayName(deps, doc.inviterUid),
    treeName: graph ? treeName(graph.name ?? '', ownerProfile?.profile.lastName ?? '') : '',
    firstName,
    lastName,
    personName: fullName({ firstName, lastName }),
    role: doc.role,
    expiresAt: doc.expiresAt,
  };
}

/**
 * After the blocking function let the account be made: the new member claims the invitation.
 * In one transaction: the invitation is still pending (else its coded refusal), their own
 * profile is written (claiming the invited card through `joinGraph`, which also makes them a
 * member at the invitation's role), their users document exists, the invitation is marked
 * accepted. Then the account's display name is set to their names.
 */
export async function acceptInvitation(deps: Deps, caller: Caller, data: unknown): Promise<AcceptInvitationResponse> {
  const token = tokenOf(data);
  const input = checkAcceptInput(asObject(data));
  const email = normaliseEmail(caller.email);
  const stored = await byToken(deps, token);
  if (acceptedByCaller(stored, caller.uid)) {
    const account = await deps.auth.getUser(caller.uid);
    return { uid: caller.uid, displayName: account.displayName ?? '', graphId: joinsGraph(stored!) ? stored!.graphUid : null };
  }
  // The first-account invitation is dead once anyone but the caller has an account.
  usableInvitation(token, stored, stored?.firstAccount ? (await accounts(deps, 2)) > 1 : false, deps.clock());
  if (stored!.email && stored!.email !== email) throw new AppError('invalid-argument', OTHER_EMAIL);

  const now = deps.clock().toISOString();
  const profile = newOwnProfile({ uid: caller.uid, firstName: input.firstName, lastName: input.lastName, email, gender: profileGenderFromSignUp(input.gender), now });
  const joins = joinsGraph(stored!);
  const joined = await runStoreTransaction(deps.db, { clock: deps.clock }, async (port, staged) => {
    const current = (await staged.get(paths.invitation(stored!.id))) as InvitationDoc | null;
    // The same accept, sent twice at once: the other call did the work.
    if (acceptedByCaller(current, caller.uid)) return [];
    if (current?.tokenHash !== stored!.tokenHash) throw new AppError('auth/invitation-used', INVITATION_USED);
    usableInvitation(token, current, false, deps.clock());
    // Accepted before (this invitation or another for the same e-mail): their profile exists,
    // and an invitation never overwrites it, as the server never makes a second account.
    if ((await port.profiles([caller.uid])).size) throw new AppError('auth/email-already-in-use', EMAIL_IN_USE);
    const user = (await staged.get(paths.user(caller.uid))) as UserDoc | null;
    if (!user) staged.set(paths.user(caller.uid), { graphIds: [], joinedGraphId: null, fullGraphIds: [] } satisfies UserDoc);
    let published: Publication[] = [];
    if (joins) {
      const join = { graphId: stored!.graphUid, nodeId: stored!.nodeId, uid: caller.uid, email, now, role: current.role ?? 'editor' };
      published = await joinGraph(port, { ...join, firstName: profile.firstName, lastName: profile.lastName, gender: profile.gender }, profile);
    } else {
      await port.writeProfiles([profile]);
    }
    staged.set(paths.invitation(stored!.id), { ...current, status: 'accepted', acceptedBy: caller.uid, acceptedAt: now } satisfies InvitationDoc);
    return published;
  });
  await copyToViewers(deps, joined);
  const name = `${profile.firstName} ${profile.lastName}`;
  await deps.auth.updateUser(caller.uid, { displayName: name });
  return { uid: caller.uid, displayName: name, graphId: joins ? stored!.graphUid : null };
}

/**
 * "Sign in to accept": the signed-in member whose e-mail the invitation names joins its tree at
 * its role (`joinAsMember`: the card becomes theirs without re-keying their own profile), and the
 * tree becomes the one they open next.
 */
export async function joinInvitation(deps: Deps, caller: Caller, data: unknown): Promise<JoinInvitationResponse> {
  const token = tokenOf(data);
  const stored = usableInvitation(token, await byToken(deps, token), false, deps.clock());
  if (!joinsGraph(stored)) throw new AppError('invalid-argument', NOT_A_TREE_INVITATION);
  const email = normaliseEmail(caller.email);
  if (stored.email !== email) throw new AppError('invalid-argument', OTHER_EMAIL);
  const graphId = stored.graphUid;
  const now = deps.clock().toISOString();
  const joined = await runStoreTransaction(deps.db, { clock: deps.clock }, async (port, staged) => {
    const current = (await staged.get(paths.invitation(stored.id))) as InvitationDoc | null;
    if (current?.tokenHash !== stored.tokenHash) throw new AppError('auth/invitation-used', INVITATION_USED);
    usableInvitation(token, current, false, deps.clock());
    if (await port.memberRole(graphId, caller.uid)) throw new AppError('failed-precondition', ROLE_MESSAGES.alreadyMember);
    const user = (await staged.get(paths.user(caller.uid))) as UserDoc | null;
    const published = await joinAsMember(port, { graphId, nodeId: stored.nodeId, uid: caller.uid, email, now, role: current.role ?? 'editor' });
    staged.set(paths.invitation(stored.id), { ...current, status: 'accepted', acceptedBy: caller.uid, acceptedAt: now } satisfies InvitationDoc);
    // addMember wrote the users document in this transaction; the last opened tree goes with it.
    const written = ((await staged.get(paths.user(caller.uid))) as UserDoc | null) ?? user;
    if (written) staged.set(paths.user(caller.uid), { ...written, lastGraphId: graphId });
    return published;
  });
  await copyToViewers(deps, joined);
  return { graphId };
}

/** An invitation to a card joins the inviter's graph; the first-account one makes a new tree. */
function joinsGraph(invitation: InvitationDoc): boolean {
  return !invitation.firstAccount && !!invitation.graphUid && !!invitation.nodeId;
}

function byIdInput(data: unknown): { graphId: string; id: string } {
  const body = asObject(data);
  const graphId = text(body.graphId, 'graphId', 128, GRAPH_ID);
  if (typeof body.id !== 'string' || !INVITATION_ID.test(body.id)) throw new AppError('not-found', NO_SUCH_INVITATION);
  return { graphId, id: body.id };
}

/** Pending (and expired) invitations of a tree, newest first: its owner and editors. */
export async function listInvitations(deps: Deps, uid: string, data: unknown): Promise<ListInvitationsResponse> {
  const graphId = text(asObject(data).graphId, 'graphId', 128, GRAPH_ID);
  await requireRole(deps, graphId, uid, canInvite, ROLE_MESSAGES.viewer);
  const found = await deps.db.collection(paths.invitations()).where('graphUid', '==', graphId).where('status', '==', 'pending').get();
  const docs = found.docs.map((d) => d.data() as InvitationDoc).filter((d) => !d.firstAccount);
  docs.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? -1 : 1));
  return { invitations: await Promise.all(docs.map((d) => pendingOf(deps, d))) };
}

/** The pending invitation `id` of the tree, for its owner and editors; not-found otherwise. */
async function pendingById(deps: Deps, uid: string, data: unknown): Promise<InvitationDoc> {
  const { graphId, id } = byIdInput(data);
  await requireRole(deps, graphId, uid, canInvite, ROLE_MESSAGES.viewer);
  const doc = (await deps.db.doc(paths.invitation(id)).get()).data() as InvitationDoc | undefined;
  if (!doc || doc.graphUid !== graphId || doc.status !== 'pending' || doc.firstAccount) throw new AppError('not-found', NO_SUCH_INVITATION);
  return doc;
}

/** "Copy link" and "Resend" (`mail: true`, which also writes the e-mail again): a new token (the earlier link stops working), 14 more days. */
export async function renewInvitation(deps: Deps, uid: string, data: unknown, requestOrigin: string | undefined): Promise<RenewInvitationResponse> {
  const doc = await pendingById(deps, uid, data);
  const mailIt = asObject(data).mail;
  if (mailIt !== undefined && typeof mailIt !== 'boolean') throw new AppError('invalid-argument', 'mail must be true or false.');
  const renewed = renewedInvitation(doc, deps.fill, deps.clock());
  const mail = mailIt ? await mailOf(deps, renewed.doc, renewed.token, requestOrigin) : null;
  const ref = deps.db.doc(paths.invitation(doc.id));
  await deps.db.runTransaction(async (t) => {
    const now = (await t.get(ref)).data() as InvitationDoc | undefined;
    if (now?.status !== 'pending') throw new AppError('not-found', NO_SUCH_INVITATION);
    t.set(ref, { ...now, tokenHash: renewed.doc.tokenHash, createdAt: renewed.doc.createdAt, expiresAt: renewed.doc.expiresAt });
    if (mail) t.create(mail.ref, mail.doc);
  });
  return linkOf(deps, renewed.doc, renewed.token, requestOrigin);
}

/** "Revoke": the link stops working at once (auth/invitation-revoked). */
export async function revokeInvitation(deps: Deps, uid: string, data: unknown): Promise<Record<string, never>> {
  const doc = await pendingById(deps, uid, data);
  const ref = deps.db.doc(paths.invitation(doc.id));
  await deps.db.runTransaction(async (t) => {
    const now = (await t.get(ref)).data() as InvitationDoc | undefined;
    if (now?.status !== 'pending') throw new AppError('not-found', NO_SUCH_INVITATION);
    t.update(ref, { status: 'revoked' });
  });
  return {};
}


