import { describe, expect, it } from 'vitest';
import type { Graph } from '../../../src/domain/types.ts';
import { asGraph, exportText, importText } from './graphHelpers.ts';

/**
 * A person's own note and citations, a couple's citations and other names' citations, both ways
 * (issue "Evidence and memories": INDI.SOUR, INDI.NOTE as HTML, FAM.SOUR, NAME.SOUR).
 */

const file = [
  '0 HEAD', '1 GEDC', '2 VERS 7.0',
  '0 @S1@ SOUR', '1 TITL Parish register of St Mary',
  '0 @S2@ SOUR', '1 TITL Census 1881',
  '0 @I1@ INDI', '1 NAME Ann /Lee/', '2 SOUR @S2@', '3 PAGE Piece 12',
  '1 NAME Nancy /Lee/', '2 TYPE AKA', '2 SOUR @S1@', '3 PAGE folio 3',
  '1 SEX F',
  '1 NOTE A plain bio line',
  '1 NOTE <p>Kept a <b>diary</b> all her life</p>', '2 MIME text/html',
  '1 SOUR @S1@', '2 PAGE entry 34', '2 DATA', '3 DATE 2 MAR 1901', '3 TEXT Ann, daughter of Tom', '2 QUAY 3',
  '1 FAMS @F1@',
  '0 @I2@ INDI', '1 NAME Tom /Lee/', '1 SEX M', '1 FAMS @F1@',
  '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 SOUR @S1@', '2 PAGE banns 7', '1 NOTE Married in the <b>snow</b>', '2 MIME text/html',
  '0 TRLR', '',
].join('\n');

const withSources = (r: ReturnType<typeof importText>): Graph => ({ ...asGraph(r), sources: Object.fromEntries(r.sources.map((s) => [s.id, s])) });
const ann = (g: Pick<Graph, 'profiles'>) => Object.values(g.profiles).find((p) => p.firstName === 'Ann')!;
const pages = (cs: readonly { page: string }[] | undefined) => (cs ?? []).map((c) => c.page);

describe('a person’s own evidence from GEDCOM', () => {
  it('comes in: INDI and first-NAME SOURs as the person’s citations, the HTML note as their note (not the bio), FAM.SOUR as the couple’s, an other name’s SOUR as its own', () => {
    const r = importText(file);
    const g = withSources(r);
    const p = ann(g);
    expect(pages(p.citations)).toEqual(['entry 34', 'Piece 12']);
    expect(p.citations![0]).toMatchObject({ date: '2 MAR 1901', text: 'Ann, daughter of Tom', quality: 3 });
    expect(p.note).toBe('<p>Kept a <b>diary</b> all her life</p>');
    expect(p.bio).toBe('A plain bio line');
    expect(pages(p.names![0]!.citations)).toEqual(['folio 3']);
    expect(pages(Object.values(g.couples ?? {})[0]!.citations)).toEqual(['banns 7']);
    expect(Object.values(g.couples ?? {})[0]!.note).toBe('Married in the <b>snow</b>');
  });

  it.each(['7.0', '5.5.1'] as const)('goes back out where it stood and reads back the same (%s)', (version) => {
    const g = withSources(importText(file));
    const out = exportText(g, version);
    expect(out).toMatch(/1 SOUR @\w+@\n2 PAGE entry 34\n2 DATA\n3 DATE 2 MAR 1901\n3 TEXT Ann, daughter of Tom\n2 QUAY 3/);
    expect(out).toMatch(/1 NAME Ann \/Lee\/\n2 SOUR @\w+@\n3 PAGE Piece 12/);
    expect(out).toMatch(/1 WIFE @\w+@\n1 SOUR @\w+@\n2 PAGE banns 7/);
    expect(out).not.toContain('_FACT_');
    const back = withSources(importText(out));
    expect(pages(ann(back).citations)).toEqual(['entry 34', 'Piece 12']);
    expect(pages(ann(back).names![0]!.citations)).toEqual(['folio 3']);
    expect(pages(Object.values(back.couples ?? {})[0]!.citations)).toEqual(['banns 7']);
    expect(out).toContain(version === '7.0' ? '1 NOTE Married in the <b>snow</b>\n2 MIME text/html' : '1 NOTE Married in the snow');
    expect(Object.values(back.couples ?? {})[0]!.note).toBe(version === '7.0' ? 'Married in the <b>snow</b>' : '<p>Married in the snow</p>');
    if (version === '7.0') {
      expect(out).toContain('1 NOTE <p>Kept a <b>diary</b> all her life</p>\n2 MIME text/html');
      expect(ann(back).note).toBe(ann(g).note);
      expect(ann(back).bio).toBe('A plain bio line');
    } else {
      // 5.5.1 has no MIME: the note goes out as its words, and comes back in the bio.
      expect(out).toContain('1 NOTE Kept a diary all her life');
      expect(ann(back).bio).toBe('A plain bio line\n\nKept a diary all her life');
    }
  });

  it('what a member changed goes out: a citation removed, one added, the note rewritten', () => {
    const g = withSources(importText(file));
    const p = ann(g);
    const s2 = p.citations![1]!.sourceId;
    p.citations = [p.citations![1]!, { id: 'cinew000001', sourceId: s2, page: 'Piece 99', date: '', quality: 2, text: '' }];
    p.note = '<p>Wrote <i>letters</i></p>';
    const out = exportText(g, '7.0');
    expect(out).not.toContain('entry 34');
    expect(out).toContain('1 NOTE <p>Wrote <i>letters</i></p>\n2 MIME text/html');
    expect(out).not.toContain('diary');
    const back = ann(withSources(importText(out)));
    expect(pages(back.citations)).toEqual(['Piece 99', 'Piece 12']);
    expect(back.note).toBe('<p>Wrote <i>letters</i></p>');
  });

  it('a person made in the app: note and citations written fresh, before the family links', () => {
    const g = withSources(importText(file));
    const tom = Object.values(g.profiles).find((p) => p.firstName === 'Tom')!;
    tom.note = '<p>Sailor</p>';
    tom.citations = [{ id: 'citom000001', sourceId: ann(g).citations![0]!.sourceId, page: 'crew list', date: '', quality: null, text: '' }];
    const couple = Object.values(g.couples ?? {})[0]!;
    couple.note = '<p>Wed at <i>St Mary</i></p>';
    const out = exportText(g, '7.0');
    expect(out).toMatch(/1 NAME Tom \/Lee\/\n1 SEX M\n1 NOTE <p>Sailor<\/p>\n2 MIME text\/html\n1 SOUR @\w+@\n2 PAGE crew list\n1 FAMS/);
    expect(out).toContain('1 NOTE <p>Wed at <i>St Mary</i></p>\n2 MIME text/html');
    // The couple gone (spouses unlinked), its note and citations go with it; no marker is left.
    const apart = { ...g, couples: {} };
    const alone = exportText(apart, '7.0');
    expect(alone).not.toContain('Wed at');
    expect(alone).not.toContain('_FACT_');
  });
});

describe('a couple’s shared notes from GEDCOM (FAM NOTE @N@, 7.0 SNOTE @N@)', () => {
  const shared = (version: '5.5.1' | '7.0') =>
    [
      '0 HEAD', '1 GEDC', `2 VERS ${version}`,
      '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 SEX F', '1 FAMS @F1@',
      '0 @I2@ INDI', '1 NAME Tom /Lee/', '1 SEX M', '1 FAMS @F1@',
      '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', `1 ${version === '7.0' ? 'SNOTE' : 'NOTE'} @N1@`, '1 NOTE @N2@',
      `0 @N1@ ${version === '7.0' ? 'SNOTE' : 'NOTE'} Married at Gretna`, version === '7.0' ? '1 CONT Green' : '1 CONC  Green',
      version === '7.0' ? '0 @N2@ SNOTE <i>Eloped</i>' : '0 @N2@ NOTE <i>Eloped</i>',
      '0 TRLR', '',
    ].join('\n').replace('1 NOTE @N2@', version === '7.0' ? '1 SNOTE @N2@' : '1 NOTE @N2@');
  const coupleOf = (g: Pick<Graph, 'couples'>) => Object.values(g.couples ?? {})[0];

  it.each(['5.5.1', '7.0'] as const)('are the couple’s note, in file order (%s)', (version) => {
    const g = withSources(importText(shared(version)));
    expect(coupleOf(g)?.note).toBe(version === '7.0' ? '<p>Married at Gretna<br>Green</p><i>Eloped</i>' : '<p>Married at Gretna Green</p><i>Eloped</i>');
  });

  it.each(['5.5.1', '7.0'] as const)('go back out as the same pointers while unchanged, and read back the same (%s)', (version) => {
    const g = withSources(importText(shared(version)));
    const out = exportText(g, version);
    const tag = version === '7.0' ? 'SNOTE' : 'NOTE';
    expect(out).toMatch(new RegExp(`1 WIFE @\\w+@\\n1 ${tag} @\\w+@\\n1 ${tag} @\\w+@\\n`));
    expect(out).not.toMatch(/1 NOTE Married/);
    expect(coupleOf(withSources(importText(out)))?.note).toBe(coupleOf(g)?.note);
  });

  it('rewritten in the app, the note goes out where the pointers stood, and they go', () => {
    const g = withSources(importText(shared('7.0')));
    coupleOf(g)!.note = '<p>Wed at <b>Gretna</b></p>';
    const out = exportText(g, '7.0');
    expect(out).toMatch(/1 WIFE @\w+@\n1 NOTE <p>Wed at <b>Gretna<\/b><\/p>\n2 MIME text\/html\n/);
    expect(out).not.toMatch(/1 SNOTE @\w+@/);
    expect(coupleOf(withSources(importText(out)))?.note).toBe('<p>Wed at <b>Gretna</b></p>');
  });
});
