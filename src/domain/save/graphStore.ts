import type { ScalarField } from '../profile.ts';
import type { ChangeSet } from '../changeSet.ts';
import type { TreeRole } from '../roles.ts';
import type { Profile } from '../types.ts';
import type { HistoryEntry } from '../history/types.ts';
import type { GraphLookup } from './neighbourhood.ts';

/**
 * The store port of the one save path (`saveChangeSet`, `updateProfile`, `joinGraph`). The
 * self-hosted server implements it over SQL (`server/graphs/sqlGraphStore.ts`); a Cloud Function
 * can implement it over Firestore. Inside a transaction the operations read first and write
 * after, as Firestore transactions require, and read only what a change touches.
 */

export interface GraphHead {
  id: string;
  ownerUid: string;
  /** Bumped by every applied change set. */
  revision: number;
}

/** An applied change set with its revision: what the change log keeps and live streams carry. */
export interface AppliedChange {
  revision: number;
  changes: ChangeSet;
  /** The tab that sent it, so a tab can recognise the echo of its own save. */
  clientId: string;
  actorUid: string;
}

/** A change to deliver to a graph's live streams once its transaction has committed. */
export interface Publication {
  graphId: string;
  event: AppliedChange;
}

/** Ids a save read from the store and found absent (profiles: in no graph at all). */
export interface FreshIds {
  nodes: ReadonlySet<string>;
  edges: ReadonlySet<string>;
  profiles: ReadonlySet<string>;
}

export interface GraphStoreTransaction {
  /** The member's own graph (id = uid): made empty on first use, showing their own profile. */
  ensureOwnGraph(uid: string): Promise<void>;
  /** The member's role in the graph, or null when they are not a member (§6 roles). */
  memberRole(graphId: string, uid: string): Promise<TreeRole | null>;
  /** Which of these profiles each graph shows (graph id → profile ids). */
  graphsShowing(profileIds: readonly string[]): Promise<Map<string, Set<string>>>;
  /**
   * Locks these graphs until the transaction ends and answers their heads (graphs that do not
   * exist are left out). Saves serialise per graph here; every writer of a profile locks every
   * graph showing it, so profile rows need no lock of their own.
   */
  lockGraphs(ids: readonly string[]): Promise<Map<string, GraphHead>>;
  /** Reads of one graph's nodes, edges and shown profiles. */
  lookup(graphId: string): GraphLookup;
  /** Profiles by id, whether any graph shows them or not. */
  profiles(ids: readonly string[]): Promise<Map<string, Profile>>;
  /**
   * Writes what a validated change set changed in a graph: its nodes and edges, the profiles it
   * patched (`profiles`: those profiles whole, as merged) and the profiles it removed from the
   * graph (a profile no graph shows any more goes, a member's own profile always stays). `fresh`:
   * the cards, lines and profiles the save found absent from the store (a store may insert them
   * without looking for a row to update).
   */
  writeChanges(graphId: string, changes: ChangeSet, profiles: readonly Profile[], fresh?: FreshIds): Promise<void>;
  /** Writes whole profiles (already merged with what was stored). */
  writeProfiles(profiles: readonly Profile[]): Promise<void>;
  /**
   * Bumps the graph's revision to `change.revision` (its head is locked), records migration flags
   * and appends the change to the graph's log.
   */
  appendChange(graphId: string, change: AppliedChange, migrations?: readonly string[]): Promise<void>;
  /** Keeps an applied change in the graph's history for good, with its before-values (src/domain/history). */
  appendHistory(graphId: string, entry: HistoryEntry): Promise<void>;
  /** Makes `uid` a member with `role`; a member already there keeps the role they have. */
  addMember(graphId: string, uid: string, role: TreeRole): Promise<void>;
  /** What each of these cards held when a member claimed it (`ClaimBase`), where that is recorded. */
  claimBases(profileIds: readonly string[]): Promise<Map<string, ClaimBase>>;
  /** Records what a card held as it is claimed, or forgets it (null) once it is released. */
  setClaimBase(profileId: string, base: ClaimBase | null): Promise<void>;
}

/**
 * The personal fields of a card as the tree's editors left them when a member claimed it (issue
 * 19): after a claim only its member edits the card (§6), so what differs from this is what the
 * member wrote about themselves, and an account deletion takes back only that (`releasedFields`).
 */
export type ClaimBase = Partial<Record<ScalarField, string>>;

/**
 * Change sets kept per graph for replay after a reconnect (both backends); older ones are pruned,
 * and a reader further behind opens the graph again.
 */
export const CHANGE_LOG_LENGTH = 1000;

export interface GraphStore {
  /** Runs `fn` in one transaction: all of it is written, or none of it. */
  transaction<T>(fn: (tx: GraphStoreTransaction) => Promise<T>): Promise<T>;
}
