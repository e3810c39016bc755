import type { PersonEventsAnswer } from '../../domain/facts/personEvents.ts';
import type { DeletedPerson, HistoryPage, RevertPlan, RevertRequest } from '../../domain/history/wire.ts';
export type { HistoryPage } from '../../domain/history/wire.ts';
import type { ChangeSet } from '../../domain/changeSet.ts';
import type { ImportLimits } from '../../domain/changeSetChunks.ts';
import { ERROR_CODES, type ErrorCode } from '../../domain/errors.ts';
import type { ProfileScalars } from '../../domain/profile.ts';
import type { PrivacyReason } from '../../domain/privacy.ts';
import type { MemberRole, TreeRole } from '../../domain/roles.ts';
import type { Graph, Profile, SignUpGender } from '../../domain/types.ts';
import type { OwnDataExport } from '../api.ts';
import type {
  AccountSettings,
  ClaimedCardChoice,
  InvitationInfo,
  InvitationLink,
  OwnedTreeChoice,
  PendingInvitation,
  TreeMember,
  TreeSummary,
} from '../ports.ts';
import type { SnapshotRef } from './paths.ts';

/**
 * The callable Cloud Functions of the Firebase backend (`functions/src`): their names, request
 * and response types. Every graph write goes through one of them; the browser calls them with
 * `httpsCallable(functions, CALLABLES.saveChanges)` and so on, in `FUNCTIONS_REGION`.
 *
 * Errors: a callable throws an HttpsError whose `code` is the nearest Firebase Functions code and
 * whose `details` is `CallableErrorDetails`, carrying the app's own code from
 * src/domain/errors.ts (e.g. 'invalid-email', 'auth/invitation-used'); the message is the app's
 * message, so §8 texts come out as on the self-hosted server. Read `details.code` when present.
 */

export const FUNCTIONS_REGION = 'us-central1';

export const CALLABLES = {
  openGraph: 'openGraph',
  listTrees: 'listTrees',
  renameTree: 'renameTree',
  markTreeSeen: 'markTreeSeen',
  personEvents: 'personEvents',
  listMembers: 'listMembers',
  setMemberRole: 'setMemberRole',
  removeMember: 'removeMember',
  saveChanges: 'saveChanges',
  updateProfile: 'updateProfile',
  createInvitation: 'createInvitation',
  getInvitation: 'getInvitation',
  acceptInvitation: 'acceptInvitation',
  joinInvitation: 'joinInvitation',
  listInvitations: 'listInvitations',
  renewInvitation: 'renewInvitation',
  revokeInvitation: 'revokeInvitation',
  accountSettings: 'accountSettings',
  updateAccountSettings: 'updateAccountSettings',
  downloadOwnData: 'downloadOwnData',
  deleteAccount: 'deleteAccount',
  beginImport: 'beginImport',
  putImportChunk: 'putImportChunk',
  commitImport: 'commitImport',
  cancelImport: 'cancelImport',
  listHistory: 'listHistory',
  revertChange: 'revertChange',
  listDeleted: 'listDeleted',
  restoreDeleted: 'restoreDeleted',
} as const;

export type CallableName = (typeof CALLABLES)[keyof typeof CALLABLES];

/** The blocking function (Identity Platform) that refuses sign-ups without a pending invitation. */
export const BLOCKING_FUNCTIONS = { beforeUserCreated: 'beforeUserCreated' } as const;

export interface CallableErrorDetails {
  code: ErrorCode;
}

/**
 * A tree of the member: the one asked for (`graphId`), else the one opened last, else the one
 * joined last, else their own (made empty on first use); remembered as the one opened last.
 * For owners and editors the answer's snapshot plus the change docs after `snapshot.revision`
 * make the graph at `revision` or later; the function makes a fresh snapshot first when the log
 * cannot fill the gap. For a viewer, whom the rules let read neither snapshots nor the log, `view`
 * holds the graph already redacted (src/domain/privacy.ts) and `snapshot` is null; at revision 0
 * (no snapshot, no log) `view` holds the graph whole for everyone: no cards, the profiles it shows
 * (the owner's own).
 */
export interface OpenGraphRequest {
  graphId?: string;
}
export interface OpenGraphResponse {
  graphId: string;
  ownerUid: string;
  revision: number;
  updatedAt: string;
  migrations: string[];
  snapshot: SnapshotRef | null;
  role: TreeRole;
  name: string;
  view: { graph: Graph & { revision: number }; privacy: Record<string, PrivacyReason> } | null;
}

export type ListTreesRequest = Record<string, never>;
export interface ListTreesResponse {
  trees: TreeSummary[];
}
export interface RenameTreeRequest {
  graphId: string;
  name: string;
}
export interface RenameTreeResponse {
  tree: TreeSummary;
}

/** MemberService: the owner only. */
export interface ListMembersRequest {
  graphId: string;
}
export interface ListMembersResponse {
  members: TreeMember[];
}
export interface SetMemberRoleRequest {
  graphId: string;
  uid: string;
  role: MemberRole;
}
export interface SetMemberRoleResponse {
  member: TreeMember;
}
export interface RemoveMemberRequest {
  graphId: string;
  uid: string;
}

/** "Sign in to accept": the signed-in member whose e-mail the invitation names joins its tree. */
export interface JoinInvitationRequest {
  token: string;
}
export interface JoinInvitationResponse {
  graphId: string;
}
export interface ListInvitationsRequest {
  graphId: string;
}
export interface ListInvitationsResponse {
  invitations: PendingInvitation[];
}
/** "Copy link" and "Resend" alike: a new token, 14 more days (Firebase mails nothing itself). */
export interface RenewInvitationRequest {
  graphId: string;
  id: string;
  /** "Resend": the function also writes the invitation's e-mail for the "Trigger Email" extension. */
  mail?: boolean;
}
export type RenewInvitationResponse = InvitationLink & { token: string };
export interface RevokeInvitationRequest {
  graphId: string;
  id: string;
}

export type AccountSettingsRequest = Record<string, never>;
export type AccountSettingsResponse = AccountSettings;
export type UpdateAccountSettingsRequest = Partial<AccountSettings> & {
  /** After a confirmed e-mail change: the own profile takes the account's (new) address. */
  syncEmail?: boolean;
};
export type DownloadOwnDataRequest = Record<string, never>;
/** OwnDataExport (src/backend/api.ts) without the GEDCOM files, which only the self-hosted server writes. */
export type DownloadOwnDataResponse = OwnDataExport;
/** The password was checked by a fresh sign-in (reauthentication) just before. */
export interface DeleteAccountRequest {
  card: ClaimedCardChoice;
  trees: OwnedTreeChoice[];
}
export type EmptyResponse = Record<string, never>;

/** The one save path (`saveChangeSet`), as POST /api/graphs/:graphId/changes. */
export interface SaveChangesRequest {
  graphId: string;
  changes: ChangeSet;
  clientId: string;
  migrations?: string[];
}
export interface SaveChangesResponse {
  revision: number;
}

/** The profile page's save (`updateProfile`), as PATCH /api/profiles/:id. */
export interface UpdateProfileRequest {
  id: string;
  set: Partial<ProfileScalars>;
  clientId?: string;
}
export interface UpdateProfileResponse {
  profile: Profile;
}

/**
 * §7 invitation function. `inviterUid` may be left out; when given it must be the caller's uid.
 * `graphUid` defaults to the caller's own graph. `inviteUrl` is on the site's origin (the calling
 * page's Origin when it is one of the site's, else the first configured one).
 */
export interface CreateInvitationRequest {
  inviterUid?: string;
  graphUid?: string;
  nodeId: string;
  email: string;
  role?: MemberRole;
}
/** The link with its token (tests read it; the page uses `inviteUrl`). */
export type CreateInvitationResponse = InvitationLink & { token: string };

/** The invitation page, before any account exists (no sign-in needed). */
export interface GetInvitationRequest {
  token: string;
}
export type GetInvitationResponse = InvitationInfo;

/**
 * After `createUserWithEmailAndPassword` (which the blocking function let through for the
 * invitation's e-mail): the signed-in new member claims the invitation. The function sets the
 * account's display name, writes their own profile (claiming the invited card: `joinGraph`),
 * makes them a member and marks the invitation accepted. The e-mail is the account's.
 */
export interface AcceptInvitationRequest {
  token: string;
  firstName: string;
  lastName: string;
  gender: SignUpGender;
}
export interface AcceptInvitationResponse {
  uid: string;
  displayName: string;
  graphId: string | null;
}

/** Bulk import (GraphImporter): begin, send chunks (each a change set's slice as JSON text), commit. */
export interface BeginImportRequest {
  graphId: string;
  clientId: string;
  chunks: number;
  people?: number;
  bytes?: number;
  migrations?: string[];
}
export interface BeginImportResponse {
  importId: string;
  limits: ImportLimits;
}

export interface PutImportChunkRequest {
  graphId: string;
  importId: string;
  /** From 0. */
  index: number;
  /** A change set holding a slice of the lists, as JSON text of at most `limits.chunkBytes` UTF-8 bytes. */
  body: string;
}
export interface PutImportChunkResponse {
  received: number;
}

export interface CommitImportRequest {
  graphId: string;
  importId: string;
}
export interface CommitImportResponse {
  revision: number;
}

export interface CancelImportRequest {
  graphId: string;
  importId: string;
}
export type CancelImportResponse = Record<string, never>;

export interface CallableTypes {
  openGraph: [OpenGraphRequest, OpenGraphResponse];
  listTrees: [ListTreesRequest, ListTreesResponse];
  renameTree: [RenameTreeRequest, RenameTreeResponse];
  markTreeSeen: [{ graphId: string }, EmptyResponse];
  /** Events of people the open left out (src/domain/facts/personEvents.ts). */
  personEvents: [{ graphId: string; ids: string[] }, PersonEventsAnswer];
  listMembers: [ListMembersRequest, ListMembersResponse];
  setMemberRole: [SetMemberRoleRequest, SetMemberRoleResponse];
  removeMember: [RemoveMemberRequest, EmptyResponse];
  joinInvitation: [JoinInvitationRequest, JoinInvitationResponse];
  listInvitations: [ListInvitationsRequest, ListInvitationsResponse];
  renewInvitation: [RenewInvitationRequest, RenewInvitationResponse];
  revokeInvitation: [RevokeInvitationRequest, EmptyResponse];
  accountSettings: [AccountSettingsRequest, AccountSettingsResponse];
  updateAccountSettings: [UpdateAccountSettingsRequest, AccountSettingsResponse];
  downloadOwnData: [DownloadOwnDataRequest, DownloadOwnDataResponse];
  deleteAccount: [DeleteAccountRequest, EmptyResponse];
  saveChanges: [SaveChangesRequest, SaveChangesResponse];
  updateProfile: [UpdateProfileRequest, UpdateProfileResponse];
  createInvitation: [CreateInvitationRequest, CreateInvitationResponse];
  getInvitation: [GetInvitationRequest, GetInvitationResponse];
  acceptInvitation: [AcceptInvitationRequest, AcceptInvitationResponse];
  beginImport: [BeginImportRequest, BeginImportResponse];
  putImportChunk: [PutImportChunkRequest, PutImportChunkResponse];
  commitImport: [CommitImportRequest, CommitImportResponse];
  cancelImport: [CancelImportRequest, CancelImportResponse];
  listHistory: [ListHistoryRequest, HistoryPage];
  revertChange: [RevertChangeRequest, { plan: RevertPlan } | { revision: number }];
  listDeleted: [{ graphId: string }, { people: DeletedPerson[]; actors: Record<string, string> }];
  restoreDeleted: [RestoreDeletedRequest, { revision: number }];
}

/** The history (issue 24; src/domain/history/wire.ts): the same requests as the server's routes. */
export interface ListHistoryRequest {
  graphId: string;
  profileId?: string;
  actorUid?: string;
  from?: string;
  to?: string;
  before?: number;
  limit?: number;
}
export interface RevertChangeRequest extends RevertRequest {
  graphId: string;
  preview?: boolean;
}
export interface RestoreDeletedRequest {
  graphId: string;
  revision: number;
  profileId: string;
  clientId: string;
}

const MB = 1024 * 1024;

/**
 * What one import can hold on Firebase: as much as on the self-hosted server (IMPORT_LIMITS). The
 * commit is not one Firestore transaction: the graph's documents are written in batches under a
 * lock and one small transaction makes the revision visible (functions/src/store/bulkGraphStore.ts).
 * Chunks wait in documents (at most 1 MiB each), so a chunk is at most 900 KiB of UTF-8, and more
 * of them are allowed than on the server.
 */
export const FIREBASE_IMPORT_LIMITS: ImportLimits = {
  people: 150_000,
  bytes: 150 * MB,
  chunkBytes: 900 * 1024,
  targetChunkBytes: 512 * 1024,
  chunks: 2_000,
};

/**
 * The largest save (its request's JSON, UTF-8) sent to `saveChanges`; a larger one goes the bulk
 * way (`importChangeSet`). A callable takes about 10 MB, but the save is one transaction of at
 * most 9.5 MiB of documents, which take about 1.4 times their JSON as the Admin SDK encodes them.
 */
export const FIREBASE_SAVE_LIMIT = 4 * MB;

/** The writes of one transaction, as encoded in its commit request: below Firestore's 10 MiB per request. */
export const FIRESTORE_COMMIT_BYTES = 9.5 * MB;

/**
 * The refusal of a blocking function as the Firebase Auth web SDK reports it: code
 * 'auth/internal-error', and a message holding the function's answer, e.g.
 * `Firebase: ((HTTP request to …/beforeUserCreated returned HTTP error 403:
 * {"error":{"details":{"code":"auth/signup-disabled"},"message":"Sign up is by invitation only.","status":"PERMISSION_DENIED"}})) (auth/internal-error).`
 * Answers the app's code and message from it, or null for any other error.
 */
export function blockingFunctionRefusal(error: unknown): (CallableErrorDetails & { message: string }) | null {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (!e || e.code !== 'auth/internal-error' || typeof e.message !== 'string') return null;
  const start = e.message.indexOf('{"error"');
  if (start < 0) return null;
  // The answer is the JSON object at `start`: find where it closes by counting braces outside strings.
  let depth = 0;
  let inString = false;
  for (let i = start; i < e.message.length; i++) {
    const c = e.message[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        const body = JSON.parse(e.message.slice(start, i + 1)) as { error?: { message?: unknown; details?: { code?: unknown } } };
        const code = body.error?.details?.code;
        const message = body.error?.message;
        if (!(ERROR_CODES as readonly unknown[]).includes(code) || typeof message !== 'string') return null;
        return { code: code as ErrorCode, message };
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The app's error behind a failed callable, as the Firebase Functions web SDK hands it over: the
 * app's code from `details.code` (else the SDK's code without its 'functions/' prefix, when it is
 * one of ours) and the app's message, without the ' [400]' the SDK appends to every message.
 * Null when the failure did not come from a callable (the network, for one, is 'functions/…' too:
 * 'unavailable' or 'deadline-exceeded', which map through as they are).
 */
export function callableError(error: unknown): (CallableErrorDetails & { message: string }) | null {
  const e = error as { code?: unknown; message?: unknown; details?: { code?: unknown } } | null;
  if (!e || typeof e.code !== 'string' || !e.code.startsWith('functions/')) return null;
  const own = e.details?.code;
  const sdk = e.code.slice('functions/'.length);
  const code = (ERROR_CODES as readonly unknown[]).includes(own) ? (own as ErrorCode) : (ERROR_CODES as readonly string[]).includes(sdk) ? (sdk as ErrorCode) : 'internal';
  const message = typeof e.message === 'string' ? e.message.replace(/ \[\d{3}\]$/, '') : '';
  return { code, message };
}
