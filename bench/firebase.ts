/**
 * `npx tsx bench/firebase.ts [--json FILE]`: what the Firebase backend's layout costs, computed
 * from the documents the Cloud Functions write (no emulator needed: sizes follow Firestore's
 * storage-size rules, functions/src/store/docSize.ts).
 *
 *  (a) A cold load of a 10,000- and a 100,000-person tree (the bench family): document reads when
 *      opening from the snapshot chunks plus the change log after it, against reading one
 *      document per card, line and profile.
 *  (b) What one bulk import can hold: the bytes a commit request carries per person (the
 *      documents as the Admin SDK encodes them), and how many people fit in one Firestore
 *      transaction (FIRESTORE_COMMIT_BYTES), against FIREBASE_IMPORT_LIMITS.
 *
 * Prints a table and writes JSON to bench/results/firebase.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIREBASE_IMPORT_LIMITS, FIRESTORE_COMMIT_BYTES } from '../src/backend/firebase/callables.ts';
import { paths } from '../src/backend/firebase/paths.ts';
import { encodeGraphColumns } from '../src/backend/graphColumns.ts';
import { SNAPSHOT_CHUNK_BYTES, splitUtf8 } from '../functions/src/snapshots/chunks.ts';
import { RENEW_AT, SNAPSHOT_TAIL } from '../functions/src/snapshots/plan.ts';
import { documentSize, encodedWriteSize } from '../functions/src/store/docSize.ts';
import { edgeDoc, nodeDoc, profileDoc, seqFor } from '../functions/src/store/docs.ts';
import { familyChangeSet } from './scene/familyChangeSet.ts';
import { familyGraph } from './scene/familyGraph.ts';

const MB = 1024 * 1024;
const here = dirname(fileURLToPath(import.meta.url));
const jsonAt = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1]! : join(here, 'results/firebase.json');

/**
 * Reads of a cold load: the openGraph callable (the users and graph documents), the snapshot's
 * chunks (one query), the change docs after it (one query, 0 … tail), and per query or get the
 * members document the rules read (billed as one read per request).
 */
function coldLoadReads(chunks: number, tail: number) {
  const callable = 2;
  const ruleGets = 2;
  return { fresh: callable + chunks + ruleGets, typical: callable + chunks + RENEW_AT.changeSets / 2 + ruleGets, worst: callable + chunks + SNAPSHOT_TAIL.changeSets + ruleGets, tail };
}

function coldLoad(people: number) {
  const graph = familyGraph(people, 'member-uid', 'rows');
  const text = JSON.stringify(encodeGraphColumns(graph));
  const chunks = splitUtf8(text).length;
  const docs = graph.nodes.length + graph.edges.length + Object.keys(graph.profiles).length;
  return { people, snapshotBytes: Buffer.byteLength(text), chunks, perEntityReads: docs, reads: coldLoadReads(chunks, SNAPSHOT_TAIL.changeSets) };
}

/**
 * The documents an import commit writes for `people` people (cards, lines, profiles): their
 * stored size, and the bytes they take in the commit request as the Admin SDK encodes them.
 */
function importCommit(people: number) {
  const g = 'member-uid';
  const graph = familyGraph(people, g, 'rows');
  const docs: [string, Record<string, unknown>][] = [
    ...graph.nodes.map((n, i): [string, Record<string, unknown>] => [paths.node(g, n.id), { ...nodeDoc(n, seqFor(1, i)) }]),
    ...graph.edges.map((e, i): [string, Record<string, unknown>] => [paths.edge(g, e.id), { ...edgeDoc(e, seqFor(1, i)) }]),
    ...Object.values(graph.profiles).map((p): [string, Record<string, unknown>] => [paths.profile(p.id), { ...profileDoc(p, [g]) }]),
  ];
  const stored = docs.reduce((n, [path, data]) => n + documentSize(path, data), 0);
  const commitBytes = docs.reduce((n, [path, data]) => n + encodedWriteSize(path, data), 0);
  const changeSetBytes = Buffer.byteLength(JSON.stringify(familyChangeSet(people, g)));
  return { people, storedBytes: stored, commitBytes, perPerson: commitBytes / people, changeSetBytes, changeSetPerPerson: changeSetBytes / people };
}

const loads = [coldLoad(10_000), coldLoad(100_000)];
const sample = importCommit(10_000);
const fitsInCommit = Math.floor(FIRESTORE_COMMIT_BYTES / sample.perPerson);
const atLimit = importCommit(FIREBASE_IMPORT_LIMITS.people);

console.log('Cold load (document reads)');
console.log('people   snapshot   chunks  fresh  typical  worst  one-doc-per-entity');
for (const l of loads) {
  console.log(
    `${String(l.people).padStart(7)}  ${(l.snapshotBytes / MB).toFixed(1).padStart(6)} MB  ${String(l.chunks).padStart(6)}  ${String(l.reads.fresh).padStart(5)}  ${String(l.reads.typical).padStart(7)}  ${String(l.reads.worst).padStart(5)}  ${String(l.perEntityReads).padStart(9)}`,
  );
}
console.log(`(chunks of at most ${SNAPSHOT_CHUNK_BYTES.toLocaleString('en')} bytes; tail renewed at ${RENEW_AT.changeSets} change sets, never past ${SNAPSHOT_TAIL.changeSets})`);
console.log('\nBulk import in one Firestore transaction');
console.log(`per person: ${sample.perPerson.toFixed(0)} bytes in the commit request (${(sample.storedBytes / sample.people).toFixed(0)} stored; change-set JSON ${sample.changeSetPerPerson.toFixed(0)})`);
console.log(`people in ${FIRESTORE_COMMIT_BYTES / MB} MB of writes: ${fitsInCommit.toLocaleString('en')}; FIREBASE_IMPORT_LIMITS.people = ${FIREBASE_IMPORT_LIMITS.people.toLocaleString('en')} → ${(atLimit.commitBytes / MB).toFixed(1)} MB of writes, ${(atLimit.changeSetBytes / MB).toFixed(1)} MB of change set (limit ${FIREBASE_IMPORT_LIMITS.bytes / MB} MB)`);

mkdirSync(dirname(jsonAt), { recursive: true });
writeFileSync(jsonAt, JSON.stringify({ coldLoad: loads, import: { sample, fitsInCommit, atLimit, limits: FIREBASE_IMPORT_LIMITS, commitBytes: FIRESTORE_COMMIT_BYTES } }, null, 2));
console.log(`\nWrote ${jsonAt}`);
