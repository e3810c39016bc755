import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../../../src/domain/media/limits.ts';
import { isMediaId, mediaEqual, mediaShapeProblem, normaliseMedia, perPersonLimitProblem, uploadLimitProblem, viewerSeesMedia } from '../../../../src/domain/media/model.ts';
import { addMedia, couplesIn, editMedia, newMediaId, removeMedia } from '../../../../src/domain/media/mediaOps.ts';
import { checkUpload, formatOfName, pdfActiveContent, sniffFormat, svgActiveContent } from '../../../../src/domain/media/sniff.ts';
import type { Media } from '../../../../src/domain/media/types.ts';
import { coupleId } from '../../../../src/domain/facts/types.ts';
import { undoFacts } from '../../../../src/domain/facts/factsResult.ts';
import { redactGraph } from '../../../../src/domain/privacy.ts';
import { diffGraphs, applyChangeSet } from '../../../../src/domain/changeSet.ts';
import { emptyProfile } from '../../../../src/domain/profile.ts';
import { deletePerson } from '../../../../src/domain/relationships.ts';
import type { Graph, Profile } from '../../../../src/domain/types.ts';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR');
const text = (s: string) => new TextEncoder().encode(s);

describe('sniffFormat: what the first bytes say', () => {
  it.each([
    ['JPEG', JPEG, 'jpeg'],
    ['PNG', PNG, 'png'],
    ['GIF89a', bytes('GIF89a....'), 'gif'],
    ['GIF87a', bytes('GIF87a....'), 'gif'],
    ['WebP', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'webp'],
    ['PDF', bytes('%PDF-1.7\n'), 'pdf'],
    ['SVG', text('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'],
    ['SVG after a declaration, a comment and a doctype', text('\uFEFF<?xml version="1.0"?>\n<!-- hi --><!DOCTYPE svg>\n<svg>'), 'svg'],
    ['HTML', text('<html><script>alert(1)</script>'), null],
    ['RIFF that is not WebP (a WAV)', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '), null],
    ['an executable', bytes('MZ', [0x90, 0]), null],
    ['empty', new Uint8Array(), null],
  ])('%s', (_, input, format) => expect(sniffFormat(input)).toBe(format));
});

describe('formatOfName', () => {
  it.each([
    ['wedding.JPG', 'jpeg'],
    ['a.jpeg', 'jpeg'],
    ['scan.pdf', 'pdf'],
    ['logo.svg', 'svg'],
    ['notes.txt', null],
    ['noextension', null],
  ])('%s', (name, format) => expect(formatOfName(name)).toBe(format));
});

describe('svgActiveContent: an SVG that could run code', () => {
  it.each([
    ['<svg><script>alert(1)</script></svg>', 'script'],
    ['<svg><SCRIPT >x</SCRIPT></svg>', 'script'],
    ['<svg onload="alert(1)"/>', 'event handler'],
    ['<svg><a href="javascript:alert(1)"><text>x</text></a></svg>', 'javascript: URL'],
    ['<svg><foreignObject><iframe src="x"/></foreignObject></svg>', 'foreignObject'],
    ['<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>', 'entity declaration'],
    ['<svg><image href="https://tracker.example/x.png"/></svg>', 'external link'],
    ['<svg><rect style="fill:url(https://x.example/p)"/></svg>', 'external url()'],
    ['<svg><use href="#shape"/><rect fill="url(#grad)"/></svg>', null],
    ['<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="teal"/></svg>', null],
  ])('%s', (svg, found) => expect(svgActiveContent(svg)).toBe(found));
});

describe('pdfActiveContent: JavaScript, launch actions, embedded files', () => {
  it.each([
    ['%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj', 'JavaScript'],
    ['%PDF-1.4\n1 0 obj << /AA << /O << /S /Launch /F (calc.exe) >> >> >> endobj', 'Launch'],
    ['%PDF-1.4\n1 0 obj << /Names << /EmbeddedFiles 2 0 R >> >> endobj', 'EmbeddedFiles'],
    // A name written with #xx escapes is the same name to a reader.
    ['%PDF-1.4\n1 0 obj << /S /J#61vaScript /J#53 (x) >> endobj', 'JavaScript'],
    ['%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj', null],
    // Not a name: words in a page's text do not count.
    ['%PDF-1.4\n(About JavaScript and JSON) Tj /JSON', null],
  ])('%s', (pdf, found) => expect(pdfActiveContent(text(pdf))).toBe(found));
});

describe('checkUpload', () => {
  it.each([
    ['photo.jpg', JPEG, { ok: true, format: 'jpeg' }],
    ['photo.jfif', JPEG, { ok: true, format: 'jpeg' }],
    ['photo', PNG, { ok: true, format: 'png' }],
    ['photo.jpg', PNG, { ok: false, message: MEDIA_MESSAGES.mismatch }],
    ['report.pdf', JPEG, { ok: false, message: MEDIA_MESSAGES.mismatch }],
    ['photo.jpg', text('<html>'), { ok: false, message: MEDIA_MESSAGES.mismatch }],
    ['page.html', text('<html>'), { ok: false, message: MEDIA_MESSAGES.notAccepted }],
    ['x.svg', text('<svg onload="x()"/>'), { ok: false, message: MEDIA_MESSAGES.svgScript }],
    ['x.pdf', text('%PDF-1.4 /JS (x)'), { ok: false, message: MEDIA_MESSAGES.pdfScript }],
    ['big.jpg', new Uint8Array(MEDIA_LIMITS.fileBytes + 1).fill(0xff), { ok: false, message: MEDIA_MESSAGES.tooLarge }],
  ])('%s', (name, input, expected) => expect(checkUpload(name, input)).toMatchObject(expected));
});

const photo = (id: string, people: string[], fields: Partial<Media> = {}): Media => ({
  id, kind: 'photo', title: '', date: '', description: '', people, couples: [],
  url: `/files/media/g/${id}/original.jpg?v=1`, thumb: `/files/media/g/${id}/thumb_320.webp?v=2`, thumbSmall: `/files/media/g/${id}/thumb_170.webp?v=3`,
  contentType: 'image/jpeg', bytes: 1000, ...fields,
});

describe('the media record', () => {
  it('has a normal form and compares by it', () => {
    const m = photo('m1', ['pr:a']);
    expect(normaliseMedia(m)).toEqual(m);
    expect(mediaEqual(m, { ...m, people: ['pr:a'] })).toBe(true);
    expect(mediaEqual(m, { ...m, title: 'x' })).toBe(false);
    expect(mediaEqual(m, { ...m, people: ['pr:a', 'pr:b'] })).toBe(false);
  });

  it.each([
    ['a stored photo', photo('m1', ['pr:a']), null],
    ['a reference (GEDCOM OBJE FILE)', photo('m1', ['pr:a'], { url: 'photos/grandma.jpg', thumb: '', thumbSmall: '', contentType: '', bytes: 0 }), null],
    ['no one in it', photo('m1', []), /people must be/],
    ['the same person twice', photo('m1', ['pr:a', 'pr:a']), /people must be/],
    ['an id that is no folder name', photo('../x', ['pr:a']), /id is invalid/],
    ['a javascript: reference', photo('m1', ['pr:a'], { url: 'javascript:alert(1)', thumb: '', thumbSmall: '', contentType: '', bytes: 0 }), /reference must be/],
    ['a stored file elsewhere', photo('m1', ['pr:a'], { url: 'http://evil.example/x.jpg' }), /stored file's URL/],
    ['an HTML content type', photo('m1', ['pr:a'], { contentType: 'text/html' }), /content type/],
    ['a title too long', photo('m1', ['pr:a'], { title: 'x'.repeat(MEDIA_LIMITS.title + 1) }), /title/],
    ['an unknown field', { ...photo('m1', ['pr:a']), extra: 1 }, /unexpected shape/],
  ])('shape: %s', (_, v, problem) => {
    const found = mediaShapeProblem(v);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });

  it('ids are folder names', () => {
    expect(isMediaId(newMediaId(() => 0.5))).toBe(true);
    expect(isMediaId('m/../../x')).toBe(false);
  });

  it('a viewer sees a photo only when everyone in it shows whole', () => {
    const m = photo('m1', ['pr:a', 'pr:b']);
    expect(viewerSeesMedia(m, () => true)).toBe(true);
    expect(viewerSeesMedia(m, (id) => id === 'pr:a')).toBe(false);
  });
});

describe('upload limits', () => {
  const many = Object.fromEntries(Array.from({ length: MEDIA_LIMITS.perPerson }, (_, i) => [`m${i}`, photo(`m${i}`, ['pr:a'], { bytes: 10 })]));
  it.each([
    ['a first photo', {}, ['pr:a'], 1000, null],
    ['no one chosen', {}, [], 1000, { code: 'invalid-argument', message: MEDIA_MESSAGES.noPerson }],
    ['a file over the size', {}, ['pr:a'], MEDIA_LIMITS.fileBytes + 1, { code: 'invalid-argument', message: MEDIA_MESSAGES.tooLarge }],
    ['a person with the most', many, ['pr:b', 'pr:a'], 1000, { code: 'resource-exhausted', message: MEDIA_MESSAGES.tooManyForPerson }],
    ['another person in the same tree', many, ['pr:b'], 1000, null],
    ['a full tree', { m: photo('m', ['pr:z'], { bytes: MEDIA_LIMITS.treeBytes - 10 }) }, ['pr:a'], 11, { code: 'resource-exhausted', message: MEDIA_MESSAGES.treeFull }],
  ])('%s', (_, media, people, size, expected) => expect(uploadLimitProblem(media as Record<string, Media>, people as string[], size as number)).toEqual(expected));
});

function family(): Graph {
  const p = (id: string, fields: Partial<Profile>): Profile => ({ ...emptyProfile(id), ...fields }) as Profile;
  return {
    nodes: [],
    edges: [],
    profiles: {
      'pr:ann': p('pr:ann', { firstName: 'Ann', spouses: ['pr:bob'], birthYear: '1990' }),
      'pr:bob': p('pr:bob', { firstName: 'Bob', spouses: ['pr:ann'], birthYear: '1900' }),
      'pr:cy': p('pr:cy', { firstName: 'Cy', birthYear: '1850' }),
    },
    updatedAt: '',
    version: 1,
  };
}

describe('media operations', () => {
  const stored = { url: '/files/media/g/m1/original.jpg?v=1', thumb: '/files/media/g/m1/thumb_320.webp?v=2', thumbSmall: '/files/media/g/m1/thumb_170.webp?v=3', contentType: 'image/jpeg', bytes: 5 };

  it('a wedding photo of both spouses belongs to their couple too', () => {
    expect(couplesIn(family(), ['pr:bob', 'pr:ann', 'pr:cy'])).toEqual([coupleId('pr:ann', 'pr:bob')]);
    expect(couplesIn(family(), ['pr:ann', 'pr:cy'])).toEqual([]);
    const done = addMedia(family(), 'm1', 'photo', { title: ' Wedding ', date: '4 JUN 1925', description: '', people: ['pr:ann', 'pr:bob'] }, stored);
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(done.media).toMatchObject({ title: 'Wedding', people: ['pr:ann', 'pr:bob'], couples: couplesIn(family(), ['pr:ann', 'pr:bob']) });
    expect(done.media.couples).toHaveLength(1);
    expect(done.graph.media!.m1).toEqual(done.media);
  });

  it('is undone exactly, and travels in a change set', () => {
    const base = family();
    const done = addMedia(base, 'm1', 'photo', { title: 'x', date: '', description: '', people: ['pr:cy'] }, stored);
    if (!done.ok) throw new Error(done.message);
    const cs = diffGraphs(base, done.graph);
    expect(cs.media).toEqual({ upsert: [done.media], remove: [] });
    expect(applyChangeSet(base, cs).media).toEqual({ m1: done.media });
    expect(undoFacts(done.graph, done).graph.media).toEqual({});
    const edited = editMedia(done.graph, 'm1', { title: 'Cy at 20', date: '1870', description: 'Studio portrait', people: ['pr:cy', 'pr:gone'] });
    if (!edited.ok) throw new Error(edited.message);
    expect(edited.media).toMatchObject({ title: 'Cy at 20', people: ['pr:cy'] });
    const removed = removeMedia(edited.graph, 'm1');
    if (!removed.ok) throw new Error(removed.message);
    expect(removed.graph.media).toEqual({});
    expect(undoFacts(removed.graph, removed).graph.media!.m1).toEqual(edited.media);
  });

  it('deleting a person for good takes them out of their photos; one only they are in goes, and Undo brings all back', () => {
    const base: Graph = {
      ...family(),
      nodes: [{ id: 'n1001', type: 'person', position: { x: 0, y: 0 }, modifiedAt: '', hidden: false, data: { profileId: 'pr:ann', parentRole: '', isPrimary: false } }],
      media: {
        mwed: photo('mwed', ['pr:ann', 'pr:bob'], { couples: [coupleId('pr:ann', 'pr:bob')] }),
        mann: photo('mann', ['pr:ann']),
        mcy: photo('mcy', ['pr:cy']),
      },
    };
    const done = deletePerson(base, 'n1001');
    if (!done.ok) throw new Error(done.message);
    expect(done.graph.media).toEqual({ mwed: { ...base.media!.mwed!, people: ['pr:bob'], couples: [] }, mcy: base.media!.mcy });
    expect(undoFacts(done.graph, done).graph.media).toEqual(base.media);
  });

  it('refuses a photo of no one in the tree', () => {
    expect(addMedia(family(), 'm1', 'photo', { title: '', date: '', description: '', people: ['pr:gone'] }, stored)).toEqual({ ok: false, message: MEDIA_MESSAGES.noPerson });
  });
});

describe('privacy of media in a whole graph', () => {
  it('a viewer gets a photo only when everyone in it shows whole', () => {
    const graph: Graph = {
      ...family(),
      media: { old: photo('old', ['pr:cy']), wedding: photo('wedding', ['pr:ann', 'pr:bob']), bob: photo('bob', ['pr:bob']) },
    };
    const { graph: seen } = redactGraph(graph, { audienceUid: 'viewer', currentYear: 2026, visibilityOf: () => 'name' });
    // Ann (born 1990) is living and unclaimed: the wedding photo of Ann and Bob is not sent.
    expect(Object.keys(seen.media!).sort()).toEqual(['bob', 'old']);
  });
});

describe('perPersonLimitProblem: the per-person limit where the record is written', () => {
  const ref = (id: string, people: string[]): Media => ({ id, kind: 'photo', title: '', date: '', description: '', people, couples: [], url: `${id}.jpg`, thumb: '', thumbSmall: '', contentType: '', bytes: 0 });
  const full = Array.from({ length: MEDIA_LIMITS.perPerson }, (_, i) => ref(`mfull${i}`, ['pr:ann']));
  const over = [...full, ref('mextra', ['pr:ann'])];
  const refused = { code: 'resource-exhausted', message: MEDIA_MESSAGES.tooManyForPerson };
  it.each<[string, Media[], { upsert: Media[]; remove: string[] }, typeof refused | null]>([
    ['one more for a person at the limit', full, { upsert: [ref('mnew', ['pr:ann'])], remove: [] }, refused],
    ['a group photo with a person at the limit', full, { upsert: [ref('mnew', ['pr:bob', 'pr:ann'])], remove: [] }, refused],
    ['one more for someone else', full, { upsert: [ref('mnew', ['pr:bob'])], remove: [] }, null],
    ['one at the limit edited (its title)', full, { upsert: [{ ...full[0]!, title: 'Lake' }], remove: [] }, null],
    ['one removed and one added in the same change', full, { upsert: [ref('mnew', ['pr:ann'])], remove: ['mfull0'] }, null],
    ['a tree already over the limit edits one of its records', over, { upsert: [{ ...over[3]!, title: 'x' }], remove: [] }, null],
    ['a tree already over the limit adds one more', over, { upsert: [ref('mnew', ['pr:ann'])], remove: [] }, refused],
    ['101 at once for a new person', [], { upsert: Array.from({ length: MEDIA_LIMITS.perPerson + 1 }, (_, i) => ref(`mnew${i}`, ['pr:cy'])), remove: [] }, refused],
    ['only removals', full, { upsert: [], remove: ['mfull1'] }, null],
  ])('%s', (_, stored, change, want) => {
    expect(perPersonLimitProblem(stored, change)).toEqual(want);
  });
});
