import { emptyChangeSet, type ProfilePatch } from '../changeSet.ts';
import { historyEntry } from '../history/entry.ts';
import { profilesBefore } from '../history/record.ts';
import type { Profile } from '../types.ts';
import type { GraphHead, GraphStoreTransaction, Publication } from './graphStore.ts';

/**
 * Profile patches written through one graph (or the profile page) reach every other graph that
 * shows those profiles: each gets the next revision and a logged change with the patches it shows.
 * The graphs' heads must be locked already. Nothing is read: the patches are the change, and
 * `before` answers the profiles as they were (one profile is the same in every tree) for the history.
 */
export async function propagatePatches(
  tx: GraphStoreTransaction,
  heads: ReadonlyMap<string, GraphHead>,
  showing: ReadonlyMap<string, ReadonlySet<string>>,
  patches: readonly ProfilePatch[],
  skipGraphId: string | null,
  by: { clientId: string; actorUid: string; at: string; before: (profileId: string) => Profile | undefined },
): Promise<Publication[]> {
  const out: Publication[] = [];
  for (const [graphId, shown] of [...showing].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const head = heads.get(graphId);
    if (graphId === skipGraphId || !head) continue;
    const changes = emptyChangeSet(head.revision);
    changes.profiles.upsert = patches.filter((p) => shown.has(p.id)).map(({ create: _create, ...p }) => p);
    if (!changes.profiles.upsert.length) continue;
    const event = { revision: head.revision + 1, changes, clientId: by.clientId, actorUid: by.actorUid };
    await tx.appendChange(graphId, event);
    await tx.appendHistory(graphId, historyEntry(event, profilesBefore(changes, by.before), by.at));
    out.push({ graphId, event });
  }
  return out;
}
