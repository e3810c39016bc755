import type { ChangeSet } from '../../src/domain/changeSet.ts';
import { newProfileId } from '../../src/domain/ids.ts';
import { planImport } from '../../src/gedcom/importPlan.ts';
import { generateGedcom } from '../gedcom/generate.ts';
import { seededRandom } from './random.ts';

/**
 * The seeded generator's GEDCOM file (bench/gedcom/generate.ts: 4–8 events a person, a few
 * thousand places, citations) planned as the tree screen plans an import: the change set a member's
 * import sends, with its events, other names, places and couples.
 */
export function gedcomChangeSet(people: number, uid: string, options: { seed?: number; siteOrigin?: string } = {}): ChangeSet {
  const seed = options.seed ?? 1;
  const random = seededRandom(seed + 1);
  const fill = (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    return bytes;
  };
  return planImport(new TextEncoder().encode(generateGedcom({ people, seed })), {
    uid,
    now: new Date().toISOString(),
    currentYear: new Date().getFullYear(),
    siteOrigin: options.siteOrigin ?? 'http://localhost',
    xrefPrefix: 'I',
    firstNodeNumber: 1000,
    origin: { x: 0, y: 400 },
    newProfileId: () => newProfileId(fill),
    random,
  }).changes;
}
