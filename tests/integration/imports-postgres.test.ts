import { describe, expect, it } from 'vitest';
import { GRAPH_COLUMNS_TYPE } from '../../src/backend/graphColumns.ts';
import { loadedGraphFrom } from '../../src/backend/http/graphLoad.ts';
import { chunkChangeSet } from '../../src/domain/changeSetChunks.ts';
import { familyChangeSet } from '../../bench/scene/familyChangeSet.ts';
import { createMember, expectError, signedInOn, usePostgresSite } from './helpers.ts';
import { loadGraph, openStream } from './graphHelpers.ts';

/**
 * The bulk path on a real PostgreSQL with two app processes: the chunks of one import arrive
 * through both, the commit through either, and the result is one revision everyone sees.
 */
const site = usePostgresSite({ schemaPrefix: 'kinfolk_imports', processes: 2 });

describe('bulk import on PostgreSQL with two app processes', () => {
  it('takes chunks through both processes and commits them as one revision, seen live on the other process', async () => {
    const [a, b] = site.servers;
    const owner = await createMember(a);
    const other = signedInOn(b, owner.client);
    const before = await loadGraph(owner.client);
    const stream = await openStream(other, `/api/graphs/${before.graphId}/events?since=${before.graph.revision}`);
    try {
      const changes = familyChangeSet(400, owner.uid);
      const bodies = chunkChangeSet(changes, 20_000);
      const begun = await owner.client.post(`/api/graphs/${owner.uid}/imports`, { clientId: 'import-tab', chunks: bodies.length });
      expect(begun.status, begun.text).toBe(200);
      const path = `/api/graphs/${owner.uid}/imports/${begun.body.importId}`;
      const sent = await Promise.all(
        bodies.map((body, i) => (i % 2 ? other : owner.client).request('PUT', `${path}/chunks/${i}`, body, { 'content-type': 'application/json' })),
      );
      expect(sent.map((r) => r.status)).toEqual(bodies.map(() => 200));
      const committed = await other.post(`${path}/commit`);
      expect(committed.body).toEqual({ revision: 1 });

      const event = await stream.next((e) => e.event === 'change' || e.event === 'reload', 10_000);
      expect(event.id).toBe('1');
      const log = await site.admin.query(`SELECT revision FROM ${site.schema}.graph_changes WHERE graph_id = $1`, [owner.uid]);
      expect(log.rows.map((r) => Number(r.revision))).toEqual([1]);

      // Either process opens it, plain or compact, the same.
      const plain = await loadGraph(owner.client);
      expect(plain.graph.nodes.map((n) => n.id)).toEqual(changes.nodes.upsert.map((n) => n.id));
      const compact = await other.get('/api/graph', { accept: GRAPH_COLUMNS_TYPE });
      expect(loadedGraphFrom(compact.body)).toEqual(plain);
      // The commit is done: the import cannot be used again.
      expectError(await owner.client.request('PUT', `${path}/chunks/0`, bodies[0]!, { 'content-type': 'application/json' }), 409, 'failed-precondition', 'This import is committed already (revision 1).');
    } finally {
      stream.close();
    }
  });
});
