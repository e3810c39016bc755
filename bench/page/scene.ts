/**
 * The scene both engines get: the generated tree, the viewport (zoom 1 centred on a card in the
 * middle of the tree) and the 50 cards nearest that card pre-selected for the drag measurement.
 */
import { generateFamily, type FamilyScene } from '../scene/generator.ts';

export interface BenchScene extends FamilyScene {
  centreId: string;
  viewport: { x: number; y: number; k: number };
}

export const SELECTED = 50;

export function benchScene(persons: number, width: number, height: number, seed = 1): BenchScene {
  const scene = generateFamily(persons, seed, { buttons: 'bench' });
  // A card in a middle generation, near the middle of that row.
  const byRow = new Map<number, typeof scene.nodes>();
  for (const n of scene.nodes) {
    const list = byRow.get(n.position.y) ?? [];
    list.push(n);
    byRow.set(n.position.y, list);
  }
  const rows = [...byRow.keys()].sort((a, b) => a - b);
  const row = byRow.get(rows[Math.floor(rows.length / 2)])!;
  const centre = row[Math.floor(row.length / 2)];
  const cx = centre.position.x + 64, cy = centre.position.y + 44;
  const near = [...scene.nodes]
    .map((n) => ({ n, d: Math.hypot(n.position.x + 64 - cx, n.position.y + 44 - cy) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, SELECTED);
  for (const { n } of near) n.selected = true;
  return { ...scene, centreId: centre.id, viewport: { x: width / 2 - cx, y: height / 2 - cy, k: 1 } };
}
