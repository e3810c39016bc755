import { describe, expect, it } from 'vitest';
import { sourceShapeProblem } from '../../../src/domain/validation/entityShapes.ts';
import { fixture } from './fixtures.ts';
import { importText } from './graphHelpers.ts';

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
