import { SEARCH_RESULT_CAP } from '../timing.ts';
import { foldWords, sortKey, type FoldedWord } from './fold.ts';

/**
 * The people index of "Find anyone" and "Link existing" (issue 9): every word of every name,
 * folded (`fold.ts`), in one sorted array, each with the people it belongs to. A query word finds
 * the words it starts (a binary search gives their range) and, from three letters on, the words
 * it is inside of; every query word must match some word of a person, in any order; a number
 * matches birth years by their beginning ("18" while typing, "1845" exactly).
 *
 * Cost: a query starts from its rarest word and checks the others on those people only; a query
 * that extends the previous one (another letter, another word) checks the previous matches
 * instead of the index when that costs less. Adding, changing or removing a person touches its
 * own words: new words wait in a short list and are sorted in when the next search needs them
 * (all at once when many came, as while the index is first filled).
 */

export interface SearchEntry {
  /** The id results name (a profile id). */
  id: string;
  /** Names matched and ranked as words: first, last, mother's maiden name, other names. */
  names: readonly string[];
  /** Also matched (its parts: "lord.byron@example.com" is found by "byron"). */
  email?: string;
  /** A 4-digit year, or '' */
  birthYear?: string;
  /** The name as shown, in parts (first, last): results of equal rank are sorted by it. */
  shownName: readonly string[];
}

export interface SearchOptions {
  /** At most this many ids (never more than SEARCH_RESULT_CAP). */
  limit?: number;
  /** Only these ids are offered (the others are skipped, not counted). */
  accept?: (id: string) => boolean;
}

export interface SearchResult {
  /** Best first: exact word, then start of a word, then inside one; then by name. */
  ids: string[];
  /** More people matched than `ids` holds. */
  more: boolean;
}

/** How well a query word matches a person (higher is better); a person's rank is the sum. */
const INSIDE = 1;
const PREFIX = 2;
const EXACT = 3;

/** Shorter query words would find half of everyone inside some word. */
const INSIDE_MIN_LENGTH = 3;
/** What checking one person against one query word costs, in postings read (see `match`). */
const CHECK_COST = 20;
/** More waiting words than this are sorted in with one sort of everything. */
const MERGE_ONE_BY_ONE = 256;

interface QueryWord {
  /** Folded spellings, short first. */
  spellings: readonly string[];
  /** Each spelling as a whole word and as the beginning of one, in a person's text. */
  exact: string[];
  begins: string[];
  /** Only digits, at most four: also matches birth years it begins. */
  years: YearRange | null;
  inside: boolean;
}

/** The years a typed number begins ("18": 1800 to 1899), and the one it is when complete. */
interface YearRange {
  from: number;
  to: number;
  exact: number;
}

interface LastSearch {
  version: number;
  words: QueryWord[];
  /** Every slot that matched all the words (not only the ones returned). */
  slots: number[];
}

const DIGITS = /^\d+$/;

export class SearchIndex {
  /** Slot → id ('' for a free slot). */
  private ids: string[] = [];
  private slotOf = new Map<string, number>();
  private free: number[] = [];
  /**
   * Slot → its distinct folded words (names and e-mail, every spelling), each after a NUL and the
   * last one followed by one ("\0anna\0berg\0"): checking a person against a query word is
   * then one `includes` (exact "\0anna\0", beginning "\0ann", inside "nna").
   */
  private text: string[] = [];
  /** Slot → birth year, or 0. */
  private years: number[] = [];
  private keys: string[] = [];
  /** Word → the slots that have it. */
  private postings = new Map<string, number[]>();
  /** Every word with postings, sorted, once `waiting` is merged in; `lists` are their postings. */
  private sorted: string[] = [];
  private lists: number[][] = [];
  /**
   * The sorted words in one string, each after a NUL, and where each starts: a word inside others
   * is found by `indexOf` over it (native, fast) instead of a test of every word. Made again when
   * a search needs it after the words changed.
   */
  private allWords = '';
  private starts = new Int32Array(0);
  private allWordsStale = true;
  private waiting: string[] = [];
  private yearPostings = new Map<number, number[]>();
  private sortedYears: number[] = [];
  private yearsDirty = false;
  /**
   * Live slots in name order (sort key, then id), and each slot's place in it: results of equal
   * rank compare two numbers, and an empty query reads the first ones off. Slots whose key is new
   * wait in `reorder` until the next search sorts them in.
   */
  private byName: number[] = [];
  private order = new Uint32Array(0);
  private reorder = new Set<number>();
  private orderStale = false;
  /** Per-search scratch, by slot: which search last saw it, and its rank. */
  private seen = new Uint32Array(0);
  private rank = new Uint16Array(0);
  private generation = 0;
  private last: LastSearch | null = null;
  private changes = 0;

  /** Changes with every change of the index: a previous search is only narrowed within one. */
  get version(): number {
    return this.changes;
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Adds a person, or replaces what is known of them. */
  set(entry: SearchEntry) {
    const words = entryWords(entry);
    const text = words.length ? `${SEP}${words.join(SEP)}${SEP}` : '';
    const year = yearOf(entry.birthYear ?? '');
    const key = sortKey(entry.shownName);
    let slot = this.slotOf.get(entry.id);
    let placed = false;
    if (slot !== undefined) {
      if (this.keys[slot] === key && this.years[slot] === year && this.text[slot] === text) return;
      this.unlink(slot);
      placed = this.keys[slot] === key;
      if (!placed) this.leaveOrder(slot);
    } else {
      slot = this.free.pop() ?? this.ids.length;
      this.slotOf.set(entry.id, slot);
      this.ids[slot] = entry.id;
    }
    this.text[slot] = text;
    this.years[slot] = year;
    this.keys[slot] = key;
    if (!placed) this.reorder.add(slot);
    for (const w of words) {
      let list = this.postings.get(w);
      if (!list) {
        this.postings.set(w, (list = []));
        this.waiting.push(w);
      }
      list.push(slot);
    }
    if (year) {
      let list = this.yearPostings.get(year);
      if (!list) {
        this.yearPostings.set(year, (list = []));
        this.yearsDirty = true;
      }
      list.push(slot);
    }
    this.changes++;
  }

  remove(id: string) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.unlink(slot);
    this.leaveOrder(slot);
    this.slotOf.delete(id);
    this.ids[slot] = '';
    this.text[slot] = '';
    this.years[slot] = 0;
    this.keys[slot] = '';
    this.free.push(slot);
    this.changes++;
  }

  /** Takes a slot out of the postings of its words and year. */
  private unlink(slot: number) {
    for (const w of wordsOf(this.text[slot]!)) {
      const list = this.postings.get(w)!;
      removeFrom(list, slot);
      if (list.length) continue;
      this.postings.delete(w);
      const at = this.waiting.indexOf(w);
      if (at >= 0) this.waiting.splice(at, 1);
      else {
        const i = lowerBound(this.sorted, w);
        this.sorted.splice(i, 1);
        this.lists.splice(i, 1);
        this.allWordsStale = true;
      }
    }
    const year = this.years[slot]!;
    if (year) {
      const list = this.yearPostings.get(year)!;
      removeFrom(list, slot);
      if (!list.length) {
        this.yearPostings.delete(year);
        this.yearsDirty = true;
      }
    }
  }

  /** Takes a slot out of the name order (its key is still the one it was placed by). */
  private leaveOrder(slot: number) {
    if (this.reorder.delete(slot)) return;
    this.byName.splice(this.placeInOrder(slot), 1);
    this.orderStale = true;
  }

  /** Where a slot is, or would go, in `byName`. */
  private placeInOrder(slot: number): number {
    let lo = 0;
    let hi = this.byName.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.byKey(this.byName[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private byKey = (a: number, b: number): number => {
    const ka = this.keys[a]!;
    const kb = this.keys[b]!;
    if (ka !== kb) return ka < kb ? -1 : 1;
    const ia = this.ids[a]!;
    const ib = this.ids[b]!;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  };

  /** Sorts in the words and names added since the last search. */
  private settle() {
    const n = this.waiting.length;
    if (n > MERGE_ONE_BY_ONE) {
      this.sorted = this.sorted.concat(this.waiting).sort();
      this.lists = this.sorted.map((w) => this.postings.get(w)!);
    } else if (n) {
      for (const w of this.waiting) {
        const i = lowerBound(this.sorted, w);
        this.sorted.splice(i, 0, w);
        this.lists.splice(i, 0, this.postings.get(w)!);
      }
    }
    if (n) this.allWordsStale = true;
    this.waiting = [];
    if (this.yearsDirty) {
      this.sortedYears = [...this.yearPostings.keys()].sort((a, b) => a - b);
      this.yearsDirty = false;
    }
    if (this.seen.length < this.ids.length) {
      const capacity = Math.max(1024, this.ids.length * 2);
      this.seen = new Uint32Array(capacity);
      this.rank = new Uint16Array(capacity);
      this.order = new Uint32Array(capacity);
      this.generation = 0;
      this.orderStale = true;
    }
    if (this.reorder.size > MERGE_ONE_BY_ONE) {
      // One sort of everything, by the engine's own string order (a comparator calling back into
      // JavaScript for each of 1.7 million comparisons costs several times more): key, NUL, id
      // sorts exactly as `byKey` does, NUL coming before any letter of a key.
      const all: string[] = [];
      for (const slot of this.byName) all.push(`${this.keys[slot]}${SEP}${this.ids[slot]}`);
      for (const slot of this.reorder) all.push(`${this.keys[slot]}${SEP}${this.ids[slot]}`);
      all.sort();
      this.byName = all.map((k) => this.slotOf.get(k.slice(k.indexOf(SEP) + 1))!);
    } else {
      for (const slot of this.reorder) this.byName.splice(this.placeInOrder(slot), 0, slot);
    }
    if (this.reorder.size) this.orderStale = true;
    this.reorder.clear();
    if (this.orderStale) {
      for (let i = 0; i < this.byName.length; i++) this.order[this.byName[i]!] = i;
      this.orderStale = false;
    }
  }

  /**
   * The people a query finds, best first. An empty query lists everyone by name (Link existing
   * shows the first ones before anything is typed).
   */
  search(query: string, options: SearchOptions = {}): SearchResult {
    this.settle();
    const limit = Math.max(0, Math.min(options.limit ?? SEARCH_RESULT_CAP, SEARCH_RESULT_CAP));
    const words = parseQuery(query);
    const gen = this.nextGeneration();
    if (!words.length) {
      this.last = null;
      return this.first(limit, options.accept);
    }
    const slots = this.match(words, gen);
    this.last = { version: this.version, words, slots };
    return this.best(slots, limit, options.accept);
  }

  /** Everyone by name: the first `limit` accepted. */
  private first(limit: number, accept: ((id: string) => boolean) | undefined): SearchResult {
    const ids: string[] = [];
    for (const slot of this.byName) {
      const id = this.ids[slot]!;
      if (accept && !accept(id)) continue;
      if (ids.length === limit) return { ids, more: true };
      ids.push(id);
    }
    return { ids, more: false };
  }

  private nextGeneration(): number {
    if (this.generation === 0xffffffff) {
      this.seen.fill(0);
      this.generation = 0;
    }
    return ++this.generation;
  }

  /** Every slot matching all the words, with its rank in `rank`. */
  private match(words: QueryWord[], gen: number): number[] {
    const last = this.last;
    const previous = last && last.version === this.version && narrows(last.words, words) ? last.slots : null;
    // The rarest word gives the candidates (its words' postings counted, inside matches aside).
    let start = 0;
    let fewest = Infinity;
    if (words.length > 1 || previous) {
      for (let i = 0; i < words.length; i++) {
        const n = this.estimate(words[i]!);
        if (n < fewest) (fewest = n), (start = i);
      }
    }
    // What this query finds is among the previous matches: they are checked instead when that
    // costs less than asking the index. Measured: checking a person against a word costs about
    // what 20 postings do, and the pass over all the words for a match inside them about what
    // one posting per 8 words does.
    const fromIndex =
      !previous ||
      previous.length * words.length * CHECK_COST > fewest + fewest * (words.length - 1) * CHECK_COST + (words[start]!.inside ? this.sorted.length / 8 : 0);
    const candidates = fromIndex ? this.gather(words[start]!, gen) : previous;
    if (fromIndex && words.length === 1) return candidates;
    const out: number[] = [];
    for (const slot of candidates) {
      let total = fromIndex ? this.rank[slot]! : 0;
      let ok = true;
      for (let i = 0; i < words.length && ok; i++) {
        if (fromIndex && i === start) continue;
        const r = this.rankOf(slot, words[i]!);
        total += r;
        ok = r > 0;
      }
      if (!ok) continue;
      this.rank[slot] = total;
      out.push(slot);
    }
    return out;
  }

  /** About how many people a word's beginning finds (the postings of its range of words). */
  private estimate(word: QueryWord): number {
    let n = 0;
    for (const spelling of word.spellings) {
      for (let i = lowerBound(this.sorted, spelling); i < this.sorted.length && this.sorted[i]!.startsWith(spelling); i++) n += this.lists[i]!.length;
    }
    if (word.years) for (const year of this.yearsIn(word.years)) n += this.yearPostings.get(year)!.length;
    return n;
  }

  /** The slots one word finds in the index, each with its best rank for that word. */
  private gather(word: QueryWord, gen: number): number[] {
    const out: number[] = [];
    for (const spelling of word.spellings) {
      for (let i = lowerBound(this.sorted, spelling); i < this.sorted.length && this.sorted[i]!.startsWith(spelling); i++) {
        this.collect(this.lists[i]!, this.sorted[i] === spelling ? EXACT : PREFIX, gen, out);
      }
    }
    if (word.years) {
      for (const year of this.yearsIn(word.years)) this.collect(this.yearPostings.get(year)!, year === word.years.exact ? EXACT : PREFIX, gen, out);
    }
    if (word.inside) {
      this.buildAllWords();
      const all = this.allWords;
      const starts = this.starts;
      for (const spelling of word.spellings) {
        for (let at = all.indexOf(spelling, 1); at >= 0; ) {
          // The word this occurrence is in; one that begins with it was taken above.
          const i = upperBound(starts, at) - 1;
          if (starts[i] !== at) this.collect(this.lists[i]!, INSIDE, gen, out);
          at = i + 1 < starts.length ? all.indexOf(spelling, starts[i + 1]!) : -1;
        }
      }
    }
    return out;
  }

  /** Adds postings to a search's candidates, keeping each slot's best rank. */
  private collect(slots: readonly number[], r: number, gen: number, out: number[]) {
    const seen = this.seen;
    const rank = this.rank;
    for (let k = 0; k < slots.length; k++) {
      const s = slots[k]!;
      if (seen[s] !== gen) {
        seen[s] = gen;
        rank[s] = r;
        out.push(s);
      } else if (r > rank[s]!) rank[s] = r;
    }
  }

  private buildAllWords() {
    if (!this.allWordsStale) return;
    const starts = new Int32Array(this.sorted.length);
    let offset = 1;
    for (let i = 0; i < this.sorted.length; i++) {
      starts[i] = offset;
      offset += this.sorted[i]!.length + 1;
    }
    this.allWords = SEP + this.sorted.join(SEP);
    this.starts = starts;
    this.allWordsStale = false;
  }

  /** The birth years in the index a typed number begins, in order. */
  private *yearsIn({ from, to }: YearRange): Generator<number> {
    for (let i = lowerBound(this.sortedYears, from); i < this.sortedYears.length && this.sortedYears[i]! < to; i++) yield this.sortedYears[i]!;
  }

  /** How well one query word matches one person (0: not at all). */
  private rankOf(slot: number, word: QueryWord): number {
    const text = this.text[slot]!;
    let best = 0;
    for (let i = 0; i < word.spellings.length; i++) {
      if (text.includes(word.exact[i]!)) return EXACT;
      if (text.includes(word.begins[i]!)) best = PREFIX;
      else if (!best && word.inside && text.includes(word.spellings[i]!)) best = INSIDE;
    }
    if (word.years && best < EXACT) {
      const year = this.years[slot]!;
      if (year === word.years.exact) return EXACT;
      if (year >= word.years.from && year < word.years.to) best = PREFIX;
    }
    return best;
  }

  /** The `limit` best of the slots (rank, then name, then id), those `accept` refuses left out. */
  private best(slots: readonly number[], limit: number, accept: ((id: string) => boolean) | undefined): SearchResult {
    // A heap with the worst kept result on top: a slot replaces it only when better, and only
    // slots that would be kept are asked about (`accept` may cost a lookup).
    const heap: number[] = [];
    let more = false;
    const worse = (a: number, b: number) => this.compare(a, b) > 0;
    const siftUp = (i: number) => {
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    };
    const siftDown = (i: number) => {
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < heap.length && worse(heap[l]!, heap[top]!)) top = l;
        if (r < heap.length && worse(heap[r]!, heap[top]!)) top = r;
        if (top === i) return;
        [heap[i], heap[top]] = [heap[top]!, heap[i]!];
        i = top;
      }
    };
    const accepted = (slot: number) => !accept || accept(this.ids[slot]!);
    for (const slot of slots) {
      if (heap.length < limit) {
        if (!accepted(slot)) continue;
        heap.push(slot);
        siftUp(heap.length - 1);
      } else if (limit && this.compare(slot, heap[0]!) < 0) {
        if (!accepted(slot)) continue;
        heap[0] = slot;
        siftDown(0);
        more = true;
      } else if (!more && accepted(slot)) more = true;
    }
    heap.sort((a, b) => this.compare(a, b));
    return { ids: heap.map((s) => this.ids[s]!), more };
  }

  /** Negative when slot a comes first: higher rank, then name order. */
  private compare(a: number, b: number): number {
    const ra = this.rank[a]!;
    const rb = this.rank[b]!;
    return ra !== rb ? rb - ra : this.order[a]! - this.order[b]!;
  }
}

/** Comes before every word in a person's text, and after the last; never part of a word. */
const SEP = '\0';

/** The distinct folded words of an entry: names (also whole when punctuated) and e-mail parts. */
function entryWords(entry: SearchEntry): string[] {
  const out: string[] = [];
  for (const name of entry.names) if (name) addWords(out, foldWords(name, true));
  if (entry.email) addWords(out, foldWords(entry.email));
  return out;
}

function addWords(out: string[], words: readonly FoldedWord[]) {
  for (const word of words) for (const s of word) if (!out.includes(s)) out.push(s);
}

function wordsOf(text: string): string[] {
  return text ? text.slice(1, -1).split(SEP) : [];
}

function parseQuery(query: string): QueryWord[] {
  return foldWords(query).map((spellings) => {
    const typed = spellings[0]!;
    const digits = DIGITS.test(typed);
    return {
      spellings,
      exact: spellings.map((s) => `${SEP}${s}${SEP}`),
      begins: spellings.map((s) => `${SEP}${s}`),
      years: digits ? yearRange(typed) : null,
      inside: !digits && typed.length >= INSIDE_MIN_LENGTH,
    };
  });
}

function yearRange(typed: string): YearRange | null {
  if (typed.length > 4) return null;
  const pad = 10 ** (4 - typed.length);
  const from = Number(typed) * pad;
  return { from, to: from + pad, exact: typed.length === 4 ? from : -1 };
}

/**
 * Whatever `next` finds, `prev` found too: every earlier word is the beginning of the word in its
 * place now (more words only narrow), and none started matching inside words.
 */
function narrows(prev: readonly QueryWord[], next: readonly QueryWord[]): boolean {
  if (next.length < prev.length) return false;
  for (let i = 0; i < prev.length; i++) {
    const a = prev[i]!;
    const b = next[i]!;
    if (b.inside && !a.inside) return false;
    if (!b.spellings.every((s) => a.spellings.some((p) => s.startsWith(p)))) return false;
  }
  return true;
}

function yearOf(text: string): number {
  const t = text.trim();
  return /^\d{4}$/.test(t) ? Number(t) : 0;
}

function removeFrom(list: number[], value: number) {
  const at = list.lastIndexOf(value);
  if (at < 0) return;
  list[at] = list[list.length - 1]!;
  list.pop();
}

/** The first index whose value is above `value` (in a sorted array). */
function upperBound(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lowerBound<T>(sorted: readonly T[], value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
