import { describe, expect, it } from 'vitest';
import { sourceShapeProblem } from '../../../src/domain/validation/entityShapes.ts';
import { fixture } from './fixtures.ts';
import { asGraph, exportText, importText } from './graphHelpers.ts';
import type { Citation, Source } from '../../../src/domain/facts/types.ts';

const FILE_551 = `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Mary /Smith/
1 BIRT
2 DATE 1850
2 SOUR @S1@
3 PAGE folio 12
0 @S1@ SOUR
1 TITL Parish register
2 CONC  of St Mary
1 AUTH Church of England
1 PUBL Privately kept
1 REPO @R1@
1 NOTE Baptisms 1850 & 1900
2 CONT
2 CONT Second paragraph
0 @S2@ SOUR
1 ABBR Census
1 REPO The National Archives
1 NOTE @N1@
0 @R1@ REPO
1 NAME County Record Office
0 @N1@ NOTE <p>Read <b>online</b><script>alert(1)</script></p>
0 TRLR
`;

const FILE_70 = `0 HEAD
1 GEDC
2 VERS 7.0
0 @I1@ INDI
1 NAME Ann /Lee/
0 @S9@ SOUR
1 TITL Letters
1 NOTE <p>Kept in <i>a box</i></p><img src=x onerror=alert(1)>
2 MIME text/html
0 @S10@ SOUR
1 TITL Diary
1 NOTE 1 < 2 & <b> is text here
2 MIME text/plain
0 TRLR
`;

describe('GEDCOM SOUR records as the tree sources', () => {
  it.each([
    ['title, author, publication, repository record, plain note', 'sr-S1', { title: 'Parish register of St Mary', author: 'Church of England', publication: 'Privately kept', repository: 'County Record Office', url: '', note: '<p>Baptisms 1850 &amp; 1900</p><p>Second paragraph</p>' }],
    ['ABBR when no TITL, a repository named in place, an HTML note record sanitised', 'sr-S2', { title: 'Census', author: '', publication: '', repository: 'The National Archives', note: '<p>Read <b>online</b></p>' }],
  ])('5.5.1: %s', (_, id, expected) => {
    const source = importText(FILE_551).sources.find((s) => s.id === id);
    expect(source).toMatchObject(expected);
    expect(sourceShapeProblem(source)).toBeNull();
  });

  it.each([
    ['sr-S9', '<p>Kept in <i>a box</i></p>'],
    ['sr-S10', '<p>1 &lt; 2 &amp; &lt;b&gt; is text here</p>'],
  ])('7.0: MIME text/html is kept formatted and safe, text/plain is text (%s)', (id, note) => {
    expect(importText(FILE_70).sources.find((s) => s.id === id)!.note).toBe(note);
  });

  it('ids carry the import prefix, so a second import into the tree adds its own', () => {
    expect(importText(FILE_551, { xrefPrefix: 'i2_' }).sources.map((s) => s.id)).toEqual(['sr-i2_S1', 'sr-i2_S2']);
  });

  it('the kept lines keep the records as they were (the export stays exact)', () => {
    const kept = importText(FILE_551).profiles.map((p) => p.gedcom).join('');
    expect(kept).toContain('0 @S1@ SOUR');
    expect(kept).toContain('1 TITL Parish register');
  });

  it('the torture test file: both sources, each well formed', () => {
    const sources = importText(fixture('TGC551LF.ged')).sources;
    expect(sources.map((s) => [s.id, s.title, s.repository])).toEqual([
      ['sr-SOURCE1', 'Everything You Every Wanted to Know about GEDCOM Tags, But Were Afraid to Ask! You can start new lines in this field too.', 'Family History Library'],
      ['sr-SR2', 'All I Know About GEDCOM, I Learned on the Internet', ''],
    ]);
    for (const s of sources) expect(sourceShapeProblem(s)).toBeNull();
  });
});

describe('GEDCOM export of citations and sources made in the app', () => {
  const withCitations = () => {
    const imported = importText(FILE_551);
    const graph = { ...asGraph(imported), sources: Object.fromEntries(imported.sources.map((s) => [s.id, s])) };
    const mary = Object.values(graph.profiles).find((p) => p.firstName === 'Mary')!;
    const made: Source = { id: 'srnew0001', title: 'Family Bible', author: 'Smith family', publication: '', repository: 'Attic', url: '', note: '<p>Inside <b>cover</b></p>' };
    graph.sources[made.id] = made;
    const cite = (id: string, sourceId: string, fields: Partial<Citation> = {}): Citation => ({ id, sourceId, page: '', date: '', quality: null, text: '', ...fields });
    graph.profiles[mary.id] = {
      ...mary,
      events: [
        ...(mary.events ?? []),
        { id: 'ev-occ', type: 'OCCU', customType: '', date: '1870', placeId: '', description: 'Baker', age: '', citations: [cite('ci1', 'sr-S1', { page: 'folio 40', quality: 2, date: '3 MAR 1870', text: 'Mary Smith, baker' }), cite('ci2', 'srnew0001')] },
      ],
    };
    return graph;
  };

  it.each(['7.0', '5.5.1'] as const)('%s: a citation points to the kept record or to a new one, with PAGE, DATA and QUAY', (version) => {
    const text = exportText(withCitations(), version);
    expect(text).toContain(['1 OCCU Baker', '2 DATE 1870', '2 SOUR @S1@', '3 PAGE folio 40', '3 DATA', '4 DATE 3 MAR 1870', '4 TEXT Mary Smith, baker', '3 QUAY 2', '2 SOUR @S3@'].join('\n'));
    // A formatted note: HTML with its MIME in 7.0, its text in 5.5.1.
    const note = version === '7.0' ? ['1 NOTE <p>Inside <b>cover</b></p>', '2 MIME text/html'] : ['1 NOTE Inside cover'];
    expect(text).toContain(['0 @S3@ SOUR', '1 TITL Family Bible', '1 AUTH Smith family', '1 REPO @R2@', ...note].join('\n'));
    expect(text).toContain(['0 @R2@ REPO', '1 NAME Attic'].join('\n'));
    // The imported record goes out as it was, once.
    expect(text.match(/0 @S1@ SOUR/g)).toHaveLength(1);
  });

  it('an export read back has the same sources', () => {
    const again = importText(exportText(withCitations(), '7.0')).sources;
    expect(again.map((s) => [s.title, s.author, s.repository])).toEqual([
      ['Parish register of St Mary', 'Church of England', 'County Record Office'],
      ['Census', '', 'The National Archives'],
      ['Family Bible', 'Smith family', 'Attic'],
    ]);
  });

  it('a citation of a source no longer in the tree is left out', () => {
    const graph = withCitations();
    delete graph.sources['srnew0001'];
    expect(exportText(graph, '7.0')).not.toContain('@S3@');
  });
});

describe('GEDCOM citations under events as the events’ citations', () => {
  const file = (events: string) => `0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 @I1@ INDI\n1 NAME Mary /Smith/\n${events}0 @S1@ SOUR\n1 TITL Register\n0 @N1@ NOTE A note\n0 TRLR\n`;
  it.each([
    ['a pointer alone', '2 SOUR @S1@\n', { page: '', date: '', quality: null, text: '' }],
    ['PAGE, DATA (DATE, TEXT), QUAY', '2 SOUR @S1@\n3 PAGE folio 4\n3 DATA\n4 DATE 2 MAR 1870\n4 TEXT Mary, baker\n3 QUAY 3\n', { page: 'folio 4', date: '2 MAR 1870', quality: 3, text: 'Mary, baker' }],
    ['a TEXT of several lines', '2 SOUR @S1@\n3 DATA\n4 TEXT one\n5 CONT two\n', { text: 'one\ntwo' }],
  ])('modelled: %s', (_, lines, expected) => {
    const [event] = importText(file(`1 OCCU Baker\n${lines}`)).profiles[0]!.events!;
    expect(event!.citations).toEqual([{ id: expect.stringMatching(/^ci/), sourceId: 'sr-S1', page: '', date: '', quality: null, text: '', ...(expected as Partial<Citation>) }]);
  });

  it.each([
    ['a NOTE under it', '2 SOUR @S1@\n3 PAGE 4\n3 NOTE seen\n'],
    ['QUAY before PAGE', '2 SOUR @S1@\n3 QUAY 2\n3 PAGE 4\n'],
    ['a quality out of range', '2 SOUR @S1@\n3 QUAY 5\n'],
    ['a pointer to a note record', '2 SOUR @N1@\n'],
    ['a source without a record (5.5.1 text)', '2 SOUR Family tradition\n'],
  ])('kept as it was: %s', (_, lines) => {
    const imported = importText(file(`1 OCCU Baker\n${lines}`));
    expect(imported.profiles[0]!.events![0]!.citations).toBeUndefined();
    expect(exportText(asGraph(imported), '5.5.1')).toContain(`1 OCCU Baker\n${lines}`);
  });

  it('a birth with only a date and a citation is an event that carries the citation; the export writes it back exactly', () => {
    const lines = '1 BIRT\n2 DATE 1 JAN 1850\n2 SOUR @S1@\n3 PAGE 7\n3 QUAY 1\n';
    const imported = importText(file(lines));
    expect(imported.profiles[0]!.events).toMatchObject([{ type: 'BIRT', date: '', citations: [{ page: '7', quality: 1 }] }]);
    expect(exportText(asGraph(imported), '5.5.1')).toContain(lines);
  });

  it('a member removing a citation removes it from the export; one they add goes after the kept ones', () => {
    const imported = importText(file('1 OCCU Baker\n2 SOUR @S1@\n3 PAGE 4\n2 NOTE kept\n'));
    const graph = { ...asGraph(imported), sources: Object.fromEntries(imported.sources.map((s) => [s.id, s])) };
    const p = graph.profiles[imported.profiles[0]!.id]!;
    const [event] = p.events!;
    p.events = [{ ...event!, citations: [{ id: 'cinew000001', sourceId: 'sr-S1', page: '9', date: '', quality: null, text: '' }] }];
    expect(exportText(graph, '5.5.1')).toContain('1 OCCU Baker\n2 NOTE kept\n2 SOUR @S1@\n3 PAGE 9\n');
  });
});
