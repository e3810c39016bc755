/**
 * `npx tsx bench/firebase-open.ts [people…]` (default 10,000 and 100,000): the browser's part of
 * opening a tree on Firebase. The snapshot's chunk documents (the compact graph form cut as
 * functions/src/snapshots/chunks.ts cuts it) are joined and decoded by the Firebase adapter's own
 * code (src/backend/firebase/changeLog.ts `assembleGraph`); the document reads are
 * bench/firebase.ts's. Prints the median of five and writes bench/results/firebase-open.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { splitUtf8, SNAPSHOT_CHUNK_BYTES } from '../functions/src/snapshots/chunks.ts';
import { assembleGraph } from '../src/backend/firebase/changeLog.ts';
import { encodeGraphColumns, GRAPH_COLUMNS_FORMAT } from '../src/backend/graphColumns.ts';
import { familyGraph } from './scene/familyGraph.ts';

const counts = process.argv.slice(2).map(Number).filter((n) => n > 0);
const results = [];

for (const people of counts.length ? counts : [10_000, 100_000]) {
  const graph = familyGraph(people, 'bench-member');
  const text = JSON.stringify(encodeGraphColumns(graph));
  const bytes = Buffer.byteLength(text, 'utf8');
  const chunks = splitUtf8(text, SNAPSHOT_CHUNK_BYTES).map((t, index) => ({ index, text: t }));
  const open = {
    graphId: 'bench-member',
    ownerUid: 'bench-member',
    revision: graph.revision,
    updatedAt: '',
    migrations: [],
    snapshot: { id: 's', revision: graph.revision, chunks: chunks.length, format: GRAPH_COLUMNS_FORMAT, bytes },
  };
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    assembleGraph(open, chunks, []);
    times.push(performance.now() - start);
  }
  const row = { people, snapshotBytes: bytes, chunks: chunks.length, assembleMedianMs: Math.round(times.sort((a, b) => a - b)[2]!) };
  results.push(row);
  console.log(`${people.toLocaleString('en')} people: ${chunks.length} chunks, ${(bytes / 1e6).toFixed(1)} MB; joined and decoded in ${row.assembleMedianMs} ms (median of 5)`);
}

await mkdir(join(import.meta.dirname, 'results'), { recursive: true });
await writeFile(join(import.meta.dirname, 'results/firebase-open.json'), `${JSON.stringify(results, null, 2)}\n`);
