/**
 * Change objects in, new arrays out (xyflow's applyNodeChanges habit): the app owns its nodes and
 * edges and the engine only proposes changes. Each function is O(nodes + changes), so a caller with
 * a very large tree applies drag changes once the drag ends (`dragging: false`), not per move.
 */
import type { Connection, EdgeChange, EngineEdge, EngineNode, NodeChange } from './types.ts';

function applyChanges<T extends { id: string }>(
  changes: readonly ({ type: string; id?: string; item?: T } & Record<string, unknown>)[],
  items: readonly T[],
  update: (item: T, change: Record<string, unknown>) => T,
): T[] {
  if (changes.length === 0) return items as T[];
  const byId = new Map<string, Record<string, unknown>[]>();
  const added: T[] = [];
  for (const c of changes) {
    if (c.type === 'add') added.push(c.item as T);
    else {
      const list = byId.get(c.id as string);
      if (list) list.push(c);
      else byId.set(c.id as string, [c]);
    }
  }
  const out: T[] = [];
  for (const item of items) {
    const list = byId.get(item.id);
    if (!list) {
      out.push(item);
      continue;
    }
    if (list.some((c) => c.type === 'remove')) continue;
    let next = item;
    for (const c of list) next = update(next, c);
    out.push(next);
  }
  return added.length ? out.concat(added) : out;
}

export function applyNodeChanges<N extends EngineNode>(changes: readonly NodeChange<N>[], nodes: readonly N[]): N[] {
  return applyChanges(changes as never, nodes, (n, c) => {
    if (c.type === 'position') return { ...n, position: c.position as N['position'] };
    if (c.type === 'select') return n.selected === c.selected ? n : { ...n, selected: c.selected as boolean };
    return n;
  });
}

export function applyEdgeChanges<E extends EngineEdge>(changes: readonly EdgeChange<E>[], edges: readonly E[]): E[] {
  return applyChanges(changes as never, edges, (e, c) =>
    c.type === 'select' && e.selected !== c.selected ? { ...e, selected: c.selected as boolean } : e,
  );
}

export const isCompleteConnection = (c: Connection): c is Connection & { source: string; target: string } =>
  !!c.source && !!c.target;

export function isSameConnection(e: Pick<EngineEdge, 'source' | 'target' | 'sourceHandle' | 'targetHandle'>, c: Connection) {
  return (
    e.source === c.source &&
    e.target === c.target &&
    (e.sourceHandle ?? null) === (c.sourceHandle ?? null) &&
    (e.targetHandle ?? null) === (c.targetHandle ?? null)
  );
}

const defaultEdgeId = (c: Connection) =>
  `e-${c.source}${c.sourceHandle ? `:${c.sourceHandle}` : ''}-${c.target}${c.targetHandle ? `:${c.targetHandle}` : ''}`;

/**
 * Adds an edge for a connection unless it lacks a source or target (rejected) or an identical edge
 * (same source, target and handles) exists (ignored); either way the input array comes back.
 */
export function addEdge<E extends EngineEdge>(
  connection: Connection & Partial<Omit<E, keyof Connection>>,
  edges: readonly E[],
): E[] {
  if (!isCompleteConnection(connection)) return edges as E[];
  if (edges.some((e) => isSameConnection(e, connection))) return edges as E[];
  const edge = { id: defaultEdgeId(connection), ...connection } as unknown as E;
  return [...edges, edge];
}

/** Moves one end of `old` to a new connection, keeping its id, type and data. */
export function reconnectEdge<E extends EngineEdge>(old: E, connection: Connection, edges: readonly E[]): E[] {
  if (!isCompleteConnection(connection)) return edges as E[];
  if (edges.some((e) => e.id !== old.id && isSameConnection(e, connection))) return edges as E[];
  return edges.map((e) =>
    e.id === old.id
      ? { ...e, source: connection.source, target: connection.target, sourceHandle: connection.sourceHandle, targetHandle: connection.targetHandle }
      : e,
  );
}
