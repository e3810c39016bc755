import { addSummaries, summarySentence } from '../history/describe.ts';
import type { HistoryEntry } from '../history/types.ts';
import type { ActivityLine, TreeActivity } from './types.ts';

/** When a member's last visit to a tree was: their last opening, else when they joined. */
export function visitStart(seenAt: string | null, joinedAt: string): string {
  return seenAt ?? joinedAt;
}

/** The later of two ISO times ('' for none). */
export function laterOf(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

/**
 * What others changed after `since` (ISO), one line per member, the one who changed something
 * last first: the member's own changes never count, nor anything at or before `since`.
 * `entries` may come in any order (the history reads them newest first).
 */
export function activitySince(entries: readonly HistoryEntry[], uid: string, since: string, names: Readonly<Record<string, string>>): TreeActivity {
  const after = since ? Date.parse(since) : -Infinity;
  const byActor = new Map<string, HistoryEntry[]>();
  let count = 0;
  for (const e of entries) {
    if (e.actorUid === uid || Date.parse(e.at) <= after) continue;
    count++;
    const list = byActor.get(e.actorUid) ?? [];
    list.push(e);
    byActor.set(e.actorUid, list);
  }
  const lines: ActivityLine[] = [...byActor].map(([actorUid, list]) => ({
    actorUid,
    name: names[actorUid] ?? '',
    summary: addSummaries(list.map((e) => e.summary)),
    changes: list.length,
    lastAt: list.reduce((m, e) => (Date.parse(e.at) > Date.parse(m) ? e.at : m), list[0]!.at),
  }));
  lines.sort((a, b) => Date.parse(b.lastAt) - Date.parse(a.lastAt) || (a.actorUid < b.actorUid ? -1 : 1));
  return { since, count, lines };
}

/** Who made changes when their name is not known (an account deleted since). */
export const FORMER_MEMBER = 'A former member';

/** Home's and the digest's sentence for one relative: "Klaus added 3 people and a photo". */
export function activitySentence(line: Pick<ActivityLine, 'name' | 'summary'>): string {
  return `${line.name || FORMER_MEMBER} ${summarySentence(line.summary)}`;
}

/** The badge's text: the count, "99+" past 99, '' for none. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** The badge's accessible name. */
export function badgeLabel(count: number): string {
  return count === 1 ? '1 change since your last visit' : `${count > 99 ? 'More than 99' : count} changes since your last visit`;
}

/** The address of a tree's Activity (Home's lines and the digest link there). */
export function treeActivityPath(graphId: string): string {
  return `/app/tree?tree=${encodeURIComponent(graphId)}&show=activity`;
}
