import { parseGedcom } from './parse.ts';
import type { GedcomNode } from './types.ts';

/**
 * A profile's `gedcom` field: the structures an import keeps for a person, as GEDCOM 7 lines
 * (a level, an optional @xref@, the tag, a value or a @pointer@; a value's new lines as CONT,
 * a leading '@' doubled; no HEAD or TRLR). Read back with the codec's own parser, so the line rules
 * live in one place. Line numbers of what is read back are those of the kept text, not the file's.
 */

export function writeKept(records: readonly GedcomNode[]): string {
  const out: string[] = [];
  const write = (node: GedcomNode, level: number) => {
    let line = `${level} `;
    if (node.xref !== undefined) line += `@${node.xref}@ `;
    line += node.tag;
    if (node.pointer !== undefined) out.push(`${line} @${node.pointer}@`);
    else if (node.value === undefined || node.value === '') out.push(line);
    else {
      const parts = node.value.split('\n');
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
const encoder = new TextEncoder();

/** The records of a `gedcom` field ('' gives none). */
export function readKept(text: string | undefined): GedcomNode[] {
  if (!text) return [];
  return parseGedcom(encoder.encode(`${HEAD}${text}0 TRLR\n`)).records.slice(1);
}
