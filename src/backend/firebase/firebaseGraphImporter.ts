import { createChunkedImporter } from '../chunkedImport.ts';
import type { GraphImporter } from '../ports.ts';
import type { Call } from './call.ts';
import { FIREBASE_IMPORT_LIMITS } from './callables.ts';

const utf8 = new TextEncoder();

/**
 * GraphImporter over the import callables (begin, chunks, commit, cancel), driven by the shared
 * chunked importer with Firebase's limits: chunks wait in documents, so they are measured in
 * UTF-8 bytes as Firestore measures them.
 */
export function createFirebaseGraphImporter(call: Call, options: { retryMs?: number } = {}): GraphImporter {
  return createChunkedImporter(
    {
      begin: (graphId, request) => call('beginImport', { graphId, ...request }),
      put: async (graphId, importId, index, body) => {
        await call('putImportChunk', { graphId, importId, index, body });
      },
      commit: (graphId, importId) => call('commitImport', { graphId, importId }),
      cancel: async (graphId, importId) => {
        await call('cancelImport', { graphId, importId });
      },
    },
    { limits: FIREBASE_IMPORT_LIMITS, measure: (body) => utf8.encode(body).length, retryMs: options.retryMs },
  );
}
