import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { InvitationResponse, InvitationsResponse, SessionResponse, SignUpResponse } from '../../src/backend/api.ts';
import type { InvitationLink } from '../../src/backend/ports.ts';
import { AppError } from '../../src/domain/errors.ts';
import { capitaliseName } from '../../src/domain/labels.ts';
import { canInvite, MEMBER_ROLES, ROLE_CHOICE_INVALID, ROLE_MESSAGES } from '../../src/domain/roles.ts';
import type { Gender } from '../../src/domain/types.ts';
import {
  AUTH_MESSAGES,
  MAX_PASSWORD_LENGTH,
  isSignUpGender,
  normaliseEmail,
  profileGenderFromSignUp,
  signUpNameTooLong,
  validateSignUp,
  EMAIL_MAX_CHARS,
  EMAIL_TOO_LONG,
} from '../../src/domain/validation/auth.ts';
import { hashPassword } from '../auth/passwords.ts';
import { SECRET_TOKEN, hashToken, newSecretToken, newUid } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { GraphService, Publication } from '../graphs/service.ts';
import { memberRole, upsertProfiles } from '../graphs/store.ts';
import { rememberOpened } from '../graphs/trees.ts';
import { parseBody } from '../http/errors.ts';
import { LIMITED } from '../http/rateLimit.ts';
import { createSession, endSession, requireUser, setSessionCookie } from '../http/session.ts';
import {
  ALREADY_CLAIMED,
  CONFIRMATION_INVALID,
  EMAIL_IN_USE,
  INVITATION_ID,
  INVITATION_USED,
  INVITATION_VALID_DAYS,
  NO_SUCH_INVITATION,
  NOT_A_TREE_INVITATION,
  NOT_ON_TREE,
  OTHER_EMAIL,
  newOwnProfile,
  invitationTargetProblem,
} from '../../src/domain/invitations.ts';
import {
  checkUsable,
  createInvitation,
  invitationById,
  invitationDetails,
  markAccepted,
  pendingInvitation,
  pendingInvitations,
  renewInvitation,
  revokeInvitation,
  revokeOthersForCard,
  usableInvitation,
  type InvitationRow,
} from '../invitations.ts';
import { alreadyRegisteredMail, invitationMail, signUpConfirmMail } from '../../src/mail/templates.ts';
import type { MailMessage } from '../../src/mail/templates.ts';
import { checkGraphId, requireRole } from './graphs.ts';


/** How long the link that finishes a relative's sign-up works. */
export const SIGNUP_CONFIRM_HOURS = 24;

const AcceptBody = z.object({
  // Their length is checked after, by the functions' rule (signUpNameTooLong), worded alike; the body limit bounds them here.
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  gender: z.string().max(40, AUTH_MESSAGES.genderRequired).default(''),
  email: z.string().max(EMAIL_MAX_CHARS, EMAIL_TOO_LONG).default(''),
  password: z.string().max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`).default(''),
});

const CreateBody = z.strictObject({
  /** §3: defaults to the inviter's own graph. */
  graphUid: z.string().max(128, 'graphUid is too long.').optional(),
  // Checked after, by the functions' rule too (invitationTargetProblem); the body limit bounds them here.
  nodeId: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES, ROLE_CHOICE_INVALID).optional(),
});


/** A new account's fields, checked: from the sign-up form, or kept while the address confirms. */
interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  gender: Gender;
}

export function invitationRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService): void {
  const { db, limiter, mailer } = ctx;
  const inviteUrl = (token: string) => `${ctx.baseUrl()}/invite?token=${token}`;

  /** Sent after answering, so neither the answer nor its timing depends on the mail. */
  function mailLater(request: FastifyRequest, message: MailMessage, link: string): void {
    const log = request.log;
    ctx.background(
      mailer.send(message).then(
        (sent) => {
          if (sent.file) log.info(`Mail "${message.subject}" written to ${sent.file}; link: ${link}`);
        },
        (err: unknown) => log.error({ err }, `could not send the mail "${message.subject}"`),
      ),
    );
  }

  /**
   * Mails a relative's invitation. Without SMTP it goes where every other link goes, the outbox's
   * `.eml` and the log (issue 19, item 17), and the answer says it was not mailed: the §7
   * mail-compose link still brings it to the relative.
   */
  async function mailInvitation(request: FastifyRequest, row: InvitationRow, token: string): Promise<boolean> {
    const info = await invitationDetails(db, row);
    const link = inviteUrl(token);
    mailLater(request, invitationMail(row.email, { ...info, link, validDays: INVITATION_VALID_DAYS }), link);
    return mailer.kind === 'smtp';
  }

  async function linkAnswer(request: FastifyRequest, graphId: string, id: string, token: string, mail: boolean): Promise<InvitationLink> {
    const row = (await invitationById(db, id))!;
    const mailed = mail ? await mailInvitation(request, row, token) : false;
    return { inviteUrl: inviteUrl(token), invitation: (await pendingInvitation(db, graphId, id))!, mailed };
  }

  /** Owners and editors manage a tree's invitations; anyone else is refused. */
  async function inviterOf(request: FastifyRequest<{ Params: { graphId: string } }>, reply: FastifyReply) {
    const user = await requireUser(request, db);
    checkGraphId(request.params.graphId);
    await requireRole(graphs, request.params.graphId, user.uid, canInvite, ROLE_MESSAGES.viewer);
    return { user, graphId: request.params.graphId, limit: () => limiter.enforce(reply, LIMITED.invitationCreate, user.uid, ctx.rateLimits.invitationCreate) };
  }

  /**
   * Creates the account, accepts the invitation and, for a relative's, joins the tree on the
   * card (its profile re-keyed to the new uid), all in one transaction; answers the session token.
   */
  async function createAccount(invitation: InvitationRow, account: NewAccount): Promise<{ uid: string; token: string; displayName: string; publications: Publication[] }> {
    const uid = newUid();
    const displayName = `${account.firstName} ${account.lastName}`;
    const { email, firstName, lastName, gender } = account;
    const profile = newOwnProfile({ uid, email, firstName, lastName, gender, now: new Date().toISOString() });
    const joins = !invitation.first_account && !!invitation.graph_uid && !!invitation.node_id;
    let publications: Publication[] = [];
    const token = await db
      .transaction(async (tx) => {
        await tx.query(`INSERT INTO users (uid, email, password_hash, display_name, last_graph_id) VALUES ($1, $2, $3, $4, $5)`, [
          uid,
          account.email,
          account.passwordHash,
          displayName,
          joins ? invitation.graph_uid : null,
        ]);
        if (invitation.first_account) {
          const others = await tx.query('SELECT 1 FROM users WHERE uid <> $1 LIMIT 1', [uid]);
          if (others.length) throw new AppError('auth/invitation-used', INVITATION_USED);
        }
        if (!(await markAccepted(tx, invitation.id, uid))) throw new AppError('auth/invitation-used', INVITATION_USED);
        await tx.query('DELETE FROM signup_confirmations WHERE invitation_id = $1', [invitation.id]);
        if (joins) {
          publications = await graphs.joinGraph(
            tx,
            { graphId: invitation.graph_uid!, nodeId: invitation.node_id, uid, email, firstName, lastName, gender, now: profile.createdAt, role: invitation.role },
            profile,
          );
        } else await upsertProfiles(tx, [profile]);
        return createSession(tx, uid);
      })
      .catch((e: unknown) => {
        if (isUniqueViolation(e)) throw new AppError('auth/email-already-in-use', EMAIL_IN_USE);
        throw e;
      });
    return { uid, token, displayName, publications };
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, made: Awaited<ReturnType<typeof createAccount>>, email: string) {
    graphs.publish(made.publications);
    await endSession(request, db, ctx.streams);
    setSessionCookie(request, reply, made.token);
    return { uid: made.uid, email, displayName: made.displayName, photoURL: '' };
  }

  /**
   * §7 invitation function: an owner or editor invites someone to claim one of the tree's people,
   * as an editor or a viewer. A card has one pending invitation (a new one revokes the one
   * before). Counted per member. With SMTP configured the server mails the link itself.
   */
  app.post('/api/invitations', async (request, reply): Promise<InvitationLink & { token: string }> => {
    const user = await requireUser(request, db);
    await limiter.enforce(reply, LIMITED.invitationCreate, user.uid, ctx.rateLimits.invitationCreate);
    const body = parseBody(CreateBody, request.body);
    const problem = invitationTargetProblem(body.email, body.nodeId);
    if (problem) throw problem;
    const graphId = body.graphUid || user.uid;
    checkGraphId(graphId);
    await requireRole(graphs, graphId, user.uid, canInvite, ROLE_MESSAGES.viewer);
    const rows = await db.query<{ profile_id: string; owner_uid: string | null }>(
      `SELECT n.profile_id, p.owner_uid FROM graph_nodes n LEFT JOIN profiles p ON p.id = n.profile_id
        WHERE n.graph_id = $1 AND n.id = $2`,
      [graphId, body.nodeId],
    );
    const node = rows[0];
    if (!node) throw new AppError('not-found', NOT_ON_TREE);
    if (node.owner_uid || node.profile_id === graphId) throw new AppError('failed-precondition', ALREADY_CLAIMED);
    const { id, token } = await db.transaction(async (tx) => {
      const made = await createInvitation(tx, { email: body.email, nodeId: body.nodeId, inviterUid: user.uid, graphUid: graphId, role: body.role ?? 'editor' });
      await revokeOthersForCard(tx, graphId, body.nodeId, made.id);
      return made;
    });
    return { token, ...(await linkAnswer(request, graphId, id, token, true)) };
  });

  /** The invitation page's details; each unusable state its own coded error. Counted per address. */
  app.get<{ Params: { token: string } }>('/api/invitations/:token', async (request, reply): Promise<InvitationResponse> => {
    await limiter.enforce(reply, LIMITED.invitationLookup, request.ip, ctx.rateLimits.invitationLookup);
    return invitationDetails(db, await usableInvitation(db, request.params.token));
  });

  /**
   * "Create account". The first-account link (and an operator's invitation) makes the account at
   * once. A relative's invitation answers 202 "confirm-email" whatever the address: an address
   * without an account gets the link that finishes the sign-up, one with an account a mail saying
   * how to sign in and accept instead. So no answer tells whether an address is registered, and
   * no account is made for an address whose mailbox was not reached.
   */
  app.post<{ Params: { token: string } }>('/api/invitations/:token/accept', async (request, reply): Promise<SignUpResponse> => {
    await limiter.enforce(reply, LIMITED.invitationAccept, request.ip, ctx.rateLimits.signIn);
    const { token } = request.params;
    const invitation = await usableInvitation(db, token);
    const body = parseBody(AcceptBody, request.body);
    const tooLong = signUpNameTooLong(body);
    if (tooLong) throw new AppError('invalid-argument', tooLong);
    const check = validateSignUp({ ...body, confirmPassword: body.password });
    if (check.message) {
      throw new AppError(check.message === AUTH_MESSAGES.invalidEmail ? 'invalid-email' : 'invalid-argument', check.message);
    }
    if (!isSignUpGender(body.gender)) throw new AppError('invalid-argument', AUTH_MESSAGES.genderRequired);
    const email = normaliseEmail(body.email);
    if (invitation.email && invitation.email !== email) throw new AppError('invalid-argument', OTHER_EMAIL);
    const account: NewAccount = {
      email,
      passwordHash: await hashPassword(body.password),
      firstName: capitaliseName(body.firstName),
      lastName: capitaliseName(body.lastName),
      gender: profileGenderFromSignUp(body.gender),
    };

    if (invitation.first_account || !invitation.inviter_uid) {
      const taken = await db.query('SELECT 1 FROM users WHERE email = $1', [email]);
      if (taken.length) throw new AppError('auth/email-already-in-use', EMAIL_IN_USE);
      const user = await signIn(request, reply, await createAccount(invitation, account), email);
      return { status: 'signed-in', user };
    }

    const { treeName } = await invitationDetails(db, invitation);
    const registered = await db.query('SELECT 1 FROM users WHERE email = $1', [email]);
    if (registered.length) {
      const link = inviteUrl(token);
      mailLater(request, alreadyRegisteredMail(email, { treeName, link }), link);
    } else {
      const confirm = newSecretToken();
      await db.query(
        `INSERT INTO signup_confirmations (token_hash, invitation_id, email, password_hash, first_name, last_name, gender, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '${SIGNUP_CONFIRM_HOURS} hours')`,
        [hashToken(confirm), invitation.id, email, account.passwordHash, account.firstName, account.lastName, account.gender],
      );
      const link = `${ctx.baseUrl()}/confirm-signup?token=${confirm}`;
      mailLater(request, signUpConfirmMail(email, { treeName, link, validHours: SIGNUP_CONFIRM_HOURS }), link);
    }
    return reply.code(202).send({ status: 'confirm-email', email } satisfies SignUpResponse);
  });

  /** The confirmation link of a relative's sign-up: the account is made, joins the tree and is signed in. */
  app.post<{ Params: { token: string } }>('/api/signups/:token', async (request, reply): Promise<SessionResponse> => {
    await limiter.enforce(reply, LIMITED.invitationLookup, request.ip, ctx.rateLimits.invitationLookup);
    const { token } = request.params;
    if (!SECRET_TOKEN.test(token)) throw new AppError('auth/confirmation-link-invalid', CONFIRMATION_INVALID);
    const rows = await db.query<{ invitation_id: string; email: string; password_hash: string; first_name: string; last_name: string; gender: Gender }>(
      `SELECT invitation_id, email, password_hash, first_name, last_name, gender FROM signup_confirmations WHERE token_hash = $1 AND expires_at > now()`,
      [hashToken(token)],
    );
    const pending = rows[0];
    if (!pending) throw new AppError('auth/confirmation-link-invalid', CONFIRMATION_INVALID);
    const invitation = await checkUsable(db, await invitationById(db, pending.invitation_id));
    const account: NewAccount = {
      email: pending.email,
      passwordHash: pending.password_hash,
      firstName: pending.first_name,
      lastName: pending.last_name,
      gender: pending.gender,
    };
    return { user: await signIn(request, reply, await createAccount(invitation, account), pending.email) };
  });

  /** "Sign in to accept": the signed-in member whose address the invitation names joins the tree. */
  app.post<{ Params: { token: string } }>('/api/invitations/:token/join', async (request, reply): Promise<{ graphId: string }> => {
    const user = await requireUser(request, db);
    await limiter.enforce(reply, LIMITED.invitationLookup, request.ip, ctx.rateLimits.invitationLookup);
    const invitation = await usableInvitation(db, request.params.token);
    if (invitation.first_account || !invitation.graph_uid || !invitation.inviter_uid) throw new AppError('invalid-argument', NOT_A_TREE_INVITATION);
    if (invitation.email !== user.email) throw new AppError('invalid-argument', OTHER_EMAIL);
    const graphId = invitation.graph_uid;
    if (await memberRole(db, graphId, user.uid)) throw new AppError('failed-precondition', ROLE_MESSAGES.alreadyMember);
    const publications = await db.transaction(async (tx) => {
      if (!(await markAccepted(tx, invitation.id, user.uid))) throw new AppError('auth/invitation-used', INVITATION_USED);
      const input = { graphId, nodeId: invitation.node_id, uid: user.uid, email: user.email, now: new Date().toISOString(), role: invitation.role };
      const pubs = await graphs.joinAsMember(tx, input);
      await rememberOpened(tx, user.uid, graphId);
      return pubs;
    });
    graphs.publish(publications);
    return { graphId };
  });

  app.get<{ Params: { graphId: string } }>('/api/graphs/:graphId/invitations', async (request, reply): Promise<InvitationsResponse> => {
    const { graphId } = await inviterOf(request, reply);
    return { invitations: await pendingInvitations(db, graphId) };
  });

  type ById = { Params: { graphId: string; id: string } };
  const pendingId = (id: string) => {
    if (!INVITATION_ID.test(id)) throw new AppError('not-found', NO_SUCH_INVITATION);
  };

  /** "Copy link" and "Resend": a new token (the earlier link stops working), 14 more days. */
  for (const [action, mail] of [['link', false], ['resend', true]] as const) {
    app.post<ById>(`/api/graphs/:graphId/invitations/:id/${action}`, async (request, reply): Promise<InvitationLink> => {
      const { graphId, limit } = await inviterOf(request, reply);
      const { id } = request.params;
      pendingId(id);
      if (!(await pendingInvitation(db, graphId, id))) throw new AppError('not-found', NO_SUCH_INVITATION);
      await limit();
      const token = await renewInvitation(db, id);
      if (!token) throw new AppError('not-found', NO_SUCH_INVITATION);
      return linkAnswer(request, graphId, id, token, mail);
    });
  }

  app.delete<ById>('/api/graphs/:graphId/invitations/:id', async (request, reply) => {
    const { graphId } = await inviterOf(request, reply);
    pendingId(request.params.id);
    if (!(await revokeInvitation(db, graphId, request.params.id))) throw new AppError('not-found', NO_SUCH_INVITATION);
    return reply.code(204).send();
  });
}
