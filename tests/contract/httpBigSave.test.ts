import { describe, expect, it } from 'vitest';
import { diffGraphs } from '../../src/domain/changeSet.ts';
import type { Graph } from '../../src/domain/types.ts';
import { addNew } from '../integration/graphHelpers.ts';
import { useHttpSite } from './httpSite.ts';
import { listen, moveCard, ownTree, primaryId } from './specs/trees.ts';

/**
 * A save larger than the server takes in one request (Tidy up of a whole tree of 100,000 people
 * is about 21 MB against SAVE_BODY_LIMIT's 20 MB) goes through the bulk path by itself and is
 * still one revision. The limit is lowered to 8 KB here, on the server and in the adapter alike.
 */
describe('a save too large for one request, on the self-hosted server', () => {
  const site = useHttpSite({ saveBodyLimit: 8 * 1024 });

  it('is saved as one revision through the bulk path, and small saves go on as before', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    let graph: Graph = tree.saved;
    for (let i = 0; i < 60; i++) graph = addNew(graph, ada.uid, 'child', primaryId(tree.saved), { firstName: `Child ${i}` }).graph;
    const changes = diffGraphs(tree.saved, graph);
    expect(JSON.stringify(changes).length).toBeGreaterThan(8 * 1024);
    const live = listen(ada.browser, tree.graphId, tree.saved.revision);

    const { revision } = await ada.browser.graphs.save(tree.graphId, changes, 'tab-big', ['parents-children-v1']);
    expect(revision).toBe(tree.saved.revision + 1);
    const loaded = await ada.browser.graphs.load();
    expect(loaded.graph.revision).toBe(revision);
    expect(loaded.graph.nodes).toHaveLength(61);
    expect(loaded.migrations).toContain('parents-children-v1');
    const [event] = await live.received(1);
    expect(event).toMatchObject({ revision, clientId: 'tab-big' });
    tree.saved = { ...graph, revision };

    // A small save is one request, as ever: the next revision, heard once.
    const moved = await ada.browser.graphs.save(tree.graphId, moveCard(tree.saved, primaryId(tree.saved), 500), 'tab-big');
    expect(moved.revision).toBe(revision + 1);
    await live.received(2);
    expect(live.changes.map((e) => e.revision)).toEqual([revision, revision + 1]);
    live.stop();
  });
});
