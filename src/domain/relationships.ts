import type { Graph, GraphEdge, GraphNode, ParentRole, Profile } from './types.ts';
import { GraphDraft, graphIndex, undoOperation, type OpResult, type UndoRecord } from './graphDraft.ts';
import { isParentEdge, isSpouseEdge } from './graphQueries.ts';
import { edgeId } from './ids.ts';
import { coupleCentre, placeRelative, placeSibling, placeSpouse, type FindFree } from './placement.ts';
import type { RelationField } from './profile.ts';
import { MAX_PARENTS } from './timing.ts';
import { personName } from './labels.ts';
import { PROFILE_MESSAGES } from './validation/profile.ts';
import { FactsDraft, mediaRecordsOf, type FactsOutcome } from './facts/factsResult.ts';
import { coupleId } from './facts/types.ts';

/**
 * Relationship operations on a graph (§4). Every operation is pure: it returns a new graph, what
 * changed, and the undo record that restores the old state exactly (`undo`). Failures come back as
 * `{ ok: false, message }` with the text to toast; nothing is thrown for a refused operation.
 *
 * Model: parent→child links are edges (kind 'parent', e-{parent}-{child}, handles bottom → top)
 * mirrored in the profiles' parents/children lists. Spouse links live in the profiles' mutual
 * spouses lists only; their dashed lines are derived for drawing by `spouseEdges` (ids
 * sp-{a}-{b}). Stored spouse edges exist only in graphs from before 'spouses-v1', hidden.
 * A profile is shown by at most one node.
 */

export const RELATIONSHIP_MESSAGES = {
  parentType: PROFILE_MESSAGES.parentType,
  sharedChildren: 'Cannot unlink spouses that share children. Remove child relationships first.',
  tooManyParents: 'A person can have at most 2 parents',
  self: 'A person cannot be their own relative',
  alreadyRelated: 'They are already linked that way',
  /**
   * A parent link that would close a loop of parents, naming who would become their own ancestor
   * (the new child; the fallback when they have no name yet). The server refuses it with the same words.
   */
  ownAncestor: (name: string) => `${name || 'This person'} can't be their own ancestor.`,
  primaryNotDeletable: 'The primary person cannot be deleted',
  unknownPerson: 'That person is no longer on the tree',
  unknownProfile: 'That profile no longer exists',
  notRelated: 'They are not linked that way',
  /** A child's other parent must be a spouse of the person the child is added to. */
  notSpouse: 'The other parent must be their spouse',
  siblingNeedsParent: 'Add a parent first: a sibling is added as a child of their parents',
} as const;

export type Outcome<T = object> = ({ ok: true } & OpResult & T) | { ok: false; message: string };

export const PARENT_EDGE_TYPE = 'smoothstep';
export const PARENT_EDGE_HANDLES = { sourceHandle: 'bottom', targetHandle: 'top' } as const;

export function parentEdge(parentNodeId: string, childNodeId: string): GraphEdge {
  return {
    id: edgeId(parentNodeId, childNodeId),
    source: parentNodeId,
    target: childNodeId,
    ...PARENT_EDGE_HANDLES,
    type: PARENT_EDGE_TYPE,
    hidden: false,
    data: { kind: 'parent' },
  };
}

export function personNode(id: string, profileId: string, position: { x: number; y: number }, now: string, parentRole: ParentRole = ''): GraphNode {
  return { id, type: 'person', position, modifiedAt: now, hidden: false, data: { profileId, parentRole, isPrimary: false } };
}

export function undo(graph: Graph, record: UndoRecord): OpResult {
  return undoOperation(graph, record);
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}

function addTo(draft: GraphDraft, profileId: string, field: RelationField, otherId: string): void {
  const p = draft.profile(profileId);
  if (!p || p[field].includes(otherId)) return;
  draft.setProfile({ ...p, [field]: [...p[field], otherId] });
}

function removeFrom(draft: GraphDraft, profileId: string, field: RelationField, otherId: string): void {
  const p = draft.profile(profileId);
  if (!p || !p[field].includes(otherId)) return;
  draft.setProfile({ ...p, [field]: p[field].filter((id) => id !== otherId) });
}

function parentEdgesInto(draft: GraphDraft, nodeId: string): GraphEdge[] {
  return draft.edgesOf(nodeId).filter((e) => isParentEdge(e) && e.target === nodeId);
}

function parentEdgesOutOf(draft: GraphDraft, nodeId: string): GraphEdge[] {
  return draft.edgesOf(nodeId).filter((e) => isParentEdge(e) && e.source === nodeId);
}

function parentCount(draft: GraphDraft, node: GraphNode): number {
  const listed = draft.profile(node.data.profileId)?.parents.length ?? 0;
  return Math.max(listed, parentEdgesInto(draft, node.id).length);
}

/** True when `to` is `from` or one of its descendants over parent edges. */
function isDescendant(draft: GraphDraft, from: string, to: string): boolean {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const id = queue.pop()!;
    if (id === to) return true;
    for (const e of parentEdgesOutOf(draft, id)) if (!seen.has(e.target)) seen.add(e.target), queue.push(e.target);
  }
  return false;
}

/** Links parent → child: the edge and both profiles' lists. */
function linkParent(draft: GraphDraft, parent: GraphNode, child: GraphNode): void {
  draft.setEdge(parentEdge(parent.id, child.id));
  const pp = parent.data.profileId;
  const cp = child.data.profileId;
  if (pp && cp) {
    addTo(draft, pp, 'children', cp);
    addTo(draft, cp, 'parents', pp);
  }
}

function linkSpouses(draft: GraphDraft, a: string, b: string): void {
  addTo(draft, a, 'spouses', b);
  addTo(draft, b, 'spouses', a);
}

export type RelativeKind = 'child' | 'parent' | 'spouse' | 'sibling';

/** 'Add new' passes the new person's profile; 'Link existing' passes the id of a profile. */
export type RelativeSource = { newProfile: Profile } | { existingProfileId: string };

export interface AddRelativeInput {
  kind: RelativeKind;
  referenceNodeId: string;
  /** Required for kind 'parent'. */
  parentRole?: ParentRole;
  /**
   * Kind 'child': the profile of the spouse of the reference person who is the child's other
   * parent (their card must be on the tree); absent for a child of the reference person alone.
   */
  otherParentProfileId?: string;
  /**
   * Kind 'parent': whether the new parent and the person's other parent are a couple (they become
   * spouses unless they already are). Absent means yes.
   */
  couple?: boolean;
  person: RelativeSource;
  /** ISO time stamped on new or moved nodes. */
  now: string;
  findFree: FindFree;
}

/** The cards of a person's spouses that are on the tree, in the order the spouses were added. */
export function spouseCards(graph: Graph, nodeId: string): GraphNode[] {
  const index = graphIndex(graph);
  const node = index.nodes.get(nodeId);
  const out: GraphNode[] = [];
  for (const s of (node && graph.profiles[node.data.profileId]?.spouses) ?? []) {
    const [card] = index.nodesByProfile.get(s) ?? [];
    const n = card !== undefined ? index.nodes.get(card) : undefined;
    if (n && n.id !== nodeId) out.push(n);
  }
  return out;
}

/** The cards of a person's parents on the tree (their parent lines, in drawing order). */
export function parentCards(graph: Graph, nodeId: string): GraphNode[] {
  const index = graphIndex(graph);
  const out: GraphNode[] = [];
  for (const id of index.edgesByNode.get(nodeId) ?? []) {
    const e = index.edges.get(id);
    const parent = e && isParentEdge(e) && e.target === nodeId ? index.nodes.get(e.source) : undefined;
    if (parent) out.push(parent);
  }
  return out;
}

/**
 * Add Relative (§4). A new person gets a new node (next n-id) placed by §9; a new mother gets
 * gender F and a new father gender M. Linking an existing profile that is already on the tree
 * connects the two existing cards (step-relations, second marriages); otherwise the profile gets
 * a new placed node. Refused: a parent without Mother/Father, a third parent, relating a person
 * to themselves, a link that already exists, and a parent link that would close a loop.
 *
 * Families (issue "Facts a genealogist can trust", item 6): a child added with
 * `otherParentProfileId` is the couple's child (parent lines from both); a parent added next to
 * the person's other parent makes the two a couple unless `couple` is false; a sibling is a child
 * of every parent the person has on the tree (refused when they have none); a spouse goes beside
 * the person in their row, away from their other spouses.
 */
export function addRelative(graph: Graph, input: AddRelativeInput): Outcome<{ nodeId: string }> {
  const draft = new GraphDraft(graph);
  const ref = draft.node(input.referenceNodeId);
  if (!ref) return fail(RELATIONSHIP_MESSAGES.unknownPerson);
  const role: ParentRole = input.parentRole ?? '';
  if (input.kind === 'parent' && role !== 'mother' && role !== 'father') return fail(RELATIONSHIP_MESSAGES.parentType);
  if (input.kind === 'parent' && parentCount(draft, ref) >= MAX_PARENTS) return fail(RELATIONSHIP_MESSAGES.tooManyParents);
  const refProfileId = ref.data.profileId;
  if (input.kind === 'spouse' && !refProfileId) return fail(RELATIONSHIP_MESSAGES.unknownProfile);

  // The parents a new child or sibling gets.
  let parents: GraphNode[] = [];
  if (input.kind === 'child') {
    parents = [ref];
    if (input.otherParentProfileId) {
      if (!draft.profile(refProfileId)?.spouses.includes(input.otherParentProfileId)) return fail(RELATIONSHIP_MESSAGES.notSpouse);
      const otherParent = draft.nodeShowing(input.otherParentProfileId);
      if (!otherParent) return fail(RELATIONSHIP_MESSAGES.unknownPerson);
      parents.push(otherParent);
    }
  } else if (input.kind === 'sibling') {
    parents = parentEdgesInto(draft, ref.id).map((e) => draft.node(e.source)!).filter(Boolean);
    if (!parents.length) return fail(RELATIONSHIP_MESSAGES.siblingNeedsParent);
  }

  let other: GraphNode | undefined;
  let profileId: string;
  if ('newProfile' in input.person) {
    const gender = input.kind === 'parent' ? (role === 'mother' ? 'F' : 'M') : input.person.newProfile.gender;
    const profile = { ...input.person.newProfile, gender };
    if (draft.profile(profile.id)) return fail(RELATIONSHIP_MESSAGES.alreadyRelated);
    draft.setProfile(profile);
    profileId = profile.id;
  } else {
    profileId = input.person.existingProfileId;
    if (!draft.profile(profileId)) return fail(RELATIONSHIP_MESSAGES.unknownProfile);
    if (profileId === refProfileId) return fail(RELATIONSHIP_MESSAGES.self);
    other = draft.nodeShowing(profileId);
  }

  const linked = (s: string, t: string) => draft.edgesOf(s).some((x) => isParentEdge(x) && x.source === s && x.target === t);
  const ownAncestor = (child: GraphNode) => fail(RELATIONSHIP_MESSAGES.ownAncestor(personName(draft.profile(child.data.profileId) ?? { firstName: '', lastName: '' })));
  if (other) {
    if (input.kind === 'spouse') {
      if (draft.profile(refProfileId)?.spouses.includes(profileId)) return fail(RELATIONSHIP_MESSAGES.alreadyRelated);
    } else if (input.kind === 'parent') {
      if (linked(other.id, ref.id) || linked(ref.id, other.id)) return fail(RELATIONSHIP_MESSAGES.alreadyRelated);
      if (isDescendant(draft, ref.id, other.id)) return ownAncestor(ref);
    } else {
      const child = other;
      if (parents.includes(child)) return fail(RELATIONSHIP_MESSAGES.self);
      // The reference person's own link must be new; a sibling's or the other parent's may exist.
      if (input.kind === 'child' && linked(ref.id, child.id)) return fail(RELATIONSHIP_MESSAGES.alreadyRelated);
      if (parents.some((p) => linked(child.id, p.id))) return fail(RELATIONSHIP_MESSAGES.alreadyRelated);
      parents = parents.filter((p) => !linked(p.id, child.id));
      if (!parents.length) return fail(RELATIONSHIP_MESSAGES.alreadyRelated);
      if (parentCount(draft, child) + parents.length > MAX_PARENTS) return fail(RELATIONSHIP_MESSAGES.tooManyParents);
      if (parents.some((p) => isDescendant(draft, child.id, p.id))) return ownAncestor(child);
    }
  } else {
    other = personNode(draft.nextNodeId(), profileId, placeNew(draft, ref, input, parents, role), input.now, input.kind === 'parent' ? role : '');
    draft.setNode(other);
    if (input.kind !== 'spouse' && input.kind !== 'parent' && parentCount(draft, other) + parents.length > MAX_PARENTS) return fail(RELATIONSHIP_MESSAGES.tooManyParents);
  }

  if (input.kind === 'spouse') linkSpouses(draft, refProfileId, profileId);
  else if (input.kind === 'parent') {
    // The person's other parent, before this one is linked: the two become a couple.
    const otherParentId = draft.profile(refProfileId)?.parents.find((p) => p !== profileId);
    if (!other.data.parentRole) draft.setNode({ ...other, data: { ...other.data, parentRole: role } });
    linkParent(draft, draft.node(other.id)!, ref);
    if (otherParentId && input.couple !== false) linkSpouses(draft, otherParentId, profileId);
  } else for (const p of parents) linkParent(draft, p, draft.node(other.id)!);
  return { ok: true, ...draft.finish(), nodeId: other.id };
}

/** Where a new relative's card goes (§9 and the family rules above). */
function placeNew(draft: GraphDraft, ref: GraphNode, input: AddRelativeInput, parents: GraphNode[], role: ParentRole): { x: number; y: number } {
  const spousesOf = (node: GraphNode) =>
    (draft.profile(node.data.profileId)?.spouses ?? []).flatMap((s) => {
      const card = draft.nodeShowing(s);
      return card && card.id !== node.id ? [card.position] : [];
    });
  if (input.kind === 'spouse') return placeSpouse(ref.position, spousesOf(ref), input.findFree);
  if (input.kind === 'sibling') return placeSibling(ref.position, spousesOf(ref), input.findFree);
  if (input.kind === 'parent') return placeRelative(ref.position, { kind: 'parent', role }, input.findFree);
  // A couple's child goes under the middle of the couple, after the children either already has.
  const from = parents.length === 2 ? coupleCentre(parents[0]!.position, parents[1]!.position) : ref.position;
  const existingChildren = Math.max(...parents.map((p) => parentEdgesOutOf(draft, p.id).length));
  return placeRelative(from, { kind: 'child', existingChildren }, input.findFree);
}

export type RelationKind = 'spouse' | 'parent' | 'child';

/** One relationship of a person, named from their side: `nodeId` is their parent, child or spouse. */
export interface Relation {
  kind: RelationKind;
  nodeId: string;
}

/** The relationships the Unlink person dialog offers; empty means the button is hidden. */
export function relationsOf(graph: Graph, nodeId: string): Relation[] {
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!node) return [];
  const out: Relation[] = [];
  const seen = new Set<string>();
  for (const e of graph.edges) {
    if (!isParentEdge(e)) continue;
    if (e.target === nodeId && !seen.has(`parent:${e.source}`)) seen.add(`parent:${e.source}`), out.push({ kind: 'parent', nodeId: e.source });
    if (e.source === nodeId && !seen.has(`child:${e.target}`)) seen.add(`child:${e.target}`), out.push({ kind: 'child', nodeId: e.target });
  }
  const spouses = graph.profiles[node.data.profileId]?.spouses ?? [];
  if (spouses.length) {
    const wanted = new Set(spouses);
    for (const n of graph.nodes) if (wanted.has(n.data.profileId) && n.id !== nodeId) out.push({ kind: 'spouse', nodeId: n.id });
  }
  return out;
}

function shareChildren(draft: GraphDraft, a: GraphNode, b: GraphNode): boolean {
  const childrenOfA = new Set(parentEdgesOutOf(draft, a.id).map((e) => e.target));
  if (parentEdgesOutOf(draft, b.id).some((e) => childrenOfA.has(e.target))) return true;
  const pa = draft.profile(a.data.profileId);
  const pb = draft.profile(b.data.profileId);
  return !!pa && !!pb && pa.children.some((c) => pb.children.includes(c));
}

/**
 * Unlink person (§4): removes one relationship. Spouses who share a child are refused with the §8
 * message. Unlinking a spouse also removes the other person's node when nothing connects it any
 * more (no edges, no other spouse on the tree) and it is not the primary person; its profile is
 * kept so it can be linked again ('Spouse unlinked and cleaned up' when `removedNodeId` is set).
 */
export function unlinkRelation(graph: Graph, input: { nodeId: string; relation: Relation }): FactsOutcome<{ removedNodeId: string | null }> {
  const facts = new FactsDraft(graph);
  const draft = facts.draft;
  const node = draft.node(input.nodeId);
  const other = draft.node(input.relation.nodeId);
  if (!node || !other) return fail(RELATIONSHIP_MESSAGES.unknownPerson);
  const np = node.data.profileId;
  const op = other.data.profileId;

  if (input.relation.kind !== 'spouse') {
    const [parent, child] = input.relation.kind === 'parent' ? [other, node] : [node, other];
    const edges = parentEdgesOutOf(draft, parent.id).filter((e) => e.target === child.id);
    if (!edges.length && !(parent.data.profileId && draft.profile(parent.data.profileId)?.children.includes(child.data.profileId)))
      return fail(RELATIONSHIP_MESSAGES.notRelated);
    for (const e of edges) draft.removeEdge(e.id);
    if (parent.data.profileId && child.data.profileId) {
      removeFrom(draft, parent.data.profileId, 'children', child.data.profileId);
      removeFrom(draft, child.data.profileId, 'parents', parent.data.profileId);
    }
    return { ok: true, ...facts.finish(), removedNodeId: null };
  }

  if (!np || !op || !draft.profile(np)?.spouses.includes(op)) return fail(RELATIONSHIP_MESSAGES.notRelated);
  if (shareChildren(draft, node, other)) return fail(RELATIONSHIP_MESSAGES.sharedChildren);
  removeFrom(draft, np, 'spouses', op);
  removeFrom(draft, op, 'spouses', np);
  // A couple exists only while the two are spouses (facts/types.ts): its events go with the link.
  facts.removeCouple(coupleId(np, op));
  for (const e of draft.edgesOf(node.id)) if (isSpouseEdge(e) && (e.source === other.id || e.target === other.id)) draft.removeEdge(e.id);

  let removedNodeId: string | null = null;
  const remainingSpouses = draft.profile(op)?.spouses ?? [];
  const connected = draft.edgesOf(other.id).length > 0 || remainingSpouses.some((s) => draft.nodeShowing(s));
  if (!connected && !other.data.isPrimary) {
    draft.removeNode(other.id);
    removedNodeId = other.id;
  }
  return { ok: true, ...facts.finish(), removedNodeId };
}

/**
 * Delete person (§4): removes the node, every edge touching it and its profile, and strips the
 * profile's id from every other profile's lists; their couples go too (with their events), so an
 * undo (`undoFacts`) brings them back. Their photos and documents lose them: one only they are in
 * goes (its files follow once nothing can bring it back, `media/orphans.ts`). The primary person
 * is refused.
 */
export function deletePerson(graph: Graph, nodeId: string): FactsOutcome {
  const facts = new FactsDraft(graph);
  const draft = facts.draft;
  const node = draft.node(nodeId);
  if (!node) return fail(RELATIONSHIP_MESSAGES.unknownPerson);
  if (node.data.isPrimary) return fail(RELATIONSHIP_MESSAGES.primaryNotDeletable);
  for (const e of draft.edgesOf(nodeId)) draft.removeEdge(e.id);
  draft.removeNode(nodeId);
  const pid = node.data.profileId;
  if (pid) {
    const spouses = draft.profile(pid)?.spouses ?? [];
    for (const s of spouses) facts.removeCouple(coupleId(pid, s));
    const theirCouples = new Set(spouses.map((s) => coupleId(pid, s)));
    for (const m of Object.values(mediaRecordsOf(graph))) {
      if (!m.people.includes(pid)) continue;
      const people = m.people.filter((x) => x !== pid);
      if (people.length) facts.setMedia({ ...m, people, couples: m.couples.filter((c) => !theirCouples.has(c)) });
      else facts.removeMedia(m.id);
    }
    draft.removeProfile(pid);
    for (const id of draft.allProfileIds()) {
      const p = draft.profile(id)!;
      if (p.spouses.includes(pid) || p.parents.includes(pid) || p.children.includes(pid)) {
        draft.setProfile({
          ...p,
          spouses: p.spouses.filter((x) => x !== pid),
          parents: p.parents.filter((x) => x !== pid),
          children: p.children.filter((x) => x !== pid),
        });
      }
    }
  }
  return { ok: true, ...facts.finish() };
}
