import { expect } from 'vitest';
import type { GraphChangeEvent, GraphSubscription, LoadedGraph } from '../../../src/backend/ports.ts';
import { diffGraphs, emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import type { Graph, GraphNode } from '../../../src/domain/types.ts';
import { eventually } from '../../integration/helpers.ts';
import { addNew } from '../../integration/graphHelpers.ts';
import type { Browser, Member } from '../site.ts';

/** A member's open tree, as the tree screen keeps it: what the backend confirmed. */
export interface Tree {
  member: Member;
  graphId: string;
  saved: Graph & { revision: number };
}

/** Opens the member's Family Tree and, like the tree screen, saves their own card when it is empty. */
export async function ownTree(member: Member): Promise<Tree> {
  const loaded = await member.browser.graphs.load();
  const tree: Tree = { member, graphId: loaded.graphId, saved: loaded.graph };
  if (!loaded.graph.nodes.length) {
    const primary: GraphNode = {
      id: 'n1001',
      type: 'person',
      position: { x: 0, y: 0 },
      modifiedAt: new Date().toISOString(),
      hidden: false,
      data: { profileId: member.uid, parentRole: '', isPrimary: true },
    };
    await save(tree, { ...loaded.graph, nodes: [primary] });
  }
  return tree;
}

/** Saves what `graph` changes of the tree (from `browser`, the member's own by default). */
export async function save(tree: Tree, graph: Graph, clientId = 'tab-contract', browser: Browser = tree.member.browser): Promise<number> {
  const { revision } = await browser.graphs.save(tree.graphId, diffGraphs(tree.saved, graph), clientId);
  tree.saved = { ...graph, revision };
  return revision;
}

/** The tree with a new child of the member's own card. */
export function withChild(tree: Tree, firstName = 'Child') {
  return addNew(tree.saved, tree.member.uid, 'child', primaryId(tree.saved), { firstName });
}

export const primaryId = (graph: Graph) => graph.nodes.find((n) => n.data.isPrimary)!.id;

/** A change set that moves one card. */
export function moveCard(graph: Graph, nodeId: string, x: number): ChangeSet {
  const cs = emptyChangeSet(graph.revision ?? 0);
  const node = graph.nodes.find((n) => n.id === nodeId)!;
  cs.nodes.upsert.push({ ...node, position: { x, y: node.position.y } });
  return cs;
}

/** A live subscription that keeps what it is handed. */
export function listen(browser: Browser, graphId: string, since: number) {
  const changes: GraphChangeEvent[] = [];
  const reloads: LoadedGraph[] = [];
  const handlers: GraphSubscription = { onChange: (e) => changes.push(e), onReload: (l) => reloads.push(l) };
  const stop = browser.graphs.subscribe(graphId, since, handlers);
  return {
    changes,
    reloads,
    stop,
    /** Waits until `count` change sets have arrived. */
    async received(count: number) {
      await eventually(() => (changes.length >= count ? true : undefined), 20_000);
      return changes;
    },
  };
}

export function expectInOrder(events: GraphChangeEvent[], from: number) {
  expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => from + i));
}
