import { proxy } from 'valtio';
import { backend } from '../backend/index.ts';
import type { GraphRepository, TreeSummary } from '../backend/ports.ts';

/**
 * The family trees the signed-in member belongs to (Home's list, the sidebar's switcher), and the
 * one open or opened last. The server remembers the last one opened (every device opens it next);
 * this only mirrors it so the lists mark it without asking again.
 */
export interface TreesState {
  /** Whose trees these are: a new member signing in on the same tab loads their own. */
  uid: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  trees: TreeSummary[];
}

export const treesState = proxy<TreesState>({ uid: '', status: 'idle', trees: [] });

let loading: { uid: string; promise: Promise<void> } | null = null;

/** Loads the member's trees (again when `force`, e.g. after joining or leaving one). */
export function loadTrees(uid: string, force = false, repo: Pick<GraphRepository, 'list'> = backend.graphs): Promise<void> {
  if (!force && treesState.uid === uid) {
    if (loading?.uid === uid) return loading.promise;
    if (treesState.status === 'ready') return Promise.resolve();
  }
  if (treesState.uid !== uid) treesState.trees = [];
  treesState.uid = uid;
  treesState.status = 'loading';
  const promise: Promise<void> = repo
    .list()
    .then(
      (trees) => {
        if (treesState.uid !== uid) return;
        treesState.trees = trees;
        treesState.status = 'ready';
      },
      () => {
        if (treesState.uid === uid) treesState.status = 'error';
      },
    )
    .finally(() => {
      if (loading?.promise === promise) loading = null;
    });
  loading = { uid, promise };
  return promise;
}

/**
 * The tree screen opened `graphId` (and the server now remembers it): it becomes the current one
 * of the lists. A tree the lists do not know yet (just joined) reloads them.
 */
export function noteOpenedTree(graphId: string, repo: Pick<GraphRepository, 'list'> = backend.graphs) {
  if (!treesState.uid) return;
  if (!treesState.trees.some((t) => t.graphId === graphId)) {
    void loadTrees(treesState.uid, true, repo);
    return;
  }
  treesState.trees = treesState.trees.map((t) => (t.current === (t.graphId === graphId) ? t : { ...t, current: t.graphId === graphId }));
  noteSeenTree(graphId);
}

/** The member has seen the tree (opened it, or closed it after watching it live): its activity and badge clear. */
export function noteSeenTree(graphId: string) {
  if (!treesState.trees.some((t) => t.graphId === graphId && t.activity?.count)) return;
  treesState.trees = treesState.trees.map((t) => (t.graphId === graphId ? { ...t, activity: { since: new Date().toISOString(), count: 0, lines: [] } } : t));
}

export function clearTrees() {
  treesState.uid = '';
  treesState.status = 'idle';
  treesState.trees = [];
  loading = null;
}

/** The tree a member's Family Tree opens: the current one, else the first listed. */
export function currentTree(trees: readonly TreeSummary[]): TreeSummary | undefined {
  return trees.find((t) => t.current) ?? trees[0];
}

/** The address that opens a tree. */
export function treePath(graphId: string): string {
  return `/app/tree?tree=${encodeURIComponent(graphId)}`;
}
