/**
 * `npx tsx bench/firebase-bulk.ts [people…]` (default 10,000): Firebase's bulk path and a cold
 * open, measured against the Firestore emulator (Debian's jar, started as the tests start it).
 * For each size: an import of the bench family through the import functions (begin, chunks,
 * commit: the bulk store's batches, one switching transaction and the snapshot), time to saved
 * (with the time from the first chunk to the first write batch); then the cold
 * open as the browser does it (`openGraph`, which makes the snapshot the first time, the chunk
 * documents, the change documents after it), its document reads and time to the graph in
 * memory; then one card moved through `saveChanges`, median of ten. The functions are called
 * in-process (no callable HTTP hop), so the times are Firestore's and the functions' work.
 * Writes bench/results/firebase-bulk.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { familyGraph } from './scene/familyGraph.ts';
import { FIREBASE_IMPORT_LIMITS } from '../src/backend/firebase/callables.ts';
import { assembleGraph } from '../src/backend/firebase/changeLog.ts';
import { FIELDS, paths, type ChangeDoc, type SnapshotChunkDoc, type UserDoc } from '../src/backend/firebase/paths.ts';
import { chunkChangeSet } from '../src/domain/changeSetChunks.ts';
import { emptyChangeSet } from '../src/domain/changeSet.ts';
import { newOwnProfile } from '../src/domain/invitations.ts';
import { openGraph, saveChanges } from '../functions/src/callables/graphs.ts';
import { createImports } from '../functions/src/callables/imports.ts';
import { asChangeSet } from '../tests/contract/graphStore.contract.ts';
import { openTestbed } from '../tests/firebase/firestoreTestbed.ts';

const counts = process.argv.slice(2).map(Number).filter((n) => n > 0);
const bed = await openTestbed();
const results = [];
const ms = (start: number) => Math.round(performance.now() - start);

try {
  for (const people of counts.length ? counts : [10_000]) {
    const owner = `bench${people}x${Date.now().toString(36)}`;
    await bed.deps.auth.createUser({ uid: owner, email: `${owner}@example.com` });
    await bed.db.doc(paths.user(owner)).set({ graphIds: [], joinedGraphId: null } satisfies UserDoc);
    const now = new Date().toISOString();
    await bed.deps.store.transaction((tx) => tx.writeProfiles([newOwnProfile({ uid: owner, firstName: 'Ann', lastName: 'Bench', email: `${owner}@example.com`, gender: 'F', now })]));
    await openGraph(bed.deps, owner, {});

    const family = familyGraph(people, owner, 'rows', 7, now, `${owner}-`);
    const bodies = chunkChangeSet(asChangeSet(family, owner), FIREBASE_IMPORT_LIMITS.targetChunkBytes);
    let batches = 0;
    let firstBatchMs = 0;
    let importStart = 0;
    const imports = createImports(bed.deps, FIREBASE_IMPORT_LIMITS, undefined, {
      beforeBatch: () => {
        if (!batches++) firstBatchMs = ms(importStart);
      },
    });
    importStart = performance.now();
    const { importId } = await imports.begin(owner, { graphId: owner, clientId: 'bench', chunks: bodies.length, people });
    for (const [index, body] of bodies.entries()) await imports.putChunk(owner, { graphId: owner, importId, index, body });
    const uploadedMs = ms(importStart);
    const { revision } = await imports.commit(owner, { graphId: owner, importId });
    const importMs = ms(importStart);

    // The commit made the snapshot (from the tree before and the import); without it the first open would.
    const firstOpenStart = performance.now();
    await openGraph(bed.deps, owner, {});
    const firstOpenMs = ms(firstOpenStart);
    const openStart = performance.now();
    const open = await openGraph(bed.deps, owner, {});
    const chunks = (await bed.db.collection(paths.snapshotChunks(owner, open.snapshot!.id)).orderBy(FIELDS.index).get()).docs.map((d) => d.data() as SnapshotChunkDoc);
    const tail = (await bed.db.collection(paths.changes(owner)).where(FIELDS.revision, '>', open.snapshot!.revision).orderBy(FIELDS.revision).get()).docs.map((d) => d.data() as ChangeDoc);
    const loaded = assembleGraph(open, chunks, tail);
    const openMs = ms(openStart);
    // Documents the open reads (counted, not billed: the emulator keeps no tally): openGraph's 4
    // (users, graph, members, the owner's profile), the chunks and the tail, and the rules' one
    // get() of the members document for each of the browser's two queries.
    const reads = 4 + chunks.length + tail.length + 2;

    const saves: number[] = [];
    let base = loaded.graph.revision;
    for (let i = 0; i < 10; i++) {
      const move = emptyChangeSet(base);
      move.nodes.upsert = [{ ...family.nodes[1]!, position: { x: i * 10, y: 0 } }];
      const start = performance.now();
      base = (await saveChanges(bed.deps, owner, { graphId: owner, changes: move, clientId: 'bench' })).revision;
      saves.push(performance.now() - start);
    }
    const row = {
      people,
      chunks: bodies.length,
      writeBatches: batches,
      revision,
      uploadMs: uploadedMs,
      firstWriteBatchMs: firstBatchMs,
      importToSavedMs: importMs,
      firstOpenMs: firstOpenMs,
      coldOpen: { documentReads: reads, snapshotChunks: chunks.length, tail: tail.length, toGraphMs: openMs, nodes: loaded.graph.nodes.length },
      oneCardSaveMedianMs: Math.round(saves.sort((a, b) => a - b)[5]!),
    };
    console.log(JSON.stringify(row));
    results.push(row);
  }
  const dir = join(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'firebase-bulk.json'), JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2) + '\n');
} finally {
  await bed.close();
}
