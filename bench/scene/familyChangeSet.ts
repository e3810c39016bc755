/**
 * The bench's synthetic family as one change set of new cards, lines and profiles, the shape a
 * GEDCOM import sends: the first person is the member themselves (their own profile, patched to
 * list their relatives), everyone else a new `pr:` profile.
 */
import { emptyChangeSet, type ChangeSet, type ProfilePatch } from '../../src/domain/changeSet.ts';
import { familyGraph } from './familyGraph.ts';

export function familyChangeSet(count: number, memberUid: string, seed = 7): ChangeSet {
  const graph = familyGraph(count, memberUid, 'rows', seed, new Date().toISOString());
  const changes = emptyChangeSet(0);
  changes.nodes.upsert = graph.nodes;
  changes.edges.upsert = graph.edges;
  changes.profiles.upsert = Object.values(graph.profiles).map((p): ProfilePatch => {
    const add = { spouses: p.spouses, parents: p.parents, children: p.children };
    if (p.id === memberUid) return { id: p.id, add };
    const { id: _id, spouses: _s, parents: _p, children: _c, ...set } = p;
    return { id: p.id, create: true, set, add };
  });
  return changes;
}
