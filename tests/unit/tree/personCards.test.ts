import { describe, expect, it } from 'vitest';
import { cardNodeType, type CardData, type EngineEdge, type EngineNode, type GraphPatch } from '../../../engine/index.ts';
import { collapseChildren, expandChildren } from '../../../src/domain/collapse.ts';
import { GraphDraft, type OpResult } from '../../../src/domain/graphDraft.ts';
import { emptyProfile, newProfile } from '../../../src/domain/profile.ts';
import { addRelative, deletePerson, parentEdge, unlinkRelation } from '../../../src/domain/relationships.ts';
import type { TreeRole } from '../../../src/domain/roles.ts';
import type { Graph, GraphNode, Profile } from '../../../src/domain/types.ts';
import { PRIVATE_AVATAR_URI } from '../../../src/components/avatar/privateAvatar.ts';
import { PERSON_CARD, PersonCards, personCardData } from '../../../src/screens/tree/canvas/personCards.ts';
import { forkOptions, LINK_LINE_LOOKS, PARENT_LINE, parentLineRoutes } from '../../../src/screens/tree/canvas/parentLines.ts';
import { familyGraph } from '../../../bench/scene/familyGraph.ts';
import { setLinkKind } from '../../../src/domain/pedigree.ts';
import { spouseEdges } from '../../../src/domain/spouseEdges.ts';
import { family, NOW, UID } from '../../browser/tree/fixtures.ts';

const node = (isPrimary = false): GraphNode => ({
  id: 'n1002', type: 'person', position: { x: 0, y: 0 }, modifiedAt: '', hidden: false,
  data: { profileId: 'pr:a', parentRole: '', isPrimary },
});
const profile = (p: Partial<Profile> = {}): Profile => ({ ...emptyProfile('pr:a'), firstName: 'ada', lastName: 'KING', gender: 'F', ...p });
const options = (o: { invitationsEnabled?: boolean; compact?: boolean; uid?: string; role?: TreeRole } = {}) => ({
  invitationsEnabled: o.invitationsEnabled ?? true,
  compact: o.compact ?? false,
  uid: o.uid ?? 'u-me',
  role: o.role ?? 'owner',
});

describe('person card (§2)', () => {
  it('shows the name as written, the birth label and the gender', () => {
    const d = personCardData(node(), profile({ birthYear: '1931', birthMonth: '04' }), options(), false);
    expect(d.title).toBe('ada KING');
    expect(d.lines).toEqual(['Born April 1931', 'Female']);
  });

  it('issue 24: what the person is to the member, as the first line, when asked for', () => {
    const relationOf = (id: string) => (id === 'pr:a' ? 'second cousin once removed' : '');
    expect(personCardData(node(), profile({ birthYear: '1931' }), { ...options(), relationOf }, false).lines).toEqual(['second cousin once removed', 'Born 1931', 'Female']);
    expect(personCardData(node(), profile({ id: 'pr:b', birthYear: '1931' }), { ...options(), relationOf }, false).lines).toEqual(['Born 1931', 'Female']);
  });

  it.each([
    ['a death date', { birthYear: '1819', death: '1901-01-22' }, 'Victoria', ['Born 1819', 'Died 1901', 'Female']],
    ['deceased without a date', { birthYear: '0946', death: 'Y' }, 'Edgar', ['Born 946', 'Deceased', 'Female']],
    ['a death kept as written', { deathDateText: 'ABT 1066' }, 'Harold II', ['Died about 1066', 'Female']],
  ])('issue 20: %s shows on the card', (_name, fields, firstName, lines) => {
    const d = personCardData(node(), profile({ ...fields, firstName, lastName: '' }), options(), false);
    expect(d.title).toBe(firstName);
    expect(d.lines).toEqual(lines);
  });

  it("falls back to 'Unnamed' without a profile", () => {
    expect(personCardData(node(), undefined, options(), false).title).toBe('Unnamed');
  });

  it('draws the photo when there is one, else the generated default avatar', () => {
    expect(personCardData(node(), profile({ photoURLSmall: '/files/x/avatar_170.webp?v=1' }), options(), false).image).toBe('/files/x/avatar_170.webp?v=1');
    expect(personCardData(node(), profile(), options(), false).image).toMatch(/^data:image\/svg\+xml/);
    expect(personCardData(node(), undefined, options(), false).image).toMatch(/^data:image\/svg\+xml/);
  });

  it('a person shown private gets the padlock, not a made-up face; a photo they let viewers see stays', () => {
    const isPrivate = (id: string) => id === 'pr:a';
    expect(personCardData(node(), profile(), { ...options(), isPrivate }, false).image).toBe(PRIVATE_AVATAR_URI);
    expect(personCardData(node(), profile({ photoURLSmall: '/files/x/avatar_170.webp?v=1' }), { ...options(), isPrivate }, false).image).toBe('/files/x/avatar_170.webp?v=1');
    expect(personCardData(node(), profile({ id: 'pr:b' }), { ...options(), isPrivate }, false).image).toMatch(/^data:image\/svg\+xml/);
    expect(personCardData(node(), profile({ id: 'pr:b' }), { ...options(), isPrivate }, false).image).not.toBe(PRIVATE_AVATAR_URI);
  });

  it('hides the bio in compact mode', () => {
    expect(personCardData(node(), profile({ bio: 'Baker' }), options(), false).detail).toBe('Baker');
    expect(personCardData(node(), profile({ bio: 'Baker' }), options({ compact: true }), false).compact).toBe(true);
  });

  it.each([
    ['invitations on, no e-mail, related, not primary', node(), profile(), options(), true, ['invite', 'addRelative', 'unlink', 'delete', 'details']],
    ['invitations off', node(), profile(), options({ invitationsEnabled: false }), false, ['addRelative', 'delete', 'details']],
    ['a linked e-mail: no Invite', node(), profile({ email: 'a@b.co' }), options(), false, ['addRelative', 'delete', 'details']],
    ['the primary person: no Delete', node(true), profile(), options(), true, ['invite', 'addRelative', 'unlink', 'details']],
    ['claimed by another member: no Unlink, no Delete', node(), profile({ ownerUid: 'u-other', email: 'o@b.co' }), options(), true, ['addRelative', 'details']],
    ['claimed by me', node(), profile({ ownerUid: 'u-me', email: 'o@b.co' }), options(), true, ['addRelative', 'unlink', 'delete', 'details']],
    ['an editor: as the owner', node(), profile(), options({ role: 'editor' }), true, ['invite', 'addRelative', 'unlink', 'delete', 'details']],
    ['a viewer: View details only', node(), profile(), options({ role: 'viewer' }), true, ['details']],
    ['a viewer on their own card: View details only', node(true), profile({ ownerUid: 'u-me' }), options({ role: 'viewer' }), true, ['details']],
  ])('buttons: %s', (_n, n, p, o, related, ids) => {
    expect(personCardData(n, p, o, related).buttons!.map((b) => b.id)).toEqual(ids);
  });

  it('Delete is disabled for a card without a profile', () => {
    const del = personCardData(node(), undefined, options(), false).buttons!.find((b) => b.id === 'delete');
    expect(del?.disabled).toBe(true);
  });
});

describe('PersonCards: the engine gets only what an edit touched', () => {
  const opts = { invitationsEnabled: true, compact: false, uid: UID, role: 'owner' as const };
  const findFree = (p: { x: number; y: number }) => p;
  const child = (id: string) => ({ newProfile: newProfile(id, { firstName: id }, { uid: UID, now: NOW }) });

  /** The engine's side: arrays from `build`, then every patch applied. */
  function engineOf(cards: PersonCards, graph: Graph) {
    const first = cards.build(graph);
    const nodes = new Map(first.nodes.map((n) => [n.id, n as EngineNode]));
    const edges = new Map(first.edges.map((e) => [e.id, e]));
    return {
      nodes,
      edges,
      patch(p: GraphPatch) {
        for (const id of p.nodes?.remove ?? []) nodes.delete(id);
        for (const n of p.nodes?.upsert ?? []) nodes.set(n.id, n);
        for (const id of p.edges?.remove ?? []) edges.delete(id);
        for (const e of p.edges?.upsert ?? []) edges.set(e.id, e);
      },
    };
  }

  /** What a card and a line look like, to compare an engine with a fresh build. */
  const look = (n: EngineNode) => ({ id: n.id, position: n.position, title: (n.data as CardData).title, buttons: (n.data as CardData).buttons!.map((b) => b.id) });
  const line = (e: EngineEdge) => ({ id: e.id, source: e.source, target: e.target, color: e.color, route: e.pathOptions });
  function expectSameAsFresh(engine: ReturnType<typeof engineOf>, graph: Graph) {
    const fresh = new PersonCards(opts).build(graph);
    expect([...engine.nodes.values()].map(look).sort((a, b) => a.id.localeCompare(b.id))).toEqual(fresh.nodes.map(look).sort((a, b) => a.id.localeCompare(b.id)));
    expect([...engine.edges.values()].map(line).sort((a, b) => a.id.localeCompare(b.id))).toEqual(fresh.edges.map(line).sort((a, b) => a.id.localeCompare(b.id)));
  }

  it('a moved card is handed over with the same drawing, and nothing else is', () => {
    const graph = family();
    const cards = new PersonCards(opts);
    const engine = engineOf(cards, graph);
    const before = engine.nodes.get('n1003')!;
    const draft = new GraphDraft(graph);
    draft.setNode({ ...draft.node('n1003')!, position: { x: 900, y: 200 } });
    const moved = draft.finish();
    const patch = cards.update(moved.graph, moved.changed);
    expect(patch.nodes!.upsert!.map((n) => n.id)).toEqual(['n1003']);
    expect(patch.nodes!.upsert![0]!.data).toBe(before.data);
    expect(patch.edges!.upsert).toEqual([]);
  });

  it('built again (an import beside the tree), the cards and lines that show the same are the same objects', () => {
    const graph = family();
    const cards = new PersonCards(opts);
    const first = cards.build(graph);
    const draft = new GraphDraft(graph);
    draft.setNode({ ...draft.node('n1003')!, position: { x: 900, y: 200 } });
    draft.setNode({ ...draft.node('n1003')!, id: 'n1200', position: { x: 5000, y: 0 }, data: { profileId: 'pr:new', parentRole: '', isPrimary: false } });
    draft.setProfile(newProfile('pr:new', { firstName: 'New' }, { uid: UID, now: NOW }));
    const again = cards.build(draft.finish().graph);
    const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
    const [before, after] = [byId(first.nodes), byId(again.nodes)];
    for (const [id, card] of after) {
      if (id === 'n1200') expect(before.has(id)).toBe(false);
      else if (id === 'n1003') expect(card).not.toBe(before.get(id));
      else expect(card).toBe(before.get(id));
    }
    const [linesBefore, linesAfter] = [byId(first.edges), byId(again.edges)];
    const moved = (e: EngineEdge) => e.source === 'n1003' || e.target === 'n1003';
    expect([...linesAfter.values()].filter((e) => !moved(e)).every((e) => e === linesBefore.get(e.id))).toBe(true);
    expect([...linesAfter.values()].filter((e) => !moved(e)).length).toBeGreaterThan(0);
  });

  // Issue 19, item 17: a collapsed branch had no marker on its card.
  it('a card whose children are collapsed is marked with how many are hidden, drawn and in its accessible name', () => {
    const graph = family();
    const cards = new PersonCards(opts);
    const engine = engineOf(cards, graph);
    const data = (id: string) => engine.nodes.get(id)!.data as CardData;
    expect(data('n1001').badge).toBeUndefined();
    const collapsed = collapseChildren(graph, 'n1004');
    engine.patch(cards.update(collapsed.graph, collapsed.changed));
    // Anne's daughter Ada, Ada's son Byron and Ada's two husbands, who married into the branch.
    expect(data('n1004')).toMatchObject({ badge: '+4', badgeLabel: '4 people hidden below' });
    expect(cardNodeType.label(engine.nodes.get('n1004') as EngineNode<CardData>)).toBe('Anne Milbanke, 4 people hidden below');
    expectSameAsFresh(engine, collapsed.graph);
    const expanded = expandChildren(collapsed.graph, 'n1004');
    engine.patch(cards.update(expanded.graph, expanded.changed));
    expect(data('n1004').badge).toBeUndefined();
    expect(cardNodeType.label(engine.nodes.get('n1004') as EngineNode<CardData>)).toBe('Anne Milbanke');
    const one = collapseChildren(expanded.graph, 'n1001');
    engine.patch(cards.update(one.graph, one.changed));
    expect(data('n1001')).toMatchObject({ badge: '+1', badgeLabel: '1 person hidden below' });
  });

  it('a spouse moved to the other side turns the spouse line round', () => {
    const graph = family();
    const cards = new PersonCards(opts);
    const engine = engineOf(cards, graph);
    expect(line(engine.edges.get('sp-n1001-n1002')!)).toMatchObject({ source: 'n1001', target: 'n1002' });
    const draft = new GraphDraft(graph);
    draft.setNode({ ...draft.node('n1002')!, position: { x: -500, y: 0 } });
    const moved = draft.finish();
    const patch = cards.update(moved.graph, moved.changed);
    expect(patch.edges!.upsert!.map(line)).toContainEqual({ id: 'sp-n1001-n1002', source: 'n1002', target: 'n1001', color: engine.edges.get('sp-n1001-n1002')!.color, route: undefined });
    // The couple's children now hang from each parent alone: their lines are routed again, nothing else.
    expect(patch.edges!.upsert!.every((e) => e.id === 'sp-n1001-n1002' || e.source === 'n1001' || e.source === 'n1002')).toBe(true);
    engine.patch(patch);
    expectSameAsFresh(engine, moved.graph);
  });

  it('a parent link made Adopted is drawn again dashed, and back to birth plain (issue 20, item 6)', () => {
    const graph = family();
    const cards = new PersonCards(opts);
    const engine = engineOf(cards, graph);
    const edge = graph.edges.find((e) => e.data.kind === 'parent')!;
    expect(engine.edges.get(edge.id)!.style).toBeUndefined();
    const adopted = setLinkKind(graph, { parentNodeId: edge.source, childNodeId: edge.target, kind: 'adopted' });
    if (!adopted.ok) throw new Error(adopted.message);
    const patch = cards.update(adopted.graph, adopted.changed);
    expect(patch.edges!.upsert!.find((e) => e.id === edge.id)!.style).toBe(LINK_LINE_LOOKS.adopted.style);
    engine.patch(patch);
    expectSameAsFresh(engine, adopted.graph);
    const back = setLinkKind(adopted.graph, { parentNodeId: edge.source, childNodeId: edge.target, kind: 'birth' });
    if (!back.ok) throw new Error(back.message);
    engine.patch(cards.update(back.graph, back.changed));
    expect(engine.edges.get(edge.id)!.style).toBeUndefined();
    expectSameAsFresh(engine, back.graph);
  });

  it.each([
    ['unknown', 'thin grey', { width: 1, dash: [3, 3] }, '#8f949b'],
    ['foster', 'dotted', { width: 2, dash: [1, 4] }, undefined],
    ['step', 'dash-dot', { dash: [10, 4, 0.5, 4] }, undefined],
  ] as const)('a %s link is drawn %s', (kind, _look, style, color) => {
    const graph = family();
    const e = graph.edges.find((x) => x.id === 'e-n1001-n1003')!;
    graph.edges = graph.edges.map((x) => (x === e ? { ...e, data: { kind: 'parent' as const, pedigree: kind } } : x));
    const drawn = new PersonCards(opts).build(graph).edges.find((x) => x.id === e.id)!;
    expect(drawn.style).toEqual(style);
    expect(drawn.color).toBe(color);
  });

  it('after any run of edits the engine shows what a fresh build of the graph shows', () => {
    let graph = family();
    const cards = new PersonCards(opts);
    const engine = engineOf(cards, graph);
    const steps: ((g: Graph) => OpResult & { ok?: boolean })[] = [
      (g) => addRelative(g, { kind: 'child', referenceNodeId: 'n1003', person: child('pr:k1'), now: NOW, findFree }) as OpResult,
      (g) => addRelative(g, { kind: 'spouse', referenceNodeId: 'n1003', person: child('pr:s1'), now: NOW, findFree }) as OpResult,
      (g) => unlinkRelation(g, { nodeId: 'n1001', relation: { kind: 'spouse', nodeId: 'n1005' } }) as OpResult,
      (g) => collapseChildren(g, 'n1004'),
      (g) => expandChildren(g, 'n1004'),
      (g) => deletePerson(g, 'n1002') as OpResult,
      // A line that no relationship list mirrors (graphs from before the migrations have them).
      (g) => {
        const d = new GraphDraft(g);
        d.setNode({ ...d.node('n1003')!, id: 'n1010', data: { profileId: 'pr:loner', parentRole: '', isPrimary: false } });
        d.setProfile(emptyProfile('pr:loner'));
        return d.finish();
      },
      (g) => {
        const d = new GraphDraft(g);
        d.setEdge(parentEdge('n1010', 'n1003'));
        return d.finish();
      },
      (g) => {
        const d = new GraphDraft(g);
        d.removeEdge('e-n1010-n1003');
        return d.finish();
      },
      (g) => {
        const d = new GraphDraft(g);
        d.setNode({ ...d.node('n1001')!, position: { x: 5000, y: 0 } });
        d.setProfile({ ...d.profile('pr:anne')!, firstName: 'Annie' });
        return d.finish();
      },
    ];
    for (const step of steps) {
      const r = step(graph);
      expect(r.ok).not.toBe(false);
      graph = r.graph;
      engine.patch(cards.update(graph, r.changed));
      expectSameAsFresh(engine, graph);
    }
  });

  it('the lookups a build leaves for later are the same whether made in idle time (settle) or by the next update', () => {
    const graph = family();
    const [idle, lazy] = [new PersonCards(opts), new PersonCards(opts)];
    const engine = engineOf(lazy, graph);
    idle.build(graph);
    idle.settle();
    // The first update after the build moves a card and takes away a line that was there then.
    const draft = new GraphDraft(graph);
    draft.setNode({ ...draft.node('n1002')!, position: { x: -500, y: 0 } });
    draft.removeEdge(graph.edges[0]!.id);
    const r = draft.finish();
    const patch = lazy.update(r.graph, r.changed);
    // Compared by what they show: a card's drawing also holds what it has made so far.
    const shown = (p: GraphPatch) => ({ nodes: p.nodes!.upsert!.map(look), gone: p.nodes!.remove, edges: p.edges!.upsert!.map(line), goneEdges: p.edges!.remove });
    expect(shown(patch)).toEqual(shown(idle.update(r.graph, r.changed)));
    engine.patch(patch);
    expectSameAsFresh(engine, r.graph);
  });

  it('compact cards: every card again', () => {
    const graph = family();
    const cards = new PersonCards(opts);
    cards.build(graph);
    const patch = cards.setOptions(graph, { ...opts, compact: true });
    expect(patch.nodes!.upsert!.map((n) => n.id).sort()).toEqual(graph.nodes.map((n) => n.id).sort());
    expect(patch.nodes!.upsert!.every((n) => (n.data as CardData).compact)).toBe(true);
  });
});

describe('PersonCards: what a card and a line show is made when first drawn (issue 20, performance)', () => {
  const opts = { invitationsEnabled: true, compact: false, uid: UID, role: 'owner' as const };
  const routed = (e: EngineEdge) => (e as unknown as { routed: boolean }).routed;

  /** The family with one profile's reads written down. */
  function watched(profileId: string) {
    const graph = family();
    const read = new Set<string>();
    graph.profiles[profileId] = new Proxy(graph.profiles[profileId]!, {
      get: (t, k, r) => (read.add(String(k)), Reflect.get(t, k, r)),
    });
    return { graph, read };
  }

  it("a card's name, dates and buttons are made when first asked, and made again after the person changes", () => {
    const { graph, read } = watched('pr:byronk');
    const cards = new PersonCards(opts);
    const card = cards.build(graph).nodes.find((n) => n.id === 'n1003')!;
    expect(read.has('firstName') || read.has('birthYear')).toBe(false);
    expect(card.data.title).toBe('Byron King');
    expect(read.has('firstName')).toBe(true);
    expect(card.data.buttons!.map((b) => b.id)).toContain('unlink');

    const draft = new GraphDraft(graph);
    draft.setProfile({ ...graph.profiles['pr:byronk']!, firstName: 'Ada Byron' });
    const r = draft.finish();
    const again = cards.update(r.graph, r.changed).nodes!.upsert!.find((n) => n.id === 'n1003')!;
    expect((again.data as CardData).title).toBe('Ada Byron King');
    expect(card.data.title).toBe('Byron King');
  });

  it('a card reads its Unlink button from the tree as it is when first drawn; a drawn card is made again when that changes', () => {
    // Two people related only by a line each (graphs from before the migrations have such lines).
    const d = new GraphDraft(family());
    for (const [id, profileId] of [['n1010', 'pr:loner'], ['n1011', 'pr:other']] as const) {
      d.setNode({ ...d.node('n1003')!, id, position: { x: 600, y: id === 'n1010' ? 400 : 600 }, data: { profileId, parentRole: '', isPrimary: false } });
      d.setProfile(emptyProfile(profileId));
      d.setEdge(parentEdge('n1003', id));
    }
    const graph = d.finish().graph;
    const cards = new PersonCards(opts);
    const built = cards.build(graph).nodes;
    const drawn = built.find((n) => n.id === 'n1010')!;
    const notDrawn = built.find((n) => n.id === 'n1011')!;
    expect(drawn.data.buttons!.map((b) => b.id)).toContain('unlink');

    const unlink = new GraphDraft(graph);
    unlink.removeEdge('e-n1003-n1010');
    unlink.removeEdge('e-n1003-n1011');
    const r = unlink.finish();
    const patch = cards.update(r.graph, r.changed);
    const redrawn = patch.nodes!.upsert!.find((n) => n.id === 'n1010')!;
    expect(redrawn.data).not.toBe(drawn.data);
    expect((redrawn.data as CardData).buttons!.map((b) => b.id)).not.toContain('unlink');
    // The card not drawn yet keeps its drawing, which reads the tree when it is drawn.
    expect(patch.nodes!.upsert!.find((n) => n.id === 'n1011')).toBeUndefined();
    expect(notDrawn.data.buttons!.map((b) => b.id)).not.toContain('unlink');
  });

  it('a parent line is routed when first drawn, with every line into its row, and again after its child moves', () => {
    const graph = family();
    const cards = new PersonCards(opts);
    const lines = cards.build(graph).edges.filter((e) => e.type === 'fork');
    expect(lines.length).toBe(3);
    expect(lines.filter(routed)).toEqual([]);
    const whole = parentLineRoutes(graph, PERSON_CARD);
    const intoByron = lines.find((e) => e.id === 'e-n1001-n1003')!;
    expect(intoByron.pathOptions).toEqual(forkOptions(whole.get(intoByron.id)));
    expect(lines.filter(routed).map((e) => e.id)).toEqual(['e-n1001-n1003']);
    // Byron's other line shares his row (decided with it); Ada's line from her mother is in another row.
    expect(lines.find((e) => e.id === 'e-n1002-n1003')!.pathOptions).toEqual(forkOptions(whole.get('e-n1002-n1003')));

    const draft = new GraphDraft(graph);
    draft.setNode({ ...draft.node('n1002')!, position: { x: 900, y: 0 } });
    const moved = draft.finish();
    const patch = cards.update(moved.graph, moved.changed);
    const rerouted = patch.edges!.upsert!.find((e) => e.id === 'e-n1001-n1003')!;
    expect(rerouted.pathOptions).toEqual(forkOptions(parentLineRoutes(moved.graph, PERSON_CARD).get('e-n1001-n1003')));
    expect(rerouted.pathOptions).not.toEqual(intoByron.pathOptions);
  });

  it('on a generated family of 3,000 people every line, routed a row at a time as drawn, takes the route the whole tree gives it', () => {
    const graph = familyGraph(3000, UID);
    const whole = parentLineRoutes(graph, PERSON_CARD);
    const lines = new PersonCards(opts).build(graph).edges.filter((e) => e.type === 'fork');
    expect(lines.length).toBeGreaterThan(2000);
    // Drawn in an order of their own: the rows are decided as their first line is asked.
    for (const line of [...lines].reverse()) expect({ id: line.id, route: line.pathOptions }).toEqual({ id: line.id, route: forkOptions(whole.get(line.id)) });
  });

  it("the spouse lines of a generated family of 3,000 people are the domain's, ends, handles and colour", () => {
    const graph = familyGraph(3000, UID);
    const drawn = new PersonCards(opts).build(graph).edges.filter((e) => e.id.startsWith('sp-'));
    const wanted = spouseEdges(graph).filter((s) => !s.hidden);
    expect(drawn.length).toBeGreaterThan(500);
    const shape = (e: { id: string; source: string; target: string; sourceHandle?: string | null; targetHandle?: string | null; type?: string }, color: string | undefined) =>
      ({ id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle, targetHandle: e.targetHandle, type: e.type, color });
    expect(drawn.map((e) => shape(e, e.color)).sort((a, b) => a.id.localeCompare(b.id))).toEqual(wanted.map((s) => shape(s, s.colour)).sort((a, b) => a.id.localeCompare(b.id)));
    expect(drawn.every((e) => (e.data as { kind: string }).kind === 'spouse' && e.style?.width === 2)).toBe(true);
  });

  it('the engine culls a parent line by its reach, without routing it', () => {
    const lines = new PersonCards(opts).build(family()).edges.filter((e) => e.type === 'fork');
    expect(lines.every((e) => e.reach === PARENT_LINE.coupleReach / 2)).toBe(true);
    expect(lines.filter(routed)).toEqual([]);
  });
});
