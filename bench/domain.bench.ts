/**
 * Domain micro-benchmarks on a 50,000-person tree: what saving after one moved card costs.
 * Run: npx vitest bench --run --project unit bench/domain.bench.ts
 */
import { bench, describe } from 'vitest';
import type { Graph, GraphEdge, GraphNode, Profile } from '../src/domain/types.ts';
import { applyChangeSet, changeCount, diffGraphs } from '../src/domain/changeSet.ts';
import { graphLookup, Neighbourhood } from '../src/domain/save/neighbourhood.ts';
import { validateChangeSet } from '../src/domain/save/validate.ts';
import { checkGraph } from '../src/domain/checkGraph.ts';
import { emptyProfile } from '../src/domain/profile.ts';
import { parentEdge } from '../src/domain/relationships.ts';
import { snapshotKey } from '../src/domain/snapshot.ts';

const PEOPLE = 50_000;

/** A binary-ish family: person i's parents are persons ⌊(i−1)/2⌋ and, for odd i, its spouse. */
function bigTree(): Graph {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const profiles: Record<string, Profile> = {};
  for (let i = 0; i < PEOPLE; i++) {
    const id = `n${1001 + i}`;
    const pid = i === 0 ? 'u-owner' : `pr:${i.toString(16).padStart(8, '0')}`;
    nodes.push({
      id,
      type: 'person',
      position: { x: (i % 500) * 200, y: Math.floor(i / 500) * 160 },
      modifiedAt: '2025-01-01T00:00:00.000Z',
      hidden: false,
      data: { profileId: pid, parentRole: '', isPrimary: i === 0 },
    });
    profiles[pid] = { ...emptyProfile(pid), firstName: `Person ${i}`, createdBy: 'u-owner', ownerUid: i === 0 ? 'u-owner' : '' };
    if (i > 0) {
      const parent = Math.floor((i - 1) / 2);
      edges.push(parentEdge(`n${1001 + parent}`, id));
      const parentPid = nodes[parent]!.data.profileId;
      profiles[pid]!.parents.push(parentPid);
      profiles[parentPid]!.children.push(pid);
    }
  }
  return { nodes, edges, profiles, updatedAt: '2025-01-01T00:00:00.000Z', version: 1, revision: 1 };
}

const saved = bigTree();
const moveOne = (g: Graph): Graph => ({
  ...g,
  nodes: g.nodes.map((n, i) => (i === 25_000 ? { ...n, position: { x: n.position.x + 40, y: n.position.y } } : n)),
});
const moved = moveOne(saved);
/** The worst case: nothing shared with the saved graph (e.g. it came back from JSON). */
const movedCopy = moveOne(JSON.parse(JSON.stringify(saved)) as Graph);
const changes = diffGraphs(saved, moved);
if (changeCount(changes) !== 1 || changeCount(diffGraphs(saved, movedCopy)) !== 1) throw new Error('one moved card must give one change');
if (checkGraph(saved).length) throw new Error('bench tree is inconsistent');
const lookup = graphLookup(saved);
const ctx = () => ({ neighbourhood: new Neighbourhood(lookup), actingUid: 'u-owner', role: 'owner' as const, graphOwnerUid: 'u-owner', currentYear: 2025 });
if (await validateChangeSet(changes, ctx())) throw new Error('move must be valid');

describe(`one moved card in a ${PEOPLE.toLocaleString('en')}-person tree`, () => {
  bench('diffGraphs (entities shared by reference)', () => {
    diffGraphs(saved, moved);
  });
  bench('diffGraphs (no shared entities: every one compared once)', () => {
    diffGraphs(saved, movedCopy);
  });
  bench('applyChangeSet', () => {
    applyChangeSet(saved, changes);
  });
  bench('validateChangeSet (server, reading the neighbourhood from memory)', async () => {
    await validateChangeSet(changes, ctx());
  });
  bench('snapshotKey (for comparison: full normalised JSON)', () => {
    snapshotKey(moved);
  }, { iterations: 5 });
});
