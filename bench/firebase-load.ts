/**
 * `npx tsx bench/firebase-load.ts [people…]` (default 10,000 and 100,000): what a cold open of a
 * tree costs on Firebase, in document reads, and what the browser's part of it takes.
 *
 * A tree is stored one document per card, line and profile; a load does not read those. It reads
 * the latest snapshot's chunk documents (the compact graph form, src/backend/graphColumns.ts, cut
 * into slices of at most 1,000,000 UTF-8 bytes by functions/src/snapshots/chunks.ts) and the
 * change documents after it (the function keeps that tail under 200 change sets: plan.ts), and
 * the `openGraph` callable reads two documents (the member's and the graph's). For the bench's
 * synthetic family this prints the snapshot's bytes, its chunk count, the reads of a cold open
 * (with no tail and with the longest tail allowed) against reading every entity document, and
 * the time the browser's code (src/backend/firebase/changeLog.ts) takes to join and decode the
 * chunks. Writes bench/results/firebase-load.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { splitUtf8, SNAPSHOT_CHUNK_BYTES } from '../functions/src/snapshots/chunks.ts';
import { SNAPSHOT_TAIL } from '../functions/src/snapshots/plan.ts';
import { assembleGraph } from '../src/backend/firebase/changeLog.ts';
import { encodeGraphColumns, GRAPH_COLUMNS_FORMAT } from '../src/backend/graphColumns.ts';
import { familyGraph } from './scene/familyGraph.ts';

const counts = process.argv.slice(2).map(Number).filter((n) => n > 0);
const OPEN_GRAPH_READS = 2;
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
  const entityDocs = graph.nodes.length + graph.edges.length + Object.keys(graph.profiles).length;
  const row = {
    people,
    snapshotBytes: bytes,
    chunks: chunks.length,
    coldOpenReads: OPEN_GRAPH_READS + chunks.length,
    coldOpenReadsLongestTail: OPEN_GRAPH_READS + chunks.length + SNAPSHOT_TAIL.changeSets,
    entityDocuments: entityDocs,
    assembleMedianMs: Math.round(times.sort((a, b) => a - b)[2]!),
  };
  results.push(row);
  console.log(
    `${people.toLocaleString('en')} people: snapshot ${(bytes / 1e6).toFixed(1)} MB in ${chunks.length} chunk docs; cold open ${row.coldOpenReads} reads ` +
      `(${row.coldOpenReadsLongestTail} with the longest tail) instead of ${entityDocs.toLocaleString('en')} entity documents; ` +
      `joining and decoding the chunks ${row.assembleMedianMs} ms (median of 5)`,
  );
}

await mkdir(join(import.meta.dirname, 'results'), { recursive: true });
await writeFile(join(import.meta.dirname, 'results/firebase-load.json'), `${JSON.stringify(results, null, 2)}\n`);
