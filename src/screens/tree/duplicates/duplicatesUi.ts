import { proxy, ref } from 'valtio';
import type { DuplicatePair } from '../../../domain/duplicates/index.ts';

export const DUPLICATES_TEXTS = {
  command: 'Find duplicates…',
  title: 'Possible duplicates',
  description: 'People who may be on the tree twice, the likeliest first. Compare a pair to merge them, or say they are different people.',
  importTitle: 'Possible duplicates from this file',
  looking: 'Looking for duplicates…',
  none: 'No likely duplicates. Everyone on the tree seems to be there once.',
  noneImported: 'No one in this file seems to be on the tree already.',
  inImport: (n: number) => (n === 1 ? '1 person in this file may already be in your tree.' : `${n} people in this file may already be in your tree.`),
  review: 'Review duplicates',
  compare: 'Compare',
  notDuplicate: 'Not a duplicate',
  notDuplicateDone: 'Marked as different people',
  notDuplicateUndone: 'Marked as possible duplicates again',
  notDuplicateFailed: 'Failed to save',
  score: 'Score',
  why: 'Why',
  close: 'Close',
  back: 'Back to the list',
  mergeTitle: 'Merge two cards',
  mergeDescription: 'Pick, line by line, what the merged card shows. Nothing is lost: a name or date not picked stays as another name or event, and both people’s events, names, sources, relatives and lines are kept.',
  keepCard: 'Keep this card',
  field: 'Field',
  merge: 'Merge',
  merged: 'People merged',
  mergeUndone: 'Merge undone',
  mergeFailed: 'Failed to merge',
  alsoKept: (events: number, names: number, relatives: number) => `Kept as well: ${events} ${events === 1 ? 'event' : 'events'}, ${names} other ${names === 1 ? 'name' : 'names'}, ${relatives} ${relatives === 1 ? 'relative' : 'relatives'}.`,
  empty: '—',
  fields: {
    name: 'Name',
    gender: 'Gender',
    birth: 'Born',
    death: 'Died',
    mothersMaidenName: "Mother's maiden name",
    bio: 'Bio',
    photo: 'Photo',
    email: 'E-mail',
  },
} as const;

/**
 * The Duplicates dialog's state: open or not, the people it looks among (an import's, or the whole
 * tree), and the pairs found when it opened. The finder runs once per opening (a 100,000-person
 * tree takes seconds); a merge or "Not a duplicate" takes its pair off the list without a new run.
 */
export const duplicatesUi = proxy({
  open: false,
  among: null as ReadonlySet<string> | null,
  pairs: null as readonly DuplicatePair[] | null,
});

/** How many of `among` have at least one likely duplicate ("37 people in this file …"). */
export function peopleWithDuplicates(pairs: readonly DuplicatePair[], among: ReadonlySet<string>): number {
  const people = new Set<string>();
  for (const p of pairs) {
    if (among.has(p.a)) people.add(p.a);
    if (among.has(p.b)) people.add(p.b);
  }
  return people.size;
}

/** Opens the dialog; with `pairs` already found (after an import) it shows them at once. */
export function openDuplicates(among: ReadonlySet<string> | null = null, pairs: readonly DuplicatePair[] | null = null) {
  duplicatesUi.among = among ? ref(among) : null;
  duplicatesUi.pairs = pairs ? ref([...pairs]) : null;
  duplicatesUi.open = true;
}

/** Takes off the list every pair that named `gone` (merged away) or is the pair `a`–`b`. */
export function dropPairs(match: (p: DuplicatePair) => boolean) {
  if (duplicatesUi.pairs) duplicatesUi.pairs = ref(duplicatesUi.pairs.filter((p) => !match(p)));
}
