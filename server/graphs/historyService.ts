import type { HistoryDeps } from '../../src/domain/history/service.ts';
import { hiddenPeople } from '../../src/domain/history/viewer.ts';
import type { Database } from '../db/database.ts';
import { sqlHistoryLog } from './historyStore.ts';
import { graphOwners, privacyContext } from './privacy.ts';
import type { GraphService } from './service.ts';
import { sqlGraphStore } from './sqlGraphStore.ts';
import { partsToGraph, readGraphParts } from './store.ts';

/** The history's use cases (src/domain/history/service.ts) over SQL. */
export function sqlHistoryDeps(db: Database, graphs: GraphService, clock: () => Date = () => new Date()): HistoryDeps {
  return {
    store: sqlGraphStore(db),
    log: sqlHistoryLog(db),
    now: clock,
    publish: (p) => graphs.publish(p),
    hiddenFor: sqlHiddenFor(db, clock),
  };
}

/** The people of a tree a viewer may not see whole, read from the tree as it is now. */
export function sqlHiddenFor(db: Database, clock: () => Date): HistoryDeps['hiddenFor'] {
  return async (uid, graphId) => {
    const parts = await readGraphParts(db, graphId);
    if (!parts) return new Set();
    const whole = partsToGraph(parts);
    return hiddenPeople(whole, await privacyContext(db, uid, graphOwners(whole), clock()));
  };
}

/** Names of the members who made changes, by uid: their display name, else their own card's name, else their e-mail. */
export async function actorNames(db: Database, uids: readonly string[]): Promise<Record<string, string>> {
  if (!uids.length) return {};
  const rows = await db.query<{ uid: string; display_name: string | null; email: string | null; first: string | null; last: string | null }>(
    `SELECT u.uid, u.display_name, u.email, p.data->>'firstName' AS first, p.data->>'lastName' AS last
       FROM users u LEFT JOIN profiles p ON p.id = u.uid WHERE u.uid = ANY($1::text[])`,
    [[...new Set(uids)]],
  );
  return Object.fromEntries(rows.map((r) => [r.uid, r.display_name || [r.first, r.last].filter(Boolean).join(' ') || r.email || '']));
}
