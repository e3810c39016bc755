import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GedcomDocument, GedcomNode } from '../../../src/gedcom/types.ts';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/gedcom/', import.meta.url));

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(FIXTURES + name));
}

/** Every .ged file of the fixtures folder (copied samples and our own). */
export function fixtureNames(): string[] {
  return readdirSync(FIXTURES).filter((f) => /\.ged$/i.test(f)).sort();
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function records(doc: GedcomDocument, tag: string): GedcomNode[] {
  return doc.records.filter((r) => r.tag === tag);
}

export function byXref(doc: GedcomDocument, xref: string): GedcomNode {
  const node = doc.records.find((r) => r.xref === xref);
  if (!node) throw new Error(`no record @${xref}@`);
  return node;
}

/** The first node down a path of tags: at(indi, 'BIRT', 'DATE'). */
export function at(node: GedcomNode, ...tags: string[]): GedcomNode | undefined {
  let current: GedcomNode | undefined = node;
  for (const tag of tags) current = current?.children.find((c) => c.tag === tag);
  return current;
}

export function all(node: GedcomNode, tag: string): GedcomNode[] {
  return node.children.filter((c) => c.tag === tag);
}

/** A node without its line numbers, for comparing structures across a write and a read. */
export function shape(node: GedcomNode): unknown {
  return { tag: node.tag, xref: node.xref, value: node.value, pointer: node.pointer, children: node.children.map(shape) };
}
