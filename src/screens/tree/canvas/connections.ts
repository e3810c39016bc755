import type { Connection } from '../../../../engine/index.ts';
import { unlinkRelation, addRelative, type Outcome } from '../../../domain/relationships.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import type { FindFree } from '../../../domain/placement.ts';
import type { Graph } from '../../../domain/types.ts';

/**
 * What drawing a line between two cards means on a family tree: from a card's bottom handle to
 * another's top handle, "this is their parent"; between side handles, "these two are spouses"
 * (confirmed in the Link spouse dialog).
 */
export type ConnectionIntent =
  | { kind: 'parent'; parentNodeId: string; childNodeId: string }
  | { kind: 'spouse'; nodeId: string; otherNodeId: string };

const SIDES = new Set(['left', 'right']);

export function connectionIntent(c: Connection): ConnectionIntent | null {
  if (!c.source || !c.target || c.source === c.target) return null;
  if (SIDES.has(c.sourceHandle ?? '') || SIDES.has(c.targetHandle ?? '')) return { kind: 'spouse', nodeId: c.source, otherNodeId: c.target };
  return { kind: 'parent', parentNodeId: c.source, childNodeId: c.target };
}

/** Links an existing parent card to an existing child card (the child's profile gains the parent). */
export function linkParent(graph: Graph, parentNodeId: string, childNodeId: string, now: string, findFree: FindFree): Outcome {
  const child = graphIndex(graph).nodes.get(childNodeId);
  if (!child) return { ok: false, message: 'That person is no longer on the tree' };
  return addRelative(graph, { kind: 'child', referenceNodeId: parentNodeId, person: { existingProfileId: child.data.profileId }, now, findFree });
}

/**
 * Dragging one end of a parent line to another card: the old link goes and the new one comes, as
 * one edit (undone together), or nothing changes when the new link is not allowed.
 */
export function relinkParent(graph: Graph, old: { source: string; target: string }, next: { parentNodeId: string; childNodeId: string }, now: string, findFree: FindFree): Outcome {
  const removed = unlinkRelation(graph, { nodeId: old.target, relation: { kind: 'parent', nodeId: old.source } });
  if (!removed.ok) return removed;
  return linkParent(removed.graph, next.parentNodeId, next.childNodeId, now, findFree);
}
