/**
 * Relationships in plain English (issue 24): what `b` is to `a`, gendered by `b`'s gender when it
 * is known, else in the neutral words a family uses ("parent", "sibling", "cousin"; "aunt or
 * uncle" where English has no common neutral word).
 *
 * Cousins: degree = min(up, down) − 1, removed = |up − down|. Ancestors and descendants take
 * "grand" at two generations and one "great-" per generation past that, written out to three
 * ("great-great-great-grandmother") and as an ordinal past that ("4th great-grandmother").
 */
import type { Gender, Pedigree } from '../types.ts';
import type { BloodLine, Kinship } from './find.ts';

type Sex = 'F' | 'M' | '';
const pick = (sex: Sex, f: string, m: string, n: string) => (sex === 'F' ? f : sex === 'M' ? m : n);

const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

function ordinalNumber(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "", "great-", "great-great-", "great-great-great-", "4th great-", … */
export function greats(n: number): string {
  if (n <= 0) return '';
  return n <= 3 ? 'great-'.repeat(n) : `${ordinalNumber(n)} great-`;
}

function removedWords(n: number): string {
  if (n === 0) return '';
  if (n === 1) return ' once removed';
  if (n === 2) return ' twice removed';
  const words = ['', '', '', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  return ` ${words[n] ?? n} times removed`;
}

/** Where a word is gendered only: the neutral form names both ("aunt or uncle"). */
type Shape = 'ancestor' | 'descendant' | 'sibling' | 'aunt' | 'niece' | 'cousin';

function shapeOf(up: number, down: number): Shape {
  if (down === 0) return 'ancestor';
  if (up === 0) return 'descendant';
  if (up === 1 && down === 1) return 'sibling';
  if (down === 1) return 'aunt';
  if (up === 1) return 'niece';
  return 'cousin';
}

/** The blood word alone, for a known sex or '' (neutral where English has one). */
function bloodWord(up: number, down: number, sex: Sex): string {
  switch (shapeOf(up, down)) {
    case 'ancestor':
      return up === 1 ? pick(sex, 'mother', 'father', 'parent') : greats(up - 2) + pick(sex, 'grandmother', 'grandfather', 'grandparent');
    case 'descendant':
      return down === 1 ? pick(sex, 'daughter', 'son', 'child') : greats(down - 2) + pick(sex, 'granddaughter', 'grandson', 'grandchild');
    case 'sibling':
      return pick(sex, 'sister', 'brother', 'sibling');
    case 'aunt':
      return greats(up - 2) + pick(sex, 'aunt', 'uncle', '');
    case 'niece':
      return greats(down - 2) + pick(sex, 'niece', 'nephew', '');
    case 'cousin': {
      const degree = Math.min(up, down) - 1;
      return `${ORDINALS[degree] ?? ordinalNumber(degree)} cousin${removedWords(Math.abs(up - down))}`;
    }
  }
}

function sexOf(g: Gender | undefined): Sex {
  return g === 'F' || g === 'M' ? g : '';
}

/** Builds the word for a sex; for a neutral person where the base word has no neutral form, names both. */
function worded(build: (sex: Sex) => string, needsBoth: boolean, gender: Gender | undefined): string {
  const sex = sexOf(gender);
  if (sex || !needsBoth) return build(sex);
  return `${build('F')} or ${build('M')}`;
}

const gendered = (up: number, down: number) => ['aunt', 'niece'].includes(shapeOf(up, down));

/** How a parent link not by birth is said: a parent or child by one such link has its own word, a longer line says it after. */
const LINK_WORDS: Partial<Record<Pedigree, { parent: string; child: string; after: string }>> = {
  adopted: { parent: 'adoptive ', child: 'adopted ', after: ' (by adoption)' },
  foster: { parent: 'foster ', child: 'foster ', after: ' (foster)' },
  step: { parent: 'step', child: 'step', after: ' (step)' },
};

/** What `b` is to `a` along one blood line: "half-brother", "second cousin once removed", "adoptive mother". */
export function bloodRelationship(line: Pick<BloodLine, 'up' | 'down' | 'half'> & { link?: Pedigree }, gender: Gender | undefined, double = false): string {
  const { up, down } = line;
  const prefix = line.half && up > 0 && down > 0 ? (shapeOf(up, down) === 'cousin' ? 'half ' : 'half-') : double && shapeOf(up, down) === 'cousin' ? 'double ' : '';
  const link = line.link ? LINK_WORDS[line.link] : undefined;
  if (link && up + down === 1) return worded((sex) => (up ? link.parent : link.child) + bloodWord(up, down, sex), false, gender);
  return worded((sex) => prefix + bloodWord(up, down, sex), gendered(up, down), gender) + (link?.after ?? '');
}

/** `b` is a blood relative of `a`'s spouse: "mother-in-law", "stepson", "sister-in-law". */
export function spousesRelative(line: Pick<BloodLine, 'up' | 'down'>, gender: Gender | undefined): string {
  const { up, down } = line;
  if (up === 0) return worded((sex) => (down === 1 ? 'step' : 'step-') + bloodWord(0, down, sex), false, gender);
  return worded((sex) => `${bloodWord(up, down, sex)}-in-law`, gendered(up, down), gender);
}

/** `b` is the spouse of `a`'s blood relative: "stepmother", "daughter-in-law", "uncle by marriage". */
export function relativesSpouse(line: Pick<BloodLine, 'up' | 'down'>, gender: Gender | undefined): string {
  const { up, down } = line;
  const shape = shapeOf(up, down);
  if (shape === 'ancestor') return worded((sex) => (up === 1 ? 'step' : 'step-') + bloodWord(up, 0, sex), false, gender);
  if (shape === 'aunt') return worded((sex) => `${bloodWord(up, down, sex)} by marriage`, true, gender);
  return worded((sex) => `${bloodWord(up, down, sex)}-in-law`, gendered(up, down), gender);
}

/** What `b` is to `a` for a whole finding; '' for the same person or none. */
export function kinshipWord(k: Kinship, gender: Gender | undefined): string {
  switch (k.kind) {
    case 'same':
    case 'none':
      return '';
    case 'spouse':
      return pick(sexOf(gender), 'wife', 'husband', 'spouse');
    case 'blood': {
      const first = k.lines[0]!;
      const twin = k.lines.filter((l) => l.up === first.up && l.down === first.down && !l.half && l.ancestors.length === 2).length >= 2;
      return bloodRelationship(first, gender, twin);
    }
    case 'spouses-relative':
      return spousesRelative(k.lines[0]!, gender);
    case 'relatives-spouse':
      return relativesSpouse(k.lines[0]!, gender);
    case 'step-sibling':
      return pick(sexOf(gender), 'stepsister', 'stepbrother', 'stepsibling');
  }
}

/**
 * Every distinct word of a finding: the closest first, the other closest lines, then its `also`
 * lines and a marriage (a person who is both: "mother", "half-sister"; "first cousin", "husband").
 */
export function kinshipWords(k: Kinship, gender: Gender | undefined): string[] {
  if (k.kind !== 'blood') return [kinshipWord(k, gender)].filter(Boolean);
  const first = k.lines[0]!;
  const others = k.lines.filter((l) => l.up !== first.up || l.down !== first.down);
  const words = [kinshipWord(k, gender), ...others.map((l) => bloodRelationship(l, gender)), ...k.also.map((l) => bloodRelationship(l, gender))];
  if (k.married) words.push(pick(sexOf(gender), 'wife', 'husband', 'spouse'));
  return [...new Set(words)];
}

/** "a", "a and b", "a, b and c". */
function listed(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** One step of a path: what `to` is to `from` ("mother", "son", "husband"). */
export function stepWord(from: { parents: string[]; children: string[]; spouses: string[] }, to: { id: string; gender?: Gender }): string {
  const sex = sexOf(to.gender);
  if (from.parents.includes(to.id)) return pick(sex, 'mother', 'father', 'parent');
  if (from.children.includes(to.id)) return pick(sex, 'daughter', 'son', 'child');
  if (from.spouses.includes(to.id)) return pick(sex, 'wife', 'husband', 'spouse');
  return '';
}

export const KINSHIP_TEXTS = {
  same: 'You picked the same person twice.',
  none: 'No relation found in this tree.',
  noneCapped: 'No relation found among the people searched.',
} as const;

/**
 * The answer as a sentence: "Ada is your second cousin once removed" when `a` is the viewer,
 * "Ada is Bob's …" otherwise; every relationship when there are several ("… your first cousin
 * and husband", "… your mother and half-sister").
 */
export function kinshipSentence(k: Kinship, o: { aName: string; bName: string; aIsYou: boolean; bGender: Gender | undefined }): string {
  if (k.kind === 'same') return KINSHIP_TEXTS.same;
  if (k.kind === 'none') return k.searchedAll ? KINSHIP_TEXTS.none : KINSHIP_TEXTS.noneCapped;
  const whose = o.aIsYou ? 'your' : `${o.aName}'s`;
  return `${o.bName} is ${whose} ${listed(kinshipWords(k, o.bGender))}`;
}
