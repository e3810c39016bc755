import type { CardButtonSpec, CardData, EdgeStyle, EngineEdge, EngineNode, ForkPathOptions, GraphPatch } from '../../../../engine/index.ts';
import { defaultAvatarUri } from '../../../components/avatar/defaultAvatar.ts';
import { PRIVATE_AVATAR_URI } from '../../../components/avatar/privateAvatar.ts';
import { hiddenBelowCount } from '../../../domain/collapse.ts';
import { graphIndex, type GraphIndex, type Touched } from '../../../domain/graphDraft.ts';
import { isParentEdge, isSpouseEdge } from '../../../domain/graphQueries.ts';
import { compareNodeIds, spouseEdgeId } from '../../../domain/ids.ts';
import { cardRights } from '../../../domain/permissions.ts';
import { canEditTree, canInvite, type TreeRole } from '../../../domain/roles.ts';
import { bornLine, cardName, diedLine, genderLabel } from '../../../domain/labels.ts';
import { SPOUSE_EDGE_TYPE, spouseEdgesFrom, spousePartnersOf, type SpouseEdge } from '../../../domain/spouseEdges.ts';
import { spouseColour } from '../../../domain/spouseColour.ts';
import { forkOptions, PARENT_LINE, parentLineLook, parentLineRoutes, type ParentLineRoute } from './parentLines.ts';
import type { Graph, GraphEdge, GraphNode, Profile } from '../../../domain/types.ts';

/**
 * Graph → engine model for the person cards and their lines (§2 "Person card"). `PersonCards`
 * builds it whole once, when the tree opens: every card's place and size and every line's ends,
 * which is what the engine culls and indexes by; what a card shows and a parent line's route are
 * made when the engine first draws them (`PersonCardData`, `ParentLine`). After that each graph
 * update names what it touched and only those cards and lines are made again and handed to the
 * engine as a patch, so an edit or a received change costs what it changed, whatever the size of
 * the tree.
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

/**
 * The card's gender colour (avatar ring, and the band of a far-zoom card). One colour serves both
 * themes, so each keeps at least 3:1 (WCAG 1.4.11) against the light and the dark card surface.
 */
export const GENDER_ACCENTS: Record<Profile['gender'], string> = { F: '#c77d3e', M: '#4a7b63', '': '#8a7f9e' };

const NO_BIRTH = { birthYear: '', birthMonth: '', birthDay: '', death: '' };

export interface CardOptions {
  invitationsEnabled: boolean;
  compact: boolean;
  /** The member looking: a card another member has claimed offers no Unlink or Delete (§6). */
  uid: string;
  /** Their role in the tree: a viewer's cards offer only "View details" (§6 roles). */
  role: TreeRole;
  /** Whether the server shows this profile private to them (a padlock instead of a made-up face). */
  isPrivate?: (profileId: string) => boolean;
  /** What the person is to the member ("second cousin"), the card's first line (issue 24); absent: none. */
  relationOf?: (profileId: string) => string;
}

/** `related`: the person has a spouse, parent or child (Unlink shows only then). */
export function personCardData(node: GraphNode, profile: Profile | undefined, o: CardOptions, related: boolean, hiddenBelow = 0): CardData {
  return new PersonCardData(node, profile, o, { related: () => related, hiddenBelow: () => hiddenBelow });
}

/** The marker of a card whose children are collapsed, and what it says to a screen reader (issue 19, item 17). */
export const COLLAPSED_BADGE = {
  badge: (n: number) => `+${n}`,
  label: (n: number) => `${n} ${n === 1 ? 'person' : 'people'} hidden below`,
} as const;

/**
 * What a card shows of the person's place in the tree: whether they have relatives (its Unlink
 * button) and how many people are collapsed below it (its marker). Fixed for a chart's card; read
 * from the open tree as it is when the card is first drawn for the tree's own (`PersonCards`).
 */
interface CardFacts {
  related(node: GraphNode, profile: Profile | undefined): boolean;
  hiddenBelow(node: GraphNode): number;
}

/**
 * A card's drawing, each part made the first time the engine reads it: the engine reads the
 * title, lines and buttons of the cards it draws up close and the accent of those it draws far
 * away, so opening or importing 100,000 people makes none of them for the cards out of view
 * (names capitalised, birth lines, button lists, the look at a card's lines for its Unlink button
 * and its collapsed marker were most of the time it took to show the tree). A generated avatar
 * costs a fraction of a millisecond, so it too waits until the card is seen. Whatever reads every
 * card (a chart export, the mirror of the cards in view) gets every part made on demand.
 */
class PersonCardData implements CardData {
  private made: { title: string; lines: string[]; detail: string | undefined; buttons: CardButtonSpec[] } | null = null;
  private facts: { related: boolean; hiddenBelow: number } | null = null;
  private avatar: string | undefined = undefined;

  constructor(
    readonly node: GraphNode,
    readonly profile: Profile | undefined,
    readonly o: CardOptions,
    private readonly source: CardFacts,
  ) {}

  get compact(): boolean {
    return this.o.compact;
  }
  get accent(): string {
    return GENDER_ACCENTS[this.profile?.gender ?? ''] ?? GENDER_ACCENTS[''];
  }
  get badge(): string | undefined {
    const n = this.read().hiddenBelow;
    return n ? COLLAPSED_BADGE.badge(n) : undefined;
  }
  get badgeLabel(): string | undefined {
    const n = this.read().hiddenBelow;
    return n ? COLLAPSED_BADGE.label(n) : undefined;
  }
  get title(): string {
    return this.make().title;
  }
  get lines(): string[] {
    return this.make().lines;
  }
  get detail(): string | undefined {
    return this.make().detail;
  }
  get buttons(): CardButtonSpec[] {
    return this.make().buttons;
  }
  get image(): string {
    const { profile, node, o } = this;
    return (this.avatar ??=
      profile?.photoURLSmall || profile?.photoURL || (profile && o.isPrivate?.(profile.id) ? PRIVATE_AVATAR_URI : '') || defaultAvatarUri(profile?.gender ?? '', profile?.id || node.id));
  }

  /**
   * True when this drawing still shows what the tree says of `node` now: nothing of it was read
   * yet (it will be read from the tree as it is then), or what was read is still so.
   */
  showsFacts(related: () => boolean, hiddenBelow: () => number): boolean {
    return !this.facts || (this.facts.related === related() && this.facts.hiddenBelow === hiddenBelow());
  }

  private read() {
    return (this.facts ??= { related: this.source.related(this.node, this.profile), hiddenBelow: this.source.hiddenBelow(this.node) });
  }

  private make() {
    if (this.made) return this.made;
    const { node, profile, o } = this;
    const buttons: CardButtonSpec[] = [];
    if (canInvite(o.role) && o.invitationsEnabled && profile && !profile.email) buttons.push(CARD_BUTTONS.invite);
    if (canEditTree(o.role)) {
      buttons.push(CARD_BUTTONS.addRelative);
      const rights = cardRights(node, profile, o.uid);
      if (this.read().related && rights.link) buttons.push(CARD_BUTTONS.unlink);
      if (rights.remove) buttons.push({ ...CARD_BUTTONS.delete, disabled: !profile });
    }
    buttons.push(CARD_BUTTONS.details);
    const gender = profile?.gender ?? '';
    return (this.made = {
      title: cardName(profile),
      lines: [profile && o.relationOf ? o.relationOf(profile.id) : '', bornLine(profile ?? NO_BIRTH), diedLine(profile ?? NO_BIRTH), gender ? genderLabel(gender) : ''].filter(Boolean),
      detail: profile?.bio || undefined,
      buttons,
    });
  }
}

type PersonCard = EngineNode<PersonCardData>;

/**
 * A drawn parent line: the engine edge of a stored parent link, whose route (`pathOptions`) is
 * decided the first time the engine reads it, for every line into the same row at once (lanes are
 * shared along a row, see `PersonCards.routeOf`). The engine culls and indexes it by its cards and
 * `reach` (the farthest a couple's drop lies to the side), so lines out of view are never routed.
 * Its route's getter is on the class, so a copy by spreading (`{ ...line }`) loses it.
 */
class ParentLine implements EngineEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly sourceHandle: string | null | undefined;
  readonly targetHandle: string | null | undefined;
  readonly type = 'fork';
  readonly style: EdgeStyle | undefined;
  readonly color: string | undefined;
  readonly data: unknown;
  readonly reach = PARENT_LINE.coupleReach / 2;
  /** The stored edge's type: the line is drawn again when it changes. */
  readonly storedType: string | undefined;
  private options: ForkPathOptions | null;

  constructor(
    e: GraphEdge,
    private readonly routeOf: (line: ParentLine) => ParentLineRoute,
    route?: ParentLineRoute,
  ) {
    const look = parentLineLook(e);
    this.id = e.id;
    this.source = e.source;
    this.target = e.target;
    this.sourceHandle = e.sourceHandle;
    this.targetHandle = e.targetHandle;
    this.style = look.style as EdgeStyle | undefined;
    this.color = look.color;
    this.data = e.data;
    this.storedType = e.type;
    this.options = route ? forkOptions(route) : null;
  }

  get pathOptions(): ForkPathOptions {
    return (this.options ??= forkOptions(this.routeOf(this)));
  }

  /** Whether its route is decided (it was drawn, or an update routed it). */
  get routed(): boolean {
    return this.options !== null;
  }
}

/** What to hand the engine: cards and lines to make or replace, and ids to drop. */
class PatchBuilder {
  private nodes = new Map<string, EngineNode>();
  private goneNodes = new Set<string>();
  private edges = new Map<string, EngineEdge>();
  private goneEdges = new Set<string>();
  node(n: EngineNode) {
    this.nodes.set(n.id, n);
    this.goneNodes.delete(n.id);
  }
  dropNode(id: string) {
    this.nodes.delete(id);
    this.goneNodes.add(id);
  }
  edge(e: EngineEdge) {
    this.edges.set(e.id, e);
    this.goneEdges.delete(e.id);
  }
  dropEdge(id: string) {
    this.edges.delete(id);
    this.goneEdges.add(id);
  }
  build(): GraphPatch {
    return {
      nodes: { upsert: [...this.nodes.values()], remove: [...this.goneNodes] },
      edges: { upsert: [...this.edges.values()], remove: [...this.goneEdges] },
    };
  }
}

export class PersonCards {
  /** The cards drawn, by node id. */
  private shown = new Map<string, PersonCard>();
  private parentLines = new Map<string, ParentLine>();
  private spouseLines = new Map<string, SpouseLine>();
  /** The parent lines' routes decided so far (parentLines.ts), by line: a row's when one of its lines is first drawn. */
  private routes = new Map<string, ParentLineRoute>();
  // What only an update reads. A build leaves it to `settle` (called in idle time after the build,
  // or by the next update): for an import of 100,000 people it is some 250,000 entries the first
  // frame need not wait for.
  /** Spouse line ids by card, both ends. */
  private spouseLinesOf = new Map<string, Set<string>>();
  /** The two ends of every edge of the graph, drawn or not: what a removed edge touched. */
  private ends = new Map<string, { source: string; target: string }>();
  /** The children with a parent line, by row. */
  private rowOf = new Map<string, number>();
  private rowChildren = new Map<number, Set<string>>();
  /** The graph built last, while the lookups above are still to be made from it. */
  private unkept: Graph | null = null;
  /**
   * Until `settle`: the cards of the build by row. A row's children are among them, so a line
   * drawn before idle time is routed with its row without waiting for the lookups above.
   */
  private rowsAtBuild = new Map<number, string[]>();
  /** The graph the cards show. */
  graph: Graph | null = null;
  /** A card's facts, read from the graph shown when the card is first drawn (see `PersonCardData`). */
  private readonly facts: CardFacts = {
    related: (node, profile) => isRelated(graphIndex(this.graph!), profile, node),
    hiddenBelow: (node) => hiddenBelow(this.graph!, graphIndex(this.graph!), node),
  };

  constructor(private options: CardOptions) {}

  /**
   * Every card and line of a graph, for the engine's first arrays, or again after an update that
   * touched much of it (an import, Tidy up). A card or line that shows what it showed before is
   * the same object again, so the engine recognises it and takes only what changed: an import
   * beside a big tree does not make the tree's own cards again.
   */
  build(graph: Graph): { nodes: EngineNode<CardData>[]; edges: EngineEdge[] } {
    this.graph = graph;
    const shownBefore = this.shown;
    const parentLinesBefore = this.parentLines;
    const spouseLinesBefore = this.spouseLines;
    this.shown = new Map();
    this.parentLines = new Map();
    this.spouseLines = new Map();
    this.spouseLinesOf.clear();
    this.ends.clear();
    this.rowOf.clear();
    this.rowChildren.clear();
    this.unkept = graph;
    const rows = (this.rowsAtBuild = new Map());
    const index = graphIndex(graph);
    const nodes: EngineNode<CardData>[] = [];
    // Spouse lines are drawn between shown cards only, from the cards of married people.
    const married: GraphNode[] = [];
    for (const node of graph.nodes) {
      if (node.hidden) continue;
      const profile = profileOf(graph, node);
      const card = this.cardFor(node, profile, shownBefore.get(node.id), index);
      this.shown.set(node.id, card);
      nodes.push(card);
      if (profile?.spouses?.length) married.push(node);
      const y = Math.round(node.position.y);
      const row = rows.get(y);
      if (row) row.push(node.id);
      else rows.set(y, [node.id]);
    }
    const edges: EngineEdge[] = [];
    this.routes = new Map();
    for (const e of graph.edges) {
      const line = sameParentLine(this.parentLine(e), parentLinesBefore.get(e.id), false);
      if (!line) continue;
      this.parentLines.set(e.id, line);
      edges.push(line);
    }
    const cardOf = cardFinder(index);
    for (const node of married) {
      // Only the two ends: the line's colour is made when it is drawn (`SpouseLine`).
      for (const other of spousePartnersOf(node, graph.profiles, cardOf)) {
        if (other.hidden) continue;
        const line = sameSpouseLine(new SpouseLine(node, other), spouseLinesBefore.get(spouseEdgeId(node.id, other.id)));
        this.spouseLines.set(line.id, line);
        edges.push(line);
      }
    }
    return { nodes, edges };
  }

  /** Makes now what the last build left for later (see `unkept`); the next update would make it anyway. */
  settle() {
    const graph = this.unkept;
    if (!graph) return;
    this.unkept = null;
    this.rowsAtBuild = new Map();
    for (const e of graph.edges) {
      this.ends.set(e.id, e);
      if (!this.parentLines.has(e.id)) continue;
      const child = this.shown.get(e.target);
      if (child && this.shown.has(e.source) && !this.rowOf.has(e.target)) this.fileChild(e.target, Math.round(child.position.y));
    }
    for (const line of this.spouseLines.values()) this.fileSpouseLine(line);
  }

  /** The engine patch for one update of the graph: only the cards and lines it touched. */
  update(graph: Graph, touched: Touched): GraphPatch {
    this.settle();
    this.graph = graph;
    const index = graphIndex(graph);
    const patch = new PatchBuilder();
    const cards = new Set(touched.nodes);
    const couples = new Set(touched.nodes);
    for (const id of touched.edges) {
      const before = this.ends.get(id);
      const now = index.edges.get(id);
      for (const end of [before?.source, before?.target, now?.source, now?.target]) if (end) cards.add(end);
      if (now) this.ends.set(id, now);
      else this.ends.delete(id);
      if (!now && this.parentLines.delete(id)) this.routes.delete(id), patch.dropEdge(id);
    }
    for (const profileId of touched.profiles) {
      for (const nodeId of index.nodesByProfile.get(profileId) ?? []) cards.add(nodeId), couples.add(nodeId);
    }
    for (const id of cards) this.refreshCard(graph, index, id, patch);
    this.refreshParentLines(index, cards, touched.edges, patch);
    const cardOf = cardFinder(index);
    for (const id of couples) this.refreshSpouseLines(graph, index, cardOf, id, patch);
    return patch.build();
  }

  /** Other card options (compact cards): every card again. */
  setOptions(graph: Graph, options: CardOptions): GraphPatch {
    this.settle();
    this.options = options;
    const patch = new PatchBuilder();
    const index = graphIndex(graph);
    for (const id of [...this.shown.keys()]) this.refreshCard(graph, index, id, patch);
    return patch.build();
  }

  private refreshCard(graph: Graph, index: GraphIndex, id: string, patch: PatchBuilder) {
    const node = index.nodes.get(id);
    const old = this.shown.get(id);
    if (!node || node.hidden) {
      if (old) this.shown.delete(id), patch.dropNode(id);
      return;
    }
    const next = this.cardFor(node, profileOf(graph, node), old, index);
    if (next === old) return;
    this.shown.set(id, next);
    patch.node(next);
  }

  /**
   * A card object is made again only when something it shows changed; a card that only moved
   * keeps its drawing (`data`), so the engine recognises a move it made itself. A drawing none of
   * whose facts was read yet (the card never drawn) reads them from the tree when it is drawn, so
   * it is kept too.
   */
  private cardFor(node: GraphNode, profile: Profile | undefined, old: PersonCard | undefined, index: GraphIndex): PersonCard {
    const options = this.options;
    const data = old?.data;
    const sameLook =
      !!data &&
      data.profile === profile &&
      data.o === options &&
      data.node.data.profileId === node.data.profileId &&
      data.node.data.isPrimary === node.data.isPrimary &&
      data.showsFacts(() => isRelated(index, profile, node), () => hiddenBelow(this.graph!, index, node));
    if (sameLook && old!.position.x === node.position.x && old!.position.y === node.position.y) return old!;
    return {
      id: node.id,
      type: 'card',
      position: node.position,
      width: PERSON_CARD.width,
      height: PERSON_CARD.height,
      data: sameLook ? data! : new PersonCardData(node, profile, options, this.facts),
    };
  }

  /**
   * The spouse lines at one card. A line is drawn from the card with the smaller id (see
   * `spouseEdgesFrom`), so the lines into this card are asked of its spouses' cards and of the
   * cards it had lines with.
   */
  private refreshSpouseLines(graph: Graph, index: GraphIndex, cardOf: (profileId: string) => GraphNode | undefined, id: string, patch: PatchBuilder) {
    const wanted = new Map<string, SpouseEdge>();
    const node = index.nodes.get(id);
    const partners = new Set<string>();
    if (node) {
      for (const s of spouseEdgesFrom(node, graph.profiles, cardOf)) wanted.set(s.id, s);
      for (const spouse of profileOf(graph, node)?.spouses ?? []) {
        const other = cardOf(spouse);
        if (other) partners.add(other.id);
      }
    }
    for (const lineId of this.spouseLinesOf.get(id) ?? []) {
      const e = this.spouseLines.get(lineId)!;
      partners.add(e.source === id ? e.target : e.source);
    }
    for (const partnerId of partners) {
      const partner = index.nodes.get(partnerId);
      if (!partner || compareNodeIds(partnerId, id) >= 0) continue;
      for (const s of spouseEdgesFrom(partner, graph.profiles, cardOf)) if (s.source === id || s.target === id) wanted.set(s.id, s);
    }
    for (const lineId of [...(this.spouseLinesOf.get(id) ?? [])]) {
      const s = wanted.get(lineId);
      if (s && !s.hidden) continue;
      this.removeSpouseLine(lineId);
      patch.dropEdge(lineId);
    }
    for (const s of wanted.values()) {
      if (s.hidden) continue;
      const line = spouseLine(s, index);
      const before = this.spouseLines.get(s.id);
      if (before && sameSpouseLine(line, before) === before) continue;
      this.removeSpouseLine(s.id);
      this.addSpouseLine(line);
      patch.edge(line);
    }
  }

  /** Files a child with a visible parent line under the row it sits in (or takes it out). */
  private placeChild(index: GraphIndex, id: string) {
    const old = this.rowOf.get(id);
    const node = index.nodes.get(id);
    const row = node && !node.hidden && parentLinesInto(index, id).length ? Math.round(node.position.y) : undefined;
    if (old === row) return;
    if (old !== undefined) this.rowChildren.get(old)?.delete(id);
    if (row === undefined) return void this.rowOf.delete(id);
    this.fileChild(id, row);
  }

  private fileChild(id: string, row: number) {
    this.rowOf.set(id, row);
    let set = this.rowChildren.get(row);
    if (!set) this.rowChildren.set(row, (set = new Set()));
    set.add(id);
  }

  /**
   * Routes again only the parent lines an update can have moved: every line into the rows of the
   * children it touched (lanes are shared along a row) and every line of their parents (forks are
   * shared by a parent's couples). Lines of those parents in other rows keep their lane.
   */
  private refreshParentLines(index: GraphIndex, cards: ReadonlySet<string>, edges: readonly string[], patch: PatchBuilder) {
    const children = new Set<string>();
    for (const id of cards) {
      children.add(id);
      for (const e of parentLinesFrom(index, id)) children.add(e.target);
    }
    for (const id of edges) {
      const e = this.ends.get(id);
      if (e) children.add(e.target);
    }
    const rows = new Set<number>();
    for (const id of children) {
      const before = this.rowOf.get(id);
      if (before !== undefined) rows.add(before);
      this.placeChild(index, id);
      const after = this.rowOf.get(id);
      if (after !== undefined) rows.add(after);
    }
    if (!rows.size && !edges.length) return;

    const inRows = new Set<string>();
    for (const row of rows) for (const id of this.rowChildren.get(row) ?? []) inRows.add(id);
    const { lines, routes } = routeInto(index, inRows);
    const update = (e: GraphEdge, route: ParentLineRoute | undefined) => {
      this.routes.set(e.id, route ?? SINGLE_ROUTE);
      const line = this.parentLine(e, this.routes.get(e.id));
      const before = this.parentLines.get(e.id);
      if (line && sameParentLine(line, before) !== before) this.parentLines.set(e.id, line), patch.edge(line);
    };
    for (const e of lines) {
      const route = routes.get(e.id);
      // A line of these parents into another row keeps its lane there (decided now if it was not yet).
      update(e, inRows.has(e.target) || !route ? route : { ...route, lane: this.routeOf(this.parentLines.get(e.id) ?? this.parentLine(e)!).lane });
    }
    // Lines touched by the update that are no longer drawn (hidden, or a parent card hidden).
    for (const id of edges) {
      const e = index.edges.get(id);
      if (e && !isDrawnParentLine(e) && this.parentLines.delete(id)) this.routes.delete(id), patch.dropEdge(id);
    }
    for (const id of children) {
      if (this.rowOf.has(id)) continue;
      for (const lineId of index.edgesByNode.get(id) ?? []) {
        const e = index.edges.get(lineId);
        if (e && e.target === id && this.parentLines.delete(lineId)) this.routes.delete(lineId), patch.dropEdge(lineId);
      }
    }
  }

  /** The drawn line of a stored parent edge (stored spouse edges of old graphs are never drawn), routed now when `route` is given. */
  private parentLine(e: GraphEdge, route?: ParentLineRoute): ParentLine | null {
    return isDrawnParentLine(e) ? new ParentLine(e, this.routeOf, route) : null;
  }

  /**
   * A line's route, decided with every line into its child's row when the first of them is asked
   * (drawn, or kept by an update): from the tree as it is then, which for a row no update has
   * touched since the build is the tree as it was.
   */
  private routeOf = (line: ParentLine): ParentLineRoute => {
    const known = this.routes.get(line.id);
    if (known) return known;
    const index = graphIndex(this.graph!);
    const child = index.nodes.get(line.target);
    if (!child || child.hidden) return SINGLE_ROUTE;
    // The children by row; before idle time has filed them (`settle`), the row's cards as the
    // build found them (the tree is the build's until an update, which settles first): those
    // without a parent line add no line, so the routes are the same, and the first frame waits
    // neither for the filing of every child nor for a look through every card for its row.
    const y = Math.round(child.position.y);
    const atBuild = this.unkept && this.rowsAtBuild.get(y);
    const inRow = atBuild ? new Set(atBuild) : this.rowChildren.get(y);
    const { routes } = routeInto(index, inRow ?? new Set([line.target]));
    for (const id of inRow ?? [line.target]) for (const e of parentLinesInto(index, id)) this.routes.set(e.id, routes.get(e.id) ?? SINGLE_ROUTE);
    return this.routes.get(line.id) ?? SINGLE_ROUTE;
  };

  private addSpouseLine(line: SpouseLine) {
    this.spouseLines.set(line.id, line);
    this.fileSpouseLine(line);
  }

  private fileSpouseLine(line: EngineEdge) {
    for (const end of [line.source, line.target]) {
      let set = this.spouseLinesOf.get(end);
      if (!set) this.spouseLinesOf.set(end, (set = new Set()));
      set.add(line.id);
    }
  }

  private removeSpouseLine(id: string) {
    const line = this.spouseLines.get(id);
    if (!line) return;
    this.spouseLines.delete(id);
    for (const end of [line.source, line.target]) this.spouseLinesOf.get(end)?.delete(id);
  }
}

function profileOf(graph: Graph, node: GraphNode): Profile | undefined {
  const id = node.data.profileId;
  return id && Object.hasOwn(graph.profiles, id) ? graph.profiles[id] : undefined;
}

/** The card showing a profile (the first, should a graph show one twice). */
function cardFinder(index: GraphIndex) {
  return (profileId: string): GraphNode | undefined => {
    for (const id of index.nodesByProfile.get(profileId) ?? []) return index.nodes.get(id);
    return undefined;
  };
}

/**
 * A person with any spouse, parent or child: their card offers 'Unlink person'. The profile (the
 * card's, at hand) is asked first: most people of a big tree are related by it, without a look
 * at their lines.
 */
/** People collapsed below a card: counted only for a card with a hidden parent line down from it (few do). */
function hiddenBelow(graph: Graph, index: GraphIndex, node: GraphNode): number {
  for (const id of index.edgesByNode.get(node.id) ?? []) {
    const e = index.edges.get(id);
    if (e && e.hidden && e.source === node.id && isParentEdge(e)) return hiddenBelowCount(graph, node.id);
  }
  return 0;
}

function isRelated(index: GraphIndex, p: Profile | undefined, node: GraphNode): boolean {
  if (p && (p.spouses.length > 0 || p.parents.length > 0 || p.children.length > 0)) return true;
  for (const id of index.edgesByNode.get(node.id) ?? []) {
    const e = index.edges.get(id);
    if (e && !(e.hidden && isSpouseEdge(e))) return true;
  }
  return false;
}

/** Whether a stored edge is drawn as a parent line (stored spouse edges of old graphs never are). */
function isDrawnParentLine(e: GraphEdge): boolean {
  return !e.hidden && isParentEdge(e);
}

const SINGLE_ROUTE: ParentLineRoute = { joinDx: 0, fork: 0, lane: 0 };

/**
 * The routes of every line into `children` (the whole of some rows, whose lanes they share), made
 * with their parents' lines into other rows (which share their forks); the lanes of those other
 * lines are not theirs (their rows are not all here).
 */
function routeInto(index: GraphIndex, children: ReadonlySet<string>): { lines: GraphEdge[]; routes: Map<string, ParentLineRoute> } {
  const lines: GraphEdge[] = [];
  const nodes = new Map<string, GraphNode>();
  const take = (child: string) => {
    for (const e of parentLinesInto(index, child)) {
      lines.push(e);
      nodes.set(e.source, index.nodes.get(e.source)!);
      nodes.set(e.target, index.nodes.get(e.target)!);
    }
  };
  for (const id of children) take(id);
  const elsewhere = new Set<string>();
  for (const e of [...lines]) {
    for (const sibling of parentLinesFrom(index, e.source)) {
      if (children.has(sibling.target) || elsewhere.has(sibling.target)) continue;
      elsewhere.add(sibling.target);
      take(sibling.target);
    }
  }
  return { lines, routes: parentLineRoutes({ nodes: [...nodes.values()], edges: lines, profiles: {}, updatedAt: '', version: 1 }, PERSON_CARD) };
}

/** The visible parent lines of a card, into it (from visible parents) or out of it (to visible children). */
function parentLinesInto(index: GraphIndex, id: string): GraphEdge[] {
  return parentLinesAt(index, id, (e) => e.target === id);
}
function parentLinesFrom(index: GraphIndex, id: string): GraphEdge[] {
  return parentLinesAt(index, id, (e) => e.source === id);
}
function parentLinesAt(index: GraphIndex, id: string, which: (e: GraphEdge) => boolean): GraphEdge[] {
  const out: GraphEdge[] = [];
  for (const lineId of index.edgesByNode.get(id) ?? []) {
    const e = index.edges.get(lineId);
    if (!e || e.hidden || !isParentEdge(e) || !which(e)) continue;
    const a = index.nodes.get(e.source);
    const b = index.nodes.get(e.target);
    if (a && b && !a.hidden && !b.hidden) out.push(e);
  }
  return out;
}

/**
 * The parent line drawn before when it is drawn the same (same ends, handles, stored type, kind
 * and route), else the new one. A line drawn before whose route is not decided yet is kept: it
 * will be routed from the tree as it is when it is drawn. Without `route` (a build, which routes
 * nothing) a line whose route was decided is the new one, routed again when drawn. Compared field
 * by field: a key string per line was a tenth of the time a build of 100,000 people took.
 */
function sameParentLine(line: ParentLine | null, before: ParentLine | undefined, route = true): ParentLine | null {
  if (!line || !before) return line;
  const same =
    line.source === before.source &&
    line.target === before.target &&
    line.sourceHandle === before.sourceHandle &&
    line.targetHandle === before.targetHandle &&
    line.storedType === before.storedType &&
    line.style === before.style &&
    line.color === before.color;
  if (!same) return line;
  if (!before.routed) return before;
  if (!route) return line;
  const [p, q] = [line.pathOptions, before.pathOptions];
  return p.joinDx === q.joinDx && p.forkDepth === q.forkDepth && p.busHeight === q.busHeight ? before : line;
}

/** The spouse line drawn before when it joins the same cards the same way round (its colour is theirs), else the new one. */
function sameSpouseLine(line: SpouseLine, before: SpouseLine | undefined): SpouseLine {
  return before && before.source === line.source && before.target === line.target ? before : line;
}

/** One style serves every spouse line (the engine only reads it). */
const SPOUSE_LINE_STYLE = Object.freeze({ dash: Object.freeze([6, 5]) as number[], width: 2 });
const SPOUSE_LINE_DATA = Object.freeze({ kind: 'spouse' as const });

/**
 * A drawn spouse line (`spouseEdgesFrom`'s, domain/spouseEdges.ts): its ends are what the engine
 * culls and indexes it by; its colour, a hash of the pair, is made when it is first drawn, so a
 * tree's 30,000 couples out of view cost an object each and no more.
 */
class SpouseLine implements EngineEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly sourceHandle = 'right';
  readonly targetHandle = 'left';
  readonly type = SPOUSE_EDGE_TYPE;
  readonly style = SPOUSE_LINE_STYLE;
  readonly data = SPOUSE_LINE_DATA;
  private colour: string | undefined;

  /** The line between two cards, from the left one to the right one (see `spouseEdgesFrom`). */
  constructor(a: GraphNode, b: GraphNode) {
    const [left, right] = a.position.x <= b.position.x ? [a, b] : [b, a];
    this.id = spouseEdgeId(a.id, b.id);
    this.source = left.id;
    this.target = right.id;
  }

  get color(): string {
    return (this.colour ??= spouseColour(this.source, this.target));
  }
}

function spouseLine(s: SpouseEdge, index: GraphIndex): SpouseLine {
  return new SpouseLine(index.nodes.get(s.source)!, index.nodes.get(s.target)!);
}
