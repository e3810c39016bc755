import { GraphDraft, graphIndex } from './graphDraft.ts';
import { isParentEdge } from './graphQueries.ts';
import { edgeId } from './ids.ts';
import type { Outcome } from './relationships.ts';
import { RELATIONSHIP_MESSAGES } from './relationships.ts';
import { PEDIGREES, type Graph, type GraphEdge, type Pedigree } from './types.ts';

/**
 * How a child belongs to each parent (issue "Facts a genealogist can trust", item 6; GEDCOM PEDI):
 * kept on the parent line as `data.pedigree`, absent for a child by birth. 'birth' is how the
 * screens name that absence.
 */
export type LinkKind = 'birth' | Pedigree;

export const LINK_KIND_LABELS: Record<LinkKind, string> = {
  birth: 'Birth',
  adopted: 'Adopted',
  foster: 'Foster',
  step: 'Step',
  unknown: 'Unknown',
  sealing: 'Sealing',
  other: 'Other',
};

/** The kinds a member chooses from; 'sealing' and 'other' come only from an import and are shown when set. */
export const EDITABLE_LINK_KINDS: readonly LinkKind[] = ['birth', 'adopted', 'foster', 'step', 'unknown'];

export function linkKindOf(edge: Pick<GraphEdge, 'data'>): LinkKind {
  return edge.data.pedigree ?? 'birth';
}

export function isLinkKind(value: unknown): value is LinkKind {
  return value === 'birth' || (PEDIGREES as readonly unknown[]).includes(value);
}

/** The choices for one link: the editable kinds, plus the link's own when it is an imported one. */
export function linkKindChoices(current: LinkKind): LinkKind[] {
  return EDITABLE_LINK_KINDS.includes(current) ? [...EDITABLE_LINK_KINDS] : [...EDITABLE_LINK_KINDS, current];
}

/** One parent line into a child: the parent's card and the kind of the link. */
export interface ParentLink {
  edgeId: string;
  parentNodeId: string;
  kind: LinkKind;
}

/** The parent lines into a child's card, in drawing order. */
export function parentLinksOf(graph: Graph, childNodeId: string): ParentLink[] {
  const index = graphIndex(graph);
  const out: ParentLink[] = [];
  for (const id of index.edgesByNode.get(childNodeId) ?? []) {
    const e = index.edges.get(id);
    if (e && isParentEdge(e) && e.target === childNodeId && index.nodes.has(e.source)) out.push({ edgeId: e.id, parentNodeId: e.source, kind: linkKindOf(e) });
  }
  return out.sort((a, b) => graph.edges.indexOf(index.edges.get(a.edgeId)!) - graph.edges.indexOf(index.edges.get(b.edgeId)!));
}

/**
 * Sets the kind of the link from a parent to a child (undoable like every operation). Birth
 * removes `pedigree`, so a line by birth keeps the shape lines had before pedigrees existed.
 */
export function setLinkKind(graph: Graph, input: { parentNodeId: string; childNodeId: string; kind: LinkKind }): Outcome {
  return setLinkKinds(graph, { childNodeId: input.childNodeId, kinds: { [input.parentNodeId]: input.kind } });
}

/** Sets the kinds of several of a child's parent links (by parent card) as one edit. */
export function setLinkKinds(graph: Graph, input: { childNodeId: string; kinds: Readonly<Record<string, LinkKind>> }): Outcome {
  const draft = new GraphDraft(graph);
  for (const [parentNodeId, kind] of Object.entries(input.kinds)) {
    if (!isLinkKind(kind)) return { ok: false, message: RELATIONSHIP_MESSAGES.notRelated };
    const edge = draft.edge(edgeId(parentNodeId, input.childNodeId));
    if (!edge || !isParentEdge(edge)) return { ok: false, message: RELATIONSHIP_MESSAGES.notRelated };
    if (linkKindOf(edge) === kind) continue;
    const { pedigree: _old, ...rest } = edge.data;
    draft.setEdge({ ...edge, data: kind === 'birth' ? rest : { ...rest, pedigree: kind } });
  }
  return { ok: true, ...draft.finish() };
}
