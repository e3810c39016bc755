import type { FactEvent } from '../domain/facts/types.ts';
import type { DigestFrequency, TreeActivity } from '../domain/activity/types.ts';
import type { DeletedPerson, HistoryPage, RevertMode, RevertPlan } from '../domain/history/wire.ts';
import type { Media } from '../domain/media/types.ts';
import type { ChangeSet } from '../domain/changeSet.ts';
import type { ChunkedChangeSet } from '../domain/changeSetChunks.ts';
import type { AppError } from '../domain/errors.ts';
import type { PrivacyReason, ViewerVisibility } from '../domain/privacy.ts';
import type { ProfileScalars } from '../domain/profile.ts';
import type { MemberRole, TreeRole } from '../domain/roles.ts';
import type { AuthUser, Graph, Profile, SignUpGender } from '../domain/types.ts';
import type { ClaimedCardChoice, OwnedTreeChoice } from '../domain/ownAccount.ts';

/**
 * The ports the screens use. Screens never import an adapter: `src/backend/index.ts` picks one
 * (the self-hosted HTTP adapter by default; Firebase later) and every error that crosses a port
 * is an `AppError` with a code from `src/domain/errors.ts`.
 */

/**
 * What the invitation page shows (§2 /invite): who invites whom, to which tree, as whom. The same
 * answer whether or not the invited address has an account: the page offers both "Create
 * account" and "Sign in to accept".
 */
export interface InvitationInfo {
  /** The invited address, fixed on the form. Empty for the first-account link, whose e-mail the new member types in. */
  email: string;
  /** True for the link printed by `npm start` while the site has no accounts. */
  firstAccount: boolean;
  /** "Grace Hopper" (the inviter's display name); '' for the first-account link and operator invitations. */
  inviterName: string;
  /** "Hopper family tree" (see domain/roles.ts `treeName`); '' without a tree. */
  treeName: string;
  /** The card's name as relatives entered it, to prefill the form ('' when unnamed or without a card). */
  firstName: string;
  lastName: string;
  /** "Mary Hopper": the card's display name ('' when unnamed or without a card). */
  personName: string;
  /** The role the new member gets in that tree. */
  role: MemberRole;
  /** When the link stops working (ISO); '' for the first-account link. */
  expiresAt: string;
}

/** What creating an account from a relative's invitation answers (see `AuthService.acceptInvitation`). */
export type SignUpResult =
  /** The first-account link (and an operator's invitation): the account exists and is signed in. */
  | { status: 'signed-in'; user: AuthUser }
  /**
   * A relative's invitation: a link to finish was mailed to the invited address. The answer is the
   * same when that address already has an account (it gets a mail telling it how to sign in and
   * accept instead), so the page never learns which addresses are registered.
   */
  | { status: 'confirm-email'; email: string };

export interface SignUpInput {
  firstName: string;
  lastName: string;
  gender: SignUpGender;
  email: string;
  password: string;
}

export type AuthListener = (user: AuthUser | null) => void;

export interface AuthService {
  /** Calls back once with the current user as soon as it is known, then on every change. */
  onAuthStateChanged(listener: AuthListener): () => void;
  signIn(email: string, password: string): Promise<AuthUser>;
  signOut(): Promise<void>;
  /** Resolves whether or not the address has an account (the answer never tells). */
  sendPasswordResetEmail(email: string): Promise<void>;
  /** Checks a reset link before showing the new-password form. */
  checkPasswordResetToken(token: string): Promise<void>;
  confirmPasswordReset(token: string, newPassword: string): Promise<void>;
  updateProfile(changes: { displayName?: string; photoURL?: string }): Promise<AuthUser>;
  /** Self-service sign-up (§1 flag, off): the server answers auth/signup-disabled while it is off. */
  signUp(input: SignUpInput): Promise<AuthUser>;
  /**
   * "Create account" on the invitation page. The e-mail must be the invited one. For a relative's
   * invitation the account is made only once the invited address confirms (`confirmSignUp`).
   */
  acceptInvitation(token: string, input: SignUpInput): Promise<SignUpResult>;
  /** The link of the confirmation mail (/confirm-signup?token=…): makes the account, joins the tree, signs in. */
  confirmSignUp(token: string): Promise<AuthUser>;
}

export interface ProfileRepository {
  /** A profile the signed-in member may read; `not-found` or `permission-denied` otherwise. */
  get(id: string): Promise<Profile>;
  /**
   * Saves changed plain fields of one profile (the profile page's save, §4). The server applies it
   * as a change set to every graph that shows the profile, so other members see it live, and
   * answers the stored profile.
   */
  update(id: string, set: Partial<ProfileScalars>): Promise<Profile>;
}

export interface AvatarUpload {
  /** 320 × 320 and 170 × 170, already square (§9). */
  large: Blob;
  small: Blob;
}

export interface AvatarStore {
  /**
   * Stores a profile's photo as profiles/{id}/avatar_320.{ext} and avatar_170.{ext} (§3, §7) and
   * answers their URLs, which change whenever the photo changes (they are cached for a year). It
   * writes no profile: the profile save that follows carries the URLs (one revision, one event).
   */
  upload(profileId: string, files: AvatarUpload): Promise<{ photoURL: string; photoURLSmall: string }>;
}

/** What storing a photo's or a document's files answers: what its record needs (`Media`). */
export type StoredMedia = Pick<Media, 'kind' | 'url' | 'thumb' | 'thumbSmall' | 'contentType' | 'bytes'>;

export interface MediaStore {
  /**
   * Stores one file for a new media record of a tree (`people`: the profile ids in it, for the
   * limits) under media/{graphId}/{mediaId}/ and answers its URLs; the save that follows adds the
   * record. Refuses (invalid-argument, resource-exhausted) before anything is stored: a file that
   * is not what its name says, a decompression bomb, an SVG with script, a PDF with JavaScript,
   * a file, a person or a tree over the limits (src/domain/media/limits.ts). `treeMedia`, the
   * tree's records as the browser has them, serves the limits where no server checks them.
   */
  upload(graphId: string, mediaId: string, people: readonly string[], file: File, treeMedia: Readonly<Record<string, Media>>): Promise<StoredMedia>;
}

export type NetworkState = 'online' | 'offline' | 'unknown';

export interface LoadedGraph {
  /** The tree opened: the one asked for, else the one the member opened last, else their own. */
  graphId: string;
  ownerUid: string;
  /** Revision 0 and an empty graph when nothing was saved yet (§4 "starts empty"). */
  graph: Graph & { revision: number };
  /** One-time migrations already applied to this graph ('spouses-v1', 'parents-children-v1'). */
  migrations: string[];
  /** The member's role in this tree; the screens offer only what it allows. */
  role: TreeRole;
  /** The tree's name (domain/roles.ts `treeName`). */
  name: string;
  /**
   * People the server shows this member as private (viewers only; empty for editors and owners),
   * with the reason the details panel gives. Their profiles arrive already emptied.
   */
  privacy: Record<string, PrivacyReason>;
}

/** One applied change set, as the live stream delivers it to every open view of the graph. */
export interface GraphChangeEvent {
  revision: number;
  changes: ChangeSet;
  /** The tab that sent it, so a tab can recognise the echo of its own save. */
  clientId: string;
  actorUid: string;
  /**
   * To a viewer: people whose privacy this change altered (null: no longer private). Their
   * profile patches in `changes` then carry every plain field, emptied where private.
   */
  privacy?: Record<string, PrivacyReason | null>;
}

export interface GraphSubscription {
  /** Every applied change set after `since`, strictly in revision order, each exactly once. */
  onChange(event: GraphChangeEvent): void;
  /**
   * The adapter could not fill a gap from the change log: here is the whole graph as the server
   * holds it now. The session re-bases on it (one diff against its confirmed copy).
   */
  onReload(loaded: LoadedGraph): void;
  /**
   * Whether the subscriber already holds revision `revision` because it applied it itself (an
   * import it sent through the bulk path; the answer may wait until that import's commit has
   * answered). A `reload` for exactly the revision after the last one delivered is then skipped
   * instead of loading the whole graph.
   */
  holds?(revision: number): boolean | Promise<boolean>;
  onNetwork?(state: NetworkState): void;
  /**
   * The server ended the stream for good and it is not re-opened: the member signed out, changed
   * or reset their password elsewhere (`unauthenticated`), or was removed from the tree
   * (`permission-denied`). A role change does not end it: it reloads (`onReload`, new role).
   */
  onClosed?(error: AppError): void;
}

/** A tree the member belongs to, for Home and the sidebar's switcher. */
export interface TreeSummary {
  graphId: string;
  name: string;
  ownerUid: string;
  /** The owner's display name. */
  ownerName: string;
  role: TreeRole;
  /** People on the tree (cards). */
  people: number;
  /** When this member joined it (ISO). */
  joinedAt: string;
  /** The one this member opened last (joining counts), which `load()` opens; none before they open one. */
  current: boolean;
  /** What others changed since this member's last visit (the trees list answers it; Home and the badge show it). */
  activity?: TreeActivity;
}

export interface GraphRepository {
  /** The trees the member belongs to, the last opened first, then by name. */
  list(): Promise<TreeSummary[]>;
  /**
   * Opens a tree and remembers it as the one this member opened last (on the server, so every
   * device opens it next). Without an id: the tree opened last, else the latest joined, else the
   * member's own (made empty on first use).
   */
  load(graphId?: string): Promise<LoadedGraph>;
  save(graphId: string, changes: ChangeSet, clientId: string, markMigrations?: string[]): Promise<{ revision: number }>;
  /** Live updates from revision `since` on. Returns the unsubscribe function. */
  subscribe(graphId: string, since: number, handlers: GraphSubscription): () => void;
  /** The owner names the tree; '' goes back to "{owner's last name} family tree". Answers the new summary. */
  rename(graphId: string, name: string): Promise<TreeSummary>;
  /** The member has seen the tree as it is now (the tree screen closing): its activity and badge start again from here. */
  markSeen(graphId: string): Promise<void>;
  /**
   * The events of people the open left out (src/domain/facts/eventsLoading.ts), at most
   * PERSON_EVENTS_BATCH at a time: each asked person the tree shows, with the revision their
   * events are at least as new as; a viewer's redacted as the open redacts them.
   */
  personEvents(graphId: string, ids: readonly string[]): Promise<{ revision: number; events: Record<string, FactEvent[]> }>;
}

/** A member of a tree, as its owner sees them. */
export interface TreeMember {
  uid: string;
  /** Display name. */
  name: string;
  email: string;
  role: TreeRole;
  /** ISO. */
  joinedAt: string;
  /** The card they claimed in this tree ('' when none is on it). */
  profileId: string;
}

/** The owner's management of a tree's members (`permission-denied` for anyone else). */
export interface MemberService {
  list(graphId: string): Promise<TreeMember[]>;
  /** Gives an editor or viewer the other role; their open streams reload with it. */
  setRole(graphId: string, uid: string, role: MemberRole): Promise<TreeMember>;
  /** Ends their membership: their open streams close at once and their next call is refused. Their card stays theirs. */
  remove(graphId: string, uid: string): Promise<void>;
}

/** How far an import has come: `sent` is the fraction of its bytes the server has stored. */
export interface ImportProgress {
  phase: 'sending' | 'committing' | 'done';
  sent: number;
}

export interface ImportOptions {
  /** Stops sending; the server forgets the chunks. A commit already sent still completes. */
  signal?: AbortSignal;
  /** Migration flags to record with the import, as `GraphRepository.save` records them. */
  markMigrations?: string[];
}

export interface GraphImporter {
  /**
   * Applies a change set of any size (a GEDCOM file of 100,000 people) as ONE revision, so Undo
   * and the live stream treat it as one step: sent in chunks with progress, validated whole by
   * the server and committed in one transaction, or refused whole with a coded AppError (nothing
   * written). Limits: IMPORT_LIMITS in domain/changeSetChunks.ts. The change set may come
   * already cut into chunk bodies (a GEDCOM import's worker does that off the main thread).
   */
  importChangeSet(
    graphId: string,
    changes: ChangeSet | ChunkedChangeSet,
    clientId: string,
    onProgress?: (progress: ImportProgress) => void,
    options?: ImportOptions,
  ): Promise<{ revision: number }>;
}

/** Invitation states (docs/PRODUCT.md §4): pending → accepted, or revoked; expired is pending past `expiresAt`. */
export type InvitationStatus = 'pending' | 'expired';

/** An invitation not yet used or revoked, as the tree's members see it (details panel of the card). */
export interface PendingInvitation {
  /** Not the token: tokens are stored hashed, so a link can only be made anew (`renewLink`, `resend`). */
  id: string;
  graphId: string;
  nodeId: string;
  /** The card's profile when the invitation was made. */
  profileId: string;
  email: string;
  role: MemberRole;
  inviterUid: string;
  inviterName: string;
  /** ISO: made or last renewed. */
  createdAt: string;
  /** ISO: 14 days after `createdAt`. */
  expiresAt: string;
  status: InvitationStatus;
}

export interface InvitationLink {
  /** `{site}/invite?token={token}`; a renewed invitation's earlier link stops working. */
  inviteUrl: string;
  invitation: PendingInvitation;
  /** True when the server mailed the link itself (SMTP configured); else the §7 mail-compose link is the way. */
  mailed: boolean;
}

export interface InvitationService {
  /**
   * §7 invitation function: answers the link to send (on the site's own origin). `role` defaults
   * to 'editor'. With SMTP configured the server also mails it to the address.
   */
  create(input: { inviterUid: string; graphUid: string; nodeId: string; email: string; role?: MemberRole }): Promise<InvitationLink>;
  /** The invitation page's details (unknown, used, revoked, expired links: each its own coded error). */
  details(token: string): Promise<InvitationInfo>;
  /** "Sign in to accept": the signed-in member joins the tree; only the account the invitation names. */
  accept(token: string): Promise<{ graphId: string }>;
  /** Pending (and expired) invitations of a tree, newest first: its owner and editors. */
  list(graphId: string): Promise<PendingInvitation[]>;
  /** "Copy link": a new link for the invitation, 14 more days; the earlier link stops working. */
  renewLink(graphId: string, id: string): Promise<InvitationLink>;
  /** "Resend": a new link mailed again (where SMTP is configured), 14 more days. */
  resend(graphId: string, id: string): Promise<InvitationLink>;
  /** "Revoke": the link stops working at once (`auth/invitation-revoked`). */
  revoke(graphId: string, id: string): Promise<void>;
}

/** What becomes of the trees a member owns and of their claimed card when the account is deleted. */
export type { ClaimedCardChoice, OwnedTreeChoice };

export interface AccountSettings {
  /** What viewers of the member's trees see of the card(s) they claimed. */
  viewerVisibility: ViewerVisibility;
  /** The e-mail digest of relatives' changes (issue 24): off, daily or weekly. */
  digest: DigestFrequency;
}

/** One's own data (issue 11): settings, e-mail, password, download, deletion. */
export interface AccountService {
  settings(): Promise<AccountSettings>;
  updateSettings(changes: Partial<AccountSettings>): Promise<AccountSettings>;
  /**
   * Mails a confirmation link to the new address (/confirm-email?token=…); nothing changes until
   * it is opened. Answers the same whether or not the address already has an account.
   */
  changeEmail(newEmail: string, password: string): Promise<void>;
  /** The link of that mail: the address changes (sign-in and own profile). */
  confirmEmailChange(token: string): Promise<AuthUser>;
  /** Needs the current password; every other session of the member ends (and its streams). */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** Everything about the member as one JSON file (OwnDataExport in api.ts). */
  download(): Promise<Blob>;
  /**
   * Deletes the account: needs the password and a choice for every tree the member owns; their
   * claimed cards go back to unclaimed cards per `card`; every session ends at once.
   */
  deleteAccount(input: { password: string; card: ClaimedCardChoice; trees: OwnedTreeChoice[] }): Promise<void>;
}

/** A tree's history (issue 24; src/domain/history): the activity, a person's history, revert, Recently deleted. */
export interface HistoryService {
  /** A page of history, newest first (a person's with `profileId`), with the names of who made each change. */
  list(graphId: string, query?: HistoryListQuery): Promise<HistoryPage>;
  /** What reverting one change (`one`) or everything after it (`after`) would do, and what changed since. */
  previewRevert(graphId: string, revision: number, mode: RevertMode): Promise<RevertPlan>;
  /** The revert as a new change; refused (failed-precondition) when something it would revert changed since. */
  revert(graphId: string, revision: number, mode: RevertMode, clientId: string): Promise<{ revision: number }>;
  /** People deleted in the last 90 days and not back (owners and editors). */
  deleted(graphId: string): Promise<{ people: DeletedPerson[]; actors: Record<string, string> }>;
  /** Brings a deleted person back with their links and profile, as a new change. */
  restore(graphId: string, revision: number, profileId: string, clientId: string): Promise<{ revision: number }>;
}

export interface HistoryListQuery {
  profileId?: string;
  actorUid?: string;
  from?: string;
  to?: string;
  /** Entries older than this revision (the next page). */
  before?: number;
  limit?: number;
}
