import { expect, it } from 'vitest';
import type { ImportProgress } from '../../../src/backend/ports.ts';
import { diffGraphs, emptyChangeSet } from '../../../src/domain/changeSet.ts';
import { chunked, importTooLarge } from '../../../src/domain/changeSetChunks.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { addNew } from '../../integration/graphHelpers.ts';
import type { Site } from '../site.ts';
import { listen, ownTree, primaryId } from './trees.ts';

/** GraphImporter (src/backend/ports.ts): a change set of any size as ONE revision, or nothing. */
export function graphImporterContract(site: Site) {
  it('imports a family as one revision, one live event, reporting progress up to done', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    let graph: Graph = tree.saved;
    for (let i = 0; i < 40; i++) graph = addNew(graph, ada.uid, 'child', primaryId(tree.saved), { firstName: `Child ${i}` }).graph;
    const live = listen(ada.browser, tree.graphId, tree.saved.revision);
    const progress: ImportProgress[] = [];
    const { revision } = await ada.browser.imports.importChangeSet(tree.graphId, diffGraphs(tree.saved, graph), 'tab-import', (p) => progress.push(p), {
      markMigrations: ['parents-children-v1'],
    });
    expect(revision).toBe(tree.saved.revision + 1);
    expect(progress[0]).toEqual({ phase: 'sending', sent: 0 });
    expect(progress.at(-1)).toEqual({ phase: 'done', sent: 1 });
    expect(progress.map((p) => p.sent)).toEqual([...progress.map((p) => p.sent)].sort((a, b) => a - b));

    const loaded = await ada.browser.graphs.load();
    expect(loaded.graph.revision).toBe(revision);
    expect(loaded.graph.nodes).toHaveLength(41);
    expect(loaded.migrations).toContain('parents-children-v1');
    const [event] = await live.received(1);
    expect(event).toMatchObject({ revision, clientId: 'tab-import' });
    live.stop();
  });

  it('takes a change set already cut into chunk bodies (as the import worker sends it), cut at any size', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    let graph: Graph = tree.saved;
    for (let i = 0; i < 30; i++) graph = addNew(graph, ada.uid, 'child', primaryId(tree.saved), { firstName: `Child ${i}` }).graph;
    // Small bodies: a backend aiming at another size cuts them again.
    const { revision } = await ada.browser.imports.importChangeSet(tree.graphId, chunked(diffGraphs(tree.saved, graph), 4000), 'tab-import');
    const loaded = await ada.browser.graphs.load();
    expect(loaded.graph.revision).toBe(revision);
    expect(loaded.graph.nodes).toHaveLength(31);
    expect(Object.values(loaded.graph.profiles).filter((p) => p.firstName.startsWith('Child '))).toHaveLength(30);
  });

  it("refuses an import over the backend's limits before sending anything", async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const tooMany = { ...emptyChangeSet(0), nodes: { upsert: Array(site.importLimits.people + 1).fill(null), remove: [] } };
    await expect(ada.browser.imports.importChangeSet(tree.graphId, tooMany, 'tab-import')).rejects.toMatchObject({
      code: 'invalid-argument',
      message: importTooLarge(site.importLimits),
    });
    expect((await ada.browser.graphs.load()).graph.revision).toBe(tree.saved.revision);
  });

  it('refuses an import that breaks a rule whole: nothing of it is written', async () => {
    const ada = await site.member();
    const tree = await ownTree(ada);
    const child = addNew(tree.saved, ada.uid, 'child', primaryId(tree.saved), { firstName: 'Kept out' }).graph;
    const breaking = diffGraphs(tree.saved, { ...child, nodes: child.nodes.filter((n) => !n.data.isPrimary) });
    await expect(ada.browser.imports.importChangeSet(tree.graphId, breaking, 'tab-import')).rejects.toMatchObject({ code: 'permission-denied' });
    const loaded = await ada.browser.graphs.load();
    expect(loaded.graph.revision).toBe(tree.saved.revision);
    expect(loaded.graph.nodes.map((n) => n.id)).toEqual([primaryId(tree.saved)]);
  });
}
