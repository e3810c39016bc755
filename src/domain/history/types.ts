import type { ChangeSet } from '../changeSet.ts';
import type { Citation, Couple, FactEvent, NotDuplicate, PersonName, Place, Source } from '../facts/types.ts';
import type { WholeKey } from '../entityKinds.ts';
import type { Media } from '../media/types.ts';
import type { RelationField } from '../profile.ts';
import type { GraphEdge, GraphNode, Profile } from '../types.ts';

/**
 * The tree's history (issue 24): every applied change kept for good with the value before of
 * everything it touched, so any change can be shown field by field and reverted as a new change.
 * DESIGN.md "History and revert".
 */

/** What a profile held before a change, only in what the change touched. */
export interface ProfileBefore {
  /** The profile was not in the tree before (the change made it or brought it in). */
  absent?: true;
  /** The whole profile, when the change took it out of the tree. */
  whole?: Profile;
  /** The value before of each plain field the change set ('' for none). */
  set?: Record<string, string>;
  /** Of each relationship-list entry the change added or removed: was it listed before? */
  lists?: Partial<Record<RelationField, { had: string[]; hadNot: string[] }>>;
  /** Each event and other name the change upserted or removed, as it was (null: there was none). */
  events?: Record<string, FactEvent | null>;
  names?: Record<string, PersonName | null>;
  citations?: Record<string, Citation | null>;
}

/** The value before of every item a change set touched (null: the item did not exist). */
export interface ChangeBefore {
  nodes?: Record<string, GraphNode | null>;
  edges?: Record<string, GraphEdge | null>;
  places?: Record<string, Place | null>;
  couples?: Record<string, Couple | null>;
  sources?: Record<string, Source | null>;
  notDuplicates?: Record<string, NotDuplicate | null>;
  media?: Record<string, Media | null>;
  profiles?: Record<string, ProfileBefore>;
}

/** Counts for the activity list and Home ("Klaus added 3 people and a photo"). */
export interface ChangeSummary {
  /** People made or brought into the tree. */
  added: number;
  /** People taken out of the tree. */
  removed: number;
  /** People whose details, events or names changed (not counting the added). */
  edited: number;
  /** Photos set. */
  photos: number;
  /** Cards moved and lines drawn or removed, places, couples and sources changed. */
  other: number;
  /**
   * Members who joined by claiming a card (its profile swapped for their own): not a person added
   * and one deleted. Absent in entries kept before it was counted.
   */
  joined?: number;
}

/**
 * One applied change as the history keeps it. A change too large to keep whole (a GEDCOM import)
 * is kept by reference: its summary without its body (`changes` and `before` null); it shows in
 * the activity but cannot be reverted from here.
 */
export interface HistoryEntry {
  revision: number;
  at: string;
  actorUid: string;
  kind: 'change' | 'bulk';
  changes: ChangeSet | null;
  before: ChangeBefore | null;
  summary: ChangeSummary;
  /** The people the change touched (their profiles, cards, lines and couples): the person's history. */
  profileIds: string[];
  /** The people it took out of the tree: Recently deleted. */
  removedIds: string[];
  /** The revisions this change reverted, when it is a revert or a restore. */
  revertOf?: number[];
}

/** A change set this many items or larger is kept by reference (a GEDCOM import of thousands). */
export const HISTORY_INLINE_ITEMS = 5000;

/** Deleted people can be restored for this long. */
export const RESTORE_DAYS = 90;

/** What the history lists ask for. */
export interface HistoryQuery {
  profileId?: string;
  actorUid?: string;
  /** ISO dates: entries at or after `from`, before `to`. */
  from?: string;
  to?: string;
  /** Entries older than this revision (the next page). */
  beforeRevision?: number;
  limit: number;
}

export const HISTORY_PAGE_MAX = 200;

/** A part of a change that has changed since, so reverting it would overwrite a later edit. */
export interface RevertConflict {
  kind: WholeKey | 'profiles';
  id: string;
  /** The profile field, list, 'events:{id}' or 'names:{id}' that changed since, for a profile. */
  field?: string;
}

export const HISTORY_MESSAGES = {
  revertRole: 'Only the owner and editors of this family tree can revert changes.',
  restoreRole: 'Only the owner and editors of this family tree can restore deleted people.',
  conflict: 'This change cannot be reverted: what it changed has been changed again since.',
  /** The same rule for the tree's Undo and Redo of the member's own changes (`undoConflicts`). */
  undoConflict: 'This change cannot be undone: what it changed has been changed again since.',
  redoConflict: 'This change cannot be redone: what it changed has been changed again since.',
  notKept: 'This change was too large to keep its earlier values (an import); it cannot be reverted here.',
  notFound: 'That change is not in the history of this family tree.',
  nothing: 'There is nothing left to revert.',
  notDeleted: 'This person is not among the recently deleted.',
  present: 'This person is already in the family tree.',
  tooOld: `Deleted people can be restored for ${RESTORE_DAYS} days.`,
} as const;
