import { describe, expect, it } from 'vitest';
import type { Graph } from '../../../src/domain/types.ts';
import { fixture } from './fixtures.ts';
import { asGraph, exportText, importText } from './graphHelpers.ts';

/** Notes on events and edited sources, both ways (issue "Evidence and memories", items 1 and 2). */

const notesOf = (g: Pick<Graph, 'profiles'> | { profiles: { events?: { type: string; note?: string }[] }[] }) =>
  Object.values(g.profiles).flatMap((p) => (p.events ?? []).filter((e) => e.note).map((e) => [e.type, e.note]));

const withSources = (r: ReturnType<typeof importText>): Graph => ({ ...asGraph(r), sources: Object.fromEntries(r.sources.map((s) => [s.id, s])) });

describe('5.5.1 event notes from the sample files', () => {
  it.each(['TGC551.ged', 'allged.ged'])('%s: its events’ notes come in as paragraphs and go out and back the same, in both versions', (name) => {
    const first = importText(fixture(name));
    const notes = notesOf(first);
    expect(notes.length).toBeGreaterThan(10);
    for (const [, note] of notes) expect(note).toMatch(/^<p>/);
    for (const version of ['5.5.1', '7.0'] as const) expect(notesOf(importText(exportText(asGraph(first), version)))).toEqual(notes);
  });
});

describe('GEDCOM 7 MIME text/html notes on events', () => {
  const file = [
    '0 HEAD', '1 GEDC', '2 VERS 7.0',
    '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 BIRT', '2 DATE 1 JAN 1900',
    '2 NOTE <p>Born in the <b>snow</b>, see <a href="https://example.org/r" onclick="x()">the register</a></p><script>alert(1)</script><ul><li>one</li></ul>',
    '3 MIME text/html',
    '1 OCCU Baker', '2 NOTE Plain words', '3 CONT second line',
    '0 TRLR', '',
  ].join('\n');

  it('come in formatted and safe, go out as HTML with their MIME in 7.0 and as text in 5.5.1', () => {
    const r = importText(file);
    const [birth, occu] = r.profiles[0]!.events!;
    expect(birth!.note).toBe('<p>Born in the <b>snow</b>, see <a href="https://example.org/r" rel="noopener noreferrer nofollow" target="_blank">the register</a></p><ul><li>one</li></ul>');
    expect(occu!.note).toBe('<p>Plain words<br>second line</p>');
    const v7 = exportText(asGraph(r), '7.0');
    expect(v7).toContain('2 NOTE <p>Born in the <b>snow</b>');
    expect(v7).toContain('3 MIME text/html');
    expect(v7).not.toContain('script');
    expect(v7).toContain('2 NOTE Plain words\n3 CONT second line');
    const v551 = exportText(asGraph(r), '5.5.1');
    expect(v551).toContain('2 NOTE Born in the snow, see the register\n3 CONT one');
    expect(v551).not.toContain('MIME');
    // And back: the same notes from the 7.0 file; the 5.5.1 file keeps the words.
    expect(notesOf(importText(v7))).toEqual(notesOf(r));
    expect(notesOf(importText(v551))[0]![1]).toBe('<p>Born in the snow, see the register<br>one</p>');
  });

  it('a note a member writes in the app goes out with the event, a removed one goes', () => {
    const r = importText(file);
    const g = asGraph(r);
    const p = Object.values(g.profiles)[0]!;
    p.events = p.events!.map((e) => (e.type === 'OCCU' ? { ...e, note: '<p>Kept the <i>corner</i> shop</p>' } : { ...e, note: undefined }));
    const out = exportText(g, '7.0');
    expect(out).not.toContain('snow');
    expect(out).toContain('1 OCCU Baker\n2 NOTE <p>Kept the <i>corner</i> shop</p>\n3 MIME text/html');
    expect(notesOf(importText(out))).toEqual([['OCCU', '<p>Kept the <i>corner</i> shop</p>']]);
  });
});

describe('a source edited in the app goes out edited', () => {
  const file = (version: string) =>
    ['0 HEAD', '1 GEDC', `2 VERS ${version}`, '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 OCCU Baker', '2 SOUR @S1@', '3 PAGE folio 4', '3 QUAY 2', '0 @S1@ SOUR', '1 TITL Parish register', '1 _ARCHIVE_ID A-1', '0 TRLR', ''].join('\n');

  it.each(['7.0', '5.5.1'] as const)('%s: title, author, repository and note as edited; what the model does not hold stays; citations intact', (version) => {
    const r = importText(file(version));
    const g = withSources(r);
    const [id] = Object.keys(g.sources!);
    g.sources![id!] = { ...g.sources![id!]!, title: 'Parish register of St Mary', author: 'Diocese', repository: 'County Record Office', note: '<p>Baptisms <b>1850–1900</b></p>' };
    const out = exportText(g, version);
    expect(out).toContain('1 _ARCHIVE_ID A-1');
    const again = importText(out);
    expect(again.sources.map(({ id: _, ...s }) => s)).toEqual([
      { title: 'Parish register of St Mary', author: 'Diocese', publication: '', repository: 'County Record Office', url: '', note: version === '7.0' ? '<p>Baptisms <b>1850–1900</b></p>' : '<p>Baptisms 1850–1900</p>' },
    ]);
    expect(again.profiles[0]!.events![0]!.citations).toEqual([{ id: expect.any(String), sourceId: again.sources[0]!.id, page: 'folio 4', date: '', quality: 2, text: '' }]);
  });

  it('an unedited imported source goes out exactly as it came', () => {
    const r = importText(file('7.0'));
    expect(exportText(withSources(r), '7.0')).toContain('0 @S1@ SOUR\n1 TITL Parish register\n1 _ARCHIVE_ID A-1\n');
  });
});
