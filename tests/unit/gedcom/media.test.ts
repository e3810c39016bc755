import { describe, expect, it } from 'vitest';
import { mediaShapeProblem } from '../../../src/domain/media/model.ts';
import type { Media } from '../../../src/domain/media/types.ts';
import { asGraph, exportText, importText, SITE } from './graphHelpers.ts';

/** Issue 23: OBJE/FILE media of a file as media references, and the app's stored media going out as OBJE. */

const FILE_551 = `0 HEAD
1 GEDC
2 VERS 5.5.1
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Mary /Smith/
1 OBJE
2 FILE photos/mary.jpg
3 FORM jpg
2 TITL Mary in 1900
1 OBJE @O1@
1 FAMS @F1@
0 @I2@ INDI
1 NAME John /Smith/
1 OBJE @O1@
1 OBJE
2 FILE javascript:alert(1)
1 FAMS @F1@
0 @F1@ FAM
1 HUSB @I2@
1 WIFE @I1@
0 @O1@ OBJE
1 FILE https://archive.example/wedding.pdf
2 FORM pdf
2 TITL Marriage certificate
0 TRLR
`;

describe('GEDCOM OBJE and media', () => {
  it('an OBJE FILE becomes a media reference; a record two people point to is one reference of both; a script URL is left out', () => {
    const imported = importText(FILE_551);
    const [mary, john] = imported.profiles;
    const refs = imported.media.map((m) => ({ kind: m.kind, title: m.title, url: m.url, people: m.people, contentType: m.contentType }));
    expect(refs).toEqual([
      { kind: 'photo', title: 'Mary in 1900', url: 'photos/mary.jpg', people: [mary!.id], contentType: '' },
      { kind: 'document', title: 'Marriage certificate', url: 'https://archive.example/wedding.pdf', people: [mary!.id, john!.id], contentType: '' },
    ]);
    for (const m of imported.media) expect(mediaShapeProblem(m)).toBeNull();
  });

  it('references go back out as they came (kept lines), and a stored photo goes out as an OBJE record both spouses point to', () => {
    const imported = importText(FILE_551);
    const graph = asGraph(imported);
    const [mary, john] = imported.profiles;
    const stored: Media = {
      id: 'mstored', kind: 'photo', title: 'Golden wedding', date: '', description: '', people: [mary!.id, john!.id], couples: [],
      url: '/files/media/g1/mstored/original.jpg?v=abc', thumb: '/files/media/g1/mstored/thumb_320.webp?v=d', thumbSmall: '/files/media/g1/mstored/thumb_170.webp?v=e',
      contentType: 'image/jpeg', bytes: 100,
    };
    const withMedia = { ...graph, media: { ...Object.fromEntries(imported.media.map((m) => [m.id, m])), mstored: stored } };
    for (const version of ['5.5.1', '7.0'] as const) {
      const text = exportText(withMedia, version);
      expect(text).toContain('2 FILE photos/mary.jpg');
      expect(text).toContain('1 FILE https://archive.example/wedding.pdf');
      expect(text).toContain(`1 FILE ${SITE}/files/media/g1/mstored/original.jpg?v=abc`);
      expect(text).toContain('2 TITL Golden wedding');
      const again = importText(text);
      expect(again.media.map((m) => m.url).sort()).toEqual(['https://archive.example/wedding.pdf', 'photos/mary.jpg', `${SITE}/files/media/g1/mstored/original.jpg?v=abc`].sort());
      expect(again.media.find((m) => m.title === 'Golden wedding')!.people).toHaveLength(2);
    }
    // Without stored media the export is the same as before.
    expect(exportText(graph, '5.5.1')).not.toContain('/files/media/');
  });

  it('a re-import does not double the card’s photo as a media record, nor take a stored photo for the card', () => {
    const imported = importText(FILE_551);
    const graph = asGraph(imported);
    const [mary, john] = imported.profiles;
    graph.profiles[mary!.id] = { ...graph.profiles[mary!.id]!, photoURL: '/files/avatars/mary/avatar_320.webp?v=1', photoURLSmall: '/files/avatars/mary/avatar_170.webp?v=1' };
    const stored: Media = {
      id: 'mstored', kind: 'photo', title: 'Golden wedding', date: '', description: '', people: [mary!.id, john!.id], couples: [],
      url: '/files/media/g1/mstored/original.jpg?v=abc', thumb: '/files/media/g1/mstored/thumb_320.webp?v=d', thumbSmall: '/files/media/g1/mstored/thumb_170.webp?v=e',
      contentType: 'image/jpeg', bytes: 100,
    };
    const withMedia = { ...graph, media: { ...Object.fromEntries(imported.media.map((m) => [m.id, m])), mstored: stored } };
    for (const version of ['5.5.1', '7.0'] as const) {
      const again = importText(exportText(withMedia, version));
      const [mary2, john2] = again.profiles;
      expect(mary2!.photoURL).toBe('/files/avatars/mary/avatar_320.webp?v=1');
      // John has only the stored photo on this site: it stays a photo of the tree, not his card's.
      expect(john2!.photoURL).toBe('');
      expect(again.media.map((m) => m.url).sort()).toEqual(['https://archive.example/wedding.pdf', 'photos/mary.jpg', `${SITE}/files/media/g1/mstored/original.jpg?v=abc`].sort());
      // And once more: a second round trip gives the same records, not more.
      const third = importText(exportText({ ...asGraph(again), media: Object.fromEntries(again.media.map((m) => [m.id, m])) }, version));
      expect(third.media.map((m) => m.url).sort()).toEqual(again.media.map((m) => m.url).sort());
      expect(third.profiles[0]!.photoURL).toBe(mary2!.photoURL);
    }
  });
});
