/**
 * The GEDCOM export off the main thread: the tree in, the file's text out, with progress. One
 * request per worker.
 */
import { graphToGedcom } from '../../../gedcom/fromGraph.ts';
import { writeGedcom } from '../../../gedcom/write.ts';
import type { ExportWorkerReply, ExportWorkerRequest } from './runExport.ts';

const reply = (message: ExportWorkerReply) => postMessage(message);

addEventListener('message', (event: MessageEvent<ExportWorkerRequest>) => {
  const { graph, options, source, submitter } = event.data;
  try {
    const out = graphToGedcom(graph, { ...options, onProgress: (f) => reply({ kind: 'progress', fraction: f * 0.8 }) });
    const text = writeGedcom({ version: options.version, records: out.records, source, submitter });
    reply({ kind: 'progress', fraction: 1 });
    reply({ kind: 'done', text, people: out.people, families: out.families });
  } catch (e) {
    reply({ kind: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
});
