import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { InvitationResponse, SessionResponse } from '../../src/backend/api.ts';
import { AppError } from '../../src/domain/errors.ts';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import {
  AUTH_MESSAGES,
  MAX_PASSWORD_LENGTH,
  isSignUpGender,
  isValidEmail,
  normaliseEmail,
  profileGenderFromSignUp,
  validateSignUp,
} from '../../src/domain/validation/auth.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newUid } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/database.ts';
import { parseBody } from '../http/errors.ts';
import { LIMITED } from '../http/rateLimit.ts';
import { createSession, endSession, requireUser, setSessionCookie } from '../http/session.ts';
import type { GraphService, Publication } from '../graphs/service.ts';
import { memberRole, upsertProfiles } from '../graphs/store.ts';
import { INVITATION_USED, createInvitation, markAccepted, usableInvitation } from '../invitations.ts';
import { hashToken } from '../auth/tokens.ts';
import { capitaliseName } from '../../src/domain/labels.ts';
import { newOwnProfile } from '../profiles.ts';

export const EMAIL_IN_USE = 'An account with this email already exists. Sign in instead.';
export const OTHER_EMAIL = 'This invitation is for a different email address.';

const AcceptBody = z.object({
  firstName: z.string().max(100, 'First name is too long.').default(''),
  lastName: z.string().max(100, 'Last name is too long.').default(''),
  gender: z.string().max(40, AUTH_MESSAGES.genderRequired).default(''),
  email: z.string().max(320, 'Email is too long.').default(''),
  password: z.string().max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`).default(''),
});

const CreateBody = z.strictObject({
  /** §3: defaults to the inviter's own graph. */
  graphUid: z.string().max(128, 'graphUid is too long.').optional(),
  nodeId: z.string().min(1, 'nodeId is required.').max(40, 'nodeId is too long.'),
  email: z.string().max(320, 'Email is too long.'),
});

export const NOT_ON_TREE = 'That person is not on this family tree.';
export const ALREADY_CLAIMED = 'This person already belongs to a member.';

export function invitationRoutes(app: FastifyInstance, ctx: AppContext, graphs: GraphService): void {
  const { db } = ctx;

  /** §7 invitation function: a member of a graph invites someone to claim one of its people. */
  app.post('/api/invitations', async (request): Promise<{ token: string; inviteUrl: string }> => {
    const user = await requireUser(request, db);
    const body = parseBody(CreateBody, request.body);
    if (!isValidEmail(body.email)) throw new AppError('invalid-email', AUTH_MESSAGES.invalidEmail);
    const graphId = body.graphUid || user.uid;
    if (graphId !== user.uid && !(await memberRole(db, graphId, user.uid))) {
      throw new AppError('permission-denied', NOT_A_MEMBER);
    }
    const rows = await db.query<{ profile_id: string; owner_uid: string | null }>(
      `SELECT n.profile_id, p.owner_uid FROM graph_nodes n LEFT JOIN profiles p ON p.id = n.profile_id
        WHERE n.graph_id = $1 AND n.id = $2`,
      [graphId, body.nodeId],
    );
    const node = rows[0];
    if (!node) throw new AppError('not-found', NOT_ON_TREE);
    if (node.owner_uid) throw new AppError('failed-precondition', ALREADY_CLAIMED);
    const { token } = await createInvitation(db, { email: body.email, nodeId: body.nodeId, inviterUid: user.uid, graphUid: graphId });
    return { token, inviteUrl: `${ctx.baseUrl()}/invite?token=${token}` };
  });

  app.get<{ Params: { token: string } }>('/api/invitations/:token', async (request): Promise<InvitationResponse> => {
    const invitation = await usableInvitation(db, request.params.token);
    return { email: invitation.email, firstAccount: invitation.first_account, inviterName: '', treeName: '', firstName: '', lastName: '', personName: '', role: 'editor', expiresAt: '' };
  });

  app.post<{ Params: { token: string } }>(
    '/api/invitations/:token/accept',
    async (request, reply): Promise<SessionResponse> => {
      await ctx.limiter.enforce(reply, LIMITED.invitationAccept, request.ip, ctx.rateLimits.signIn);
      const invitation = await usableInvitation(db, request.params.token);
      const body = parseBody(AcceptBody, request.body);
      const check = validateSignUp({ ...body, confirmPassword: body.password });
      if (check.message) {
        throw new AppError(check.message === AUTH_MESSAGES.invalidEmail ? 'invalid-email' : 'invalid-argument', check.message);
      }
      if (!isSignUpGender(body.gender)) throw new AppError('invalid-argument', AUTH_MESSAGES.genderRequired);
      const email = normaliseEmail(body.email);
      if (invitation.email && invitation.email !== email) throw new AppError('invalid-argument', OTHER_EMAIL);
      const taken = await db.query('SELECT 1 FROM users WHERE email = $1', [email]);
      if (taken.length) throw new AppError('auth/email-already-in-use', EMAIL_IN_USE);

      const passwordHash = await hashPassword(body.password);
      const uid = newUid();
      const firstName = capitaliseName(body.firstName);
      const lastName = capitaliseName(body.lastName);
      const displayName = `${firstName} ${lastName}`;
      const profile = newOwnProfile({
        uid,
        firstName,
        lastName,
        email,
        gender: profileGenderFromSignUp(body.gender),
        now: new Date().toISOString(),
      });

      const joins = !invitation.first_account && !!invitation.graph_uid && !!invitation.node_id;
      let publications: Publication[] = [];
      const token = await db
        .transaction(async (tx) => {
          await tx.query(`INSERT INTO users (uid, email, password_hash, display_name) VALUES ($1, $2, $3, $4)`, [
            uid,
            email,
            passwordHash,
            displayName,
          ]);
          if (invitation.first_account) {
            const others = await tx.query('SELECT 1 FROM users WHERE uid <> $1 LIMIT 1', [uid]);
            if (others.length) throw new AppError('auth/invitation-used', INVITATION_USED);
          }
          if (!(await markAccepted(tx, invitation.id, hashToken(request.params.token), uid))) throw new AppError('auth/invitation-used', INVITATION_USED);
          if (joins) {
            publications = await graphs.joinGraph(
              tx,
              { graphId: invitation.graph_uid!, nodeId: invitation.node_id, uid, firstName, lastName, email, gender: profile.gender, now: profile.createdAt, role: 'editor' },
              profile,
            );
          } else await upsertProfiles(tx, [profile]);
          return createSession(tx, uid);
        })
        .catch((e: unknown) => {
          if (isUniqueViolation(e)) throw new AppError('auth/email-already-in-use', EMAIL_IN_USE);
          throw e;
        });

      graphs.publish(publications);
      await endSession(request, db);
      setSessionCookie(request, reply, token);
      return { user: { uid, email, displayName, photoURL: '' } };
    },
  );
}

