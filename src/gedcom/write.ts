/**
 * Structures to GEDCOM text (UTF-8), by the line rules of the target version. The writer knows
 * lines, not meaning: it writes the nodes it is given in order (custom tags included), brings the
 * header up to date and adds TRLR. Turning 5.x structures into 7.0 ones is the mapping's job.
 *
 * 7.0: no CONC; each '\n' of a value starts a CONT line; a line value starting with '@' gets it
 * doubled; the text starts with a byte-order mark (U+FEFF), as GEDCOM 7 recommends.
 * 5.5.1: lines of at most 255 characters counting the line end; longer values continue on CONC
 * lines split between two non-space characters (readers that trim lines never lose a space); every
 * '@' in a value is doubled except in a calendar escape such as '@#DJULIAN@'; HEAD.CHAR is UTF-8 and a
 * submitter is added if the records have none (5.5.1 requires one).
 * Lines end with '\n'. Values with '\r\n' or '\r' are read as having '\n'.
 */
import { eachNode, type GedcomNode, type GedcomWriteInput } from './types.ts';

/** 5.5.1's limit counts the line terminator: 255 characters with '\n' leaves 254 for the line. */
const MAX_551 = 254;
const MARK = /\p{M}/u;

export function writeGedcom(doc: GedcomWriteInput): string {
  const v7 = doc.version === '7.0';
  const out = new Lines();
  const records = doc.records.filter((r) => r.tag !== 'HEAD' && r.tag !== 'TRLR');
  const head = headerFor(doc, records);
  const writeLine = (node: GedcomNode, level: number) => {
    let prefix = levelPrefix(level);
    if (node.xref !== undefined) prefix += `@${node.xref}@ `;
    prefix += node.tag;
    if (node.pointer !== undefined) out.push(`${prefix} @${node.pointer}@`);
    else if (node.value === undefined || node.value === '') out.push(prefix);
    else writeValue(out, prefix, level, node.value, v7);
  };
  const writeNode = (record: GedcomNode) => eachNode(record, writeLine);
  writeNode(head.node);
  for (const extra of head.extraRecords) writeNode(extra);
  for (const record of records) writeNode(record);
  out.push('0 TRLR');
  return (v7 ? '\ufeff' : '') + out.text();
}

/**
 * Lines joined a few thousand at a time: the short-lived line strings die young and only the
 * chunks survive, which keeps the garbage collector's work small on a 100,000-person file.
 */
class Lines {
  private readonly chunks: string[] = [];
  private batch: string[] = [];

  push(line: string): void {
    this.batch.push(line);
    if (this.batch.length === 4096) {
      this.chunks.push(this.batch.join('\n'));
      this.batch = [];
    }
  }

  text(): string {
    if (this.batch.length > 0) this.chunks.push(this.batch.join('\n'));
    return this.chunks.join('\n') + '\n';
  }
}

const LEVEL_PREFIXES = Array.from({ length: 100 }, (_, level) => `${level} `);

function levelPrefix(level: number): string {
  return LEVEL_PREFIXES[level] ?? `${level} `;
}

function writeValue(out: Lines, prefix: string, level: number, value: string, v7: boolean): void {
  // Most values are one line: no array for them.
  if (value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
    writeLine(out, prefix, level, value, v7);
    return;
  }
  const lines = value.split(/\r\n|\r|\n/);
  const cont = `${levelPrefix(level + 1)}CONT`;
  for (let k = 0; k < lines.length; k++) writeLine(out, k === 0 ? prefix : cont, level, lines[k], v7);
}

function writeLine(out: Lines, prefix: string, level: number, line: string, v7: boolean): void {
  const text = v7 ? escape70(line) : escape551(line);
  if (text === '') out.push(prefix);
  else if (v7) out.push(`${prefix} ${text}`);
  else writeSplit(out, prefix, level + 1, text);
}

function escape70(line: string): string {
  return line.charCodeAt(0) === 64 ? `@${line}` : line;
}

/** Doubles every '@' except those of a '@#…@' escape (a calendar such as '@#DJULIAN@'). */
function escape551(line: string): string {
  if (line.indexOf('@') < 0) return line;
  return line.replace(/@#[^@]*@|@/g, (m) => (m.length > 1 ? m : '@@'));
}

/** One 5.5.1 text line as a first line and CONC lines of at most MAX_551 characters. */
function writeSplit(out: Lines, prefix: string, concLevel: number, text: string): void {
  let room = MAX_551 - prefix.length - 1;
  if (text.length <= room) {
    out.push(`${prefix} ${text}`);
    return;
  }
  const conc = `${levelPrefix(concLevel)}CONC `;
  let p = 0;
  // A prefix with no room worth using (an absurdly long tag or xref): all the text goes on CONC lines.
  if (room < 16) out.push(prefix);
  else {
    p = splitPoint(text, 0, room);
    out.push(`${prefix} ${text.slice(0, p)}`);
  }
  room = MAX_551 - conc.length;
  while (p < text.length) {
    const q = text.length - p <= room ? text.length : splitPoint(text, p, room);
    out.push(conc + text.slice(p, q));
    p = q;
  }
}

/**
 * Where to end a line that starts at `start` and may hold `room` characters: the furthest point
 * between two non-space characters that splits no surrogate pair, no letter from its combining
 * mark and no escaped '@@'. If the window has none (a run of spaces), the furthest point that
 * splits none of those; else the window's end.
 */
export function splitPoint(text: string, start: number, room: number): number {
  const max = Math.min(text.length - 1, start + room);
  for (let p = max; p > start; p--) {
    if (isSpace(text.charCodeAt(p - 1)) || isSpace(text.charCodeAt(p))) continue;
    if (safeBoundary(text, p)) return p;
  }
  for (let p = max; p > start; p--) if (safeBoundary(text, p)) return p;
  return max;
}

function safeBoundary(text: string, p: number): boolean {
  const c = text.charCodeAt(p);
  if (c >= 0xdc00 && c <= 0xdfff) return false;
  if (c === 64 && text.charCodeAt(p - 1) === 64) {
    // Inside a run of doubled @s, only between pairs: each line is unescaped on its own.
    let run = 0;
    while (p - run - 1 >= 0 && text.charCodeAt(p - run - 1) === 64) run++;
    return run % 2 === 0;
  }
  if (c >= 0x300 && MARK.test(text.charAt(p))) return false;
  return true;
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9;
}

/** HEAD as the target version wants it; keeps every other line of a HEAD the records carry. */
function headerFor(doc: GedcomWriteInput, records: GedcomNode[]): { node: GedcomNode; extraRecords: GedcomNode[] } {
  const v7 = doc.version === '7.0';
  const given = doc.records.find((r) => r.tag === 'HEAD');
  const kept = (given?.children ?? []).filter((c) => c.tag !== 'GEDC' && c.tag !== 'CHAR');
  const gedc = node('GEDC', undefined, v7 ? [node('VERS', '7.0')] : [node('VERS', '5.5.1'), node('FORM', 'LINEAGE-LINKED')]);
  const children = [gedc];
  if (!v7) children.push(node('CHAR', 'UTF-8'));
  if (!kept.some((c) => c.tag === 'SOUR')) children.push(node('SOUR', doc.source ?? 'KINFOLK'));
  children.push(...kept);
  const extraRecords: GedcomNode[] = [];
  if (!v7 && !kept.some((c) => c.tag === 'SUBM')) {
    let subm = records.find((r) => r.tag === 'SUBM' && r.xref !== undefined);
    if (!subm) {
      const taken = new Set(records.map((r) => r.xref));
      let xref = 'SUBM';
      for (let k = 1; taken.has(xref); k++) xref = `SUBM${k}`;
      subm = { ...node('SUBM', undefined, [node('NAME', doc.submitter ?? 'Unknown')]), xref };
      extraRecords.push(subm);
    }
    children.push({ ...node('SUBM'), pointer: subm.xref });
  }
  return { node: node('HEAD', undefined, children), extraRecords };
}

function node(tag: string, value?: string, children: GedcomNode[] = []): GedcomNode {
  return { tag, xref: undefined, value, pointer: undefined, children, line: 0 };
}
