/**
 * The GEDCOM import's heavy part, off the main thread (DESIGN.md "GEDCOM import and export"):
 * reads the chosen file, parses and maps it, lays the people out and answers the change set to
 * send, already cut into the chunk bodies the bulk path sends. One request per worker:
 * `{ file, request }` in; progress, the bodies of the lines and profiles, then the plan with the
 * cards' bodies (or why not) out.
 */
import { isGedcomError } from '../../../gedcom/errors.ts';
import { planImport, type ImportRequest } from '../../../gedcom/importPlan.ts';
import { emptyChangeSet } from '../../../domain/changeSet.ts';
import { chunkChangeSet, chunked } from '../../../domain/changeSetChunks.ts';
import { profileIdSource } from '../../../domain/ids.ts';
import type { ImportWorkerReply, ImportWorkerRequest } from './runImport.ts';

const reply = (message: ImportWorkerReply) => postMessage(message);

/** The file's bytes, read in pieces so a big file shows how far it is. */
async function readFile(file: Blob): Promise<Uint8Array> {
  const bytes = new Uint8Array(file.size);
  let at = 0;
  const reader = file.stream().getReader();
  let nextReport = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes.set(value, at);
    at += value.length;
    if (at >= nextReport) {
      reply({ kind: 'progress', phase: 'read', fraction: file.size ? at / file.size : 1 });
      nextReport = at + file.size / 50;
    }
  }
  return at === bytes.length ? bytes : bytes.subarray(0, at);
}

addEventListener('message', async (event: MessageEvent<ImportWorkerRequest>) => {
  const { file, request } = event.data;
  try {
    const t0 = performance.now();
    const bytes = await readFile(file);
    const t1 = performance.now();
    let parsed = 0;
    const full: ImportRequest = { ...request, newProfileId: profileIdSource((b) => crypto.getRandomValues(b)), random: Math.random };
    // The lines and profiles go to the page before the layout, which needs only the cards: the
    // page reads them back while the worker lays the people out.
    const { changes, ...plan } = planImport(
      bytes,
      full,
      (phase, fraction) => {
        if (phase === 'layout' && !parsed) parsed = performance.now();
        reply({ kind: 'progress', phase, fraction });
      },
      (linesAndProfiles) => reply({ kind: 'bodies', bodies: chunkChangeSet(linesAndProfiles) }),
    );
    const cards = emptyChangeSet(0);
    cards.nodes = changes.nodes;
    const t2 = performance.now();
    reply({ kind: 'done', plan: { ...plan, changes: chunked(cards) }, timings: { read: t1 - t0, parse: (parsed || t2) - t1, layout: parsed ? t2 - parsed : 0 } });
  } catch (e) {
    if (isGedcomError(e)) reply({ kind: 'failed', message: e.message, line: e.line });
    else reply({ kind: 'failed', message: e instanceof Error ? e.message : String(e), line: 0 });
  }
});
