/**
 * GEDCOM text to structures: one pass of a hand-written line scanner over the decoded text
 * (native indexOf finds line ends; values are slices, never built a character at a time), a stack
 * of open structures by level, CONC/CONT folded into their parent's value as they arrive.
 * Pure: no DOM, no Node APIs, so it runs in a Web Worker.
 */
import { ANSEL_MARKS } from './ansel.ts';
import { CONTROL, decodeGedcomBytes } from './decode.ts';
import { GedcomError, type GedcomWarningCode } from './errors.ts';
import type { GedcomDocument, GedcomNode, GedcomWarning } from './types.ts';

export interface ParseOptions {
  /** Called with 0…1 as the file is read (about a hundred times for a large file, last with 1). */
  onProgress?(fraction: number): void;
}

/** Past this many warnings of one kind, the rest are counted in one summary warning. */
const WARNINGS_PER_CODE = 100;
const CONTROLS = new RegExp(CONTROL.source, 'g');
const POINTER = /^@[^@#\s][^@\s]*@$/;
/** The share of progress given to decoding the bytes (the scan gets the rest). */
const DECODE_SHARE = 0.1;
/** The tag cache: a direct-mapped table (a collision just replaces the slot's tag). */
const TAG_SLOTS_MASK = 1023;

export function parseGedcom(bytes: Uint8Array, options: ParseOptions = {}): GedcomDocument {
  const { onProgress } = options;
  onProgress?.(0);
  const decoded = decodeGedcomBytes(bytes);
  onProgress?.(DECODE_SHARE);
  const text = decoded.text;
  const warnings = new Warnings();
  for (const note of decoded.notes) warnings.add(note.at < 0 ? 0 : lineOfOffset(text, note.at), note.code, note.message);

  const v7 = decoded.declaredVersion.startsWith('7');
  const ansel = decoded.encoding === 'ANSEL';
  const hasControls = decoded.hasControls;
  const n = text.length;
  const records: GedcomNode[] = [];
  const tagSlots: (string | undefined)[] = new Array(TAG_SLOTS_MASK + 1);
  /** ANSEL values that ended with a mark at some point (its letter may start the next CONC line). */
  const dangling = new Set<GedcomNode>();
  /**
   * ANSEL: the node whose value ends with a mark right now. Tracked rather than looked up, because
   * reading the last character of a value being built from many CONT lines would flatten it each time.
   */
  let markOpen: GedcomNode | null = null;
  const stack: GedcomNode[] = [];
  /** Levels 0…open-1 have an open structure; a new line may be at level `open` at most. */
  let open = 0;
  /** Level of the previous CONC/CONT line, -1 if the previous line was not one. */
  let contLevel = -1;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lineNo = 0;
  let nextLF = -1;
  let nextCR = -1;
  let sawTrailer = false;
  let sawHead = false;
  const progressStep = Math.max(1, Math.floor(n / 100));
  let nextProgress = progressStep;

  while (pos < n) {
    lineNo++;
    // Line end: the nearer of the next LF and the next CR, each found once by indexOf and reused.
    if (nextLF < pos) {
      nextLF = text.indexOf('\n', pos);
      if (nextLF < 0) nextLF = n;
    }
    if (nextCR < pos) {
      nextCR = text.indexOf('\r', pos);
      if (nextCR < 0) nextCR = n;
    }
    const lineEnd = nextLF < nextCR ? nextLF : nextCR;
    const lineStart = pos;
    pos = lineEnd + (lineEnd === nextCR && text.charCodeAt(lineEnd + 1) === 10 ? 2 : 1);
    if (onProgress && pos >= nextProgress) {
      onProgress(DECODE_SHARE + ((1 - DECODE_SHARE) * Math.min(pos, n)) / n);
      nextProgress = pos + progressStep;
    }

    let s = text;
    let i = lineStart;
    let end = lineEnd;
    if (hasControls && CONTROL.test(text.slice(lineStart, lineEnd))) {
      s = text.slice(lineStart, lineEnd);
      warnings.add(lineNo, 'control-character', `Line ${lineNo} has a control character (${describeControls(s)}); it was removed.`);
      s = s.replace(CONTROLS, '');
      i = 0;
      end = s.length;
    }
    while (i < end && isSpace(s.charCodeAt(i))) i++;
    if (i === end) {
      if (sawHead) warnings.add(lineNo, 'blank-line', `Line ${lineNo} is blank; it was skipped.`);
      continue;
    }
    if (i > lineStart && s === text) warnings.add(lineNo, 'leading-whitespace', `Line ${lineNo} starts with spaces; they were ignored.`);
    if (!v7 && lineEnd - lineStart > 255) {
      warnings.add(lineNo, 'long-line', `Line ${lineNo} is longer than 255 characters (GEDCOM 5.5.1's limit); it was read whole.`);
    }

    // Level
    let level = 0;
    const levelStart = i;
    let c = s.charCodeAt(i);
    while (c >= 48 && c <= 57 && i < end) {
      level = level * 10 + (c - 48);
      c = s.charCodeAt(++i);
    }
    if (!sawHead) checkHead(s, levelStart, end, lineNo);
    if (i === levelStart) {
      throw new GedcomError(lineNo, 'bad-level', `expected a level number at the start of the line, found "${excerpt(s, levelStart, end)}".`);
    }
    if (i === end || !isSpace(c)) {
      throw new GedcomError(lineNo, 'no-tag', `the line has a level but no tag ("${excerpt(s, levelStart, end)}").`);
    }
    while (i < end && isSpace(s.charCodeAt(i))) i++;

    // Cross-reference id
    let xref: string | undefined;
    if (s.charCodeAt(i) === 64) {
      const close = s.indexOf('@', i + 1);
      if (close < 0 || close >= end || close === i + 1) {
        throw new GedcomError(lineNo, 'bad-xref', `the cross-reference id is not closed by "@" ("${excerpt(s, levelStart, end)}").`);
      }
      xref = s.slice(i + 1, close);
      i = close + 1;
      if (i === end || !isSpace(s.charCodeAt(i))) {
        throw new GedcomError(lineNo, 'no-tag', `the line has a cross-reference id but no tag ("${excerpt(s, levelStart, end)}").`);
      }
      while (i < end && isSpace(s.charCodeAt(i))) i++;
    }

    // Tag
    const tagStart = i;
    let lower = false;
    let hash = 0;
    while (i < end) {
      c = s.charCodeAt(i);
      if (c === 32 || c === 9) break;
      if (c >= 97 && c <= 122) lower = true;
      hash = (hash * 31 + c) | 0;
      i++;
    }
    // One string per distinct tag, found without cutting a new one out of the line: millions of
    // nodes share a few dozen tags, and fewer strings means less work for the garbage collector.
    const slot = hash & TAG_SLOTS_MASK;
    let tag = tagSlots[slot];
    if (tag === undefined || tag.length !== i - tagStart || !s.startsWith(tag, tagStart)) {
      tag = s.slice(tagStart, i);
      tagSlots[slot] = tag;
    }
    if (tag === '' || !isTagStart(tag.charCodeAt(0))) {
      throw new GedcomError(lineNo, 'no-tag', `the line has no tag ("${excerpt(s, levelStart, end)}").`);
    }
    if (lower && tag.charCodeAt(0) !== 95) {
      warnings.add(lineNo, 'lowercase-tag', `Line ${lineNo}: the tag "${tag}" is in lower case; read as "${tag.toUpperCase()}".`);
      tag = tag.toUpperCase();
    }
    // Value: everything after the one space that ends the tag, spaces kept.
    let value: string | undefined = i < end ? s.slice(i + 1, end) : undefined;

    if (level > open || (contLevel >= 0 && level === contLevel + 1)) {
      if (contLevel >= 0 && level === contLevel + 1) {
        throw new GedcomError(lineNo, 'misplaced-cont', `a line cannot be nested under a CONC or CONT line.`);
      }
      throw new GedcomError(
        lineNo,
        'level-jump',
        `level ${level} follows level ${open - 1}; a line can be at most one level deeper than the line before it.`,
      );
    }

    if (tag === 'CONT' || tag === 'CONC') {
      if (level === 0) throw new GedcomError(lineNo, 'misplaced-cont', `${tag} cannot be a record (level 0); it continues the line before it.`);
      const parent = stack[level - 1];
      if (parent.children.length > 0) {
        warnings.add(lineNo, 'cont-after-children', `Line ${lineNo}: ${tag} comes after structures nested under the line it continues; joined anyway.`);
      }
      let seg = value ?? '';
      if (seg.charCodeAt(0) === 64) seg = unescapeLeading(seg, v7);
      if (!v7 && seg.indexOf('@@') >= 0) seg = seg.replaceAll('@@', '@');
      if (ansel && ANSEL_MARKS.test(seg)) seg = anselNfc(seg);
      if (tag === 'CONT') parent.value = (parent.value ?? '') + '\n' + seg;
      else if (markOpen === parent && seg !== '') parent.value = moveMarks(parent.value!, seg);
      else parent.value = (parent.value ?? '') + seg;
      if (ansel && (seg !== '' || tag === 'CONT')) {
        markOpen = endsWithMark(seg) ? parent : null;
        if (markOpen) dangling.add(parent);
      }
      open = level;
      contLevel = level;
      continue;
    }
    contLevel = -1;

    let pointer: string | undefined;
    if (value !== undefined) {
      if (value === '') value = undefined;
      else if (value.charCodeAt(0) === 64) {
        if (POINTER.test(value)) {
          pointer = value.slice(1, -1);
          value = undefined;
        } else value = unescapeLeading(value, v7);
      }
      if (value !== undefined) {
        if (!v7 && value.indexOf('@@') >= 0) value = value.replaceAll('@@', '@');
        if (ansel && ANSEL_MARKS.test(value)) value = anselNfc(value);
      }
    }

    const node: GedcomNode = { tag, xref, value, pointer, children: [], line: lineNo };
    if (ansel) {
      markOpen = value !== undefined && endsWithMark(value) ? node : null;
      if (markOpen) dangling.add(node);
    }
    if (level === 0) {
      if (tag === 'TRLR') {
        sawTrailer = true;
        checkAfterTrailer(text, pos, lineNo, warnings);
        break;
      }
      records.push(node);
      sawHead = true;
    } else stack[level - 1].children.push(node);
    stack[level] = node;
    open = level + 1;
  }

  // Marks still at the end of a value had no CONC letter after them: they stay on the letter before.
  for (const node of dangling) if (node.value !== undefined) node.value = node.value.normalize('NFC');
  if (!sawHead) throw new GedcomError(1, 'not-gedcom', 'the file is empty; a GEDCOM file starts with "0 HEAD".');
  if (!sawTrailer) warnings.add(lineNo, 'no-trailer', `The file ends at line ${lineNo} without "0 TRLR"; it may have been cut short.`);
  const version = headVersion(records[0]);
  if (version === '') warnings.add(records[0].line, 'no-version', 'The header has no GEDC.VERS; read as GEDCOM 5.5.');
  onProgress?.(1);
  return { version: version || '5.5', encoding: decoded.encoding, records, warnings: warnings.list() };
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

function isTagStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

/** 7.0: only a leading `@@` is an escape. 5.x: all `@@` are, handled by the caller with replaceAll. */
function unescapeLeading(value: string, v7: boolean): string {
  return v7 && value.charCodeAt(1) === 64 ? value.slice(1) : value;
}

/**
 * CONC appends text as written; but in ANSEL a mark is written before its letter, so a line may
 * end with a mark whose letter starts the next CONC line: put the mark after that letter.
 */
function moveMarks(prev: string, seg: string): string {
  let k = prev.length;
  while (k > 0 && ANSEL_MARKS.test(prev.charAt(k - 1))) k--;
  return anselNfc(prev.slice(0, k) + seg.charAt(0) + prev.slice(k) + seg.slice(1));
}

function endsWithMark(value: string): boolean {
  return value.length > 0 && ANSEL_MARKS.test(value.charAt(value.length - 1));
}

/**
 * NFC, except for marks at the very end: in ANSEL those belong to the first letter of the next
 * CONC line (joinConc moves them), so they must not be composed with the letter before them.
 */
function anselNfc(value: string): string {
  let k = value.length;
  while (k > 0 && ANSEL_MARKS.test(value.charAt(k - 1))) k--;
  return k === value.length ? value.normalize('NFC') : value.slice(0, k).normalize('NFC') + value.slice(k);
}

function checkHead(s: string, start: number, end: number, lineNo: number): void {
  if (!/^0[ \t]+HEAD[ \t]*$/i.test(s.slice(start, end))) {
    throw new GedcomError(
      lineNo,
      'not-gedcom',
      `this is not a GEDCOM file: it must start with "0 HEAD" but starts with "${excerpt(s, start, end)}".`,
    );
  }
}

function checkAfterTrailer(text: string, from: number, lineNo: number, warnings: Warnings): void {
  // A DOS end-of-file mark (Ctrl-Z) or trailing blank lines after TRLR are normal; anything else is noted.
  if (/[^\s\x1a]/.test(text.slice(from, from + 4096))) {
    warnings.add(lineNo + 1, 'after-trailer', `Lines after "0 TRLR" (line ${lineNo}) were ignored.`);
  }
}

function headVersion(head: GedcomNode): string {
  const gedc = head.children.find((c) => c.tag === 'GEDC');
  return gedc?.children.find((c) => c.tag === 'VERS')?.value?.trim() ?? '';
}

function excerpt(s: string, start: number, end: number): string {
  const t = s.slice(start, Math.min(end, start + 40)).replace(/[^\x20-\x7e\u00a0-\uffff]/g, '?');
  return end - start > 40 ? `${t}…` : t;
}

function describeControls(line: string): string {
  const codes = [...new Set(line.match(CONTROLS) ?? [])].map((ch) => `U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
  return codes.join(', ');
}

function lineOfOffset(text: string, at: number): number {
  let line = 1;
  for (let i = 0; i < at && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}

class Warnings {
  private readonly items: GedcomWarning[] = [];
  private readonly counts = new Map<GedcomWarningCode, { count: number; firstLine: number }>();

  add(line: number, code: GedcomWarningCode, message: string): void {
    const seen = this.counts.get(code);
    if (!seen) this.counts.set(code, { count: 1, firstLine: line });
    else seen.count++;
    if ((seen?.count ?? 1) <= WARNINGS_PER_CODE) this.items.push({ line, code, message });
  }

  list(): GedcomWarning[] {
    const out = this.items.slice();
    for (const [code, { count }] of this.counts) {
      if (count > WARNINGS_PER_CODE) {
        const last = this.items.filter((w) => w.code === code).at(-1)!;
        out.push({ line: last.line, code: 'more', message: `${count - WARNINGS_PER_CODE} more warnings like "${code}" after line ${last.line}.` });
      }
    }
    return out;
  }
}
