/**
 * The bench's synthetic family (generator.ts) as a Kinfolk graph: the first person is the member
 * (primary card, profile id = their uid), the others `pr:` profiles created by them; parent links
 * are edges mirrored in the parents/children lists, spouses live in the spouse lists only.
 *
 * Layout `rows` keeps the generator's positions: each generation packed into one row, so on a big
 * tree most children end up far from their parents (at 100,000 people the median parent line is
 * 670,000 px long and thousands of lines cross any view). Layout `tidy` places each family under
 * its parents, centred over its children, as a family-tree layout does; then only the lines of
 * the few ancestors above a view cross it.
 */
import { CARD_SIZE } from '../../engine/core/constants.ts';
import { emptyProfile } from '../../src/domain/profile.ts';
import type { Graph, GraphEdge, GraphNode, Profile } from '../../src/domain/types.ts';
import { generateFamily, SLOT_X, SPOUSE_GAP, type FamilyScene } from './generator.ts';

export type FamilyLayout = 'rows' | 'tidy';

/**
 * `profilePrefix` keeps the profile ids of several seeded trees in one database apart
 * (`pr:{prefix}{person}`); the first person is the member (`uid`).
 */
export function familyGraph(
  count: number,
  uid: string,
  layout: FamilyLayout = 'rows',
  seed = 7,
  now = '2026-01-01T00:00:00.000Z',
  profilePrefix = '',
): Graph & { revision: number } {
  const scene = generateFamily(count, seed);
  const placed = layout === 'tidy' ? tidyPositions(scene) : null;
  const profileOf = (id: string) => (id === scene.people[0]!.id ? uid : `pr:${profilePrefix}${id}`);
  const nodes: GraphNode[] = scene.nodes.map((n, i) => ({
    id: n.id, type: 'person', position: placed?.get(n.id) ?? n.position, modifiedAt: now, hidden: false,
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

/**
 * Every family under its parents: a person born in the tree (or the first of a root couple) and
 * their spouse form one unit; childless units take the next free slot left to right, parents are
 * centred over their children, and no two units of a row overlap.
 */
function tidyPositions(scene: FamilyScene): Map<string, { x: number; y: number }> {
  const y = new Map(scene.nodes.map((n) => [n.id, n.position.y]));
  const parents = new Map<string, string[]>();
  const children = new Map<string, string[]>();
  const spouse = new Map<string, string>();
  for (const e of scene.edges) {
    if (e.data?.kind === 'spouse') {
      spouse.set(e.source, e.target);
      spouse.set(e.target, e.source);
      continue;
    }
    parents.set(e.target, [...(parents.get(e.target) ?? []), e.source]);
    children.set(e.source, [...(children.get(e.source) ?? []), e.target]);
  }
  const marriedIn = (id: string) => !parents.has(id) && !!spouse.get(id) && (parents.has(spouse.get(id)!) || spouse.get(id)! < id);
  const out = new Map<string, { x: number; y: number }>();
  const rowEnd = new Map<number, number>();
  const gap = SLOT_X - CARD_SIZE.width;
  let cursor = 0;
  const place = (head: string): [number, number] => {
    const partner = spouse.get(head);
    const width = partner ? SPOUSE_GAP + CARD_SIZE.width : CARD_SIZE.width;
    const kids = children.get(head) ?? [];
    let x = cursor;
    if (kids.length) {
      const spans = kids.map(place);
      x = (spans[0]![0] + spans[spans.length - 1]![1]) / 2 - width / 2;
    }
    const row = y.get(head)!;
    x = Math.max(x, rowEnd.get(row) ?? -Infinity);
    rowEnd.set(row, x + width + gap);
    cursor = Math.max(cursor, x + width + gap);
    out.set(head, { x, y: row });
    if (partner) out.set(partner, { x: x + SPOUSE_GAP, y: row });
    return [x, x + width];
  };
  for (const p of scene.people) if (!parents.has(p.id) && !marriedIn(p.id)) place(p.id);
  return out;
}
