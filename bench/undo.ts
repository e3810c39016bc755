/**
 * `npx tsx bench/undo.ts [--json FILE] [--persons N]`: what the tree's one reversible change
 * costs the open tree (issue 24, item 1), in Node on a generated family of N people (100,000 by
 * default). For two edits — renaming one person, and moving every card (a Tidy up of the whole
 * tree) — the median ms of: `changeOf` (the change set and its before-values, made once per edit
 * by the session), and one Undo step (`undoConflicts`, `undoChangeSet`, `applyAsOperation`).
 * Prints the figures and writes them as JSON (default bench/results/undo.json).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { claimGraph, GraphDraft, graphIndex, type OpResult } from '../src/domain/graphDraft.ts';
import { changeOf, graphItems, undoChangeSet, undoConflicts } from '../src/domain/reversibleChange.ts';
import type { Graph } from '../src/domain/types.ts';
import { applyAsOperation } from '../src/screens/tree/session/graphChanges.ts';
import { familyGraph } from './scene/familyGraph.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const PERSONS = Number(flag('--persons') ?? 100_000);
const out = flag('--json') ?? 'bench/results/undo.json';
const REPS = { rename: 50, moveAll: 7 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => Math.round(n * 100) / 100;

const edits: Record<keyof typeof REPS, (g: Graph, k: number) => OpResult> = {
  rename: (g, k) => {
    const draft = new GraphDraft(g);
    const id = g.nodes[k % g.nodes.length]!.data.profileId;
    draft.setProfile({ ...draft.profile(id)!, firstName: `Name ${k}` });
    return draft.finish();
  },
  moveAll: (g, k) => {
    const draft = new GraphDraft(g);
    for (const n of g.nodes) draft.setNode({ ...n, position: { x: n.position.x + k + 1, y: n.position.y } });
    return draft.finish();
  },
};

const by = { uid: 'bench', now: '2026-11-28T00:00:00.000Z', onServer: () => true };
const results: Record<string, { changeOfMs: number; undoMs: number; items: number }> = {};
let graph: Graph = claimGraph(familyGraph(PERSONS, 'bench'), true);
graphIndex(graph);
for (const name of Object.keys(REPS) as (keyof typeof REPS)[]) {
  const made: number[] = [];
  const undone: number[] = [];
  let items = 0;
  for (let k = 0; k < REPS[name]; k++) {
    const result = edits[name](graph, k);
    let t = performance.now();
    const change = changeOf(result, graph);
    made.push(performance.now() - t);
    graph = claimGraph(result.graph);
    items = change.changes.nodes.upsert.length + change.changes.profiles.upsert.length;
    t = performance.now();
    const current = graphItems(graph);
    if (undoConflicts(change, current).length) throw new Error('an undo found a conflict');
    graph = claimGraph(applyAsOperation(graph, undoChangeSet(change, current, by)).graph);
    undone.push(performance.now() - t);
  }
  results[name] = { changeOfMs: ms(median(made)), undoMs: ms(median(undone)), items };
  console.log(`${name} (${items} items, ${PERSONS} people): changeOf ${results[name].changeOfMs} ms, undo ${results[name].undoMs} ms (medians of ${REPS[name]})`);
}
writeFileSync(out, JSON.stringify({ persons: PERSONS, at: new Date().toISOString(), loadAverage: loadavg()[0], results }, null, 2) + '\n');
