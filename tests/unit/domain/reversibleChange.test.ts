import { seededRandom } from '../../../bench/scene/random.ts';
import { describe, expect, it } from 'vitest';
import { applyChangeSet } from '../../../src/domain/changeSet.ts';
import { collapseChildren, expandChildren } from '../../../src/domain/collapse.ts';
import { savePerson } from '../../../src/domain/editPerson.ts';
import { addCoupleEvent, addPersonEvent, areSpouses, editPersonEvent, removePersonEvent } from '../../../src/domain/facts/eventOps.ts';
import { editPlace, removePlace } from '../../../src/domain/facts/placeEdit.ts';
import type { OpResult } from '../../../src/domain/graphDraft.ts';
import { newProfile } from '../../../src/domain/profile.ts';
import { addRelative, deletePerson, relationsOf, unlinkRelation } from '../../../src/domain/relationships.ts';
import { changeOf, graphItems, undoChangeSet, undoConflicts, type ReversibleChange } from '../../../src/domain/reversibleChange.ts';
import type { Graph, Profile } from '../../../src/domain/types.ts';
import { applyAsOperation } from '../../../src/screens/tree/session/graphChanges.ts';
import { makeGraph } from './helpers.ts';

/**
 * Issue 24, item 1, for the tree's own operations: an operation's answer made one reversible
 * change (`changeOf`), and the change made from its before (`undoChangeSet`) gives back the graph,
 * for random sequences of add relative, delete, edit person, unlink, collapse and expand, events
 * and places (a seeded generator, as tests/unit/domain/history/reversible.test.ts: fast-check is
 * not installed). Undoing the whole sequence newest first gives back the graph it started from.
 */


const pick = <T,>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const NOW = '2026-11-28T10:00:00.000Z';
const by = { uid: 'u-owner', now: NOW, onServer: () => true };

let counter = 0;

type Op = (g: Graph, r: () => number) => OpResult | null;

const ok = (o: { ok: boolean }): OpResult | null => (o.ok ? (o as unknown as OpResult) : null);
const cards = (g: Graph) => g.nodes.filter((n) => n.data.profileId);
const people = (g: Graph) => Object.keys(g.profiles);
const event = (r: () => number) => ({ type: pick(r, ['BIRT', 'OCCU', 'RESI'] as const), customType: '', date: pick(r, ['', '1850', 'ABT 1900']), description: pick(r, ['', 'Baker']), age: '', place: pick(r, ['', 'Bonn', 'Kiel, Germany']) });

const OPERATIONS: Record<string, Op> = {
  addRelative: (g, r) => {
    const ref = pick(r, cards(g));
    const kind = pick(r, ['child', 'parent', 'spouse', 'sibling'] as const);
    const id = `pr:new${++counter}`;
    const person = { newProfile: newProfile(id, { firstName: pick(r, ['Ada', 'Otto', 'Mia']), lastName: 'New' }, { uid: 'u-owner', now: NOW }) as Profile };
    return ok(addRelative(g, { kind, referenceNodeId: ref.id, parentRole: pick(r, ['mother', 'father'] as const), person, now: NOW, findFree: (p) => ({ x: p.x + counter * 7, y: p.y }) }));
  },
  delete: (g, r) => {
    const candidates = cards(g).filter((n) => !n.data.isPrimary);
    return candidates.length ? ok(deletePerson(g, pick(r, candidates).id)) : null;
  },
  edit: (g, r) => ok(savePerson(g, { nodeId: pick(r, cards(g)).id, fields: { firstName: pick(r, ['Klaus', 'Zoe', '']), bio: pick(r, ['', 'A sailor']) }, uid: 'u-editor', now: NOW })),
  unlink: (g, r) => {
    const node = pick(r, cards(g));
    const relations = relationsOf(g, node.id);
    return relations.length ? ok(unlinkRelation(g, { nodeId: node.id, relation: pick(r, relations) })) : null;
  },
  collapse: (g, r) => {
    const node = pick(r, cards(g));
    return r() < 0.5 ? collapseChildren(g, node.id) : expandChildren(g, node.id);
  },
  events: (g, r) => {
    const profileId = pick(r, people(g));
    const ctx = { uid: 'u-editor', now: NOW, random: r };
    const held = g.profiles[profileId]!.events ?? [];
    if (held.length && r() < 0.3) return ok(removePersonEvent(g, { profileId, eventId: pick(r, held).id, uid: ctx.uid, now: NOW }));
    if (held.length && r() < 0.5) return ok(editPersonEvent(g, { profileId, eventId: pick(r, held).id, fields: event(r), ...ctx }));
    return ok(addPersonEvent(g, { profileId, fields: event(r), ...ctx }));
  },
  coupleEvent: (g, r) => {
    const ids = people(g);
    const a = pick(r, ids);
    const b = g.profiles[a]!.spouses.find((s) => areSpouses(g, a, s));
    return b ? ok(addCoupleEvent(g, { partners: [a, b], fields: { ...event(r), type: 'MARR' }, uid: 'u-editor', now: NOW, random: r })) : null;
  },
  places: (g, r) => {
    const ids = Object.keys(g.places ?? {});
    if (!ids.length) return null;
    const placeId = pick(r, ids);
    if (r() < 0.3) return ok(removePlace(g, { placeId }));
    return ok(editPlace(g, { placeId, fields: { ...g.places![placeId]!, name: pick(r, ['Bonn', 'Köln', 'Berlin']) } }));
  },
};

/** JSON with every object's keys in one order (normalised items list their fields in their own). */
function stable(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
}

/** The graph with order that carries no meaning taken out (lists as sets, items by id). */
function canonical(g: Graph): string {
  const byId = <T extends { id: string }>(xs: readonly T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));
  const sortedRecord = (rec: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(rec ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));
  const profile = (p: Profile) => ({ ...p, spouses: [...p.spouses].sort(), parents: [...p.parents].sort(), children: [...p.children].sort(), events: byId(p.events ?? []), names: byId(p.names ?? []) });
  return stable({
    nodes: byId(g.nodes).map((n) => ({ ...n, hidden: !!n.hidden })),
    edges: byId(g.edges).map((e) => ({ ...e, hidden: !!e.hidden })),
    profiles: Object.fromEntries(Object.entries(g.profiles).sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, p]) => [id, profile(p)])),
    places: sortedRecord(g.places),
    couples: sortedRecord(g.couples),
    sources: sortedRecord(g.sources),
  });
}

function startGraph(): Graph {
  return makeGraph({
    people: [{ node: 'n1001', profile: 'u-owner', primary: true }, { node: 'n1002' }, { node: 'n1003' }, { node: 'n1004' }],
    parents: [['n1001', 'n1003'], ['n1002', 'n1003']],
    spouses: [['n1001', 'n1002']],
  });
}

const undoOn = (g: Graph, change: ReversibleChange) => applyAsOperation(g, undoChangeSet(change, graphItems(g), by)).graph;

describe("the tree's operations as one reversible change", () => {
  it('applying one and then its undo gives back the graph, for random sequences (100 seeds × 14 steps)', { timeout: 60_000 }, () => {
    const names = Object.keys(OPERATIONS);
    const used = new Set<string>();
    for (let seed = 1; seed <= 100; seed++) {
      const r = seededRandom(seed);
      const start = startGraph();
      let g = start;
      const changes: ReversibleChange[] = [];
      for (let step = 0; step < 14; step++) {
        const name = pick(r, names);
        const result = OPERATIONS[name]!(g, r);
        if (!result || (!result.changed.nodes.length && !result.changed.edges.length && !result.changed.profiles.length)) continue;
        used.add(name);
        const where = `seed ${seed} step ${step} (${name})`;
        const change = changeOf(result, g);
        const after = result.graph;
        // The change set is the operation: the server applying it gets the same graph.
        expect(canonical(applyChangeSet(g, change.changes)), where).toBe(canonical(after));
        expect(undoConflicts(change, graphItems(after)), where).toEqual([]);
        expect(canonical(undoOn(after, change)), where).toBe(canonical(g));
        changes.push(change);
        g = after;
      }
      for (const change of changes.reverse()) g = undoOn(g, change);
      expect(canonical(g), `seed ${seed}: all undone`).toBe(canonical(start));
    }
    expect([...used].sort()).toEqual([...names].sort());
  });

  it('an undo is refused when what the change touched was changed again since', () => {
    const g = startGraph();
    const result = savePerson(g, { nodeId: 'n1002', fields: { firstName: 'Klaus' }, uid: 'u-editor', now: NOW }) as unknown as OpResult;
    const change = changeOf(result, g);
    const later = savePerson(result.graph, { nodeId: 'n1002', fields: { firstName: 'Karl' }, uid: 'u-other', now: NOW }) as unknown as OpResult;
    expect(undoConflicts(change, graphItems(later.graph))).toEqual([{ kind: 'profiles', id: 'pr:n1002', field: 'firstName' }]);
    // Another field changed since is no conflict, and the undo keeps it.
    const other = savePerson(result.graph, { nodeId: 'n1002', fields: { firstName: 'Klaus', lastName: 'Other' }, uid: 'u-other', now: NOW }) as unknown as OpResult;
    expect(undoConflicts(change, graphItems(other.graph))).toEqual([]);
    expect(undoOn(other.graph, change).profiles['pr:n1002']).toMatchObject({ firstName: 'n1002', lastName: 'Other' });
  });

  it('a person the undo makes again is created by the member undoing once the server no longer has them', () => {
    const g = startGraph();
    const result = deletePerson(g, 'n1004') as unknown as OpResult;
    const change = changeOf(result, g);
    const onServer = undoChangeSet(change, graphItems(result.graph), by).profiles.upsert.find((p) => p.id === 'pr:n1004')!;
    expect(onServer.set?.createdBy).toBe('u-owner');
    const gone = undoChangeSet(change, graphItems(result.graph), { ...by, uid: 'u-editor', onServer: () => false }).profiles.upsert.find((p) => p.id === 'pr:n1004')!;
    expect(gone).toMatchObject({ create: true, set: { createdBy: 'u-editor', createdAt: NOW } });
  });
});
