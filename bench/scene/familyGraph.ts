/**
 * The bench's synthetic family (generator.ts) as a Kinfolk graph: the first person is the member
 * (primary card, profile id = their uid), the others `pr:` profiles created by them; parent links
 * are edges mirrored in the parents/children lists, spouses live in the spouse lists only.
 */
import { emptyProfile } from '../../src/domain/profile.ts';
import type { Graph, GraphEdge, GraphNode, Profile } from '../../src/domain/types.ts';
import { generateFamily } from './generator.ts';

export function familyGraph(count: number, uid: string, seed = 7, now = '2026-01-01T00:00:00.000Z'): Graph & { revision: number } {
  const scene = generateFamily(count, seed);
  const profileOf = (id: string) => (id === scene.people[0]!.id ? uid : `pr:${id}`);
  const nodes: GraphNode[] = scene.nodes.map((n, i) => ({
    id: n.id, type: 'person', position: n.position, modifiedAt: now, hidden: false,
    data: { profileId: profileOf(n.id), parentRole: '', isPrimary: i === 0 },
  }));
  const profiles: Record<string, Profile> = {};
  for (const p of scene.people) {
    const id = profileOf(p.id);
    profiles[id] = {
      ...emptyProfile(id), firstName: p.firstName, lastName: p.lastName, gender: p.gender,
      birthYear: String(Math.min(p.birthYear + 80, 2025)), bio: p.bio ?? '',
      createdBy: uid, createdAt: now, updatedBy: uid, updatedAt: now, ownerUid: id === uid ? uid : '',
    };
  }
  const edges: GraphEdge[] = [];
  for (const e of scene.edges) {
    const a = profiles[profileOf(e.source)]!;
    const b = profiles[profileOf(e.target)]!;
    if (e.data?.kind === 'spouse') {
      a.spouses.push(b.id);
      b.spouses.push(a.id);
    } else {
      a.children.push(b.id);
      b.parents.push(a.id);
      edges.push({ id: e.id, source: e.source, target: e.target, sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', hidden: false, data: { kind: 'parent' } });
    }
  }
  return { nodes, edges, profiles, updatedAt: now, version: 1, revision: 1 };
}
