/**
 * A seeded synthetic family as the layout's input (`src/domain/layout`), harder than the
 * rendering bench's (bench/scene/generator.ts): besides couples and their children it has
 * spouses who come with parents of their own, remarriages (a person with two spouses, whose
 * spouse may have remarried too: spouse chains) and marriages between people of the same
 * generation from different families of the tree (cousin marriages: pedigree collapse).
 * Exactly `count` people, deterministic for a seed.
 */
import type { LayoutFamily, LayoutInput } from '../../src/domain/layout/types.ts';
import { seededRandom } from '../scene/random.ts';

const CHILDREN = [0, 1, 1, 2, 2, 2, 3, 3, 4, 5];
const MARRIES = 0.75;
const SPOUSE_HAS_PARENTS = 0.25;
const REMARRIES = 0.06;
const SPOUSE_REMARRIES = 0.03;
const COUSIN_MARRIAGE = 0.06;
const COUSIN_WINDOW = 60;

export function generateLayoutInput(count: number, seed = 1): LayoutInput {
  const rand = seededRandom(seed);
  const people: string[] = [];
  const families: LayoutFamily[] = [];
  const full = () => people.length >= count;
  const person = () => {
    const id = `p${people.length}`;
    people.push(id);
    return id;
  };
  const couple = (a: string, b: string) => {
    const f: LayoutFamily = { partners: [a, b], children: [] };
    families.push(f);
    return f;
  };
  let generation: LayoutFamily[] = [];
  const roots = Math.max(1, Math.round(count / 5000));
  for (let i = 0; i < roots && people.length + 2 <= count; i++) generation.push(couple(person(), person()));
  if (!generation.length && !full()) person();
  while (!full() && generation.length) {
    const single: { id: string; family: LayoutFamily }[] = [];
    for (const f of generation) {
      const kids = CHILDREN[Math.floor(rand() * CHILDREN.length)]!;
      for (let k = 0; k < kids && !full(); k++) {
        const child = person();
        f.children.push(child);
        if (rand() < MARRIES) single.push({ id: child, family: f });
      }
    }
    const next: LayoutFamily[] = [];
    const married = new Set<string>();
    for (let i = 0; i < single.length && !full(); i++) {
      const { id, family } = single[i]!;
      if (married.has(id)) continue;
      married.add(id);
      let spouse: string | undefined;
      if (rand() < COUSIN_MARRIAGE) {
        for (let j = i + 1; j < Math.min(single.length, i + COUSIN_WINDOW); j++) {
          const other = single[Math.floor(i + 1 + rand() * (Math.min(single.length, i + COUSIN_WINDOW) - i - 1))]!;
          if (!married.has(other.id) && other.family !== family) {
            spouse = other.id;
            break;
          }
        }
      }
      if (!spouse) {
        spouse = person();
        if (rand() < SPOUSE_HAS_PARENTS && people.length + 2 <= count) couple(person(), person()).children.push(spouse);
      }
      married.add(spouse);
      next.push(couple(id, spouse));
      if (rand() < REMARRIES && !full()) next.push(couple(id, person()));
      if (rand() < SPOUSE_REMARRIES && !full()) next.push(couple(person(), spouse));
    }
    generation = next;
  }
  while (!full()) person();
  return { people, families };
}
