import { parseGedcom } from './parse.ts';
import { eachNode, type GedcomNode } from './types.ts';

/**
 * A profile's `gedcom` field: the structures an import keeps for a person, as GEDCOM 7 lines
 * (a level, an optional @xref@, the tag, a value or a @pointer@; a value's new lines as CONT,
 * a leading '@' doubled; no HEAD or TRLR). Read back with the codec's own parser, so the line rules
 * live in one place.
 */

/** How a structure is written into kept lines instead of as it is (without copying the tree). */
export interface KeptEdit {
  /** Left out, with everything under it. */
  drop?: boolean;
  tag?: string;
  xref?: string;
  /** Written without its value: the profile holds it (see toGraph.ts "slots"). */
  noValue?: boolean;
  /** Written with this value instead (a fact's marker, facts.ts). */
  value?: string;
  /** Written without what is under it: the model holds all of that (facts.ts). */
  leaf?: boolean;
  /** Written without its pointer (a citation's marker: the model holds the source it names). */
  noPointer?: boolean;
}

export interface KeptWriting {
  /** Put before every cross-reference id (own and pointed to) as kept. */
  prefix?: string;
  edits?: KeptEdits;
}

/** A record's edits by structure. */
export interface KeptEdits {
  get(node: GedcomNode): KeptEdit | undefined;
}

export function writeKept(records: readonly GedcomNode[], how: KeptWriting = {}): string {
  const out = new KeptText();
  for (const r of records) appendKept(out, r, how.prefix ?? '', how.edits);
  return out.take(0);
}

/**
 * Kept lines being written, as pieces of text in one buffer that is used again for each person:
 * the tags and values are the parsed document's own strings, so a 100,000-person import makes no
 * string per line and no growing list per person, only each person's text (which spares the
 * garbage collector most of its work).
 */
export class KeptText {
  private readonly pieces: string[] = [];
  /** How many pieces are in use. */
  size = 0;

  add(piece: string): void {
    this.pieces[this.size++] = piece;
  }

  /** The text of the pieces from `mark` on, which are then taken off. */
  take(mark: number): string {
    const text = this.pieces.slice(mark, this.size).join('');
    this.size = mark;
    return text;
  }

  /** The characters the pieces from `mark` on make. */
  chars(mark: number): number {
    let chars = 0;
    for (let k = mark; k < this.size; k++) chars += this.pieces[k]!.length;
    return chars;
  }
}

const LEVELS = Array.from({ length: 100 }, (_, level) => `${level} `);
const CONTS = Array.from({ length: 100 }, (_, level) => `${level} CONT`);

/** Adds a record's kept lines to `out` (each line ends with '\n'); returns how many characters they make. */
export function appendKept(out: KeptText, record: GedcomNode, prefix: string, edits: KeptEdits | undefined): number {
  const mark = out.size;
  eachNode(record, (node, level) => writeLine(out, node, level, prefix, edits));
  return out.chars(mark);
}

/** Writes a structure's own lines (its value's CONT lines included); false when it is left out, with all under it. */
function writeLine(out: KeptText, node: GedcomNode, level: number, prefix: string, edits: KeptEdits | undefined): boolean {
  const edit = edits?.get(node);
  if (edit?.drop) return false;
  out.add(LEVELS[level] ?? `${level} `);
  const xref = edit?.xref ?? node.xref;
  if (xref !== undefined) {
    out.add('@');
    out.add(prefix);
    out.add(xref);
    out.add('@ ');
  }
  out.add(edit?.tag ?? node.tag);
  const value = edit?.noValue ? undefined : (edit?.value ?? node.value);
  if (node.pointer !== undefined && !edit?.noPointer) {
    if (node.pointer === 'VOID') out.add(' @VOID@\n');
    else {
      out.add(' @');
      out.add(prefix);
      out.add(node.pointer);
      out.add('@\n');
    }
  } else if (value === undefined || value === '') out.add('\n');
  else if (value.indexOf('\n') < 0) addLine(out, value);
  else {
    const cont = CONTS[level + 1] ?? `${level + 1} CONT`;
    let from = 0;
    for (let to = value.indexOf('\n'); ; to = value.indexOf('\n', from)) {
      if (from > 0) out.add(cont);
      addLine(out, to < 0 ? value.slice(from) : value.slice(from, to));
      if (to < 0) break;
      from = to + 1;
    }
  }
  return edit?.leaf !== true;
}

/** The rest of a line with this value: a space and the value, a leading '@' doubled, the line end. */
function addLine(out: KeptText, value: string): void {
  if (value !== '') {
    out.add(value.charCodeAt(0) === 64 ? ' @' : ' ');
    out.add(value);
  }
  out.add('\n');
}

const HEAD = '0 HEAD\n1 GEDC\n2 VERS 7.0\n';
const HEAD_LINES = 3;
const encoder = new TextEncoder();

/** The records of a `gedcom` field ('' gives none). */
export function readKept(text: string | undefined): GedcomNode[] {
  return text ? readKeptMany([text])[0]! : [];
}

/**
 * The records of many `gedcom` fields, read in one pass of the parser (one decode, one scan)
 * rather than one per person: each field's records are told apart by their line numbers.
 */
export function readKeptMany(texts: readonly (string | undefined)[]): GedcomNode[][] {
  const starts: number[] = [];
  const parts: string[] = [HEAD];
  let line = HEAD_LINES + 1;
  for (const t of texts) {
    starts.push(line);
    if (!t) continue;
    parts.push(t);
    for (let i = t.indexOf('\n'); i >= 0; i = t.indexOf('\n', i + 1)) line++;
  }
  parts.push('0 TRLR\n');
  const out: GedcomNode[][] = texts.map(() => []);
  const records = parseGedcom(encoder.encode(parts.join(''))).records;
  let k = 0;
  for (let r = 1; r < records.length; r++) {
    const at = records[r]!.line;
    while (k + 1 < starts.length && starts[k + 1]! <= at) k++;
    out[k]!.push(records[r]!);
  }
  return out;
}
