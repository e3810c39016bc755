import { parseGedcom } from './parse.ts';
import type { GedcomNode } from './types.ts';

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
}

export interface KeptWriting {
  /** Every cross-reference id (own and pointed to) as kept. */
  rename?(xref: string): string;
  edits?: { get(node: GedcomNode): KeptEdit | undefined };
}

export function writeKept(records: readonly GedcomNode[], how: KeptWriting = {}): string {
  const out: string[] = [];
  const rename = how.rename ?? ((x: string) => x);
  const edits = how.edits;
  const write = (node: GedcomNode, level: number) => {
    const edit = edits?.get(node);
    if (edit?.drop) return;
    let line = `${level} `;
    const xref = edit?.xref ?? node.xref;
    if (xref !== undefined) line += `@${rename(xref)}@ `;
    line += edit?.tag ?? node.tag;
    const value = edit?.noValue ? undefined : node.value;
    if (node.pointer !== undefined) out.push(`${line} @${node.pointer === 'VOID' ? 'VOID' : rename(node.pointer)}@`);
    else if (value === undefined || value === '') out.push(line);
    else if (value.indexOf('\n') < 0) out.push(`${line} ${escape(value)}`);
    else {
      const parts = value.split('\n');
      out.push(parts[0] ? `${line} ${escape(parts[0])}` : line);
      for (let i = 1; i < parts.length; i++) out.push(parts[i] ? `${level + 1} CONT ${escape(parts[i]!)}` : `${level + 1} CONT`);
    }
    for (const child of node.children) write(child, level + 1);
  };
  for (const r of records) write(r, 0);
  return out.length ? `${out.join('\n')}\n` : '';
}

function escape(line: string): string {
  return line.charCodeAt(0) === 64 ? `@${line}` : line;
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
