import { describe, expect, it } from 'vitest';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Graph, Profile } from '../../../src/domain/types.ts';
import { graphToGedcom } from '../../../src/gedcom/fromGraph.ts';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import { writeGedcom } from '../../../src/gedcom/write.ts';
import type { GedcomNode } from '../../../src/gedcom/types.ts';
import { at, fixture, utf8 } from './fixtures.ts';
import { asGraph, exportText, importText, NOW } from './graphHelpers.ts';

const parsed = (text: string) => parseGedcom(utf8(text));
const indis = (text: string) => parsed(text).records.filter((r) => r.tag === 'INDI');
const lines = (n: GedcomNode) => n.children.map((c) => `${c.tag}${c.value !== undefined ? ` ${c.value}` : ''}${c.pointer !== undefined ? ` @${c.pointer}@` : ''}`);

/** A tree made in the app: Ada (own card), her husband, a child, and the child's adopted son. */
function appTree(): Graph {
  const p = (id: string, fields: Partial<Profile>): Profile => ({ ...emptyProfile(id), createdBy: 'u-ada', createdAt: NOW, updatedBy: 'u-ada', updatedAt: NOW, ...fields });
  const profiles = {
    'u-ada': p('u-ada', { firstName: 'Ada', lastName: 'Lovelace', gender: 'F', birthYear: '1815', birthMonth: '12', birthDay: '10', death: '1852-11-27', bio: 'Wrote the first program.\nAnd notes.', spouses: ['pr:will'], children: ['pr:kid'], photoURL: '/api/files/profiles/u-ada/avatar_320.webp?v=abc' }),
    'pr:will': p('pr:will', { firstName: 'William', lastName: 'King', gender: 'M', birthDateText: 'ABT 1805', spouses: ['u-ada'], children: ['pr:kid'] }),
    'pr:kid': p('pr:kid', { firstName: 'Byron', lastName: 'King', gender: 'M', birthYear: '1836', parents: ['u-ada', 'pr:will'], children: ['pr:grandson'] }),
    'pr:grandson': p('pr:grandson', { firstName: 'Ralph', lastName: 'King', parents: ['pr:kid'] }),
  };
  const ids = Object.keys(profiles);
  return {
    nodes: ids.map((id, i) => ({ id: `n${1001 + i}`, type: 'person', position: { x: i * 200, y: 0 }, modifiedAt: NOW, hidden: false, data: { profileId: id, parentRole: '', isPrimary: i === 0 } })),
    edges: [
      ['n1001', 'n1003'],
      ['n1002', 'n1003'],
      ['n1003', 'n1004'],
    ].map(([s, t]) => ({ id: `e-${s}-${t}`, source: s!, target: t!, sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', hidden: false, data: t === 'n1004' ? { kind: 'parent' as const, pedigree: 'adopted' as const } : { kind: 'parent' as const } })),
    profiles,
    updatedAt: NOW,
    version: 1,
    revision: 4,
  };
}

describe('a tree made in the app, as GEDCOM', () => {
  it('7.0: people, a couple family, a family of one with the pedigree, photos as OBJE records with this site\'s URL', () => {
    const text = exportText(appTree(), '7.0');
    const doc = parsed(text);
    expect(doc.version).toBe('7.0');
    expect(doc.warnings).toEqual([]);
    const [ada, will, kid, grandson] = indis(text);
    expect(lines(ada!)).toEqual(['NAME Ada /Lovelace/', 'SEX F', 'BIRT', 'DEAT', 'NOTE Wrote the first program.\nAnd notes.', 'OBJE @O1@', 'FAMS @F1@']);
    expect(at(ada!, 'BIRT', 'DATE')!.value).toBe('10 DEC 1815');
    expect(at(ada!, 'DEAT', 'DATE')!.value).toBe('27 NOV 1852');
    expect(at(will!, 'BIRT', 'DATE')!.value).toBe('ABT 1805');
    expect(lines(kid!)).toEqual(['NAME Byron /King/', 'SEX M', 'BIRT', 'FAMC @F1@', 'FAMS @F2@']);
    expect(lines(grandson!)).toEqual(['NAME Ralph /King/', 'FAMC @F2@']);
    expect(at(grandson!, 'FAMC', 'PEDI')!.value).toBe('ADOPTED');
    const fams = doc.records.filter((r) => r.tag === 'FAM').map(lines);
    expect(fams).toEqual([
      ['HUSB @I2@', 'WIFE @I1@', 'CHIL @I3@'],
      ['HUSB @I3@', 'CHIL @I4@'],
    ]);
    const obje = doc.records.find((r) => r.tag === 'OBJE')!;
    expect(obje.xref).toBe('O1');
    expect(at(obje, 'FILE')!.value).toBe('https://kin.example/api/files/profiles/u-ada/avatar_320.webp?v=abc');
    expect(at(obje, 'FILE', 'FORM')!.value).toBe('image/webp');
  });

  it('5.5.1: UTF-8, a submitter, pedigree in lower case; reads back as the same tree', () => {
    const text = exportText(appTree(), '5.5.1');
    const doc = parsed(text);
    expect(doc.version).toBe('5.5.1');
    expect(doc.records.some((r) => r.tag === 'SUBM')).toBe(true);
    expect(at(indis(text)[3]!, 'FAMC', 'PEDI')!.value).toBe('adopted');
    const back = importText(text, { siteOrigin: 'https://kin.example' });
    const byName = (first: string) => back.profiles.find((p) => p.firstName === first)!;
    expect(byName('Ada')).toMatchObject({ birthYear: '1815', birthMonth: '12', birthDay: '10', death: '1852-11-27', bio: 'Wrote the first program.\nAnd notes.', photoURL: '/api/files/profiles/u-ada/avatar_320.webp?v=abc' });
    expect(byName('William')).toMatchObject({ birthYear: '', birthDateText: 'ABT 1805' });
    expect(byName('Ada').spouses).toEqual([byName('William').id]);
    expect(back.edges.find((e) => e.data.pedigree)!.data.pedigree).toBe('adopted');
  });

  it('ancestors or descendants of the selected person only', () => {
    const anc = exportText(appTree(), '7.0', { kind: 'ancestors', nodeId: 'n1003' });
    expect(indis(anc).map((r) => at(r, 'NAME')!.value)).toEqual(['Ada /Lovelace/', 'William /King/', 'Byron /King/']);
    const desc = exportText(appTree(), '7.0', { kind: 'descendants', nodeId: 'n1003' });
    expect(indis(desc).map((r) => at(r, 'NAME')!.value)).toEqual(['Byron /King/', 'Ralph /King/']);
    // Descendants come with their spouses.
    const ada = exportText(appTree(), '7.0', { kind: 'descendants', nodeId: 'n1001' });
    expect(indis(ada)).toHaveLength(4);
  });

  it('two parents who are not spouses go out as two families of one (a couple would read back as spouses)', () => {
    const g = appTree();
    g.profiles['u-ada']!.spouses = [];
    g.profiles['pr:will']!.spouses = [];
    const back = importText(exportText(g, '7.0'));
    expect(back.profiles.every((p) => p.spouses.length === 0)).toBe(true);
    expect(back.profiles[2]!.parents).toHaveLength(2);
  });
});

describe('privacy of the living (§6) in an export', () => {
  it('a living person nobody claimed goes out as "Private" with nothing kept; the dead, and the member\'s own, whole', () => {
    const g = appTree();
    Object.assign(g.profiles['pr:grandson']!, { firstName: 'Ralph', birthYear: '1990', bio: 'Alive and well', gedcom: '0 @I9@ INDI\n1 NAME Ralph /King/\n1 OCCU Pilot\n' });
    const graphToText = (audienceUid?: string) => {
      const out = graphToGedcom(g, { version: '7.0', scope: { kind: 'all' }, siteOrigin: 'https://kin.example', currentYear: 2026, audienceUid });
      return writeGedcom({ version: '7.0', records: out.records });
    };
    const names = (text: string) => indis(text).map((r) => at(r, 'NAME')?.value);
    expect(names(graphToText('u-ada'))).toEqual(['Ada /Lovelace/', 'William /King/', 'Byron /King/', 'Private']);
    const ralph = indis(graphToText('u-ada'))[3]!;
    expect(lines(ralph)).toEqual(['NAME Private', 'FAMC @F2@']);
    // Ada is dead (1852), so whole for anyone; without an audience (the round-trip tests) all whole.
    expect(names(graphToText('u-someone-else'))[0]).toBe('Ada /Lovelace/');
    expect(names(graphToText())[3]).toBe('Ralph /King/');
  });
});

describe('what a member changed after an import is written; what they did not, as the file had it', () => {
  const file = `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Mary Ann /Smith/ Jr.\n2 GIVN Mary Ann\n2 SURN Smith\n2 SOUR @S1@\n1 SEX F\n1 BIRT\n2 DATE 12 Mar 1850\n2 PLAC Leeds\n1 NOTE Loved gardens.\n2 SOUR @S1@\n1 _CUSTOM Kept\n0 @S1@ SOUR\n1 TITL Parish register\n0 TRLR\n`;

  it('unchanged: every structure and value as the file had them (spelling of the date included)', () => {
    const indi = indis(exportText(asGraph(importText(file)), '5.5.1'))[0]!;
    expect(lines(indi)).toEqual(['NAME Mary Ann /Smith/ Jr.', 'SEX F', 'BIRT', 'NOTE Loved gardens.', '_CUSTOM Kept']);
    expect(at(indi, 'BIRT', 'DATE')!.value).toBe('12 Mar 1850');
    expect(at(indi, 'NAME', 'SOUR')!.pointer).toBe('S1');
    expect(at(indi, 'NOTE', 'SOUR')!.pointer).toBe('S1');
  });

  it('changed: the new name (GIVN and SURN too), sex, date, note, with the rest kept where it was', () => {
    const g = asGraph(importText(file));
    const p = Object.values(g.profiles)[0]!;
    Object.assign(p, { firstName: 'Marianne', lastName: 'Smyth', gender: 'M', birthYear: '1851', birthMonth: '', birthDay: '', bio: 'Loved roses.' });
    const indi = indis(exportText(g, '5.5.1'))[0]!;
    expect(lines(indi)).toEqual(['NAME Marianne /Smyth/', 'SEX M', 'BIRT', 'NOTE Loved roses.', '_CUSTOM Kept']);
    expect(lines(at(indi, 'NAME')!)).toEqual(['GIVN Marianne', 'SURN Smyth', 'SOUR @S1@']);
    expect(lines(at(indi, 'BIRT')!)).toEqual(['DATE 1851', 'PLAC Leeds']);
  });

  it('cleared: the date goes and the event stays for its place; an empty bio takes its notes out', () => {
    const g = asGraph(importText(file));
    Object.assign(Object.values(g.profiles)[0]!, { birthYear: '', birthMonth: '', birthDay: '', bio: '' });
    const indi = indis(exportText(g, '5.5.1'))[0]!;
    expect(lines(at(indi, 'BIRT')!)).toEqual(['PLAC Leeds']);
    expect(indi.children.some((c) => c.tag === 'NOTE')).toBe(false);
  });

  it('a pointer to a record no longer kept is @VOID@ in 7.0 and left out with its structure in 5.5.1', () => {
    const g = asGraph(importText(file));
    const p = Object.values(g.profiles)[0]!;
    p.gedcom = p.gedcom!.split('0 @S1@ SOUR')[0];
    // A kept pointer (the NOTE's SOUR, which the model does not hold) …
    expect(at(indis(exportText(g, '7.0'))[0]!, 'NOTE', 'SOUR')!.pointer).toBe('VOID');
    expect(at(indis(exportText(g, '5.5.1'))[0]!, 'NOTE', 'SOUR')).toBeUndefined();
    // … while the name's, a citation of the person's, goes with the source it cites in both.
    expect(at(indis(exportText(g, '7.0'))[0]!, 'NAME', 'SOUR')).toBeUndefined();
  });
});

describe('the samples as either version', () => {
  it('TGC55C as 7.0: the writer\'s lines read back without a warning; shared notes become SNOTE', () => {
    const text = exportText(asGraph(importText(fixture('TGC55C.ged'))), '7.0');
    const doc = parsed(text);
    expect(doc.warnings).toEqual([]);
    expect(doc.records.some((r) => r.tag === 'SNOTE')).toBe(true);
    expect(doc.records.some((r) => r.tag === 'NOTE')).toBe(false);
  });
});
