/** Micro-benchmarks: quadtree queries, viewport culling and overlap search at tree scale. */
import { bench, describe } from 'vitest';
import { createNodeIndex } from '../engine/core/nodeIndex.ts';
import { findFreePosition } from '../engine/core/placement.ts';
import { generateFamily } from './scene/generator.ts';
import { seededRandom } from './scene/random.ts';

for (const persons of [10_000, 100_000]) {
  const scene = generateFamily(persons, 1);
  const index = createNodeIndex(scene.nodes);
  const rand = seededRandom(7);
  const xs = scene.nodes.map((n) => n.position.x);
  const minX = Math.min(...xs), maxX = Math.max(...xs);
  const point = () => ({ x: minX + rand() * (maxX - minX), y: rand() * 1600 });

  describe(`${persons.toLocaleString('en')} people`, () => {
    bench('cull: cards in a 1280 × 800 view at zoom 1', () => {
      const p = point();
      index.queryIds({ x: p.x, y: p.y, width: 1280, height: 800 });
    });
    bench('cull: cards in a view at zoom 0.25', () => {
      const p = point();
      index.queryIds({ x: p.x, y: p.y, width: 5120, height: 3200 });
    });
    bench('hit test a point', () => {
      index.hit(point());
    });
    bench('overlap search (§9) around a taken spot', () => {
      const n = scene.nodes[Math.floor(rand() * scene.nodes.length)];
      findFreePosition(index, n.position);
    });
    bench('move one card (incremental remove + add)', () => {
      const n = scene.nodes[Math.floor(rand() * scene.nodes.length)];
      const e = index.get(n.id)!;
      index.set(n.id, { x: e.x + 1, y: e.y, width: e.width, height: e.height });
    });
  });
}
