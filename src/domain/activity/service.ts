import type { MailMessage } from '../../mail/templates.ts';
import type { HistoryEntry } from '../history/types.ts';
import { historyForViewer } from '../history/viewer.ts';
import { digestDue, digestMail, type DigestTree } from './digest.ts';
import { activitySince, laterOf, visitStart } from './sinceLastVisit.ts';
import { ACTIVITY_READ_MAX, type DigestFrequency, type Membership, type TreeActivity } from './types.ts';

/**
 * Activity's use cases, one for both backends: a tree's changes by others since the member's last
 * visit (Home's lines and badge, through the trees list), and the digest loop. Each backend
 * supplies only the reads (server/activity/sqlActivity.ts, functions/src/activity.ts).
 */
export interface ActivityDeps {
  /** Entries of a tree after `since` (ISO, strictly), newest first, at most `limit`. */
  since(graphId: string, since: string, limit: number): Promise<HistoryEntry[]>;
  /** The people of a tree a viewer may not see whole (src/domain/privacy.ts). */
  hiddenFor(uid: string, graphId: string): Promise<ReadonlySet<string>>;
  /** Display names by uid. */
  names(uids: readonly string[]): Promise<Record<string, string>>;
}

/**
 * What others changed in one tree since the member's last visit (or `from`, when later: the last
 * digest). A viewer's count and sentences leave out what privacy keeps from them.
 */
export async function treeActivity(deps: ActivityDeps, uid: string, m: Membership, from = ''): Promise<TreeActivity> {
  const since = laterOf(from, visitStart(m.seenAt, m.joinedAt));
  const others = (await deps.since(m.graphId, since, ACTIVITY_READ_MAX)).filter((e) => e.actorUid !== uid);
  if (!others.length) return { since, count: 0, lines: [] };
  const entries = m.role === 'viewer' ? historyForViewer(others, await deps.hiddenFor(uid, m.graphId)) : others;
  return activitySince(entries, uid, since, await deps.names(entries.map((e) => e.actorUid)));
}

/** A member who chose a digest. */
export interface DigestSubscriber {
  uid: string;
  email: string;
  name: string;
  frequency: DigestFrequency;
  /** ISO time of the last digest considered (or of choosing one); null: never. */
  digestAt: string | null;
}

export interface DigestDeps extends ActivityDeps {
  /** Members whose digest is not off. */
  subscribers(): Promise<DigestSubscriber[]>;
  /** The trees a member belongs to now (one who left or was removed has none of that tree). */
  memberships(uid: string): Promise<Membership[]>;
  /** Mails it (SMTP) or writes it for the mail extension. */
  send(message: MailMessage): Promise<void>;
  /** Remembers that the digest of `at` was considered: the next covers what comes after. */
  markSent(uid: string, at: string): Promise<void>;
  siteUrl: string;
}

export interface DigestRun {
  /** Digests mailed. */
  sent: number;
  /** Due but with nothing new: nothing sent. */
  empty: number;
  /** Failed (tried again at the next run). */
  failed: number;
}

/**
 * One run of the digest loop at `now`: every subscriber whose digest is due gets one mail with
 * each tree's changes since the later of their last digest and their last visit, or nothing when
 * nothing changed; either way the next digest starts from now. A failed send is not marked, so
 * the next run tries again.
 */
export async function sendDueDigests(deps: DigestDeps, now: Date): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, empty: 0, failed: 0 };
  const at = now.toISOString();
  for (const s of await deps.subscribers()) {
    if (s.frequency === 'off' || !digestDue(s.frequency, s.digestAt, now)) continue;
    try {
      const trees: DigestTree[] = [];
      for (const m of await deps.memberships(s.uid)) trees.push({ graphId: m.graphId, name: m.name, activity: await treeActivity(deps, s.uid, m, s.digestAt ?? '') });
      const mail = s.email ? digestMail(s.email, { name: s.name, frequency: s.frequency, trees, siteUrl: deps.siteUrl }) : null;
      if (mail) await deps.send(mail);
      await deps.markSent(s.uid, at);
      if (mail) run.sent++;
      else run.empty++;
    } catch {
      run.failed++;
    }
  }
  return run;
}
