import { describe, expect, it } from 'vitest';
import { readKept } from '../../../src/gedcom/kept.ts';
import { groupSummary, SUMMARY_ITEMS_PER_GROUP } from '../../../src/gedcom/summary.ts';
import { PROFILE_LIMITS } from '../../../src/domain/validation/profile.ts';
import { checkProfileRecord } from '../../../src/domain/validation/profile.ts';
import { checkGraph } from '../../../src/domain/checkGraph.ts';
import { fixture } from './fixtures.ts';
import { asGraph, exportText, importText } from './graphHelpers.ts';

const head = (version = '5.5.1') => `0 HEAD\n1 GEDC\n2 VERS ${version}\n1 CHAR UTF-8\n`;
const file = (body: string, version?: string) => `${head(version)}${body}0 TRLR\n`;
const person = (xref: string, lines: string) => `0 @${xref}@ INDI\n${lines}`;
const one = (lines: string, version?: string) => importText(file(person('I1', lines), version)).profiles[0]!;

describe('people: names and sex', () => {
  it.each([
    ['1 NAME John Henry /Smith/\n', 'John Henry', 'Smith'],
    ['1 NAME /Smith/\n', '', 'Smith'],
    ['1 NAME John\n', 'John', ''],
    ['1 NAME John /Smith/ Jr.\n', 'John', 'Smith'],
    ['1 NAME  Victoria   /Hanover/\n', 'Victoria', 'Hanover'],
    ['1 NAME //\n2 GIVN Ada\n2 SURN Lovelace\n', 'Ada', 'Lovelace'],
    ['1 NAME Mary /Smith/\n1 NAME Mary /Jones/\n2 TYPE married\n', 'Mary', 'Smith'],
    ['', '', ''],
  ])('%j → %j %j', (lines, first, last) => {
    expect(one(lines)).toMatchObject({ firstName: first, lastName: last });
  });

  it.each([
    ['M', 'M'],
    ['F', 'F'],
    ['U', ''],
    ['X', ''],
    ['m', 'M'],
  ])('SEX %s → %j', (sex, gender) => expect(one(`1 SEX ${sex}\n`).gender).toBe(gender));

  it('cuts a name part over 100 characters on the card, keeps it whole for export, and says so with the line', () => {
    const long = 'A'.repeat(150);
    const r = importText(file(person('I1', `1 NAME ${long} /Smith/\n`)));
    expect(r.profiles[0]!.firstName).toHaveLength(PROFILE_LIMITS.firstName);
    expect(r.profiles[0]!.firstName.endsWith('…')).toBe(true);
    expect(r.summary.items).toContainEqual(expect.objectContaining({ code: 'name-cut', line: 6 }));
    expect(readKept(r.profiles[0]!.gedcom)[0]!.children[0]!.value).toBe(`${long} /Smith/`);
    expect(checkProfileRecord(r.profiles[0], { currentYear: 2026 })).toBeNull();
  });
});

describe('people: dates in the fields when they fit exactly, else as written', () => {
  it.each<[string, Record<string, string>]>([
    ['12 MAR 1850', { birthYear: '1850', birthMonth: '03', birthDay: '12', birthDateText: '' }],
    ['MAR 1850', { birthYear: '1850', birthMonth: '03', birthDay: '', birthDateText: '' }],
    ['1850', { birthYear: '1850', birthMonth: '', birthDay: '', birthDateText: '' }],
    ['3 Jan 1066', { birthYear: '1066', birthMonth: '01', birthDay: '03', birthDateText: '' }],
    ['850', { birthYear: '0850', birthMonth: '', birthDay: '', birthDateText: '' }],
    ['@#DGREGORIAN@ 1 JAN 1900', { birthYear: '1900', birthMonth: '01', birthDay: '01', birthDateText: '' }],
    ['ABT 1850', { birthYear: '', birthDateText: 'ABT 1850' }],
    ['BEF 1 JAN 1900', { birthYear: '', birthDateText: 'BEF 1 JAN 1900' }],
    ['AFT 1800', { birthYear: '', birthDateText: 'AFT 1800' }],
    ['BET 1750 AND 1752', { birthYear: '', birthDateText: 'BET 1750 AND 1752' }],
    ['FROM 1900 TO 1910', { birthYear: '', birthDateText: 'FROM 1900 TO 1910' }],
    ['CAL 1701', { birthYear: '', birthDateText: 'CAL 1701' }],
    ['EST 1650', { birthYear: '', birthDateText: 'EST 1650' }],
    ['@#DJULIAN@ 11 FEB 1731/32', { birthYear: '', birthDateText: '@#DJULIAN@ 11 FEB 1731/32' }],
    ['11 FEB 1731/32', { birthYear: '', birthDateText: '11 FEB 1731/32' }],
    ['INT 1850 (about Easter)', { birthYear: '', birthDateText: 'INT 1850 (about Easter)' }],
    ['(the year of the flood)', { birthYear: '', birthDateText: '(the year of the flood)' }],
    ['30 FEB 1850', { birthYear: '', birthDateText: '30 FEB 1850' }],
    ['1 JAN 2999', { birthYear: '', birthDateText: '1 JAN 2999' }],
    ['44 B.C.', { birthYear: '', birthDateText: '44 B.C.' }],
    ['05 mar 1850', { birthYear: '1850', birthMonth: '03', birthDay: '05', birthDateText: '' }],
    ['12  MAR\t1850', { birthYear: '1850', birthMonth: '03', birthDay: '12', birthDateText: '' }],
    ['12 1850', { birthYear: '', birthDateText: '12 1850' }],
    ['1 ABC 1850', { birthYear: '', birthDateText: '1 ABC 1850' }],
    ['0 JAN 1850', { birthYear: '', birthDateText: '0 JAN 1850' }],
    ['12345', { birthYear: '', birthDateText: '12345' }],
  ])('birth %j', (date, fields) => {
    expect(one(`1 BIRT\n2 DATE ${date}\n`)).toMatchObject(fields);
  });

  it.each<[string, Record<string, string>]>([
    ['12 MAR 1850', { death: '1850-03-12', deathDateText: '' }],
    ['1850', { death: '1850', deathDateText: '' }],
    ['MAR 1850', { death: '', deathDateText: 'MAR 1850' }],
    ['ABT 1850', { death: '', deathDateText: 'ABT 1850' }],
  ])('death %j', (date, fields) => {
    expect(one(`1 DEAT\n2 DATE ${date}\n`)).toMatchObject(fields);
  });

  it('a death month and year is kept as written, and says why', () => {
    const r = importText(file(person('I1', '1 NAME Ann /Lee/\n1 DEAT\n2 DATE MAR 1850\n')));
    expect(r.summary.items[0]!.message).toBe('Line 8: the death date "MAR 1850" of Ann Lee (@I1@) is a month and year (a death date is a year or a whole date); it is shown as written.');
  });

  it('GEDCOM 7 calendars are dates as written too', () => {
    expect(one('1 BIRT\n2 DATE JULIAN 1700\n', '7.0')).toMatchObject({ birthYear: '', birthDateText: 'JULIAN 1700' });
    expect(one('1 BIRT\n2 DATE GREGORIAN 5 MAY 1700\n', '7.0')).toMatchObject({ birthYear: '1700', birthMonth: '05', birthDay: '05' });
  });

  it('says for each date kept as written why, with its line; the profiles pass the server check', () => {
    const r = importText(file(person('I1', '1 NAME Ann /Lee/\n1 BIRT\n2 DATE ABT 1850\n1 DEAT\n2 DATE BET 1900 AND 1910\n')));
    expect(r.summary.items).toEqual([
      { code: 'date-as-written', line: 8, message: 'Line 8: the birth date "ABT 1850" of Ann Lee (@I1@) is an approximate date (ABT, CAL, EST); it is shown as written.' },
      { code: 'date-as-written', line: 10, message: 'Line 10: the death date "BET 1900 AND 1910" of Ann Lee (@I1@) is a range (BEF, AFT, BET … AND …); it is shown as written.' },
    ]);
    expect(checkProfileRecord(r.profiles[0], { currentYear: 2026 })).toBeNull();
  });

  it('an ancestor born before 1900 is in the fields (the 1900 floor is the own profile page\'s)', () => {
    const p = one('1 BIRT\n2 DATE 24 MAY 1819\n');
    expect(p).toMatchObject({ birthYear: '1819', birthMonth: '05', birthDay: '24' });
    expect(checkProfileRecord(p, { currentYear: 2026 })).toBeNull();
  });
});

describe('people: notes become the bio', () => {
  it('joins inline notes and NOTE records with a blank line, CONC/CONT spaces kept', () => {
    const r = importText(file(`${person('I1', '1 NOTE First line\n2 CONT  second line with  two spaces\n2 CONC  and more\n1 NOTE @N1@\n')}0 @N1@ NOTE Shared text\n`));
    expect(r.profiles[0]!.bio).toBe('First line\n second line with  two spaces and more\n\nShared text');
  });

  it('7.0 shared notes (SNOTE) too', () => {
    const r = importText(file(`${person('I1', '1 SNOTE @N1@\n')}0 @N1@ SNOTE Shared in 7.0\n`, '7.0'));
    expect(r.profiles[0]!.bio).toBe('Shared in 7.0');
  });

  it('cuts notes over 5,000 characters in the bio and keeps them whole for export', () => {
    const text = 'word '.repeat(1500).trim();
    const r = importText(file(person('I1', `1 NOTE ${text}\n`)));
    expect(r.profiles[0]!.bio).toHaveLength(PROFILE_LIMITS.bio);
    expect(r.summary.items.filter((i) => i.code !== 'file-warning').map((i) => i.code)).toEqual(['note-cut']);
    const again = importText(exportText(asGraph(r), '5.5.1'));
    expect(readKept(again.profiles[0]!.gedcom)[0]!.children.find((c) => c.tag === 'NOTE')!.value).toBe(text);
  });
});

describe('families: spouses, parents and pedigrees', () => {
  const family = file(
    [
      person('H', '1 NAME Tom /Ash/\n1 SEX M\n1 FAMS @F1@\n'),
      person('W', '1 NAME Eve /Ash/\n1 SEX F\n1 FAMS @F1@\n'),
      person('C1', '1 NAME Kim /Ash/\n1 FAMC @F1@\n'),
      person('C2', '1 NAME Lou /Ash/\n1 FAMC @F1@\n2 PEDI adopted\n'),
      '0 @F1@ FAM\n1 HUSB @H@\n1 WIFE @W@\n1 CHIL @C1@\n1 CHIL @C2@\n1 MARR\n2 DATE 1 JUN 1900\n',
    ].join(''),
  );

  it('makes mutual spouse lists, parent lines e-{parent}-{child} mirrored in the lists, the pedigree on the lines', () => {
    const r = importText(family);
    const [h, w, c1, c2] = r.profiles;
    expect(h!.spouses).toEqual([w!.id]);
    expect(w!.spouses).toEqual([h!.id]);
    expect(h!.children).toEqual([c1!.id, c2!.id]);
    expect(c2!.parents).toEqual([h!.id, w!.id]);
    expect(r.edges.map((e) => [e.id, e.data])).toEqual([
      ['e-n1001-n1003', { kind: 'parent' }],
      ['e-n1002-n1003', { kind: 'parent' }],
      ['e-n1001-n1004', { kind: 'parent', pedigree: 'adopted' }],
      ['e-n1002-n1004', { kind: 'parent', pedigree: 'adopted' }],
    ]);
    expect(r.families).toEqual([{ partners: ['n1001', 'n1002'], children: ['n1003', 'n1004'] }]);
    expect(checkGraph(asGraph(r))).toEqual([]);
  });

  it.each([
    ['adopted', 'adopted'],
    ['ADOPTED', 'adopted'],
    ['foster', 'foster'],
    ['sealing', 'sealing'],
    ['OTHER', 'other'],
    ['birth', undefined],
  ])('PEDI %s → %s', (pedi, pedigree) => {
    const r = importText(family.replace('2 PEDI adopted', `2 PEDI ${pedi}`));
    expect(r.edges.find((e) => e.target === 'n1004')!.data.pedigree).toBe(pedigree);
  });

  it('keeps the family record with the first partner, the marriage as the couple\'s event (a marker where it stood)', () => {
    const r = importText(family);
    const kept = readKept(r.profiles[0]!.gedcom);
    expect(kept.map((k) => `${k.tag} ${k.xref}`)).toEqual(['INDI H', 'FAM F1', 'HEAD undefined']);
    expect(kept[1]!.children.map((c) => c.tag)).toEqual(['HUSB', 'WIFE', 'CHIL', 'CHIL', '_FACT_MARR']);
    const [marriage] = r.couples[0]!.events;
    expect(kept[1]!.children[4]!.value).toBe(marriage!.id);
    expect(r.couples).toEqual([{ id: `cp-${r.profiles[0]!.id}-${r.profiles[1]!.id}`, partners: [r.profiles[0]!.id, r.profiles[1]!.id], events: [{ id: marriage!.id, type: 'MARR', customType: '', date: '1 JUN 1900', placeId: '', description: '', age: '' }] }]);
  });

  it('leaves a third parent off the tree, keeps that link for export and says why', () => {
    const text = file(
      [
        person('A', '1 NAME A /X/\n'),
        person('B', '1 NAME B /X/\n'),
        person('C', '1 NAME C /Y/\n'),
        person('K', '1 NAME Kid /X/\n1 FAMC @F1@\n1 FAMC @F2@\n2 PEDI adopted\n'),
        '0 @F1@ FAM\n1 HUSB @A@\n1 WIFE @B@\n1 CHIL @K@\n',
        '0 @F2@ FAM\n1 WIFE @C@\n1 CHIL @K@\n',
      ].join(''),
    );
    const r = importText(text);
    expect(r.profiles[3]!.parents).toHaveLength(2);
    expect(r.summary.items).toContainEqual(expect.objectContaining({ code: 'too-many-parents', line: 20 }));
    expect(readKept(r.profiles[3]!.gedcom)[0]!.children.map((c) => c.tag)).toEqual(['NAME', 'FAMC', '_UNLINKED_FAMC']);
    const again = importText(exportText(asGraph(r), '5.5.1'));
    expect(again.profiles[3]!.parents).toHaveLength(2);
    expect(readKept(again.profiles[3]!.gedcom)[0]!.children.map((c) => c.tag)).toEqual(['NAME', 'FAMC', '_UNLINKED_FAMC']);
  });

  it("the child's own record decides which families come first", () => {
    const text = file(
      [
        person('A', '1 NAME A /X/\n'),
        person('B', '1 NAME B /X/\n'),
        person('C', '1 NAME C /Y/\n'),
        person('K', '1 NAME Kid /X/\n1 FAMC @F2@\n1 FAMC @F1@\n'),
        '0 @F1@ FAM\n1 HUSB @A@\n1 WIFE @B@\n1 CHIL @K@\n',
        '0 @F2@ FAM\n1 WIFE @C@\n1 CHIL @K@\n',
      ].join(''),
    );
    const r = importText(text);
    expect(r.profiles[3]!.parents).toEqual([r.profiles[2]!.id]);
    expect(r.summary.items.map((i) => i.code)).toEqual(['too-many-parents']);
  });

  it.each([
    ['a missing person', `0 @F1@ FAM\n1 HUSB @NOBODY@\n1 CHIL @I1@\n`, 'missing-person', 'Line 8: family @F1@ names @NOBODY@ as a partner, but the file has no such person. Left out.'],
    ['a missing family', '', 'missing-family', 'Line 6: an unnamed person (@I1@) is linked to @F9@, but the file has no such family. Left out.'],
  ])('%s is left out with its line', (_name, fam, code, message) => {
    const r = importText(file(`${person('I1', '1 FAMC @F9@\n')}${fam}`));
    expect(r.summary.items).toContainEqual({ code, line: expect.any(Number), message });
  });

  it('a duplicate id: both records come in, links go to the first, the second keeps an id of its own', () => {
    const r = importText(file(`${person('I1', '1 NAME First /One/\n')}${person('I1', '1 NAME Second /One/\n')}`));
    expect(r.profiles.map((p) => p.firstName)).toEqual(['First', 'Second']);
    expect(r.summary.items).toEqual([expect.objectContaining({ code: 'duplicate-xref', line: 7, message: expect.stringContaining('kept as @I1_2@') })]);
    expect(readKept(r.profiles[1]!.gedcom)[0]!.xref).toBe('I1_2');
  });

  it('nobody becomes their own ancestor: the closing link is left off and said', () => {
    const text = file(
      [person('A', '1 NAME A /X/\n'), person('B', '1 NAME B /X/\n'), '0 @F1@ FAM\n1 HUSB @A@\n1 CHIL @B@\n', '0 @F2@ FAM\n1 HUSB @B@\n1 CHIL @A@\n'].join(''),
    );
    const r = importText(text);
    expect(r.edges).toHaveLength(1);
    expect(r.summary.items.map((i) => i.code)).toEqual(['own-ancestor']);
  });
});

describe('everything else is kept with its person, in order', () => {
  it('other records go with the first person pointing to them (directly or through a record); the rest, and the header, with the first person', () => {
    const text = file(
      [
        person('I1', '1 NAME A /X/\n1 SOUR @S1@\n'),
        person('I2', '1 NAME B /X/\n1 OBJE @O1@\n1 _CUSTOM Kept value\n2 _SUB deeper\n'),
        '0 @S1@ SOUR\n1 REPO @R1@\n',
        '0 @R1@ REPO\n1 NAME Archive\n',
        '0 @O1@ OBJE\n1 FILE photo.jpg\n',
        '0 @U1@ SUBM\n1 NAME Someone\n',
        '0 _EXTENSION Record without id\n',
      ].join(''),
    );
    const r = importText(text);
    expect(readKept(r.profiles[0]!.gedcom).map((k) => `${k.tag}${k.xref ? ` ${k.xref}` : ''}`)).toEqual(['INDI I1', 'SOUR S1', 'REPO R1', 'HEAD', 'SUBM U1', '_EXTENSION']);
    expect(readKept(r.profiles[1]!.gedcom).map((k) => `${k.tag} ${k.xref}`)).toEqual(['INDI I2', 'OBJE O1']);
    expect(r.profiles[1]!.gedcom).toContain('1 _CUSTOM Kept value\n2 _SUB deeper\n');
  });

  it('records past the field limit go to the next people with room; what fits nowhere is left out and said', () => {
    const sources = (n: number, size: number) => Array.from({ length: n }, (_, k) => `0 @S${k}@ SOUR\n1 TITL ${'t'.repeat(size)}\n`).join('');
    const pointing = (n: number) => Array.from({ length: n }, (_, k) => `1 SOUR @S${k}@\n`).join('');
    const r = importText(file(person('I1', pointing(30)) + person('I2', '1 NAME B /X/\n') + sources(30, 6000)));
    const kept = r.profiles.map((p) => readKept(p.gedcom).map((k) => k.xref));
    expect(r.profiles.every((p) => (p.gedcom ?? '').length <= PROFILE_LIMITS.gedcom)).toBe(true);
    expect(kept[0]![0]).toBe('I1');
    expect(kept[1]![0]).toBe('I2');
    expect([...kept[0]!, ...kept[1]!].filter((x) => x?.startsWith('S')).sort()).toEqual(Array.from({ length: 30 }, (_, k) => `S${k}`).sort());
    expect(r.summary.counts['kept-too-large']).toBeUndefined();

    const full = importText(file(person('I1', pointing(40)) + sources(40, 6000)));
    expect(full.summary.counts['kept-too-large']).toBeGreaterThan(0);
    expect(full.profiles[0]!.gedcom!.length).toBeLessThanOrEqual(PROFILE_LIMITS.gedcom);
  });

  it('an INDI record too large alone keeps its first structures that fit, and says so', () => {
    const notes = Array.from({ length: 200 }, (_, k) => `1 NOTE ${'n'.repeat(900)} ${k}\n`).join('');
    const r = importText(file(person('I1', `1 NAME A /X/\n${notes}`)));
    const gedcom = r.profiles[0]!.gedcom!;
    expect(gedcom.length).toBeLessThanOrEqual(PROFILE_LIMITS.gedcom);
    expect(gedcom.startsWith('0 @I1@ INDI\n1 NAME\n')).toBe(true);
    expect(gedcom).toContain(' 0\n');
    expect(gedcom).not.toContain(' 199\n');
    expect(r.summary.counts['kept-too-large']).toBe(1);
  });

  it('a second import into the same tree keeps its ids apart (K1_…)', () => {
    // A citation with a NOTE under it is one the model does not hold: its lines stay kept.
    const r = importText(file(`${person('I1', '1 SOUR @S1@\n2 NOTE seen\n')}0 @S1@ SOUR\n`), { xrefPrefix: 'K1_' });
    expect(readKept(r.profiles[0]!.gedcom).map((k) => k.xref)).toEqual(['K1_I1', 'K1_S1', undefined]);
    expect(r.profiles[0]!.gedcom).toContain('1 SOUR @K1_S1@');
  });

  it('a photo of this site becomes the person\'s photo; others are kept only', () => {
    expect(one('1 OBJE\n2 FILE https://kin.example/api/files/profiles/pr:1/avatar_320.webp?v=1\n').photoURL).toBe('/api/files/profiles/pr:1/avatar_320.webp?v=1');
    expect(one('1 OBJE\n2 FILE https://elsewhere.example/a.jpg\n').photoURL).toBe('');
  });

  it('royal92: 3,010 people, 1,422 families, each person once, every profile valid for the server', () => {
    const r = importText(fixture('royal92.ged'));
    expect(r.summary).toMatchObject({ people: 3010, families: 1422 });
    expect(new Set(r.nodes.map((n) => n.data.profileId)).size).toBe(3010);
    // Events and names are checked by the facts model's own rules (not yet in checkProfileRecord).
    for (const { events: _e, names: _n, ...p } of r.profiles) expect(checkProfileRecord(p, { currentYear: 2026 })).toBeNull();
    expect(checkGraph(asGraph(r))).toEqual([]);
  }, 60_000);
});

describe('the summary', () => {
  it('counts every item and lists the first of each group, groups in a fixed order', () => {
    const lines = Array.from({ length: SUMMARY_ITEMS_PER_GROUP + 20 }, (_, i) => person(`I${i}`, '1 BIRT\n2 DATE ABT 1800\n')).join('');
    const r = importText(file(`${lines}0 @F1@ FAM\n1 HUSB @GONE@\n`));
    expect(r.summary.counts).toEqual({ 'date-as-written': SUMMARY_ITEMS_PER_GROUP + 20, 'missing-person': 1 });
    const groups = groupSummary(r.summary);
    expect(groups.map((g) => [g.title, g.count, g.items.length])).toEqual([
      ['Dates kept as written', SUMMARY_ITEMS_PER_GROUP + 20, SUMMARY_ITEMS_PER_GROUP],
      ['Links to people not in the file', 1, 1],
    ]);
  });

  it('passes the file warnings on with their lines', () => {
    const r = importText(fixture('5.5.1_sample_1.ged'));
    expect(r.summary.items).toContainEqual(expect.objectContaining({ code: 'file-warning', line: 1286 }));
  });
});
