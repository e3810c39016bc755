import { describe, expect, it } from 'vitest';
import { isPresumedLiving, latestYear, lifeDates, relativesIn } from '../../../src/domain/privacy.ts';
import { DECEASED } from '../../../src/domain/labels.ts';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import { fixture, records } from './fixtures.ts';
import { asGraph, exportText, importText } from './graphHelpers.ts';

/**
 * Issue 20: privacy's living rule over real files, through the real import. A recorded death
 * without a date (`1 DEAT`, `1 DEAT Y`, a burial, a cremation) means deceased, and a long-dead
 * ancestor is never "Private".
 */
const YEAR = 2026;
const DEATH_TAGS = new Set(['DEAT', 'BURI', 'CREM']);

describe('the living rule on royal92.ged and kennedy.ged', { timeout: 120_000 }, () => {
  it.each(['royal92.ged', 'kennedy.ged'])('%s: every recorded death is deceased, no one born before 1800 is living', (file) => {
    const indis = records(parseGedcom(fixture(file)), 'INDI');
    const imported = importText(fixture(file), { currentYear: YEAR });
    // The import makes one profile per INDI, in the file's order.
    expect(imported.profiles).toHaveLength(indis.length);
    const graph = asGraph(imported);
    let recorded = 0;
    imported.profiles.forEach((p, i) => {
      const living = isPresumedLiving(p, relativesIn(graph.profiles, p), YEAR);
      if (indis[i]!.children.some((c) => DEATH_TAGS.has(c.tag))) {
        expect(living, `${p.firstName} ${p.lastName} (@${indis[i]!.xref}@) has a recorded death`).toBe(false);
        recorded++;
      }
      const born = latestYear(lifeDates(p).birth);
      if (born !== null && born < 1800) expect(living, `${p.firstName} ${p.lastName} born ${born}`).toBe(false);
    });
    expect(recorded).toBeGreaterThan(100);
  });

  it('kennedy.ged: its 33 deaths recorded without a date are "deceased"', () => {
    expect(importText(fixture('kennedy.ged'), { currentYear: YEAR }).profiles.filter((p) => p.death === DECEASED)).toHaveLength(33);
  });

  it('kennedy.ged: a death recorded without a date goes back out as one, and reads back deceased', () => {
    const first = importText(fixture('kennedy.ged'), { currentYear: YEAR });
    const deceased = first.profiles.filter((p) => p.death === DECEASED).length;
    const again = importText(exportText(asGraph(first), '5.5.1'), { currentYear: YEAR });
    expect(again.profiles.filter((p) => p.death === DECEASED)).toHaveLength(deceased);
  });
});
