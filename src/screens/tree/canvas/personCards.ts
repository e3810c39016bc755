import type { CardButtonSpec, CardData, EngineEdge, EngineNode } from '../../../../engine/index.ts';
import { defaultAvatarUri } from '../../../components/avatar/defaultAvatar.ts';
import { canDeleteNode } from '../../../domain/permissions.ts';
import { bornLine, cardName, genderLabel } from '../../../domain/labels.ts';
import { spouseEdges } from '../../../domain/spouseEdges.ts';
import { parentLineEdge, parentLineRoutes, routeKey } from './parentLines.ts';
import type { Graph, GraphEdge, GraphNode, Profile } from '../../../domain/types.ts';

/**
 * Graph → engine model for the person cards (§2 "Person card"). Mapping is cached per node so an
 * edit or a drop hands the engine the same objects for every card it did not change: the
 * engine's store then only re-indexes what moved (no work proportional to the tree per edit).
 */

/** 132 × 96 fits inside the §9 140 × 100 overlap box, so 140-apart siblings sit 8 px apart. */
export const PERSON_CARD = { width: 132, height: 96 } as const;

export const CARD_BUTTONS = {
  invite: { id: 'invite', label: 'Invite', icon: 'mail', tone: 'accent' },
  addRelative: { id: 'addRelative', label: 'Add Relative', icon: 'plus' },
  unlink: { id: 'unlink', label: 'Unlink person', icon: 'unlink' },
  delete: { id: 'delete', label: 'Delete person', icon: 'trash', tone: 'danger' },
  details: { id: 'details', label: 'View details', icon: 'info' },
} as const satisfies Record<string, CardButtonSpec>;

export type CardButtonId = keyof typeof CARD_BUTTONS;

const NO_BIRTH = { birthYear: '', birthMonth: '', birthDay: '' };

export interface CardOptions {
  invitationsEnabled: boolean;
  compact: boolean;
  /** Node ids with a spouse, parent or child (Unlink shows only for them). */
  related: ReadonlySet<string>;
}

export function personCardData(node: GraphNode, profile: Profile | undefined, o: CardOptions): CardData {
  const buttons: CardButtonSpec[] = [];
  if (o.invitationsEnabled && profile && !profile.email) buttons.push(CARD_BUTTONS.invite);
  buttons.push(CARD_BUTTONS.addRelative);
  if (o.related.has(node.id)) buttons.push(CARD_BUTTONS.unlink);
  if (canDeleteNode(node)) buttons.push({ ...CARD_BUTTONS.delete, disabled: !profile });
  buttons.push(CARD_BUTTONS.details);
  const gender = profile?.gender ?? '';
  const photo = profile?.photoURLSmall || profile?.photoURL;
  const data: CardData = {
    title: cardName(profile),
    lines: [bornLine(profile ?? NO_BIRTH), gender ? genderLabel(gender) : ''].filter(Boolean),
    detail: profile?.bio || undefined,
    compact: o.compact,
    accent: gender === 'F' ? '#c77d3e' : gender === 'M' ? '#3d6b56' : '#8a7f9e',
    buttons,
  };
  // A generated avatar costs a fraction of a millisecond; on a 10,000-person tree that is most of
  // the opening time, so it is made the first time the engine draws the card up close.
  let image = photo || undefined;
  Object.defineProperty(data, 'image', {
    enumerable: true,
    get: () => (image ??= defaultAvatarUri(gender, profile?.id || node.id)),
  });
  return data;
}

interface CachedCard {
  node: GraphNode;
  profile: Profile | undefined;
  selected: boolean;
  related: boolean;
  options: CardOptions;
  card: EngineNode<CardData>;
}

export class PersonCardCache {
  private cards = new Map<string, CachedCard>();
  private edgeCache = new Map<string, { key: string; edge: EngineEdge }>();

  nodes(graph: Graph, selected: ReadonlySet<string>, options: CardOptions): EngineNode<CardData>[] {
    const next = new Map<string, CachedCard>();
    const out: EngineNode<CardData>[] = [];
    for (const node of graph.nodes) {
      if (node.hidden) continue;
      const profile = graph.profiles[node.data.profileId];
      const isSelected = selected.has(node.id);
      const related = options.related.has(node.id);
      let c = this.cards.get(node.id);
      if (!c || c.node !== node || c.profile !== profile || c.selected !== isSelected || c.related !== related || !sameOptions(c.options, options)) {
        c = {
          node,
          profile,
          selected: isSelected,
          related,
          options,
          card: {
            id: node.id,
            type: 'card',
            position: node.position,
            width: PERSON_CARD.width,
            height: PERSON_CARD.height,
            selected: isSelected,
            data: personCardData(node, profile, options),
          },
        };
      }
      next.set(node.id, c);
      out.push(c.card);
    }
    this.cards = next;
    return out;
  }

  edges(graph: Graph): EngineEdge[] {
    const next = new Map<string, { key: string; edge: EngineEdge }>();
    const out: EngineEdge[] = [];
    const keep = (id: string, key: string, make: () => EngineEdge) => {
      let c = this.edgeCache.get(id);
      if (!c || c.key !== key) c = { key, edge: make() };
      next.set(id, c);
      out.push(c.edge);
    };
    const routes = parentLineRoutes(graph, PERSON_CARD);
    for (const e of graph.edges) {
      if (e.hidden || e.data.kind === 'spouse') continue;
      const route = routes.get(e.id);
      keep(e.id, `${parentKey(e)}:${routeKey(route)}`, () => parentLineEdge(e, route));
    }
    for (const s of spouseEdges(graph)) {
      if (s.hidden) continue;
      keep(s.id, `${s.source}>${s.target}:${s.colour}`, () => ({
        id: s.id,
        source: s.source,
        target: s.target,
        sourceHandle: s.sourceHandle,
        targetHandle: s.targetHandle,
        type: s.type,
        color: s.colour,
        style: { dash: [6, 5], width: 2 },
        data: s.data,
      }));
    }
    this.edgeCache = next;
    return out;
  }
}

function parentKey(e: GraphEdge) {
  return `${e.source}>${e.target}:${e.sourceHandle}:${e.targetHandle}:${e.type}`;
}

function sameOptions(a: CardOptions, b: CardOptions) {
  return a.invitationsEnabled === b.invitationsEnabled && a.compact === b.compact;
}

/** Nodes with any spouse, parent or child: the ones whose card offers 'Unlink person'. */
export function relatedNodeIds(graph: Graph): Set<string> {
  const out = new Set<string>();
  for (const e of graph.edges) {
    if (e.hidden && e.data.kind === 'spouse') continue;
    out.add(e.source);
    out.add(e.target);
  }
  for (const n of graph.nodes) {
    const p = graph.profiles[n.data.profileId];
    if (p && (p.spouses.length || p.parents.length || p.children.length)) out.add(n.id);
  }
  return out;
}
