import type { ChangeSet } from '../domain/changeSet.ts';
import type { ProfileScalars } from '../domain/profile.ts';
import type { AuthUser, Graph, Profile, SignUpGender } from '../domain/types.ts';

/**
 * The ports the screens use. Screens never import an adapter: `src/backend/index.ts` picks one
 * (the self-hosted HTTP adapter by default; Firebase later) and every error that crosses a port
 * is an `AppError` with a code from `src/domain/errors.ts`.
 */

export interface InvitationInfo {
  /** Empty for the first-account invitation, whose e-mail the new member types in. */
  email: string;
  /** True for the link printed by `npm start` while the site has no accounts. */
  firstAccount: boolean;
}

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
  getInvitation(token: string): Promise<InvitationInfo>;
  /** Self-service sign-up (§1 flag, off): the server answers auth/signup-disabled while it is off. */
  signUp(input: SignUpInput): Promise<AuthUser>;
  /** Creates the account the invitation is for and signs it in. */
  acceptInvitation(token: string, input: SignUpInput): Promise<AuthUser>;
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

export type NetworkState = 'online' | 'offline' | 'unknown';

export interface LoadedGraph {
  /** The graph the member's Family Tree shows: their own (id = their uid) or the one they joined. */
  graphId: string;
  ownerUid: string;
  /** Revision 0 and an empty graph when nothing was saved yet (§4 "starts empty"). */
  graph: Graph & { revision: number };
  /** One-time migrations already applied to this graph ('spouses-v1', 'parents-children-v1'). */
  migrations: string[];
}

/** One applied change set, as the live stream delivers it to every open view of the graph. */
export interface GraphChangeEvent {
  revision: number;
  changes: ChangeSet;
  /** The tab that sent it, so a tab can recognise the echo of its own save. */
  clientId: string;
  actorUid: string;
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
}
export interface GraphRepository {
  load(): Promise<LoadedGraph>;
  save(graphId: string, changes: ChangeSet, clientId: string, markMigrations?: string[]): Promise<{ revision: number }>;
  /** Live updates from revision `since` on. Returns the unsubscribe function. */
  subscribe(graphId: string, since: number, handlers: GraphSubscription): () => void;
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
   * written). Limits: IMPORT_LIMITS in domain/changeSetChunks.ts.
   */
  importChangeSet(
    graphId: string,
    changes: ChangeSet,
    clientId: string,
    onProgress?: (progress: ImportProgress) => void,
    options?: ImportOptions,
  ): Promise<{ revision: number }>;
}

export interface InvitationService {
  /** §7 invitation function: answers the link to send (on the site's own origin). */
  create(input: { inviterUid: string; graphUid: string; nodeId: string; email: string }): Promise<{ inviteUrl: string }>;
}
