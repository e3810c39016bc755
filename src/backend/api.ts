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
 * | GET    /api/invitations/:token         |                                       | InvitationResponse; 404 auth/invitation-invalid, 410 auth/invitation-used / -revoked / -expired (rate-limited per address) |
 * | POST   /api/invitations/:token/accept  | { firstName, lastName, gender, email, password } | SignUpResponse: 200 { status: 'signed-in', user } (+cookie) for the first-account link and operator invitations; 202 { status: 'confirm-email', email } for a relative's invitation, whether or not the address has an account |
 * | POST   /api/signups/:token             |                                       | SessionResponse (+cookie): the confirmation link makes the account, joins the tree; 410 auth/confirmation-link-invalid |
 * | POST   /api/invitations/:token/join    | (signed in)                           | { graphId }: "Sign in to accept"; only the account the invitation names (invalid-argument 'This invitation is for a different email address.') |
 * | POST   /api/accounts                   | { firstName, lastName, gender, email, password } | 403 auth/signup-disabled 'Sign up is by invitation only.' while SIGN_UP is off |
 * | GET    /api/profiles/:id               |                                       | { profile: Profile } (redacted as in the load when the reader is only a viewer) |
 * | PATCH  /api/profiles/:id               | { set: Partial<ProfileScalars> }      | { profile: Profile } (applied to every graph showing it, broadcast live); a viewer only their own profile |
 * | PUT    /api/profiles/:id/avatar        | multipart: files `large` (320²) and `small` (170²), image/webp or image/jpeg | { photoURL, photoURLSmall } (re-encoded by the server; profile updated) |
 * | GET    /files/profiles/:id/avatar_320.{webp|jpg}?v=… |                        | the image, Cache-Control: private, max-age=31536000, immutable; only to members of a tree showing the profile (permission-denied otherwise; not-found to a viewer for a private person) |
 * | GET    /api/graph                      | (Accept: application/vnd.kinfolk.graph-columns+json for the compact form) | LoadedGraph (ports.ts): the tree the member opened last (else latest joined, else their own); or GraphColumnsAnswer (http/graphLoad.ts): a snapshot in columns plus the change sets since; brotli or gzip by Accept-Encoding. To a viewer: private people emptied (LoadedGraph.privacy) |
 * | GET    /api/graphs                     |                                       | { trees: TreeSummary[] } |
 * | GET    /api/graphs/:graphId            | (as GET /api/graph)                   | that tree, remembered as the one opened last; permission-denied for non-members |
 * | PATCH  /api/graphs/:graphId            | { name }                              | { tree: TreeSummary } (owner only) |
 * | GET    /api/graphs/:graphId/members    |                                       | { members: TreeMember[] } (owner only) |
 * | PATCH  /api/graphs/:graphId/members/:uid | { role: 'editor' | 'viewer' }       | { member: TreeMember } (owner only; their streams reload) |
 * | DELETE /api/graphs/:graphId/members/:uid |                                     | 204 (owner only; their streams close at once) |
 * | GET    /api/graphs/:graphId/invitations |                                      | { invitations: PendingInvitation[] } (owner and editors) |
 * | POST   /api/graphs/:graphId/invitations/:id/link   |                           | InvitationLink (a new link; the earlier one stops working) |
 * | POST   /api/graphs/:graphId/invitations/:id/resend |                           | InvitationLink (a new link, mailed where SMTP is configured) |
 * | DELETE /api/graphs/:graphId/invitations/:id        |                           | 204 (revoked) |
 * | POST   /api/graphs/:graphId/person-events | { ids: string[] } (≤ PERSON_EVENTS_BATCH) | PersonEventsAnswer (domain/facts/personEvents.ts): the events the open left out, packed, each asked person the tree shows, with the revision read first; a viewer's redacted as in the load; invalid-argument, permission-denied (not a member) |
 * | POST   /api/graphs/:graphId/changes    | { changes: ChangeSet, clientId, migrations?: string[] } (body up to 20 MB) | { revision } ; refused whole with a coded error (permission-denied, invalid-argument, not-found, already-exists) |
 * | POST   /api/graphs/:graphId/imports    | { clientId, chunks, people?, bytes? }  | { importId, limits } (members only; IMPORT_LIMITS in domain/changeSetChunks.ts) |
 * | PUT    /api/graphs/:graphId/imports/:importId/chunks/:index | a ChangeSet holding a slice of the lists (JSON, up to 8 MB) | { received }; a malformed chunk, or one sent again with other contents, refuses the whole import |
 * | POST   /api/graphs/:graphId/imports/:importId/commit | | { revision }: the chunks joined, validated and applied as one change set; a missing chunk or any refusal of the save refuses the whole import (failed-precondition, invalid-argument, permission-denied, not-found) |
 * | DELETE /api/graphs/:graphId/imports/:importId |                          | 204 (an open or refused import is dropped) |
 * | GET    /api/graphs/:graphId/events     | (Server-Sent Events; `?since=revision` or Last-Event-ID replays) | `event: change` id revision, data GraphChangeEvent (redacted per viewer); `event: reload` data { revision } when replay is impossible or the member's role changed; `event: closed` data ErrorBody['error'] then the end, when the session ended or the member was removed; `: ping` every 25 s |
 * | POST   /api/invitations                | { graphUid, nodeId, email, role? }    | InvitationLink & { token } (§7 invitation function; inviter = the signed-in member, owner or editor; mailed where SMTP is configured; rate-limited per member); invalid-email 'Invalid email', permission-denied (not a member, viewer), not-found (no such card), failed-precondition (card already claimed) |
 * | GET    /api/account                    |                                       | AccountSettings |
 * | PATCH  /api/account                    | Partial<AccountSettings>              | AccountSettings |
 * | POST   /api/account/email              | { email, password }                   | 202 always (a link to the new address) |
 * | POST   /api/account/email/:token       |                                       | SessionResponse (the address changed); 410 auth/confirmation-link-invalid |
 * | POST   /api/account/password           | { currentPassword, newPassword }      | 204 (every other session and its streams end) |
 * | GET    /api/account/export             |                                       | OwnDataExport as an attachment (kinfolk-{uid}.json) |
 * | DELETE /api/account                    | { password, card, trees }             | 204 (cookie cleared, every session and stream ends) |
 */
import type { Graph, Profile, AuthUser } from '../domain/types.ts';
import type { InvitationInfo, SignUpResult, TreeMember, TreeSummary, AccountSettings, PendingInvitation } from './ports.ts';

export const SESSION_COOKIE = 'kin_session';

export interface SessionResponse {
  user: AuthUser | null;
}

export type InvitationResponse = InvitationInfo;
export type SignUpResponse = SignUpResult;

export interface TreesResponse {
  trees: TreeSummary[];
}

export interface MembersResponse {
  members: TreeMember[];
}

export interface InvitationsResponse {
  invitations: PendingInvitation[];
}

export type AccountResponse = AccountSettings;

/** The name the graph's live stream gives `event: closed` (data: `{ code, message }`). */
export const STREAM_CLOSED_EVENT = 'closed';

/**
 * The largest body `POST /api/graphs/{id}/changes` takes, in bytes. A larger change set (Tidy up of
 * a whole tree of 100,000 people is about 21 MB) goes through the bulk path, in chunks, as the
 * HTTP adapter's `save` does by itself.
 */
export const SAVE_BODY_LIMIT = 20 * 1024 * 1024;

/** GET /api/account/export: everything the site holds about one member. */
export interface OwnDataExport {
  format: 'kinfolk-own-data/1';
  exportedAt: string;
  account: { uid: string; email: string; displayName: string; createdAt: string; settings: AccountSettings };
  /** Their own profile and every card they claimed, whole. */
  profiles: Profile[];
  /** Their photo files (profiles/{id}/avatar_*), base64. */
  photos: { path: string; contentType: string; base64: string }[];
  /** Every tree they belong to, with their role. */
  memberships: { graphId: string; name: string; role: string; joinedAt: string }[];
  /**
   * The trees they own, private people redacted as in every export. `files` holds each tree in
   * the other formats the server writes (`server/account.ts` TREE_FORMATS: GEDCOM 7.0).
   */
  trees: { graphId: string; name: string; graph: Graph; files: { name: string; contentType: string; text: string }[] }[];
}
