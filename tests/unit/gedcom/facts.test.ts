import { describe, expect, it } from 'vitest';
import { coupleId, type FactEvent, type PersonName } from '../../../src/domain/facts/types.ts';
import type { Graph, Pedigree } from '../../../src/domain/types.ts';
import { graphToGedcom } from '../../../src/gedcom/fromGraph.ts';
import { writeGedcom } from '../../../src/gedcom/write.ts';
import { PlaceBook, placeFullName, placeParts, readCoordinate, writeCoordinate } from '../../../src/gedcom/facts.ts';
import { readKept, writeKept } from '../../../src/gedcom/kept.ts';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import type { GedcomImport } from '../../../src/gedcom/toGraph.ts';
import { fixture, shape, utf8 } from './fixtures.ts';
import { asGraph, exportText, importText, snapshot } from './graphHelpers.ts';

const head = (version = '5.5.1') => `0 HEAD\n1 GEDC\n2 VERS ${version}\n1 CHAR UTF-8\n`;
const file = (body: string, version?: string) => `${head(version)}${body}0 TRLR\n`;
const person = (xref: string, lines: string) => `0 @${xref}@ INDI\n${lines}`;
const SOURCE = '0 @S1@ SOUR\n1 TITL Parish register\n';
const one = (lines: string, version?: string) => importText(file(person('I1', `1 NAME Ann /Lee/\n${lines}`) + SOURCE, version));

/** An event as a test names it: its place by full name, no id. */
function said(r: Pick<GedcomImport, 'places'>, { id: _, placeId, ...e }: FactEvent) {
  return { ...e, place: placeFullName(Object.fromEntries(r.places.map((p) => [p.id, p])), placeId) };
}
const eventsOf = (r: GedcomImport, k = 0) => (r.profiles[k]!.events ?? []).map((e) => said(r, e));
const keptLines = (r: GedcomImport, k = 0) => writeKept(readKept(r.profiles[k]!.gedcom).slice(0, 1));

describe('places: one per distinct text, levels shared, the last part the top', () => {
  it.each([
    ['Kensington Palace, London, England', ['Kensington Palace', 'London', 'England']],
    ['Kensington,Palace,London,England', ['Kensington', 'Palace', 'London', 'England']],
    ['  Cork ,  Munster,Ireland ', ['Cork', 'Munster', 'Ireland']],
    [', , Ireland', ['Ireland']],
    [' , ', []],
  ])('%j → %j', (text, parts) => {
    expect(placeParts(text)).toEqual(parts);
  });

  it('reuses the levels texts share, and a text it has seen', () => {
    let n = 0;
    const book = new PlaceBook(() => `pl${n++}`);
    const palace = book.idOf('Kensington Palace, London, England');
    const chapel = book.idOf('Chapel Royal, London, England');
    const london = book.idOf('London,England');
    expect(book.idOf('Kensington Palace, London, England')).toBe(palace);
    expect(book.idOf('Chapel Royal ,London,  England')).toBe(chapel);
    expect(book.places.map((p) => [p.name, p.parentId])).toEqual([
      ['England', ''],
      ['London', 'pl0'],
      ['Kensington Palace', 'pl1'],
      ['Chapel Royal', 'pl1'],
    ]);
    expect(london).toBe('pl1');
    const places = Object.fromEntries(book.places.map((p) => [p.id, p]));
    expect(placeFullName(places, chapel)).toBe('Chapel Royal, London, England');
    expect(book.idOf(', ,')).toBe('');
  });

  it.each([
    ['N51.5', 'LATI', 51.5],
    ['S33.8688', 'LATI', -33.8688],
    ['E151.2093', 'LONG', 151.2093],
    ['W0.19', 'LONG', -0.19],
    ['-12.5', 'LATI', -12.5],
    ['N91', 'LATI', null],
    ['E18', 'LATI', null],
    ['north', 'LATI', null],
  ] as const)('%s as %s → %s', (text, axis, value) => {
    expect(readCoordinate(text, axis)).toBe(value);
    if (value !== null && /^[NSEW]/.test(text)) expect(writeCoordinate(value, axis)).toBe(text);
  });

  it('a PLAC.MAP gives the place its coordinates; the export writes them back', () => {
    const r = one('1 BIRT\n2 DATE 1 JAN 1900\n2 PLAC Boston, Suffolk, Massachusetts, USA\n3 MAP\n4 LATI N42.3751\n4 LONG W71.1056\n');
    const place = r.places.find((p) => p.name === 'Boston')!;
    expect([place.latitude, place.longitude]).toEqual([42.3751, -71.1056]);
    expect(keptLines(r)).not.toContain('MAP');
    expect(exportText(asGraph(r), '7.0')).toContain('2 PLAC Boston, Suffolk, Massachusetts, USA\n3 MAP\n4 LATI N42.3751\n4 LONG W71.1056\n');
  });
});

describe('events: each tag as the model has it', () => {
  it.each([
    ['1 CHR\n2 DATE 1 JAN 1900\n2 PLAC Cork, Ireland\n', { type: 'CHR', date: '1 JAN 1900', place: 'Cork, Ireland' }],
    ['1 BAPM Y\n2 DATE ABT 1900\n', { type: 'BAPM', date: 'ABT 1900' }],
    ['1 BURI\n2 PLAC Glasnevin, Dublin\n', { type: 'BURI', place: 'Glasnevin, Dublin' }],
    ['1 CREM\n2 DATE 1950\n', { type: 'CREM', date: '1950' }],
    ['1 RESI\n2 DATE FROM 1900 TO 1910\n2 PLAC Cork\n', { type: 'RESI', date: 'FROM 1900 TO 1910', place: 'Cork' }],
    ['1 OCCU Farmer\n2 DATE 1901\n', { type: 'OCCU', description: 'Farmer', date: '1901' }],
    ['1 EDUC Trinity College\n', { type: 'EDUC', description: 'Trinity College' }],
    ['1 TITL Duke of York\n', { type: 'TITL', description: 'Duke of York' }],
    ['1 RELI Quaker\n', { type: 'RELI', description: 'Quaker' }],
    ['1 IMMI\n2 DATE 1850\n2 PLAC New York, USA\n2 AGE 23y\n', { type: 'IMMI', date: '1850', place: 'New York, USA', age: '23y' }],
    ['1 EMIG\n2 DATE 1849\n', { type: 'EMIG', date: '1849' }],
    ['1 NATU\n2 DATE 1860\n', { type: 'NATU', date: '1860' }],
    ['1 _MILT Served in the Navy\n2 DATE 1914\n', { type: 'MILI', description: 'Served in the Navy', date: '1914' }],
    ['1 EVEN\n2 TYPE Military service\n2 DATE 1916\n', { type: 'MILI', date: '1916' }],
    ['1 EVEN Graduated with honours\n2 TYPE Graduation\n2 DATE 1920\n', { type: 'EVEN', customType: 'Graduation', description: 'Graduated with honours', date: '1920' }],
    ['1 BIRT\n2 DATE 1 JAN 1900\n2 PLAC Cork\n', { type: 'BIRT', place: 'Cork' }],
    ['1 DEAT Y\n2 DATE 1960\n2 PLAC Cork\n2 AGE 60y\n', { type: 'DEAT', place: 'Cork', age: '60y' }],
    ['1 CHR\n2 DATE @#DJULIAN@ 1700\n', { type: 'CHR', date: 'JULIAN 1700' }],
  ] as [string, Partial<ReturnType<typeof said>>][])('%j', (lines, expected) => {
    const r = one(lines);
    const blank = { customType: '', date: '', place: '', description: '', age: '' };
    expect(eventsOf(r)).toEqual([{ ...blank, ...expected }]);
  });

  it.each([
    ['a birth with only its date (the profile holds it)', '1 BIRT\n2 DATE 1 JAN 1900\n', [], '1 BIRT\n2 DATE\n'],
    ['a death said not to have happened', '1 DEAT N\n', [], '1 DEAT N\n'],
    ['a census (not an event the model has)', '1 CENS\n2 DATE 1901\n', [], '1 CENS\n2 DATE 1901\n'],
    ['a second birth', '1 BIRT\n2 PLAC Cork\n1 BIRT\n2 PLAC Kerry\n', ['Cork'], '1 BIRT\n2 PLAC Kerry\n'],
  ])('leaves %s as kept lines', (_, lines, places, kept) => {
    const r = one(lines);
    expect(eventsOf(r).map((e) => e.place)).toEqual(places);
    expect(keptLines(r)).toContain(kept);
  });

  it('an event the model holds whole keeps only its marker; one with a note or a citation keeps its lines, the modelled ones as slots, a citation as its marker', () => {
    const r = one('1 BURI\n2 PLAC Cork\n1 CHR\n2 DATE 1 JAN 1900\n2 PLAC Cork\n2 SOUR @S1@\n3 PAGE 12\n2 NOTE Rain\n1 OCCU Farmer\n', '7.0');
    const [buri, chr, occu] = r.profiles[0]!.events!;
    expect(chr!.citations).toEqual([{ id: expect.stringMatching(/^ci/), sourceId: 'sr-S1', page: '12', date: '', quality: null, text: '' }]);
    // The note is the event's (issue "Evidence and memories"): a slot where it stood.
    expect(chr!.note).toBe('<p>Rain</p>');
    expect(keptLines(r)).toBe(`0 @I1@ INDI\n1 NAME\n1 _FACT_BURI ${buri!.id}\n1 _FACT_CHR ${chr!.id}\n2 DATE\n2 PLAC\n2 _FACT_SOUR ${chr!.citations![0]!.id}\n2 NOTE\n1 _FACT_OCCU ${occu!.id}\n`);
  });

  it('the export writes each event where it stood, with what was kept under it, exactly as the file had it', () => {
    const indi = '0 @I1@ INDI\n1 NAME Ann /Lee/\n1 BIRT\n2 DATE 1 JAN 1900\n2 PLAC Cork, Ireland\n2 SOUR @S1@\n3 PAGE 12\n1 OCCU Farmer\n2 TYPE Main work\n2 DATE 1920\n3 TIME 10:00\n1 EVEN Graduated\n2 TYPE Graduation\n1 _MILT Navy\n2 PLAC Cork, Ireland\n1 DEAT Y\n2 PLAC Cork, Ireland\n';
    const text = file(indi + SOURCE, '7.0');
    const out = parseGedcom(utf8(exportText(asGraph(importText(text)), '7.0')));
    expect(shape(out.records.find((r) => r.xref === 'I1')!)).toEqual(shape(parseGedcom(utf8(text)).records[1]!));
  });

  it('a member\'s changes: an event edited, one deleted (its citation with it), one added', () => {
    const r = one('1 CHR\n2 DATE 1 JAN 1900\n2 SOUR @S1@\n1 BURI\n2 PLAC Cork\n2 SOUR @S1@\n3 PAGE 7\n', '7.0');
    const graph = asGraph(r);
    const p = graph.profiles[r.profiles[0]!.id]!;
    const [chr, buri] = p.events!;
    const dublin = 'plDublin0000';
    graph.places = { ...graph.places, [dublin]: { id: dublin, name: 'Dublin', parentId: '', kind: 'city', latitude: 53.35, longitude: -6.26, altNames: [] } };
    p.events = [{ ...chr!, date: '2 JAN 1900', placeId: dublin }, { id: 'evnew0000000', type: 'MILI', customType: '', date: '1916', placeId: '', description: '', age: '' }];
    expect(buri!.type).toBe('BURI');
    const text = exportText(graph, '7.0');
    expect(text).toContain('1 CHR\n2 DATE 2 JAN 1900\n2 PLAC Dublin\n3 MAP\n4 LATI N53.35\n4 LONG W6.26\n2 SOUR @S1@\n1 EVEN\n');
    expect(text).not.toContain('BURI');
    expect(text).not.toContain('PAGE 7');
    expect(text).toContain('1 EVEN\n2 TYPE Military\n2 DATE 1916\n');
    const again = importText(text);
    expect(eventsOf(again).map((e) => [e.type, e.date, e.place])).toEqual([
      ['CHR', '2 JAN 1900', 'Dublin'],
      ['MILI', '1916', ''],
    ]);
  });

  it('a place added to a birth the file gave only a date goes into that birth, not a second one', () => {
    const r = one('1 BIRT\n2 DATE 1 JAN 1900\n2 _SEEN yes\n');
    expect(r.profiles[0]!.events).toBeUndefined();
    const graph = asGraph(r);
    const p = graph.profiles[r.profiles[0]!.id]!;
    graph.places = { plCork000000: { id: 'plCork000000', name: 'Cork', parentId: '', kind: '', latitude: null, longitude: null, altNames: [] } };
    p.events = [{ id: 'evbirth00000', type: 'BIRT', customType: '', date: '', placeId: 'plCork000000', description: '', age: '' }];
    const text = exportText(graph, '5.5.1');
    expect(text).toContain('1 BIRT\n2 DATE 1 JAN 1900\n2 PLAC Cork\n2 _SEEN yes\n');
    expect(text.match(/1 BIRT/g)).toHaveLength(1);
    expect(eventsOf(importText(text)).map((e) => [e.type, e.place])).toEqual([['BIRT', 'Cork']]);
  });

  it('5.5.1 dates are held in the GEDCOM 7 grammar and written back in each version\'s', () => {
    const r = one('1 CHR\n2 DATE @#DJULIAN@ 11 FEB 1731/32\n');
    expect(r.profiles[0]!.events![0]!.date).toBe('JULIAN 11 FEB 1731/32');
    expect(exportText(asGraph(r), '5.5.1')).toContain('2 DATE @#DJULIAN@ 11 FEB 1731/32\n');
    expect(exportText(asGraph(r), '7.0')).toContain('2 DATE JULIAN 11 FEB 1731/32\n');
  });
});

describe('other names', () => {
  it.each([
    ['1 NAME Mary /Jones/\n2 TYPE married\n', { kind: 'married', given: 'Mary', surname: 'Jones' }],
    ['1 NAME Mary /Brown/\n2 TYPE maiden\n', { kind: 'birth', given: 'Mary', surname: 'Brown' }],
    ['1 NAME Polly\n', { kind: 'aka', given: 'Polly' }],
    ['1 NAME Sister Mary Joseph\n2 TYPE religious\n', { kind: 'other', given: 'Sister Mary Joseph' }],
    ['1 NAME Dr Mary /van Dyke/ Jr\n2 NPFX Dr\n2 GIVN Mary\n2 NICK Molly\n2 SPFX van\n2 SURN Dyke\n2 NSFX Jr\n2 TYPE professional\n', { kind: 'professional', prefix: 'Dr', given: 'Dr Mary', nickname: 'Molly', surnamePrefix: 'van', surname: 'van Dyke', suffix: 'Jr' }],
  ] as [string, Partial<PersonName>][])('%j', (lines, expected) => {
    const r = one(lines);
    const { id: _, ...name } = r.profiles[0]!.names![0]!;
    const blank = { prefix: '', surnamePrefix: '', surname: '', suffix: '', nickname: '' };
    expect(name).toEqual({ ...blank, ...expected });
    expect(r.profiles[0]).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    const again = importText(exportText(asGraph(r), '5.5.1'));
    expect(again.profiles[0]!.names!.map(({ id: _i, ...n }) => n)).toEqual([name]);
  });

  it('7.0: OTHER with the phrase Nickname is a nickname; the primary name keeps its parts as kept lines', () => {
    const r = one('1 NAME Bertie\n2 TYPE OTHER\n3 PHRASE Nickname\n', '7.0');
    expect(r.profiles[0]!.names![0]!.kind).toBe('nickname');
    const added = importText(file(person('I1', '1 NAME Albert /Wettin/\n2 NICK Bertie\n'), '7.0'));
    expect(added.profiles[0]!.names).toBeUndefined();
    expect(keptLines(added)).toContain('2 NICK Bertie');
  });

  it('a name a member added is written after the first; a person with only other names gets an empty first NAME', () => {
    const r = one('');
    const graph = asGraph(r);
    const p = graph.profiles[r.profiles[0]!.id]!;
    p.names = [{ id: 'nm0000000001', kind: 'married', prefix: '', given: 'Ann', surnamePrefix: '', surname: 'Smith', suffix: '', nickname: 'Nan' }];
    expect(exportText(graph, '7.0')).toContain('1 NAME Ann /Lee/\n1 NAME Ann /Smith/\n2 TYPE MARRIED\n2 NICK Nan\n');
    p.firstName = '';
    p.lastName = '';
    const again = importText(exportText(graph, '5.5.1'));
    expect(again.profiles[0]).toMatchObject({ firstName: '', lastName: '' });
    expect(again.profiles[0]!.names!.map((n) => n.surname)).toEqual(['Smith']);
  });
});

describe('pedigree of each parent line, both ways', () => {
  const family = (famc: string, chil = '', version?: string) =>
    file(
      [
        person('H', '1 NAME Tom /Ash/\n1 SEX M\n1 FAMS @F1@\n'),
        person('W', '1 NAME Eve /Ash/\n1 SEX F\n1 FAMS @F1@\n'),
        person('C', `1 NAME Kim /Ash/\n1 FAMC @F1@\n${famc}`),
        `0 @F1@ FAM\n1 HUSB @H@\n1 WIFE @W@\n1 CHIL @C@\n${chil}`,
      ].join(''),
      version,
    );
  const lines = (r: GedcomImport) => [r.edges.find((e) => e.source === 'n1001')!.data.pedigree, r.edges.find((e) => e.source === 'n1002')!.data.pedigree];

  it.each([
    ['2 PEDI adopted\n', '', ['adopted', 'adopted']],
    ['2 PEDI birth\n', '', [undefined, undefined]],
    ['2 PEDI step\n', '', ['step', 'step']],
    ['2 PEDI OTHER\n3 PHRASE Step\n', '', ['step', 'step']],
    ['2 PEDI OTHER\n3 PHRASE Unknown\n', '', ['unknown', 'unknown']],
    ['2 PEDI OTHER\n3 PHRASE Guardian\n', '', ['other', 'other']],
    ['2 _FREL Step\n2 _MREL Natural\n', '', ['step', undefined]],
    ['', '2 _FREL Natural\n2 _MREL Adopted\n', [undefined, 'adopted']],
    ['2 PEDI foster\n', '2 _FREL Adopted\n', ['foster', 'foster']],
  ] as [string, string, (Pedigree | undefined)[]][])('FAMC %j, CHIL %j → father %j', (famc, chil, expected) => {
    const r = importText(family(famc, chil));
    expect(lines(r)).toEqual(expected);
    for (const version of ['7.0', '5.5.1'] as const) expect(lines(importText(exportText(asGraph(r), version)))).toEqual(expected);
  });

  it.each([
    ['adopted', 'adopted', '7.0', '2 PEDI ADOPTED\n'],
    ['adopted', 'adopted', '5.5.1', '2 PEDI adopted\n'],
    ['step', 'step', '7.0', '2 PEDI OTHER\n3 PHRASE Step\n'],
    ['unknown', 'unknown', '7.0', '2 PEDI OTHER\n3 PHRASE Unknown\n'],
    ['step', 'step', '5.5.1', '2 _FREL Step\n2 _MREL Step\n'],
    ['step', undefined, '7.0', '2 _FREL Step\n2 _MREL Natural\n'],
    [undefined, 'foster', '5.5.1', '2 _FREL Natural\n2 _MREL Foster\n'],
  ] as [Pedigree | undefined, Pedigree | undefined, '7.0' | '5.5.1', string][])('father %s, mother %s as %s: %j', (father, mother, version, written) => {
    const r = importText(family(''));
    const graph: Graph = asGraph(r);
    graph.edges = graph.edges.map((e) => {
      const p = e.source === 'n1001' ? father : mother;
      return p ? { ...e, data: { kind: 'parent' as const, pedigree: p } } : e;
    });
    const text = exportText(graph, version);
    expect(text).toContain(`1 FAMC @F1@\n${written}`);
    expect(lines(importText(text))).toEqual([father, mother]);
  });
});

describe('couples: a family\'s events on the couple of its partners', () => {
  const couple = (fam: string, partners = '1 HUSB @H@\n1 WIFE @W@\n') =>
    file([person('H', '1 NAME Tom /Ash/\n1 SEX M\n1 FAMS @F1@\n'), person('W', '1 NAME Eve /Ash/\n1 SEX F\n1 FAMS @F1@\n'), `0 @F1@ FAM\n${partners}${fam}`, SOURCE].join(''));

  it('marriage, engagement, divorce, separation and custom events, with dates and places', () => {
    const r = importText(couple('1 ENGA\n2 DATE 1899\n1 MARR\n2 DATE 1 JUN 1900\n2 PLAC Cork, Ireland\n2 SOUR @S1@\n1 _SEPR\n2 DATE 1910\n1 DIV Y\n2 DATE 1912\n1 EVEN\n2 TYPE Separation\n1 EVEN\n2 TYPE Anniversary party\n2 DATE 1925\n1 DIV N\n'));
    const [h, w] = r.profiles;
    expect(r.couples.map((c) => c.id)).toEqual([coupleId(h!.id, w!.id)]);
    expect(r.couples[0]!.events.map((e) => [e.type, e.customType, e.date, said(r, e).place])).toEqual([
      ['ENGA', '', '1899', ''],
      ['MARR', '', '1 JUN 1900', 'Cork, Ireland'],
      ['SEPA', '', '1910', ''],
      ['DIV', '', '1912', ''],
      ['SEPA', '', '', ''],
      ['EVEN', 'Anniversary party', '1925', ''],
    ]);
    expect(writeKept(readKept(h!.gedcom).slice(1, 2))).toContain('1 DIV N\n');
    for (const version of ['7.0', '5.5.1'] as const) expect(snapshot(importText(exportText(asGraph(r), version)))).toEqual(snapshot(r));
  });

  it('a family of one partner has no couple: its events stay kept lines', () => {
    const r = importText(file([person('H', '1 NAME Tom /Ash/\n1 FAMS @F1@\n'), person('W', '1 NAME Eve /Ash/\n'), '0 @F1@ FAM\n1 HUSB @H@\n1 MARR\n2 DATE 1900\n'].join('')));
    expect(r.couples).toEqual([]);
    expect(writeKept(readKept(r.profiles[0]!.gedcom).slice(1, 2))).toContain('1 MARR\n2 DATE 1900\n');
  });

  it('events a member added to a couple go into their family', () => {
    const r = importText(couple(''));
    const graph = asGraph(r);
    const [h, w] = r.profiles;
    const id = coupleId(h!.id, w!.id);
    graph.couples = { [id]: { id, partners: [h!.id, w!.id].sort() as [string, string], events: [{ id: 'ev0000000001', type: 'MARR', customType: '', date: '10 FEB 1840', placeId: '', description: '', age: '' }] } };
    const text = exportText(graph, '5.5.1');
    expect(text).toMatch(/0 @F1@ FAM\n1 HUSB @H@\n1 WIFE @W@\n1 MARR\n2 DATE 10 FEB 1840\n/);
    expect(importText(text).couples[0]!.events.map((e) => e.date)).toEqual(['10 FEB 1840']);
  });
});

describe('royal92.ged', { timeout: 60_000 }, () => {
  const r = importText(fixture('royal92.ged'));
  const victoria = r.profiles.find((p) => p.firstName === 'Victoria' && p.lastName === 'Hanover')!;
  const albert = r.profiles.find((p) => p.firstName === 'Albert Augustus Charles')!;

  it('Victoria was born at Kensington Palace (the file writes "Kensington,Palace,London,England"), buried at Frogmore', () => {
    const events = (victoria.events ?? []).map((e) => said(r, e));
    expect(events.find((e) => e.type === 'BIRT')).toMatchObject({ date: '', place: 'Kensington, Palace, London, England' });
    expect(events.find((e) => e.type === 'BURI')).toMatchObject({ place: 'Royal Mausoleum, Frogmore, Berkshire, England' });
    expect(events.find((e) => e.type === 'TITL')).toMatchObject({ description: 'Queen of England' });
    expect(victoria).toMatchObject({ birthYear: '1819', birthMonth: '05', birthDay: '24' });
    // "England" is one place, the top of every English place in the file.
    expect(r.places.filter((p) => p.name === 'England' && p.parentId === '')).toHaveLength(1);
  });

  it('Victoria and Albert married on 10 FEB 1840 in the Chapel Royal; "DIV N" is no divorce', () => {
    const couple = r.couples.find((c) => c.id === coupleId(victoria.id, albert.id))!;
    expect(couple.events.map((e) => said(r, e))).toEqual([{ type: 'MARR', customType: '', date: '10 FEB 1840', place: 'Chapel Royal, St. James Palace, England', description: '', age: '' }]);
  });
});

describe('privacy of the living in an export', () => {
  it('a living person written as private takes their events, names and couple events with them', () => {
    const text = file(
      [
        person('H', '1 NAME Tom /Ash/\n1 SEX M\n1 BIRT\n2 DATE 1990\n2 PLAC Cork\n1 OCCU Pilot\n1 NAME Tommy\n1 FAMS @F1@\n'),
        person('W', '1 NAME Eve /Ash/\n1 SEX F\n1 BIRT\n2 DATE 1850\n1 DEAT\n2 DATE 1900\n1 FAMS @F1@\n1 OCCU Baker\n'),
        '0 @F1@ FAM\n1 HUSB @H@\n1 WIFE @W@\n1 MARR\n2 DATE 2015\n',
      ].join(''),
    );
    const graph = asGraph(importText(text));
    const out = writeGedcom({ version: '7.0', records: graphToGedcom(graph, { version: '7.0', scope: { kind: 'all' }, siteOrigin: 'https://kin.example', currentYear: 2026, audienceUid: 'someone-else' }).records });
    expect(out).not.toContain('Pilot');
    expect(out).not.toContain('Tommy');
    expect(out).not.toContain('Cork');
    expect(out).not.toContain('MARR');
    expect(out).toContain('1 OCCU Baker');
  });

  it('a living person’s citations, event notes and the sources only they cite stay out; the dead’s go out', () => {
    const graph = asGraph(
      importText(
        file(
          [
            person('H', '1 NAME Tom /Ash/\n1 SEX M\n1 BIRT\n2 DATE 1990\n2 SOUR @S1@\n3 PAGE entry 4\n1 FAMS @F1@\n'),
            person('W', '1 NAME Eve /Ash/\n1 SEX F\n1 BIRT\n2 DATE 1850\n2 SOUR @S2@\n3 PAGE folio 9\n1 DEAT\n2 DATE 1900\n1 FAMS @F1@\n'),
            '0 @F1@ FAM\n1 HUSB @H@\n1 WIFE @W@\n',
            '0 @S1@ SOUR\n1 TITL Birth register of Tom\n',
            '0 @S2@ SOUR\n1 TITL Census of 1851\n',
          ].join(''),
        ),
      ),
    );
    // A note and a citation of an app-made source on the living man's birth.
    const tom = Object.values(graph.profiles).find((p) => p.firstName === 'Tom')!;
    graph.sources = { ...graph.sources, srapp: { id: 'srapp', title: 'Hospital letter', author: '', publication: '', repository: '', url: '', note: '' } };
    tom.events = tom.events!.map((e) => (e.type === 'BIRT' ? { ...e, note: '<p>born at night</p>', citations: [...(e.citations ?? []), { id: 'ciapp', sourceId: 'srapp', page: 'p. 2', date: '', quality: 3, text: '' }] } : e));
    const out = writeGedcom({ version: '7.0', records: graphToGedcom(graph, { version: '7.0', scope: { kind: 'all' }, siteOrigin: 'https://kin.example', currentYear: 2026, audienceUid: 'someone-else' }).records });
    for (const secret of ['entry 4', 'Birth register of Tom', 'Hospital letter', 'born at night', 'p. 2']) expect(out).not.toContain(secret);
    expect(out).toContain('Census of 1851');
    expect(out).toContain('3 PAGE folio 9');
  });
});
