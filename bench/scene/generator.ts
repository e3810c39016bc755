/**
 * Deterministic synthetic family trees for the bench and the playground: root couples, then
 * generation by generation each couple has children, some of whom marry (a spouse from outside
 * the tree) and have children of their own, until the requested number of people exists.
 * Laid out in rows 160 apart with the engine's CARD_SIZE cards 140 apart (§9's offsets).
 */
import { CARD_SIZE } from '../../engine/core/constants.ts';
import type { CardButtonSpec, CardData } from '../../engine/render/nodeTypes/cardNode.ts';
import type { EngineEdge, EngineNode } from '../../engine/core/types.ts';
import { avatarUrl } from './avatars.ts';
import { seededRandom } from './random.ts';

export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  gender: 'F' | 'M';
  birthYear: number;
  bio?: string;
}

export interface FamilyScene {
  people: Person[];
  nodes: EngineNode<CardData>[];
  edges: EngineEdge<{ kind: 'parent' | 'spouse' }>[];
}

const FEMALE = ['Ada', 'Beatrice', 'Clara', 'Dorothy', 'Edith', 'Flora', 'Grace', 'Helena', 'Iris', 'June', 'Katherine', 'Lucy', 'Margaret', 'Nora', 'Olive', 'Pearl', 'Rose', 'Sofia', 'Thea', 'Vera', 'Winifred', 'Yara'];
const MALE = ['Albert', 'Bernard', 'Charles', 'David', 'Edward', 'Francis', 'George', 'Henry', 'Isaac', 'James', 'Kenneth', 'Leonard', 'Matthew', 'Nathan', 'Oscar', 'Peter', 'Robert', 'Samuel', 'Thomas', 'Victor', 'Walter', 'Arthur'];
const LAST = ['Abbott', 'Barnes', 'Carter', 'Dalton', 'Ellis', 'Fletcher', 'Gardner', 'Hayes', 'Ingram', 'Jennings', 'Keller', 'Lambert', 'Mercer', 'Norris', 'Osborne', 'Palmer', 'Quinn', 'Rowe', 'Sutton', 'Turner', 'Vaughan', 'Whitaker'];
const BIOS = ['Kept bees and wrote letters every Sunday.', 'Sailed to Lisbon in 1931.', 'Ran the village bakery for forty years.', 'Loved crosswords and long walks.'];

/** The 10-colour palette spouse links pick from by a hash of the pair (§3, docs/PRODUCT.md). */
export const SPOUSE_PALETTE = ['#c77d3e', '#3d6b56', '#8a5a9e', '#b3402f', '#2f6f8f', '#9a7b2f', '#5b7f3a', '#a3476f', '#4f5fa8', '#7a6a58'];

function pairColour(a: string, b: string): string {
  let h = 0;
  for (const ch of a < b ? a + b : b + a) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return SPOUSE_PALETTE[h % SPOUSE_PALETTE.length];
}

const FULL_BUTTONS: CardButtonSpec[] = [
  { id: 'invite', label: 'Invite', icon: 'mail' },
  { id: 'add', label: 'Add Relative', icon: 'plus', tone: 'accent' },
  { id: 'unlink', label: 'Unlink person', icon: 'unlink' },
  { id: 'delete', label: 'Delete person', icon: 'trash', tone: 'danger' },
  { id: 'details', label: 'View details', icon: 'info' },
];
/** The bench card: avatar, three lines and three buttons, as the React Flow figures used. */
const BENCH_BUTTONS: CardButtonSpec[] = [FULL_BUTTONS[1], FULL_BUTTONS[3], FULL_BUTTONS[4]];

export const SLOT_X = 140;
export const SPOUSE_GAP = 180;
export const ROW_Y = 160;

export function generateFamily(count: number, seed = 1, opts: { buttons?: 'bench' | 'full' } = {}): FamilyScene {
  const rand = seededRandom(seed);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const people: Person[] = [];
  const nodes: EngineNode<CardData>[] = [];
  const edges: EngineEdge<{ kind: 'parent' | 'spouse' }>[] = [];
  const buttons = opts.buttons === 'full' ? FULL_BUTTONS : BENCH_BUTTONS;
  let nextId = 1001;
  const rowCursor: number[] = [];

  const person = (gender: 'F' | 'M', lastName: string, birthYear: number, x: number, y: number): Person => {
    const p: Person = {
      id: `n${nextId++}`, gender, lastName, birthYear,
      firstName: pick(gender === 'F' ? FEMALE : MALE),
      bio: rand() < 0.3 ? pick(BIOS) : undefined,
    };
    people.push(p);
    nodes.push({
      id: p.id,
      type: 'card',
      position: { x, y },
      width: CARD_SIZE.width,
      height: CARD_SIZE.height,
      data: {
        title: `${p.firstName} ${p.lastName}`,
        lines: [`Born ${birthYear}`, gender === 'F' ? 'Female' : 'Male'],
        detail: p.bio,
        image: avatarUrl(gender, Math.floor(rand() * 6)),
        accent: gender === 'F' ? '#c77d3e' : '#3d6b56',
        buttons,
      },
    });
    return p;
  };

  /** A unit is a person and (maybe) their spouse, side by side; returns its left x. */
  const place = (gen: number, desired: number, width: number) => {
    const x = Math.max(rowCursor[gen] ?? -Infinity, desired);
    rowCursor[gen] = x + width + SLOT_X - CARD_SIZE.width;
    return x;
  };

  type Couple = { a: Person; b: Person; gen: number; centre: number };
  let queue: Couple[] = [];
  const roots = Math.max(1, Math.round(count / 4000));
  for (let r = 0; r < roots && people.length < count; r++) {
    const x = place(0, r * 1200, SPOUSE_GAP + CARD_SIZE.width);
    const last = pick(LAST);
    const a = person('M', last, 1850 + Math.floor(rand() * 10), x, 0);
    if (people.length >= count) break;
    const b = person('F', pick(LAST), 1850 + Math.floor(rand() * 10), x + SPOUSE_GAP, 0);
    edges.push({ id: `sp-${a.id}-${b.id}`, source: a.id, target: b.id, sourceHandle: 'right', targetHandle: 'left', type: 'straight', style: { dash: [6, 4] }, color: pairColour(a.id, b.id), data: { kind: 'spouse' } });
    queue.push({ a, b, gen: 0, centre: x + (SPOUSE_GAP + CARD_SIZE.width) / 2 });
  }

  while (queue.length && people.length < count) {
    const next: Couple[] = [];
    for (const c of queue) {
      const kids = 1 + Math.floor(rand() * 4);
      const gen = c.gen + 1;
      const y = gen * ROW_Y;
      const married = Array.from({ length: kids }, () => rand() < 0.72);
      const widths = married.map((m) => (m ? SPOUSE_GAP + CARD_SIZE.width : CARD_SIZE.width));
      const total = widths.reduce((s, w) => s + w, 0) + (kids - 1) * (SLOT_X - CARD_SIZE.width);
      let desired = c.centre - total / 2;
      for (let i = 0; i < kids && people.length < count; i++) {
        const gender = rand() < 0.5 ? 'F' : 'M';
        const x = place(gen, desired, widths[i]);
        desired = x + widths[i] + SLOT_X - CARD_SIZE.width;
        const child = person(gender, gender === 'M' || !married[i] ? c.a.lastName : pick(LAST), c.a.birthYear + 24 + Math.floor(rand() * 12), x, y);
        for (const parent of [c.a, c.b]) {
          edges.push({ id: `e-${parent.id}-${child.id}`, source: parent.id, target: child.id, sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', data: { kind: 'parent' } });
        }
        if (married[i] && people.length < count) {
          const spouse = person(gender === 'F' ? 'M' : 'F', pick(LAST), child.birthYear - 3 + Math.floor(rand() * 6), x + SPOUSE_GAP, y);
          const [a, b] = gender === 'M' ? [child, spouse] : [spouse, child];
          edges.push({ id: `sp-${child.id}-${spouse.id}`, source: child.id, target: spouse.id, sourceHandle: 'right', targetHandle: 'left', type: 'straight', style: { dash: [6, 4] }, color: pairColour(child.id, spouse.id), data: { kind: 'spouse' } });
          next.push({ a, b, gen, centre: x + (SPOUSE_GAP + CARD_SIZE.width) / 2 });
        }
      }
      if (people.length >= count) break;
    }
    queue = next;
  }
  return { people, nodes, edges };
}
