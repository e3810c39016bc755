/**
 * How a name is turned into the words search compares (issue 9, "Find anyone"): lower case, no
 * accents, split into words. Letters that German, Scandinavian and Polish spell two ways fold two
 * ways: "Müller" is the words "muller" and "mueller", so "muller", "mueller" and "müller" all find
 * it, and a name written "Mueller" is found by "müller" too (the query folds both ways as well).
 */

/**
 * Letters with a short and a long spelling, or a base letter that Unicode decomposition does not
 * give (ł, ø, đ… are letters of their own, not a letter with a mark).
 */
const SPECIAL: Readonly<Record<string, readonly [short: string, long: string]>> = {
  ä: ['a', 'ae'],
  ö: ['o', 'oe'],
  ü: ['u', 'ue'],
  ø: ['o', 'oe'],
  å: ['a', 'aa'],
  æ: ['ae', 'ae'],
  œ: ['oe', 'oe'],
  ß: ['ss', 'ss'],
  ł: ['l', 'l'],
  đ: ['d', 'd'],
  ð: ['d', 'd'],
  þ: ['th', 'th'],
  ı: ['i', 'i'],
  ħ: ['h', 'h'],
  ŧ: ['t', 't'],
  ŀ: ['l', 'l'],
  ſ: ['s', 's'],
};

const PLAIN = /^[a-z0-9]*$/;
const MARKS = /\p{M}/gu;
const NOT_WORD = /[^\p{L}\p{N}]/gu;
/** What separates words: anything but letters, marks and digits ("O'Neil", "Lord.Byron@x"). */
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;
const SPACES = /\s+/;
/** A chunk that is one word as it is, needing no split. */
const PLAIN_CHUNK = /^[\p{L}\p{N}]+$/u;

/**
 * The folded spellings of one word (no spaces or punctuation in it): the short one first, and the
 * long one when it differs ("Müller" → ["muller", "mueller"]; "Łukasz" → ["lukasz"]). Empty when
 * nothing of it is a letter or a digit.
 */
export function foldWord(word: string): FoldedWord {
  let folded = folds.get(word);
  if (!folded) {
    folded = foldUncached(word);
    if (folds.size >= FOLD_CACHE_LIMIT) folds.clear();
    folds.set(word, folded);
  }
  return folded;
}

/**
 * Names repeat (a tree of 100,000 people has some 30,000 different words) and folding an accented
 * word costs a microsecond or two, so each word is folded once. Cleared past its limit.
 */
const folds = new Map<string, FoldedWord>();
const FOLD_CACHE_LIMIT = 200_000;

function foldUncached(word: string): FoldedWord {
  const lower = word.normalize('NFC').toLowerCase();
  if (PLAIN.test(lower)) return lower ? [lower] : [];
  let short = '';
  let long = '';
  let differs = false;
  for (const ch of lower) {
    const special = SPECIAL[ch];
    if (special) {
      short += special[0];
      long += special[1];
      differs ||= special[0] !== special[1];
    } else {
      short += ch;
      long += ch;
    }
  }
  const clean = (s: string) => s.normalize('NFKD').replace(MARKS, '').replace(NOT_WORD, '');
  const a = clean(short);
  if (!a) return [];
  return differs ? [a, clean(long)] : [a];
}

/** One word as typed or stored: its folded spellings (short first). Shared: never change one. */
export type FoldedWord = readonly string[];

/**
 * The words of a text, folded. Words are split at spaces and at punctuation; a word written with
 * punctuation inside ("O'Neil", "Mary-Jane") is also kept whole without it ("oneil"), when
 * `joined` is set, so it is found typed either way. The answer is shared: never change it.
 */
export function foldWords(text: string, joined = false): readonly FoldedWord[] {
  const cache = joined ? joinedTexts : texts;
  let words = cache.get(text);
  if (!words) {
    words = foldText(text, joined);
    if (cache.size >= TEXT_CACHE_LIMIT) cache.clear();
    cache.set(text, words);
  }
  return words;
}

/** Names repeat too (first names, surnames): each text is split and folded once. */
const texts = new Map<string, FoldedWord[]>();
const joinedTexts = new Map<string, FoldedWord[]>();
const TEXT_CACHE_LIMIT = 100_000;

function foldText(text: string, joined: boolean): FoldedWord[] {
  const out: FoldedWord[] = [];
  for (const chunk of text.split(SPACES)) {
    if (!chunk) continue;
    if (PLAIN_CHUNK.test(chunk)) {
      const folded = foldWord(chunk);
      if (folded.length) out.push(folded);
      continue;
    }
    const parts = chunk.split(SEPARATORS).filter(Boolean);
    for (const part of parts) {
      const folded = foldWord(part);
      if (folded.length) out.push(folded);
    }
    if (joined && parts.length > 1) {
      const whole = foldWord(parts.join(''));
      if (whole.length) out.push(whole);
    }
  }
  return out;
}

/**
 * The key results are sorted by after their rank: the short spellings of a name given in parts
 * (first name, last name), with numbers padded so that "Smith 9" comes before "Smith 10".
 */
export function sortKey(parts: readonly string[]): string {
  let key = '';
  for (const part of parts) {
    for (const word of foldWords(part)) {
      const w = HAS_DIGIT.test(word[0]!) ? word[0]!.replace(/\d+/g, (digits) => digits.padStart(12, '0')) : word[0]!;
      key = key ? `${key} ${w}` : w;
    }
  }
  return key;
}

const HAS_DIGIT = /\d/;
