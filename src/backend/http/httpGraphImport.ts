import { IMPORT_LIMITS } from '../../domain/changeSetChunks.ts';
import { AppError, UNREACHABLE } from '../../domain/errors.ts';
import { createChunkedImporter } from '../chunkedImport.ts';
import type { GraphImporter } from '../ports.ts';
import { safeJson, toAppError } from './request.ts';

export interface HttpGraphImporterOptions {
  /** Prefix of every request path ('' in the browser, the server's URL elsewhere). */
  baseUrl?: string;
  /** The fetch to use (scripts pass one that adds the session cookie). */
  fetch?: typeof fetch;
  /** Chunk bodies aim at this many characters (IMPORT_LIMITS.targetChunkBytes by default). */
  chunkChars?: number;
  /** Chunks in flight at once. */
  parallel?: number;
  /** Wait between attempts when the server could not be reached or is still committing. */
  retryMs?: number;
}

/**
 * The bulk path of the self-hosted server (src/backend/api.ts "imports"): begin, chunks, commit,
 * driven by the shared chunked importer (src/backend/chunkedImport.ts).
 */
export function createHttpGraphImporter(options: HttpGraphImporterOptions = {}): GraphImporter {
  const base = options.baseUrl ?? '';

  async function call<T>(method: string, path: string, body?: string): Promise<T> {
    const doFetch = options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(base + path, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
        body,
      });
    } catch {
      throw new AppError('unavailable', UNREACHABLE);
    }
    if (response.status === 204) return undefined as T;
    const parsed = safeJson(await response.text());
    if (!response.ok) throw toAppError(response.status, parsed);
    return parsed as T;
  }

  const graphPath = (graphId: string) => `/api/graphs/${encodeURIComponent(graphId)}/imports`;
  return createChunkedImporter(
    {
      begin: (graphId, request) => call('POST', graphPath(graphId), JSON.stringify(request)),
      put: (graphId, importId, index, body) => call('PUT', `${graphPath(graphId)}/${importId}/chunks/${index}`, body),
      commit: (graphId, importId) => call('POST', `${graphPath(graphId)}/${importId}/commit`),
      cancel: (graphId, importId) => call('DELETE', `${graphPath(graphId)}/${importId}`),
    },
    { limits: IMPORT_LIMITS, chunkChars: options.chunkChars, parallel: options.parallel, retryMs: options.retryMs },
  );
}
