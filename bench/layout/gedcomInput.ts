import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGedcom } from '../../src/gedcom/parse.ts';
import type { LayoutInput } from '../../src/domain/layout/types.ts';

/**
 * The layout's input straight from GEDCOM, for the layout's tests and bench (the import maps
 * far more): a file's people (INDI) and families (FAM: HUSB/WIFE partners, CHIL children).
 */
export function gedcomLayoutInput(bytes: Uint8Array): LayoutInput {
  const doc = parseGedcom(bytes);
  const people: string[] = [];
  const families: LayoutInput['families'] = [];
  for (const record of doc.records) {
    if (record.tag === 'INDI' && record.xref) people.push(record.xref);
    if (record.tag !== 'FAM') continue;
    const partners: string[] = [];
    const children: string[] = [];
    for (const c of record.children) {
      if (!c.pointer) continue;
      if (c.tag === 'HUSB' || c.tag === 'WIFE') partners.push(c.pointer);
      else if (c.tag === 'CHIL') children.push(c.pointer);
    }
    families.push({ partners, children });
  }
  return { people, families };
}

/** royal92.ged (3,010 people; its source in tests/fixtures/gedcom/README.md). */
export const ROYAL92 = join(import.meta.dirname, '../../tests/fixtures/gedcom/royal92.ged');

export function royal92(): LayoutInput {
  return gedcomLayoutInput(readFileSync(ROYAL92));
}
