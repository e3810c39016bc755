/** The §3 vocabulary (docs/PRODUCT.md). Plain data: no React, no backend. */

export type Gender = 'M' | 'F' | '';
/** Sign-up offers a wider choice than the profile editor (§3). */
export type SignUpGender = 'Female' | 'Male' | 'Non-binary' | 'Prefer not to say';
export const SIGN_UP_GENDERS: readonly SignUpGender[] = ['Female', 'Male', 'Non-binary', 'Prefer not to say'];

import type { Citation, Couple, FactEvent, NotDuplicate, PersonName, Place, Source } from './facts/types.ts';
import type { EventOutline } from './facts/eventsLoading.ts';
import type { Media } from './media/types.ts';

export interface Profile {
  id: string;
  firstName: string;
  lastName: string;
  photoURL: string;
  photoURLSmall: string;
  email: string;
  gender: Gender;
  birthYear: string;
  birthMonth: string;
  birthDay: string;
  bio: string;
  death: string;
  mothersMaidenName: string;
  /**
   * A birth date as written where birthYear/Month/Day cannot hold it exactly (an imported
   * 'ABT 1850', 'BET 1750 AND 1752', '@#DJULIAN@ 11 FEB 1731/32', a date phrase); shown as written.
   * Absent on profiles stored before GEDCOM import: read absent as empty.
   */
  birthDateText?: string;
  /** The same for the death date, where `death` cannot hold it. */
  deathDateText?: string;
  /**
   * What a GEDCOM import brought for this person: their INDI record whole, and the records and
   * families kept with them, as GEDCOM 7 lines, so an export gives back everything the app does
   * not show (DESIGN.md "GEDCOM import and export"). '' or absent for people made in the app.
   */
  gedcom?: string;
  /**
   * The person's events other than the birth and death dates (src/domain/facts/types.ts): absent
   * or [] when none. Ordered as entered; shown in date order.
   */
  events?: FactEvent[];
  /**
   * The marker of events left on the server (src/domain/facts/eventsLoading.ts): present when the
   * open did not send this person's events, holding their outline (types and places) for search
   * and privacy; `events` is then absent and means "not loaded", never "none". Never saved.
   */
  eventsNotLoaded?: EventOutline[];
  /** Names besides firstName/lastName (alternate names, nicknames, titles); absent or [] when none. */
  names?: PersonName[];
  /**
   * A note on the person as a whole, in the safe HTML subset (`notes/sanitise.ts`; GEDCOM INDI.NOTE
   * made in the app or imported as HTML): the tree's formatted note, beside §3's plain `bio` that
   * the member's own profile page edits. Absent on profiles stored before it: read as ''.
   */
  note?: string;
  /** What supports the person as a whole (GEDCOM INDI.SOUR), patched per item by id; absent or [] when none. */
  citations?: Citation[];
  spouses: string[];
  parents: string[];
  children: string[];
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
  ownerUid: string;
}

export type ParentRole = 'mother' | 'father' | '';

export interface PersonNodeData {
  profileId: string;
  parentRole: ParentRole;
  isPrimary: boolean;
}

export interface GraphNode {
  id: string;
  type: 'person';
  position: { x: number; y: number };
  modifiedAt: string;
  hidden: boolean;
  data: PersonNodeData;
}

export type EdgeKind = 'parent' | 'spouse';

/**
 * How a child belongs to a parent when it is not by birth (GEDCOM PEDI): kept on the parent line.
 * Absent means by birth, or not said.
 */
export type Pedigree = 'adopted' | 'foster' | 'step' | 'unknown' | 'sealing' | 'other';
export const PEDIGREES: readonly Pedigree[] = ['adopted', 'foster', 'step', 'unknown', 'sealing', 'other'];

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle: string;
  targetHandle: string;
  type: string;
  hidden: boolean;
  data: { kind: EdgeKind; pedigree?: Pedigree };
}

export interface Graph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  profiles: Record<string, Profile>;
  updatedAt: string;
  version: 1;
  /** The server's revision of this graph, bumped by every change set it applies; absent before the first save. */
  revision?: number;
  /** The tree's places by id (absent on graphs stored before places: read as {}). */
  places?: Record<string, Place>;
  /** The tree's couples with events by id `coupleId(a, b)` (absent: read as {}). */
  couples?: Record<string, Couple>;
  /** The tree's sources by id (absent: read as {}). */
  sources?: Record<string, Source>;
  /** Pairs of people said not to be duplicates, by id `notDuplicateId(a, b)` (absent: read as {}). */
  notDuplicates?: Record<string, NotDuplicate>;
  /** The tree's photos and documents by id (issue 23; absent: read as {}). */
  media?: Record<string, Media>;
}

/** What the authentication service knows of a member (§3 "Auth user"). */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
}

/**
 * §3 Invitation, as issue 11 extends it: a backend stores only `tokenHash` (SHA-256 of the token)
 * and manages it by `id`; `role` is what accepting it gives; it works until `expiresAt`.
 */
export interface Invitation {
  id: string;
  tokenHash: string;
  email: string;
  nodeId: string;
  inviterUid: string;
  graphUid: string;
  role: 'editor' | 'viewer';
  status: 'pending' | 'accepted' | 'revoked';
  createdAt: string;
  expiresAt: string;
}
