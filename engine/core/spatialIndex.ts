/**
 * A rectangle index on d3-quadtree. d3-quadtree stores points, so each rectangle is stored at its
 * centre and queries are widened by the largest half-size seen; the exact rectangle test then
 * filters. Rectangles larger than `longHalfExtent` (long edges) would widen every query, so they
 * live in a short side list instead. Moves are incremental: remove at the old centre, add at the new.
 */
import { quadtree, type Quadtree } from 'd3-quadtree';
import type { Rect, XY } from './types.ts';

export interface IndexEntry {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Draw order: higher is on top, so hit tests prefer it. */
  order: number;
  cx: number;
  cy: number;
}

export interface RectIndex {
  readonly size: number;
  get(id: string): IndexEntry | undefined;
  set(id: string, rect: Rect, order?: number): void;
  delete(id: string): void;
  clear(): void;
  /** Calls `visit` for every entry whose rectangle intersects `rect` (edges touching count). */
  query(rect: Rect, visit: (e: IndexEntry) => void): void;
  queryIds(rect: Rect): string[];
  /** The top-most entry whose rectangle, widened by `slop`, contains `p`. */
  hit(p: XY, slop?: number, accept?: (e: IndexEntry) => boolean): IndexEntry | undefined;
  /** Bulk (re)load; much faster than one `set` per entry for a first load. The objects are adopted as entries. */
  load(items: Iterable<{ id: string; x: number; y: number; width: number; height: number; order: number }>): void;
}

export function createRectIndex(longHalfExtent = Infinity): RectIndex {
  let tree: Quadtree<IndexEntry> = quadtree<IndexEntry>().x((e) => e.cx).y((e) => e.cy);
  const entries = new Map<string, IndexEntry>();
  const long = new Map<string, IndexEntry>();
  let maxHalfW = 0;
  let maxHalfH = 0;

  const isLong = (e: IndexEntry) => e.width / 2 > longHalfExtent || e.height / 2 > longHalfExtent;

  function place(e: IndexEntry) {
    if (isLong(e)) {
      long.set(e.id, e);
      return;
    }
    maxHalfW = Math.max(maxHalfW, e.width / 2);
    maxHalfH = Math.max(maxHalfH, e.height / 2);
    tree.add(e);
  }

  function unplace(e: IndexEntry) {
    if (long.delete(e.id)) return;
    tree.remove(e);
  }

  const intersects = (e: IndexEntry, r: Rect) =>
    e.x <= r.x + r.width && r.x <= e.x + e.width && e.y <= r.y + r.height && r.y <= e.y + e.height;

  function query(r: Rect, visit: (e: IndexEntry) => void) {
    const x0 = r.x - maxHalfW, y0 = r.y - maxHalfH;
    const x1 = r.x + r.width + maxHalfW, y1 = r.y + r.height + maxHalfH;
    tree.visit((node, nx0, ny0, nx1, ny1) => {
      if (!node.length) {
        let leaf: typeof node | undefined = node;
        while (leaf && !leaf.length) {
          const e = (leaf as { data: IndexEntry }).data;
          if (e.cx >= x0 && e.cx <= x1 && e.cy >= y0 && e.cy <= y1 && intersects(e, r)) visit(e);
          leaf = (leaf as { next?: typeof node }).next;
        }
      }
      return nx0 > x1 || ny0 > y1 || nx1 < x0 || ny1 < y0;
    });
    for (const e of long.values()) if (intersects(e, r)) visit(e);
  }

  return {
    get size() {
      return entries.size;
    },
    get: (id) => entries.get(id),
    set(id, rect, order) {
      const old = entries.get(id);
      if (old) {
        if (old.x === rect.x && old.y === rect.y && old.width === rect.width && old.height === rect.height) {
          if (order !== undefined) old.order = order;
          return;
        }
        unplace(old);
      }
      const e: IndexEntry = old ?? { id, x: 0, y: 0, width: 0, height: 0, order: order ?? 0, cx: 0, cy: 0 };
      e.x = rect.x;
      e.y = rect.y;
      e.width = rect.width;
      e.height = rect.height;
      e.cx = rect.x + rect.width / 2;
      e.cy = rect.y + rect.height / 2;
      if (order !== undefined) e.order = order;
      entries.set(id, e);
      place(e);
    },
    delete(id) {
      const e = entries.get(id);
      if (!e) return;
      unplace(e);
      entries.delete(id);
    },
    clear() {
      tree = quadtree<IndexEntry>().x((e) => e.cx).y((e) => e.cy);
      entries.clear();
      long.clear();
      maxHalfW = maxHalfH = 0;
    },
    query,
    queryIds(r) {
      const ids: string[] = [];
      query(r, (e) => ids.push(e.id));
      return ids;
    },
    hit(p, slop = 0, accept) {
      let best: IndexEntry | undefined;
      query({ x: p.x - slop, y: p.y - slop, width: 2 * slop, height: 2 * slop }, (e) => {
        if ((!best || e.order > best.order) && (!accept || accept(e))) best = e;
      });
      return best;
    },
    load(items) {
      tree = quadtree<IndexEntry>().x((e) => e.cx).y((e) => e.cy);
      entries.clear();
      long.clear();
      maxHalfW = maxHalfH = 0;
      const short: IndexEntry[] = [];
      for (const item of items) {
        const e = item as IndexEntry;
        e.cx = e.x + e.width / 2;
        e.cy = e.y + e.height / 2;
        entries.set(e.id, e);
        if (isLong(e)) long.set(e.id, e);
        else {
          maxHalfW = Math.max(maxHalfW, e.width / 2);
          maxHalfH = Math.max(maxHalfH, e.height / 2);
          short.push(e);
        }
      }
      tree.addAll(short);
    },
  };
}
