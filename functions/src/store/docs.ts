import type { EdgeDoc, GraphDoc, NodeDoc, ProfileDoc } from '../../../src/backend/firebase/paths.ts';
import { RELATION_FIELDS } from '../../../src/domain/profile.ts';
import type { GraphEdge, GraphNode, Profile } from '../../../src/domain/types.ts';

/**
 * Entities to documents and back (paths.ts has the shapes). The query fields beside each entity
 * are derived here and nowhere else, so a document can never disagree with its entity.
 */

/** Insertion order: the items a revision adds come after everything earlier (2²⁰ items per revision at most). */
export const SEQ_PER_REVISION = 2 ** 20;

export function seqFor(revision: number, index: number): number {
  return revision * SEQ_PER_REVISION + index;
}

export function nodeDoc(node: GraphNode, seq: number): NodeDoc {
  return { node, profileId: node.data.profileId, isPrimary: node.data.isPrimary, seq };
}

export function edgeDoc(edge: GraphEdge, seq: number): EdgeDoc {
  return { edge, ends: edge.source === edge.target ? [edge.source] : [edge.source, edge.target], seq };
}

/** Every profile id a profile lists as spouse, parent or child, once each. */
export function relativesOf(profile: Profile): string[] {
  return [...new Set(RELATION_FIELDS.flatMap((f) => profile[f]))];
}

export function profileDoc(profile: Profile, graphs: readonly string[]): ProfileDoc {
  return { profile, relatives: relativesOf(profile), graphs: [...new Set(graphs)].sort() };
}

export function newGraphDoc(ownerUid: string): GraphDoc {
  return { ownerUid, revision: 0, migrations: [], updatedAt: '', snapshot: null, sinceSnapshot: { changeSets: 0, bytes: 0, unlogged: 0 } };
}

/** The graph's migration flags with these added: sorted, once each (as the SQL store keeps them). */
export function withMigrations(current: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...current, ...added])].sort();
}
