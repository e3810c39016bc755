/**
 * The self-hosted server's HTTP API, shared by `server/` and `src/backend/http/`.
 * Every body is JSON; every error is `{ error: { code, message } }` (see domain/errors.ts) with the
 * status from HTTP_STATUS. State-changing requests must come from the site's own origin.
 *
 * | method + path                          | body                                  | answer                 |
 * |----------------------------------------|---------------------------------------|------------------------|
 * | GET    /api/session                    |                                       | SessionResponse        |
 * | POST   /api/session                    | { email, password }                   | SessionResponse (+cookie) |
 * | DELETE /api/session                    |                                       | 204 (cookie cleared)   |
 * | PATCH  /api/me                         | { displayName?, photoURL? }           | SessionResponse        |
 * | POST   /api/password-resets            | { email }                             | 202 always             |
 * | GET    /api/password-resets/:token     |                                       | 204, or 410 auth/reset-link-invalid |
 * | POST   /api/password-resets/:token     | { password }                          | 204 (all sessions of that user end) |
 * | GET    /api/invitations/:token         |                                       | InvitationResponse     |
 * | POST   /api/invitations/:token/accept  | { firstName, lastName, gender, email, password } | SessionResponse (+cookie) |
 * | POST   /api/accounts                   | { firstName, lastName, gender, email, password } | 403 auth/signup-disabled 'Sign up is by invitation only.' while SIGN_UP is off |
 * | GET    /api/profiles/:id               |                                       | { profile: Profile }   |
 * | PATCH  /api/profiles/:id               | { set: Partial<ProfileScalars> }      | { profile: Profile } (applied to every graph showing it, broadcast live) |
 * | PUT    /api/profiles/:id/avatar        | multipart: files `large` (320²) and `small` (170²), image/webp or image/jpeg | { photoURL, photoURLSmall } (re-encoded by the server; profile updated) |
 * | GET    /files/profiles/:id/avatar_320.{webp|jpg}?v=… |                        | the image, Cache-Control: public, max-age=31536000, immutable |
 * | GET    /api/graph                      | (Accept: application/vnd.kinfolk.graph-columns+json for the compact form) | LoadedGraph (ports.ts): the member's Family Tree; or GraphColumnsAnswer (http/graphLoad.ts): a snapshot in columns plus the change sets since; brotli or gzip by Accept-Encoding |
 * | POST   /api/graphs/:graphId/changes    | { changes: ChangeSet, clientId, migrations?: string[] } (body up to 20 MB) | { revision } ; refused whole with a coded error (permission-denied, invalid-argument, not-found, already-exists) |
 * | POST   /api/graphs/:graphId/imports    | { clientId, chunks, people?, bytes? }  | { importId, limits } (members only; IMPORT_LIMITS in domain/changeSetChunks.ts) |
 * | PUT    /api/graphs/:graphId/imports/:importId/chunks/:index | a ChangeSet holding a slice of the lists (JSON, up to 8 MB) | { received }; a malformed chunk, or one sent again with other contents, refuses the whole import |
 * | POST   /api/graphs/:graphId/imports/:importId/commit | | { revision }: the chunks joined, validated and applied as one change set; a missing chunk or any refusal of the save refuses the whole import (failed-precondition, invalid-argument, permission-denied, not-found) |
 * | DELETE /api/graphs/:graphId/imports/:importId |                          | 204 (an open or refused import is dropped) |
 * | GET    /api/graphs/:graphId/events     | (Server-Sent Events; `?since=revision` or Last-Event-ID replays) | `event: change` id revision, data GraphChangeEvent; `event: reload` data { revision } when replay is impossible; `: ping` every 25 s |
 * | POST   /api/invitations                | { graphUid, nodeId, email }           | { token, inviteUrl } (§7 invitation function; inviter = the signed-in member); invalid-email 'Invalid email', permission-denied (not a member), not-found (no such card), failed-precondition (card already claimed) |
 */
import type { AuthUser } from '../domain/types.ts';

export const SESSION_COOKIE = 'kin_session';

export interface SessionResponse {
  user: AuthUser | null;
}

export interface InvitationResponse {
  email: string;
  firstAccount: boolean;
}
