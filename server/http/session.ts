import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { AppError, SIGN_IN_NEEDED } from '../../src/domain/errors.ts';
import type { AuthUser } from '../../src/domain/types.ts';
import type { Database, Queryable } from '../db/database.ts';
import { SECRET_TOKEN, hashToken, newSecretToken } from '../auth/tokens.ts';
import type { StreamRegistry } from '../graphs/streams.ts';

export const SESSION_DAYS = 30;
const SESSION_SECONDS = SESSION_DAYS * 24 * 60 * 60;

interface UserRow {
  uid: string;
  email: string;
  display_name: string;
  photo_url: string;
}

export function toAuthUser(row: UserRow): AuthUser {
  return { uid: row.uid, email: row.email, displayName: row.display_name, photoURL: row.photo_url };
}

export async function createSession(db: Queryable, uid: string): Promise<string> {
  const token = newSecretToken();
  await db.query(
    `INSERT INTO sessions (token_hash, uid, expires_at) VALUES ($1, $2, now() + interval '${SESSION_DAYS} days')`,
    [hashToken(token), uid],
  );
  return token;
}

function cookieToken(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && SECRET_TOKEN.test(token) ? token : null;
}

/** The hash of the request's session token ('' without one): what the session's row is keyed by. */
export function sessionHash(request: FastifyRequest): string {
  const token = cookieToken(request);
  return token ? hashToken(token) : '';
}

const cache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

/** The signed-in member of this request, or null; expired and ended sessions count as none. */
export function sessionUser(request: FastifyRequest, db: Database): Promise<AuthUser | null> {
  let found = cache.get(request);
  if (!found) {
    const token = cookieToken(request);
    found = token
      ? db
          .query<UserRow>(
            `SELECT u.uid, u.email, u.display_name, u.photo_url
               FROM sessions s JOIN users u ON u.uid = s.uid
              WHERE s.token_hash = $1 AND s.expires_at > now()`,
            [hashToken(token)],
          )
          .then((rows) => (rows[0] ? toAuthUser(rows[0]) : null))
      : Promise.resolve(null);
    cache.set(request, found);
  }
  return found;
}

export async function requireUser(request: FastifyRequest, db: Database): Promise<AuthUser> {
  const user = await sessionUser(request, db);
  if (!user) throw new AppError('unauthenticated', SIGN_IN_NEEDED);
  return user;
}

/**
 * Ends the session the request's cookie names, if any, and with it that session's live streams
 * (on every process), at once.
 */
export async function endSession(request: FastifyRequest, db: Database, streams: StreamRegistry): Promise<void> {
  const token = cookieToken(request);
  cache.delete(request);
  if (!token) return;
  const session = hashToken(token);
  const ended = await db.query<{ uid: string }>('DELETE FROM sessions WHERE token_hash = $1 RETURNING uid', [session]);
  if (ended[0]) await streams.end({ uid: ended[0].uid, session }, 'signed-out');
}

function cookieOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: request.protocol === 'https' };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: SESSION_SECONDS });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

export function hasSessionCookie(request: FastifyRequest): boolean {
  return request.cookies[SESSION_COOKIE] !== undefined;
}
