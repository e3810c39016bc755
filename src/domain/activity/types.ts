import type { ChangeSummary } from '../history/types.ts';
import type { TreeRole } from '../roles.ts';

/**
 * Activity for the family (issue 24, item 3): what relatives changed in a tree since the member's
 * last visit, on Home (one sentence per relative), as a badge, and in an opt-in e-mail digest.
 * DESIGN.md "Activity for the family".
 */

/** How often a member wants the digest (Account settings); off by default. */
export type DigestFrequency = 'off' | 'daily' | 'weekly';
export const DIGEST_FREQUENCIES: readonly DigestFrequency[] = ['off', 'daily', 'weekly'];
export const DEFAULT_DIGEST: DigestFrequency = 'off';

export const DIGEST_CHOICE_INVALID = 'digest must be off, daily or weekly.';

export function isDigestFrequency(v: unknown): v is DigestFrequency {
  return typeof v === 'string' && (DIGEST_FREQUENCIES as readonly string[]).includes(v);
}

/** One relative's changes since the visit, counted together ("Klaus added 3 people and a photo"). */
export interface ActivityLine {
  actorUid: string;
  /** Their display name ('' when the account is gone). */
  name: string;
  summary: ChangeSummary;
  /** How many changes they made. */
  changes: number;
  /** ISO time of their latest change. */
  lastAt: string;
}

/** A tree's activity for one member: the changes by others since their last visit. */
export interface TreeActivity {
  /** ISO: their last visit (else when they joined); the changes after it count. */
  since: string;
  /** Changes by others since then (the badge). */
  count: number;
  /** One line per relative, the latest first. */
  lines: readonly ActivityLine[];
}

/** A tree the member belongs to, as the activity and the digest read it. */
export interface Membership {
  graphId: string;
  name: string;
  role: TreeRole;
  /** ISO. */
  joinedAt: string;
  /** ISO time the member last opened the tree; null before they ever did. */
  seenAt: string | null;
}

/** The most recent changes read per tree; the badge shows "99+" long before this. */
export const ACTIVITY_READ_MAX = 500;
