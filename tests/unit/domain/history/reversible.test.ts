import { seededRandom } from '../../../../bench/scene/random.ts';
import { describe, expect, it } from 'vitest';
import { applyChangeSet, diffGraphs, type ChangeSet } from '../../../../src/domain/changeSet.ts';
import { beforeOf, graphReader, mergeBefores } from '../../../../src/domain/history/before.ts';
import { restoreChangeSet, revertConflicts } from '../../../../src/domain/history/restore.ts';
import { emptyProfile, RELATION_FIELDS } from '../../../../src/domain/profile.ts';
import type { FactEvent, Place } from '../../../../src/domain/facts/types.ts';
import type { Graph, GraphEdge, GraphNode, Profile } from '../../../../src/domain/types.ts';

/**
 * Issue 24's property: applying a change and then the change made from its before-values gives
 * back the graph, for random sequences of operations (a seeded generator: fast-check is not
 * installed). Each run is reproducible from its seed, printed when it fails.
 */


const pick = <T,>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const NAMES = ['Ada', 'Klaus', 'Mia', 'Otto', 'Zoe', ''];

function event(r: () => number, id: string): FactEvent {
  return { id, type: pick(r, ['BIRT', 'OCCU', 'RESI'] as const), customType: '', date: pick(r, ['', '1850', 'ABT 1900']), placeId: '', description: pick(r, ['', 'Baker', 'Smith']), age: '' };
}

function node(id: string, profileId: string, r: () => number): GraphNode {
  return { id, type: 'person', position: { x: Math.floor(r() * 500), y: Math.floor(r() * 500) }, modifiedAt: '', hidden: false, data: { profileId, parentRole: '', isPrimary: false } } as GraphNode;
}

function edge(a: string, b: string): GraphEdge {
  return { id: `e-${a}-${b}`, source: a, target: b, sourceHandle: 'bottom', targetHandle: 'top', type: 'default', hidden: false, data: { kind: 'parent' } };
}

function startGraph(r: () => number): Graph {
  const g: Graph = { nodes: [], edges: [], profiles: {}, places: {}, updatedAt: '', version: 1 };
  for (let i = 0; i < 6; i++) {
    const id = `pr:${i}`;
    g.profiles[id] = { ...emptyProfile(id), firstName: pick(r, NAMES), events: r() < 0.5 ? [event(r, `ev${i}a`)] : [] };
    g.nodes.push(node(`n${1001 + i}`, id, r));
  }
  return g;
}

let counter = 0;

/** One random operation: a new graph made from the last (as the tree's operations make them). */
function operate(g: Graph, r: () => number): Graph {
  const ids = Object.keys(g.profiles);
  const next: Graph = { ...g, profiles: { ...g.profiles }, nodes: [...g.nodes], edges: [...g.edges], places: { ...(g.places ?? {}) } };
  const some = () => (ids.length ? pick(r, ids) : null);
  switch (Math.floor(r() * 9)) {
    case 0: {
      const id = `pr:n${++counter}`;
      next.profiles[id] = { ...emptyProfile(id), firstName: pick(r, NAMES), lastName: 'New' };
      next.nodes.push(node(`n${5000 + counter}`, id, r));
      break;
    }
    case 1: {
      // Delete a person: card, lines, profile and their entries in others' lists.
      const id = some();
      if (!id) break;
      const cards = new Set(next.nodes.filter((n) => n.data.profileId === id).map((n) => n.id));
      next.nodes = next.nodes.filter((n) => !cards.has(n.id));
      next.edges = next.edges.filter((e) => !cards.has(e.source) && !cards.has(e.target));
      delete next.profiles[id];
      for (const [pid, p] of Object.entries(next.profiles)) {
        if (RELATION_FIELDS.some((f) => p[f].includes(id))) next.profiles[pid] = { ...p, spouses: p.spouses.filter((x) => x !== id), parents: p.parents.filter((x) => x !== id), children: p.children.filter((x) => x !== id) };
      }
      break;
    }
    case 2: {
      const id = some();
      if (id) next.profiles[id] = { ...next.profiles[id]!, firstName: pick(r, NAMES), bio: pick(r, ['', 'A baker', 'Sailor']) };
      break;
    }
    case 3: {
      const a = some();
      const b = some();
      if (!a || !b || a === b || next.profiles[a]!.children.includes(b)) break;
      next.profiles[a] = { ...next.profiles[a]!, children: [...next.profiles[a]!.children, b] };
      next.profiles[b] = { ...next.profiles[b]!, parents: [...next.profiles[b]!.parents, a] };
      const na = next.nodes.find((n) => n.data.profileId === a);
      const nb = next.nodes.find((n) => n.data.profileId === b);
      if (na && nb && !next.edges.some((e) => e.id === `e-${na.id}-${nb.id}`)) next.edges.push(edge(na.id, nb.id));
      break;
    }
    case 4: {
      const a = some();
      if (!a) break;
      const p = next.profiles[a]!;
      if (!p.children.length) break;
      const c = pick(r, p.children);
      next.profiles[a] = { ...p, children: p.children.filter((x) => x !== c) };
      if (next.profiles[c]) next.profiles[c] = { ...next.profiles[c]!, parents: next.profiles[c]!.parents.filter((x) => x !== a) };
      break;
    }
    case 5: {
      if (!next.nodes.length) break;
      const i = Math.floor(r() * next.nodes.length);
      next.nodes[i] = { ...next.nodes[i]!, position: { x: Math.floor(r() * 900), y: 3 } };
      break;
    }
    case 6: {
      const id = some();
      if (!id) break;
      const p = next.profiles[id]!;
      const events = [...(p.events ?? [])];
      if (events.length && r() < 0.5) events.splice(Math.floor(r() * events.length), 1);
      else if (events.length && r() < 0.5) events[0] = { ...events[0]!, description: 'Changed' };
      else events.push(event(r, `ev${++counter}`));
      next.profiles[id] = { ...p, events };
      break;
    }
    case 7: {
      const id = `pl${++counter}`;
      const keys = Object.keys(next.places!);
      if (keys.length && r() < 0.4) delete next.places![pick(r, keys)];
      else next.places![id] = { id, name: pick(r, ['Bonn', 'Kiel']), parentId: '', latitude: null, longitude: null, otherNames: [] } as unknown as Place;
      break;
    }
    default: {
      if (next.edges.length && r() < 0.5) next.edges.splice(Math.floor(r() * next.edges.length), 1);
      break;
    }
  }
  return next;
}

/** A change set with redundant parts the wire allows: an entry added that is there, one removed that is not. */
function withNoise(cs: ChangeSet, g: Graph, r: () => number): ChangeSet {
  const ids = Object.keys(g.profiles).filter((id) => !cs.profiles.remove.includes(id) && !cs.profiles.upsert.some((p) => p.id === id));
  if (!ids.length || r() < 0.5) return cs;
  const id = pick(r, ids);
  const p = g.profiles[id]!;
  return {
    ...cs,
    profiles: { ...cs.profiles, upsert: [...cs.profiles.upsert, { id, add: { children: [...p.children.slice(0, 1)] }, remove: { spouses: ['pr:nobody'] }, events: { upsert: [], remove: ['evNone'] } }] },
  };
}

/** The graph with order that does not carry meaning taken out (lists as sets, items by id). */
function canonical(g: Graph): unknown {
  const byId = <T extends { id: string }>(xs: readonly T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));
  const profile = (p: Profile) => ({ ...p, spouses: [...p.spouses].sort(), parents: [...p.parents].sort(), children: [...p.children].sort(), events: byId(p.events ?? []), names: byId(p.names ?? []) });
  return {
    nodes: byId(g.nodes),
    edges: byId(g.edges),
    profiles: Object.fromEntries(Object.entries(g.profiles).sort().map(([id, p]) => [id, profile(p)])),
    places: Object.fromEntries(Object.entries(g.places ?? {}).sort()),
  };
}

describe('a change and the change made from its before-values', () => {
  it('gives back the graph, for random operation sequences (200 seeds × 12 steps)', { timeout: 60_000 }, () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = seededRandom(seed);
      let g = startGraph(r);
      for (let step = 0; step < 12; step++) {
        const cs = withNoise(diffGraphs(g, operate(g, r)), g, r);
        const before = beforeOf(graphReader(g), cs);
        const after = applyChangeSet(g, cs);
        // Nothing has changed since: the revert has no conflicts.
        const conflicts = revertConflicts(cs, before, graphReader(after));
        if (conflicts.length) expect(conflicts, `seed ${seed} step ${step}`).toEqual([]);
        const back = applyChangeSet(after, restoreChangeSet(JSON.parse(JSON.stringify(before)), graphReader(after)));
        if (JSON.stringify(canonical(back)) !== JSON.stringify(canonical(g))) expect(canonical(back), `seed ${seed} step ${step}`).toEqual(canonical(g));
        g = after;
      }
    }
  });

  it('reverting everything after a point gives back the graph at that point', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const r = seededRandom(seed * 7919);
      const start = startGraph(r);
      let g = start;
      const befores = [];
      for (let step = 0; step < 10; step++) {
        const cs = diffGraphs(g, operate(g, r));
        befores.push(beforeOf(graphReader(g), cs));
        g = applyChangeSet(g, cs);
      }
      const back = applyChangeSet(g, restoreChangeSet(mergeBefores(befores), graphReader(g)));
      if (JSON.stringify(canonical(back)) !== JSON.stringify(canonical(start))) expect(canonical(back), `seed ${seed}`).toEqual(canonical(start));
    }
  });
});

describe('revert conflicts', () => {
  const g = startGraph(seededRandom(3));
  const renamed: Graph = { ...g, profiles: { ...g.profiles, 'pr:1': { ...g.profiles['pr:1']!, firstName: 'Klaus', bio: 'x' } } };
  const cs = diffGraphs(g, renamed);
  const before = beforeOf(graphReader(g), cs);

  it('are none while nothing changed since', () => {
    expect(revertConflicts(cs, before, graphReader(renamed))).toEqual([]);
  });

  it('name each field changed again since, and leave the others out', () => {
    const later: Graph = { ...renamed, profiles: { ...renamed.profiles, 'pr:1': { ...renamed.profiles['pr:1']!, firstName: 'Karl', lastName: 'Other' } } };
    expect(revertConflicts(cs, before, graphReader(later))).toEqual([{ kind: 'profiles', id: 'pr:1', field: 'firstName' }]);
  });

  it('name a person deleted since', () => {
    const { 'pr:1': _gone, ...rest } = renamed.profiles;
    expect(revertConflicts(cs, before, graphReader({ ...renamed, profiles: rest }))).toEqual([{ kind: 'profiles', id: 'pr:1' }]);
  });

  it('a restore keeps later edits of fields the change did not touch', () => {
    const later: Graph = { ...renamed, profiles: { ...renamed.profiles, 'pr:1': { ...renamed.profiles['pr:1']!, lastName: 'Later' } } };
    const back = applyChangeSet(later, restoreChangeSet(before, graphReader(later)));
    expect(back.profiles['pr:1']).toMatchObject({ firstName: g.profiles['pr:1']!.firstName, bio: '', lastName: 'Later' });
  });
});
