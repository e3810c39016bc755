import { applyChangeSets } from '../../domain/applyChangeSets.ts';
import type { ChangeSet } from '../../domain/changeSet.ts';
import { AppError, UNREACHABLE } from '../../domain/errors.ts';
import { decodeGraphColumns, GRAPH_COLUMNS_FORMAT, GRAPH_COLUMNS_TYPE, isGraphColumnsFormat, type GraphColumns } from '../graphColumns.ts';
import type { PrivacyReason } from '../../domain/privacy.ts';
import type { TreeRole } from '../../domain/roles.ts';
import type { LoadedGraph } from '../ports.ts';
import { safeJson, toAppError } from './request.ts';

/** GET /api/graph in the compact form: a snapshot of the graph and the change sets applied since. */
export interface GraphColumnsAnswer {
  format: typeof GRAPH_COLUMNS_FORMAT;
  graphId: string;
  ownerUid: string;
  migrations: string[];
  role: TreeRole;
  name: string;
  privacy: Record<string, PrivacyReason>;
  revision: number;
  updatedAt: string;
  snapshot: GraphColumns;
  tail: { revision: number; changes: ChangeSet }[];
}

const UNREADABLE = 'The family tree the server sent could not be read. Reload the page to try again.';

/** The LoadedGraph an answer of GET /api/graph stands for, in either form. */
export function loadedGraphFrom(answer: unknown): LoadedGraph {
  const a = answer as Partial<GraphColumnsAnswer> | undefined;
  if (!a || !isGraphColumnsFormat(a.format)) {
    if (!(answer as Partial<LoadedGraph> | undefined)?.graph) throw new AppError('internal', UNREADABLE);
    return answer as LoadedGraph;
  }
  try {
    const graph = applyChangeSets(decodeGraphColumns(a.snapshot!), a.tail!.map((t) => t.changes));
    return {
      graphId: a.graphId!,
      ownerUid: a.ownerUid!,
      migrations: a.migrations!,
      role: a.role!,
      name: a.name!,
      privacy: a.privacy!,
      graph: { ...graph, revision: a.revision!, updatedAt: a.updatedAt! },
    };
  } catch {
    throw new AppError('internal', UNREADABLE);
  }
}

/**
 * Loads a tree in the compact form (the browser undoes the compression): the one named, which the
 * server then remembers as opened last, or without an id the one opened last.
 */
export async function loadGraph(graphId?: string): Promise<LoadedGraph> {
  let response: Response;
  const path = graphId === undefined ? '/api/graph' : `/api/graphs/${encodeURIComponent(graphId)}`;
  try {
    response = await fetch(path, { credentials: 'same-origin', headers: { Accept: `${GRAPH_COLUMNS_TYPE}, application/json;q=0.9` } });
  } catch {
    throw new AppError('unavailable', UNREACHABLE);
  }
  const text = await response.text();
  const received = performance.now();
  const parsed = safeJson(text);
  const read = performance.now();
  if (!response.ok) throw toAppError(response.status, parsed);
  const loaded = loadedGraphFrom(parsed);
  // User timings, so DevTools and bench/tree-open.ts show where opening a big tree spends its time.
  performance.measure(LOAD_MEASURES.parse, { start: received, end: read });
  performance.measure(LOAD_MEASURES.decode, { start: read });
  return loaded;
}

export const LOAD_MEASURES = { parse: 'kinfolk: parse the graph', decode: 'kinfolk: decode the graph' } as const;
