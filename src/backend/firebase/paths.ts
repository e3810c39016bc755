import type { DigestFrequency } from '../../domain/activity/types.ts';
import type { Visibility } from '../../domain/privacy.ts';
import type { MemberRole, TreeRole } from '../../domain/roles.ts';
import type { GraphEdge, GraphNode, Profile } from '../../domain/types.ts';
import type { Couple, NotDuplicate, Place, Source } from '../../domain/facts/types.ts';
import type { Media } from '../../domain/media/types.ts';

/**
 * The Firestore and Storage layout of the Firebase backend, shared by the Cloud Functions
 * (`functions/src`), the rules (`firestore.rules`, `storage.rules`) and the browser adapters.
 * Paths are plain strings, so the Admin SDK (`db.doc(path)`) and the web SDK (`doc(db, path)`)
 * both take them. DESIGN.md "The Firebase backend" tells the story; the rules repeat these paths.
 *
 * ```
 * users/{uid}                                   UserDoc      the graphs a member belongs to
 * profiles/{docId(profileId)}                   ProfileDoc   one per profile, global (uid or pr:…)
 * claimBases/{docId(profileId)}                 ClaimBaseDoc what a card held when claimed (functions only)
 * invitations/{id}                              InvitationDoc (the token only as its SHA-256)
 * graphs/{graphId}                              GraphDoc     owner, revision, migrations, snapshot
 * graphs/{graphId}/meta/members                 MembersDoc   roles: the one get() of the rules
 * graphs/{graphId}/meta/snapshotLease           SnapshotLeaseDoc  who is making the next snapshot
 * graphs/{graphId}/nodes/{docId(nodeId)}        NodeDoc      one per card
 * graphs/{graphId}/edges/{docId(edgeId)}        EdgeDoc      one per line
 * graphs/{graphId}/notDuplicates/{docId(id)}    NotDuplicateDoc  pairs said not to be duplicates
 * graphs/{graphId}/changes/{revision}           ChangeDoc    the change log (the last 1,000)
 * graphs/{graphId}/removedMedia/{docId(id)}     RemovedMediaDoc  media the history can bring back (functions only)
 * graphs/{graphId}/viewers/{uid}/changes/{rev}  ViewerChangeDoc  a viewer's redacted copy of the log
 * graphs/{graphId}/snapshots/{snapshotId}       SnapshotDoc  a compacted copy at one revision
 *   …/snapshots/{snapshotId}/chunks/{index}     SnapshotChunkDoc  its JSON text, in slices < 1 MiB
 * graphs/{graphId}/imports/{importId}           ImportDoc    a bulk import under way
 *   …/imports/{importId}/chunks/{index}         ImportChunkDoc
 *   …/imports/{importId}/undo/{id}              what a bulk commit overwrote, until it switches in
 * graphs/{graphId}/meta/bulkWrite               a bulk write under way (functions/src/store/bulkLock.ts)
 * Storage: profiles/{profileId}/avatar_320.{webp|jpg}, avatar_170.{webp|jpg}
 * ```
 *
 * Only the Cloud Functions write Firestore (Admin SDK); clients read what the rules grant:
 * their UserDoc, the GraphDoc, change log and snapshots of graphs they are members of, and
 * profiles such a graph shows (or their own). Graph data reaches a client as the latest snapshot
 * plus the change log after it: open with the `openGraph` callable (callables.ts), read the
 * snapshot's chunks, join their text and decode it (`decodeGraphColumns`), then apply the change
 * docs with revision > snapshot.revision in order, and listen to that same query for more.
 */

/** How a member belongs to a graph (§6 roles, src/domain/roles.ts). */
export type GraphRole = TreeRole;

/**
 * `users/{uid}`: written when the member's own graph is made, when they join one, when their role
 * changes or they leave. Rules read it to let a member read the profiles their graphs show
 * (`graphs` has any of `fullGraphIds`): only graphs they edit or own, as a viewer gets profiles
 * redacted from the `openGraph` callable instead.
 */
export interface UserDoc {
  /** Every graph the member belongs to (their own included once it exists). */
  graphIds: string[];
  /** The graph they joined last by invitation, else none (their own). */
  joinedGraphId: string | null;
  /** The graphs they own or edit: the ones whose profiles, cards and log the rules let them read whole. */
  fullGraphIds?: string[];
  /** The tree they opened last (`openGraph` without an id opens it). */
  lastGraphId?: string | null;
  /** What viewers of their trees see of the cards they claimed (AccountSettings). */
  viewerVisibility?: Visibility;
  /** When they last opened each tree (ISO, by graph id): Home's activity and the badge count what came after (issue 24). */
  seenAt?: Record<string, string>;
  /** The e-mail digest they chose (AccountSettings.digest; absent: off) and when the last one was considered (ISO). */
  digest?: DigestFrequency;
  digestAt?: string | null;
}

/** Where a graph's snapshot is: enough to read its chunks without reading the snapshot doc. */
export interface SnapshotRef {
  id: string;
  revision: number;
  /** Number of chunk docs, indexed 0 … chunks − 1. */
  chunks: number;
  /** `GRAPH_COLUMNS_FORMAT` of src/backend/graphColumns.ts: the chunks' joined text is `GraphColumns` JSON. */
  format: string;
  /** UTF-8 bytes of the joined text. */
  bytes: number;
}

/** `graphs/{graphId}`. The graph's id is its owner's uid for a member's own graph. */
export interface GraphDoc {
  ownerUid: string;
  /** The owner's name for the tree; '' (or absent) for "{owner's last name} family tree". */
  name?: string;
  /** Bumped by every applied change set; the change doc of each revision is in `changes`. */
  revision: number;
  /** One-time migration flags applied to this graph ('spouses-v1', 'parents-children-v1'). */
  migrations: string[];
  /** ISO time of the last applied change set; '' at revision 0. */
  updatedAt: string;
  /** Null until the graph has a snapshot (a graph at revision 0 never needs one). */
  snapshot: SnapshotRef | null;
  /**
   * The change log since the snapshot, as the compaction decision needs it (functions only):
   * change sets and their JSON bytes, and how many of them were too large to log.
   */
  sinceSnapshot: { changeSets: number; bytes: number; unlogged: number };
}

/** `graphs/{graphId}/meta/members`: every member's role, so a rule checks membership with one get(). */
export interface MembersDoc {
  roles: Record<string, GraphRole>;
  /** ISO time each member joined (absent for members from before roles). */
  joinedAt?: Record<string, string>;
}

/** `graphs/{graphId}/meta/snapshotLease` (functions only): one snapshot is made at a time per graph. */
export interface SnapshotLeaseDoc {
  /** ISO time until which the holder may work undisturbed. */
  until: string;
}

/**
 * `graphs/{graphId}/nodes/{docId(node.id)}`: one card. `profileId`, `isPrimary` and `seq` are
 * copies for queries (the card showing a profile, the primary card, the graph in saved order).
 */
export interface NodeDoc {
  node: GraphNode;
  profileId: string;
  isPrimary: boolean;
  /** Insertion order: kept when a card is written again, so a whole read lists cards as saved. */
  seq: number;
}

/** `graphs/{graphId}/edges/{docId(edge.id)}`: one line; `ends` = [source, target] for "the lines of a card". */
export interface EdgeDoc {
  edge: GraphEdge;
  ends: string[];
  seq: number;
}

/**
 * `profiles/{profileId}`: one profile, global like the self-hosted server's (a member's own is
 * keyed by their uid, everyone else by `pr:…`), shown by the graphs in `graphs`. `relatives` is
 * the union of its spouses, parents and children, for "the profiles listing one".
 */
/**
 * `claimBases/{docId(profileId)}`: the card's personal fields as the tree's editors left them
 * when a member claimed it (`ClaimBase`, issue 19); no rule lets a client read it.
 */
/**
 * `graphs/{graphId}/places/{placeId}` and `…/couples/{coupleId}`: the facts model's record kinds
 * (src/domain/entityKinds.ts), one document each as cards are, for the functions only; clients
 * read them through the snapshot and the change log.
 */
export interface PlaceDoc {
  place: Place;
  seq: number;
}

export interface CoupleDoc {
  couple: Couple;
  seq: number;
}

/** `graphs/{graphId}/sources/{sourceId}`: the tree's sources (issue 23), like places. */
export interface SourceDoc {
  source: Source;
  seq: number;
}

/** `graphs/{graphId}/notDuplicates/{pairId}`: pairs said not to be duplicates (issue 24), like places. */
export interface NotDuplicateDoc {
  pair: NotDuplicate;
  seq: number;
}

/** `graphs/{graphId}/media/{mediaId}`: the tree's photos and documents (issue 23); files in Storage. */
export interface MediaDoc {
  media: Media;
  seq: number;
}

export interface ClaimBaseDoc {
  base: Partial<Record<string, string>>;
}

export interface ProfileDoc {
  profile: Profile;
  relatives: string[];
  graphs: string[];
}

/**
 * `graphs/{graphId}/changes/{revision}`: one applied change set, the replication contract.
 * `changes` is the ChangeSet as JSON text (exact, and not indexed field by field); null when it
 * was too large for a document (a bulk import): a reader then opens the graph again
 * (`openGraph`), whose snapshot is at or after that revision.
 */
export interface ChangeDoc {
  revision: number;
  clientId: string;
  actorUid: string;
  changes: string | null;
  /** ISO time of the save. */
  at: string;
}

/**
 * `graphs/{graphId}/history/{revision}`: one applied change kept for good (src/domain/history).
 * The searchable fields stand alone; `body` is the change and its before-values as JSON text, or
 * null when it is kept in `parts` documents (`history/{revision}/parts/{i}`, each a slice of the
 * text) because it is larger than a document holds, or absent for a change kept by reference.
 * Written only by functions; owners and editors may read it, viewers get it redacted through the
 * `history` callable.
 */
export interface HistoryDoc {
  revision: number;
  at: string;
  actorUid: string;
  kind: 'change' | 'bulk';
  profileIds: string[];
  removedIds: string[];
  summary: { added: number; removed: number; edited: number; photos: number; other: number };
  revertOf: number[];
  body: string | null;
  parts: number;
}

export interface HistoryPartDoc {
  text: string;
}

/**
 * `graphs/{graphId}/removedMedia/{docId(mediaId)}`: a media record a saved change took out of the
 * tree, which the history can bring back, so the orphan sweep keeps its files in Storage
 * (src/domain/media/orphans.ts). Written by functions with the history entry; never read by clients.
 */
export interface RemovedMediaDoc {
  /** ISO time of the change that last removed it. */
  removedAt: string;
  revision: number;
}

/**
 * `graphs/{graphId}/viewers/{uid}/changes/{revision}`: a viewer's copy of a change document,
 * redacted for that viewer as the self-hosted server's live stream redacts it
 * (src/domain/privacyEvents.ts). Written by a function after the change; the viewer's live view
 * listens to it, as owners and editors listen to the log.
 */
export interface ViewerChangeDoc extends ChangeDoc {
  /** JSON of the event's `privacy` (who became private or not, and why), or null. */
  privacy: string | null;
}

/** `graphs/{graphId}/snapshots/{snapshotId}`: written once all its chunks are. */
export interface SnapshotDoc extends SnapshotRef {
  createdAt: string;
}

/** `…/snapshots/{snapshotId}/chunks/{index}`: a slice of the snapshot's JSON text (never splits a character). */
export interface SnapshotChunkDoc {
  index: number;
  text: string;
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked';

/**
 * `invitations/{id}`: the §3 fields. Functions only. The id is not secret (members manage the
 * invitation by it); the token is kept only as its SHA-256 (`tokenHash`, hex), found by an
 * equality query, as the self-hosted server keeps it: a copy of the database opens nothing, and
 * renewing a link replaces the hash while the id stays.
 */
export interface InvitationDoc {
  id: string;
  tokenHash: string;
  /** Trimmed and lower-cased; '' only for the first-account invitation. */
  email: string;
  nodeId: string;
  inviterUid: string;
  /** Defaults to the inviter's own graph. */
  graphUid: string;
  /** The role the new member gets (editor unless the inviter chose viewer). */
  role: MemberRole;
  status: InvitationStatus;
  /** ISO: made or last renewed. */
  createdAt: string;
  /** ISO: `INVITATION_VALID_DAYS` after `createdAt`; '' for the first-account invitation (kept until used). */
  expiresAt: string;
  /** The invitation that lets the site's first account in (no graph, any e-mail when `email` is ''). */
  firstAccount: boolean;
  acceptedBy?: string;
  acceptedAt?: string;
}

export type ImportState = 'open' | 'committing' | 'committed' | 'refused';

/** `graphs/{graphId}/imports/{importId}`: a bulk import under way (functions only). */
export interface ImportDoc {
  uid: string;
  clientId: string;
  migrations: string[];
  chunkCount: number;
  people: number;
  bytes: number;
  state: ImportState;
  revision: number | null;
  refusalCode: string | null;
  refusal: string | null;
  /** ISO time; an import not committed within a day is forgotten. */
  createdAt: string;
  /** ISO time its last chunk arrived (absent on imports from before it: createdAt); src/domain/importLease.ts. */
  touchedAt?: string;
  /** ISO time a committing import's lease ends, renewed while its commit runs. */
  leaseEndsAt?: string | null;
}

/** `…/imports/{importId}/chunks/{index}`: one chunk's change-set JSON as sent. */
export interface ImportChunkDoc {
  index: number;
  body: string;
  people: number;
  bytes: number;
}

/**
 * A Firestore document id for an entity id. Node ids (n1001), profile ids (uid, pr:…) and the
 * app's edge ids are used as they are; any other id (an edge id may be any text up to 300
 * characters, a profile id may be `__proto__`) is written as '~' and its UTF-8 in base64url, so
 * a '/', '..' or Firestore's reserved `__…__` cannot make a path.
 */
export function docId(id: string): string {
  if (/^[A-Za-z0-9:_-]{1,400}$/.test(id) && !/^__.*__$/.test(id)) return id;
  let binary = '';
  for (const b of new TextEncoder().encode(id)) binary += String.fromCharCode(b);
  return `~${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

export const paths = {
  user: (uid: string) => `users/${uid}`,
  profiles: () => 'profiles',
  profile: (profileId: string) => `profiles/${docId(profileId)}`,
  claimBase: (profileId: string) => `claimBases/${docId(profileId)}`,
  invitations: () => 'invitations',
  invitation: (id: string) => `invitations/${id}`,
  graph: (graphId: string) => `graphs/${graphId}`,
  members: (graphId: string) => `graphs/${graphId}/meta/members`,
  snapshotLease: (graphId: string) => `graphs/${graphId}/meta/snapshotLease`,
  nodes: (graphId: string) => `graphs/${graphId}/nodes`,
  node: (graphId: string, nodeId: string) => `graphs/${graphId}/nodes/${docId(nodeId)}`,
  edges: (graphId: string) => `graphs/${graphId}/edges`,
  edge: (graphId: string, edgeId: string) => `graphs/${graphId}/edges/${docId(edgeId)}`,
  places: (graphId: string) => `graphs/${graphId}/places`,
  place: (graphId: string, placeId: string) => `graphs/${graphId}/places/${docId(placeId)}`,
  couples: (graphId: string) => `graphs/${graphId}/couples`,
  couple: (graphId: string, coupleId: string) => `graphs/${graphId}/couples/${docId(coupleId)}`,
  sources: (graphId: string) => `graphs/${graphId}/sources`,
  source: (graphId: string, sourceId: string) => `graphs/${graphId}/sources/${docId(sourceId)}`,
  notDuplicates: (graphId: string) => `graphs/${graphId}/notDuplicates`,
  notDuplicate: (graphId: string, pairId: string) => `graphs/${graphId}/notDuplicates/${docId(pairId)}`,
  media: (graphId: string) => `graphs/${graphId}/media`,
  mediaItem: (graphId: string, mediaId: string) => `graphs/${graphId}/media/${docId(mediaId)}`,
  changes: (graphId: string) => `graphs/${graphId}/changes`,
  change: (graphId: string, revision: number) => `graphs/${graphId}/changes/${revision}`,
  history: (graphId: string) => `graphs/${graphId}/history`,
  historyEntry: (graphId: string, revision: number) => `graphs/${graphId}/history/${revision}`,
  historyPart: (graphId: string, revision: number, index: number) => `graphs/${graphId}/history/${revision}/parts/${index}`,
  removedMedia: (graphId: string) => `graphs/${graphId}/removedMedia`,
  removedMediaItem: (graphId: string, mediaId: string) => `graphs/${graphId}/removedMedia/${docId(mediaId)}`,
  viewerChanges: (graphId: string, uid: string) => `graphs/${graphId}/viewers/${uid}/changes`,
  viewerChange: (graphId: string, uid: string, revision: number) => `graphs/${graphId}/viewers/${uid}/changes/${revision}`,
  snapshots: (graphId: string) => `graphs/${graphId}/snapshots`,
  snapshot: (graphId: string, snapshotId: string) => `graphs/${graphId}/snapshots/${snapshotId}`,
  snapshotChunks: (graphId: string, snapshotId: string) => `graphs/${graphId}/snapshots/${snapshotId}/chunks`,
  snapshotChunk: (graphId: string, snapshotId: string, index: number) => `graphs/${graphId}/snapshots/${snapshotId}/chunks/${index}`,
  imports: (graphId: string) => `graphs/${graphId}/imports`,
  import: (graphId: string, importId: string) => `graphs/${graphId}/imports/${importId}`,
  importChunks: (graphId: string, importId: string) => `graphs/${graphId}/imports/${importId}/chunks`,
  importChunk: (graphId: string, importId: string, index: number) => `graphs/${graphId}/imports/${importId}/chunks/${index}`,
} as const;

/** Field names the client queries and orders by. */
export const FIELDS = {
  /** ChangeDoc: `where(revision > since), orderBy(revision)`. */
  revision: 'revision',
  /** SnapshotChunkDoc: `orderBy(index)`. */
  index: 'index',
} as const;

export type AvatarSize = 320 | 170;
export type AvatarExtension = 'webp' | 'jpg';

/** §7: `profiles/{profileId}/avatar_320.webp` and friends. */
export function avatarStoragePath(profileId: string, size: AvatarSize, ext: AvatarExtension): string {
  return `profiles/${profileId}/avatar_${size}.${ext}`;
}

/** §7 cache header of every avatar upload. */
export const AVATAR_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What storage.rules lets through per avatar file (a 320² WebP or JPEG is far below it). */
export const MAX_AVATAR_STORAGE_BYTES = 2 * 1024 * 1024;

/** A media record's file in Storage: media/{graphId}/{mediaId}/{name} (storage.rules). */
export function mediaStoragePath(graphId: string, mediaId: string, name: string): string {
  return `media/${graphId}/${mediaId}/${name}`;
}
