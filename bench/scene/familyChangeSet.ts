/**
 * The bench's synthetic family as one change set of new cards, lines and profiles, the shape a
 * GEDCOM import sends: the first person is the member themselves (their own profile, patched to
 * list their relatives), everyone else a new `pr:` profile.
 */
import { emptyChangeSet, type ChangeSet, type ProfilePatch } from '../../src/domain/changeSet.ts';
import { emptyProfile } from '../../src/domain/profile.ts';
import type { GraphEdge, GraphNode, Profile } from '../../src/domain/types.ts';
import { generateFamily } from './generator.ts';

export function familyChangeSet(count: number, memberUid: string, seed = 7): ChangeSet {
  const scene = generateFamily(count, seed);
  const profileOf = (id: string) => (id === scene.people[0]!.id ? memberUid : `pr:${id}`);
  const now = new Date().toISOString();
  const nodes: GraphNode[] = scene.nodes.map((n, i) => ({
    id: n.id, type: 'person', position: n.position, modifiedAt: now, hidden: false,
    data: { profileId: profileOf(n.id), parentRole: '', isPrimary: i === 0 },
  }));
  const profiles = new Map<string, Profile>();
  for (const p of scene.people) {
    const id = profileOf(p.id);
    const year = p.birthYear + 80;
    profiles.set(id, {
      ...emptyProfile(id), firstName: p.firstName, lastName: p.lastName, gender: p.gender,
      birthYear: year <= new Date().getFullYear() ? String(year) : '', bio: p.bio ?? '',
      createdBy: memberUid, createdAt: now, updatedBy: memberUid, updatedAt: now,
    });
  }
  const edges: GraphEdge[] = [];
  for (const e of scene.edges) {
    const a = profiles.get(profileOf(e.source))!;
    const b = profiles.get(profileOf(e.target))!;
    if (e.data?.kind === 'spouse') {
      a.spouses.push(b.id);
      b.spouses.push(a.id);
    } else {
      a.children.push(b.id);
      b.parents.push(a.id);
      edges.push({ id: e.id, source: e.source, target: e.target, sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', hidden: false, data: { kind: 'parent' } });
    }
  }
  const changes = emptyChangeSet(0);
  changes.nodes.upsert = nodes;
  changes.edges.upsert = edges;
  changes.profiles.upsert = [...profiles.values()].map((p): ProfilePatch => {
    const add = { spouses: p.spouses, parents: p.parents, children: p.children };
    if (p.id === memberUid) return { id: p.id, add };
    const { id: _id, spouses: _s, parents: _p, children: _c, ...set } = p;
    return { id: p.id, create: true, set, add };
  });
  return changes;
}
