import { describe, expect, it } from 'vitest';
import { rectsIntersect } from '../../../engine/core/geometry.ts';
import { createRectIndex } from '../../../engine/core/spatialIndex.ts';
import { seededRandom } from '../../../bench/scene/random.ts';

const touches = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;

describe('rect index (d3-quadtree)', () => {
  it('answers rectangle queries exactly like a brute-force scan, also after moves and deletes', () => {
    const rand = seededRandom(42);
    const index = createRectIndex(300);
    const rects = new Map<string, { x: number; y: number; width: number; height: number }>();
    for (let i = 0; i < 2000; i++) {
      const long = i % 97 === 0;
      const r = { x: rand() * 10000, y: rand() * 10000, width: long ? 2000 : 20 + rand() * 200, height: 20 + rand() * 120 };
      rects.set(`n${i}`, r);
    }
    index.load([...rects].map(([id, rect], order) => ({ id, ...rect, order })));
    for (let i = 0; i < 300; i++) {
      const id = `n${Math.floor(rand() * 2000)}`;
      if (i % 10 === 0) {
        index.delete(id);
        rects.delete(id);
      } else {
        const r = { x: rand() * 10000, y: rand() * 10000, width: 140, height: 100 };
        index.set(id, r);
        rects.set(id, r);
      }
    }
    for (let q = 0; q < 50; q++) {
      const query = { x: rand() * 10000, y: rand() * 10000, width: rand() * 1500, height: rand() * 900 };
      const want = [...rects].filter(([, r]) => touches(r, query)).map(([id]) => id).sort();
      expect(index.queryIds(query).sort()).toEqual(want);
    }
    expect(index.size).toBe(rects.size);
  });

  it('hits the top-most rectangle under a point', () => {
    const index = createRectIndex();
    index.set('under', { x: 0, y: 0, width: 100, height: 100 }, 1);
    index.set('over', { x: 50, y: 50, width: 100, height: 100 }, 2);
    expect(index.hit({ x: 60, y: 60 })?.id).toBe('over');
    expect(index.hit({ x: 10, y: 10 })?.id).toBe('under');
    expect(index.hit({ x: 300, y: 300 })).toBeUndefined();
    expect(index.hit({ x: 103, y: 10 }, 5)?.id).toBe('under');
  });

  it('moves an entry incrementally', () => {
    const index = createRectIndex();
    index.set('a', { x: 0, y: 0, width: 10, height: 10 });
    index.set('a', { x: 500, y: 500, width: 10, height: 10 });
    expect(index.queryIds({ x: 0, y: 0, width: 20, height: 20 })).toEqual([]);
    expect(index.queryIds({ x: 490, y: 490, width: 20, height: 20 })).toEqual(['a']);
    expect(rectsIntersect(index.get('a')!, { x: 505, y: 505, width: 1, height: 1 })).toBe(true);
  });
});
