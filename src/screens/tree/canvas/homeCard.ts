/**
 * Finding one's way in a big tree (issue 12): which card is the member's own, and the view they
 * left the tree at, kept per member and tree in localStorage.
 */
import type { Graph } from '../../../domain/types.ts';

/**
 * The member's own card: the one showing their profile (in a tree shared with them, the owner's
 * primary card is not theirs), else the primary card.
 */
export function homeNodeId(graph: Graph, uid: string): string | undefined {
  let primary: string | undefined;
  for (const n of graph.nodes) {
    if (n.hidden) continue;
    if (n.data.profileId === uid) return n.id;
    if (n.data.isPrimary) primary ??= n.id;
  }
  return primary;
}

export interface SavedView {
  x: number;
  y: number;
  k: number;
}

export const savedViewKey = (uid: string, graphId: string) => `tree-view:${uid}:${graphId}`;

/** A view read back from storage, or null when there is none or it is not a usable one. */
export function parseSavedView(text: string | null): SavedView | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<SavedView>;
    const ok = [v.x, v.y, v.k].every((n) => typeof n === 'number' && Number.isFinite(n)) && v.k! > 0;
    return ok ? { x: v.x!, y: v.y!, k: v.k! } : null;
  } catch {
    return null;
  }
}

export function loadView(uid: string, graphId: string): SavedView | null {
  try {
    return parseSavedView(localStorage.getItem(savedViewKey(uid, graphId)));
  } catch {
    return null;
  }
}

export function saveView(uid: string, graphId: string, v: SavedView) {
  try {
    localStorage.setItem(savedViewKey(uid, graphId), JSON.stringify({ x: v.x, y: v.y, k: v.k }));
  } catch {
    // Storage full or refused: the tree simply opens on the member's card next time.
  }
}
