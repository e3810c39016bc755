import { beforeEach, describe, expect, it } from 'vitest';
import type { TreeSummary } from '../../../src/backend/ports.ts';
import { clearTrees, currentTree, loadTrees, noteOpenedTree, treePath, treesState } from '../../../src/state/trees.ts';

const tree = (graphId: string, current = false): TreeSummary => ({
  graphId,
  name: `${graphId} family tree`,
  ownerUid: graphId,
  ownerName: graphId,
  role: 'editor',
  people: 3,
  joinedAt: '',
  current,
});

/** The repository's list, counting how often it is asked. */
function repo(answer: () => TreeSummary[]) {
  const r = { calls: 0, list: async () => (r.calls++, answer()) };
  return r;
}

describe('the member’s trees', () => {
  beforeEach(clearTrees);

  it('loads once per member; `force` loads again', async () => {
    const r = repo(() => [tree('a', true), tree('b')]);
    await Promise.all([loadTrees('u1', false, r), loadTrees('u1', false, r)]);
    await loadTrees('u1', false, r);
    expect(r.calls).toBe(1);
    expect(treesState.status).toBe('ready');
    await loadTrees('u1', true, r);
    expect(r.calls).toBe(2);
  });

  it('another member starts from an empty list', async () => {
    await loadTrees('u1', false, repo(() => [tree('a')]));
    let answer!: () => void;
    const r = { list: () => new Promise<TreeSummary[]>((resolve) => (answer = () => resolve([tree('z')]))) };
    const loading = loadTrees('u2', false, r);
    expect(treesState.trees).toEqual([]);
    answer();
    await loading;
    expect(treesState.trees.map((t) => t.graphId)).toEqual(['z']);
  });

  it('the tree opened becomes the current one; one not listed yet reloads the list', async () => {
    const listed = [tree('a', true), tree('b')];
    const r = repo(() => listed);
    await loadTrees('u1', false, r);
    noteOpenedTree('b', r);
    expect(treesState.trees.map((t) => [t.graphId, t.current])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(currentTree(treesState.trees)?.graphId).toBe('b');
    listed.push(tree('c', true));
    noteOpenedTree('c', r);
    await expect.poll(() => treesState.trees.length).toBe(3);
  });

  it("opening a tree clears its activity badge and leaves the others' (issue 24)", async () => {
    const news = { since: '2026-05-01T00:00:00.000Z', count: 3, lines: [{ actorUid: 'k', name: 'Klaus', summary: { added: 3, removed: 0, edited: 0, photos: 0, other: 0 }, changes: 3, lastAt: '2026-05-02T00:00:00.000Z' }] };
    const r = repo(() => [{ ...tree('a', true), activity: news }, { ...tree('b'), activity: news }]);
    await loadTrees('u1', false, r);
    noteOpenedTree('b', r);
    expect(treesState.trees.map((t) => [t.graphId, t.activity?.count, t.activity?.lines.length])).toEqual([
      ['a', 3, 1],
      ['b', 0, 0],
    ]);
  });

  it('a failure is kept as such; the first tree stands in for a missing current one', async () => {
    await loadTrees('u1', false, { list: () => Promise.reject(new Error('offline')) });
    expect(treesState.status).toBe('error');
    expect(currentTree([tree('a'), tree('b')])?.graphId).toBe('a');
    expect(currentTree([])).toBeUndefined();
    expect(treePath('u 1')).toBe('/app/tree?tree=u%201');
  });
});
