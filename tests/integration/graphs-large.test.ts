import { beforeAll, describe, expect, it } from 'vitest';
import { diffGraphs, emptyChangeSet } from '../../src/domain/changeSet.ts';
import { edgeId } from '../../src/domain/ids.ts';
import { newProfile } from '../../src/domain/profile.ts';
import { PARENT_EDGE_HANDLES, PARENT_EDGE_TYPE } from '../../src/domain/relationships.ts';
import type { Graph, GraphEdge, GraphNode } from '../../src/domain/types.ts';
import { createMember, useTestServer, type Member } from './helpers.ts';
import { loadGraph, postChanges } from './graphHelpers.ts';

const PEOPLE = 10_000;
/** Issue 4: opening a 10,000-person tree is under 2 s from request to first frame. */
const LOAD_BUDGET_MS = 2000;

/** The tests build on one another: the big tree the first one saves, the second one changes. */
const site = useTestServer({ keepData: true });
let owner: Member;
let big: Graph;

beforeAll(async () => {
  owner = await createMember(site.server);
});

/** A tree of `count` people: each has up to three children; the owner is the root and primary. */
function buildTree(base: Graph, uid: string, count: number): Graph {
  const now = new Date().toISOString();
  const profiles = { ...base.profiles };
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const pid = (i: number) => (i === 0 ? uid : `pr:${i.toString(16).padStart(32, '0')}`);
  for (let i = 0; i < count; i++) {
    const id = `n${1001 + i}`;
    nodes.push({ id, type: 'person', position: { x: (i % 100) * 200, y: Math.floor(i / 100) * 180 }, modifiedAt: now, hidden: false, data: { profileId: pid(i), parentRole: '', isPrimary: i === 0 } });
    if (i > 0) {
      profiles[pid(i)] = newProfile(pid(i), { firstName: `Person${i}`, lastName: 'Large', birthYear: String(1900 + (i % 120)), gender: i % 2 ? 'F' : 'M', bio: 'A life worth a line of text.' }, { uid, now });
    }
  }
  for (let i = 1; i < count; i++) {
    const parent = Math.floor((i - 1) / 3);
    const source = `n${1001 + parent}`;
    const target = `n${1001 + i}`;
    edges.push({ id: edgeId(source, target), source, target, ...PARENT_EDGE_HANDLES, type: PARENT_EDGE_TYPE, hidden: false, data: { kind: 'parent' } });
    profiles[pid(parent)] = { ...profiles[pid(parent)]!, children: [...profiles[pid(parent)]!.children, pid(i)] };
    profiles[pid(i)] = { ...profiles[pid(i)]!, parents: [pid(parent)] };
  }
  return { ...base, nodes, edges, profiles };
}

describe(`a ${PEOPLE.toLocaleString('en')}-person tree`, () => {
  it('is saved as one change set (an import) and opens well within the budget', async () => {
    const empty = (await loadGraph(owner.client)).graph;
    big = buildTree(empty, owner.uid, PEOPLE);
    const changes = diffGraphs(empty, big);
    const body = JSON.stringify({ changes, clientId: 'import', migrations: [] });
    let t = performance.now();
    const saved = await postChanges(owner.client, owner.uid, changes, 'import');
    const saveMs = performance.now() - t;
    expect(saved.status, saved.text.slice(0, 500)).toBe(200);

    const times: number[] = [];
    let loaded: Awaited<ReturnType<typeof loadGraph>> | undefined;
    for (let i = 0; i < 3; i++) {
      t = performance.now();
      loaded = await loadGraph(owner.client);
      times.push(performance.now() - t);
    }
    expect(loaded!.graph.nodes).toHaveLength(PEOPLE);
    expect(loaded!.graph.edges).toHaveLength(PEOPLE - 1);
    expect(Object.keys(loaded!.graph.profiles)).toHaveLength(PEOPLE);
    expect(loaded!.graph.nodes.map((n) => n.id)).toEqual(big.nodes.map((n) => n.id));
    console.info(
      `[graphs-large] import of ${PEOPLE} people: body ${(body.length / 1e6).toFixed(1)} MB saved in ${saveMs.toFixed(0)} ms; ` +
        `GET /api/graph (request → parsed JSON, ${(JSON.stringify(loaded).length / 1e6).toFixed(1)} MB): ${times.map((x) => x.toFixed(0)).join(' / ')} ms`,
    );
    expect(Math.min(...times)).toBeLessThan(LOAD_BUDGET_MS);
  });

  it('moving one card sends one small change set and saves fast', async () => {
    const node = big.nodes[PEOPLE / 2]!;
    const moved = { ...big, nodes: big.nodes.map((n) => (n === node ? { ...n, position: { x: n.position.x + 40, y: n.position.y + 15 } } : n)) };
    const loaded = (await loadGraph(owner.client)).graph;
    const changes = diffGraphs({ ...big, revision: loaded.revision }, moved);
    expect(changes.nodes.upsert).toHaveLength(1);
    expect({ ...changes, nodes: { ...changes.nodes, upsert: [] } }).toEqual(emptyChangeSet(loaded.revision));
    const bytes = JSON.stringify({ changes, clientId: 'tab-1' }).length;
    expect(bytes).toBeLessThan(600);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const cs = { ...changes, nodes: { upsert: [{ ...changes.nodes.upsert[0]!, position: { x: i, y: i } }], remove: [] } };
      const t = performance.now();
      const res = await postChanges(owner.client, owner.uid, cs, 'tab-1');
      times.push(performance.now() - t);
      expect(res.status, res.text).toBe(200);
    }
    console.info(`[graphs-large] one-card move: ${bytes} bytes; saved in ${times.map((x) => x.toFixed(0)).join(' / ')} ms`);
    expect(Math.min(...times)).toBeLessThan(500);
  });
});
