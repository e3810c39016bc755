import type { Queryable } from '../db/database.ts';
import type { ChangeLog } from './feed.ts';
import { CHANGE_LOG_LENGTH } from '../../src/domain/save/graphStore.ts';
import { changesSince, graphRevision } from './store.ts';

/** The live feed's reads of the `graph_changes` log and the graphs' revisions. */
export function sqlChangeLog(q: Queryable): ChangeLog {
  return {
    latest: async (graphId) => (await graphRevision(q, graphId)) ?? 0,
    async between(graphId, after, upTo) {
      const count = upTo - after;
      if (count <= 0) return [];
      // The log keeps fewer than that: no need to read it to know it has a hole.
      if (count > CHANGE_LOG_LENGTH) return null;
      const logged = await changesSince(q, graphId, after, count);
      if (logged.length !== count || logged.some((c, i) => c.changes === null || c.revision !== after + 1 + i)) return null;
      return logged.map((c) => ({ revision: c.revision, changes: JSON.parse(c.changes!), clientId: c.clientId, actorUid: c.actorUid }));
    },
  };
}
