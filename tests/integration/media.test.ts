import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../src/domain/media/limits.ts';
import type { Media } from '../../src/domain/media/types.ts';
import { readStoredFile } from '../../server/files/avatarStorage.ts';
import { sweepMediaOrphans } from '../../server/files/mediaStorage.ts';
import { MEDIA_ORPHAN_GRACE_MS } from '../../src/domain/media/orphans.ts';
import { loadGraph, saveOk, saveTree, type Tree } from './graphHelpers.ts';
import { expectError, useTestServer, type Answer, type Member } from './helpers.ts';
import { hopperFamily } from './sharingHelpers.ts';
import { deletePerson } from '../../src/domain/relationships.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Photos and documents on the self-hosted server (migration 13, the files table): an editor's
 * upload is checked and stored with thumbnails, the record saved with the tree; bad files are
 * refused before anything is stored; a viewer gets a living person's photo neither in the tree
 * nor from /files.
 */
const site = useTestServer();

async function upload(member: Member, graphId: string, mediaId: string, people: string[], name: string, bytes: Uint8Array, type = 'application/octet-stream'): Promise<Answer> {
  const form = new FormData();
  form.append('people', people.join(','));
  form.append('file', new Blob([bytes as BlobPart], { type }), name);
  const res = await fetch(`${site.server.url}/api/graphs/${encodeURIComponent(graphId)}/media/${mediaId}`, {
    method: 'POST',
    headers: { cookie: `${SESSION_COOKIE}=${member.client.cookie}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text, setCookies: [] };
}

const fetchAs = (member: Member, url: string) => fetch(site.server.url + url, { headers: { cookie: `${SESSION_COOKIE}=${member.client.cookie}` } });

const camera = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#7a5230' } })
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Private location' } })
    .jpeg()
    .toBuffer();

async function storedPaths(graphId: string, mediaId: string): Promise<string[]> {
  const rows = await site.db.query<{ path: string }>('SELECT path FROM files WHERE path LIKE $1 ORDER BY path', [`media/${graphId}/${mediaId}/%`]);
  return rows.map((r) => r.path.split('/').pop()!);
}

function record(id: string, people: string[], stored: Pick<Media, 'url' | 'thumb' | 'thumbSmall' | 'contentType' | 'bytes' | 'kind'>, title = ''): Media {
  return { id, title, date: '', description: '', people, couples: [], ...stored };
}

describe('photos and documents on the server', () => {
  it('an editor uploads a photo: re-encoded without metadata, thumbnails of the avatar sizes, served immutable; a viewer sees a living person\'s photo nowhere', async () => {
    const h = await hopperFamily(site.server);
    const g = h.tree.graphId;
    const res = await upload(h.ed, g, 'mmary1', [h.mary.profileId], 'mary.jpg', await camera(), 'image/jpeg');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ kind: 'photo', contentType: 'image/jpeg', url: expect.stringMatching(/^\/files\/media\/.+\/mmary1\/original\.jpg\?v=[0-9a-f]{16}$/) });
    expect(await storedPaths(g, 'mmary1')).toEqual(['original.jpg', 'thumb_170.webp', 'thumb_320.webp']);
    const original = (await readStoredFile(site.db, `media/${g}/mmary1/original.jpg`))!.bytes;
    expect((await sharp(original).metadata()).exif).toBeUndefined();
    expect(await sharp(original).metadata()).toMatchObject({ width: 800, height: 600 });
    const thumb = await sharp((await readStoredFile(site.db, `media/${g}/mmary1/thumb_320.webp`))!.bytes).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 320 });

    const walter = await upload(h.grace, g, 'mwalter1', [h.walter.profileId], 'walter.png', await sharp({ create: { width: 300, height: 400, channels: 3, background: '#345' } }).png().toBuffer());
    expect(walter.status, walter.text).toBe(200);
    const tree: Tree = { member: h.grace, graphId: g, ownerUid: h.grace.uid, saved: (await loadGraph(h.grace.client)).graph, clientId: 'grace-media' };
    const media = { mmary1: record('mmary1', [h.mary.profileId], res.body, 'Mary at the lake'), mwalter1: record('mwalter1', [h.walter.profileId], walter.body, 'Walter') };
    await saveOk(tree, { ...tree.saved, media });
    expect((await loadGraph(h.ed.client)).graph.media).toEqual(media);

    const served = await fetchAs(h.ed, res.body.thumb);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(served.headers.get('content-type')).toBe('image/webp');

    // Vi views: Mary (born 1990) is living and unclaimed.
    expect(Object.keys((await loadGraph(h.vi.client)).graph.media ?? {})).toEqual(['mwalter1']);
    expect((await fetchAs(h.vi, res.body.thumb)).status).toBe(404);
    expect((await fetchAs(h.vi, res.body.url)).status).toBe(404);
    expect((await fetchAs(h.vi, walter.body.thumb)).status).toBe(200);
    expect((await fetchAs(h.stranger, walter.body.thumb)).status).toBe(403);
    // A viewer uploads nothing.
    expectError(await upload(h.vi, g, 'mvi', [h.walter.profileId], 'w.png', await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer()), 403, 'permission-denied');
  });

  it('refuses what is not what it says, bombs, SVG script, PDF JavaScript (even in a compressed object stream), and too large; stores nothing', async () => {
    const h = await hopperFamily(site.server);
    const g = h.tree.graphId;
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const jsPdf = await PDFDocument.create();
    jsPdf.addPage();
    jsPdf.addJavaScript('hello', 'app.alert("hi")');
    const jsPdfBytes = await jsPdf.save({ useObjectStreams: true });
    const openAction = await PDFDocument.create();
    openAction.addPage();
    openAction.catalog.set(PDFName.of('OpenAction'), openAction.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    const cases: [string, string, Uint8Array, number, string][] = [
      ['mismatch', 'photo.jpg', png, 400, MEDIA_MESSAGES.mismatch],
      ['html', 'page.html', new TextEncoder().encode('<html><script>alert(1)</script></html>'), 400, MEDIA_MESSAGES.notAccepted],
      ['bomb', 'bomb.png', bomb, 400, MEDIA_MESSAGES.tooManyPixels],
      ['svgscript', 'x.svg', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="5" height="5"/></svg>'), 400, MEDIA_MESSAGES.svgScript],
      ['pdfjs', 'a.pdf', jsPdfBytes, 400, MEDIA_MESSAGES.pdfScript],
      ['pdfopen', 'b.pdf', await openAction.save({ useObjectStreams: true }), 400, MEDIA_MESSAGES.pdfScript],
      ['toolarge', 'big.jpg', new Uint8Array(MEDIA_LIMITS.fileBytes + 10).fill(0xff), 413, MEDIA_MESSAGES.tooLarge],
      ['broken', 'broken.png', png.subarray(0, 40), 400, MEDIA_MESSAGES.unreadable],
    ];
    for (const [id, name, bytes, status, message] of cases) {
      const res = await upload(h.grace, g, `m${id}`, [h.mary.profileId], name, bytes);
      expectError(res, status, 'invalid-argument', message);
      expect(await storedPaths(g, `m${id}`), id).toEqual([]);
    }
    // The byte scan alone would miss the object stream: the script is compressed.
    expect(Buffer.from(jsPdfBytes).includes('/JavaScript')).toBe(false);
  });

  it('keeps a clean PDF as a document and draws a clean SVG to a PNG', async () => {
    const h = await hopperFamily(site.server);
    const g = h.tree.graphId;
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Birth certificate');
    const pdf = await upload(h.grace, g, 'mdoc', [h.walter.profileId], 'certificate.pdf', await doc.save());
    expect(pdf.status, pdf.text).toBe(200);
    expect(pdf.body).toMatchObject({ kind: 'document', contentType: 'application/pdf', thumb: '', thumbSmall: '' });
    const served = await fetchAs(h.grace, pdf.body.url);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    const svg = await upload(h.grace, g, 'msvg', [h.walter.profileId], 'crest.svg', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="80"><circle cx="50" cy="40" r="30" fill="teal"/></svg>'));
    expect(svg.status, svg.text).toBe(200);
    expect(svg.body).toMatchObject({ kind: 'photo', contentType: 'image/png' });
    expect(await storedPaths(g, 'msvg')).toEqual(['original.png', 'thumb_170.webp', 'thumb_320.webp']);
  });

  it('refuses a person\'s photo over the limit per person with resource-exhausted', async () => {
    const h = await hopperFamily(site.server);
    const g = h.tree.graphId;
    const tree: Tree = { member: h.grace, graphId: g, ownerUid: h.grace.uid, saved: (await loadGraph(h.grace.client)).graph, clientId: 'grace-limit' };
    const refs = Object.fromEntries(
      Array.from({ length: MEDIA_LIMITS.perPerson }, (_, i) => [`mref${i}`, record(`mref${i}`, [h.walter.profileId], { kind: 'photo', url: `photos/${i}.jpg`, thumb: '', thumbSmall: '', contentType: '', bytes: 0 })]),
    );
    await saveOk(tree, { ...tree.saved, media: refs });
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
    expectError(await upload(h.grace, g, 'mone', [h.walter.profileId], 'one.png', png), 413, 'resource-exhausted', MEDIA_MESSAGES.tooManyForPerson);
    expect((await upload(h.grace, g, 'mone', [h.mary.profileId], 'one.png', png)).status).toBe(200);
    // The save path holds the limit too: a record sent without the upload (a reference, or a
    // second upload racing the first) is refused where it is written, with the same words.
    const refused = await saveTree(tree, { ...tree.saved, media: { ...refs, mref100: record('mref100', [h.walter.profileId], { kind: 'photo', url: 'photos/100.jpg', thumb: '', thumbSmall: '', contentType: '', bytes: 0 }) } });
    expectError(refused, 429, 'resource-exhausted', MEDIA_MESSAGES.tooManyForPerson);
    // Swapping one for another is no growth.
    const { mref0: _gone, ...rest } = refs;
    await saveOk(tree, { ...tree.saved, media: { ...rest, mref100: record('mref100', [h.walter.profileId], { kind: 'photo', url: 'photos/100.jpg', thumb: '', thumbSmall: '', contentType: '', bytes: 0 }) } });
  });

  it('orphan files: an upload whose save never came loses its files a day later; a saved record, and one deleted, keep them', async () => {
    const h = await hopperFamily(site.server);
    const g = h.tree.graphId;
    const png = () => sharp({ create: { width: 30, height: 30, channels: 3, background: '#abc' } }).png().toBuffer();
    const kept = await upload(h.grace, g, 'mkept', [h.walter.profileId], 'kept.png', await png());
    const gone = await upload(h.grace, g, 'mgone', [h.walter.profileId], 'gone.png', await png());
    expect((await upload(h.grace, g, 'mlost', [h.walter.profileId], 'lost.png', await png())).status).toBe(200);
    const tree: Tree = { member: h.grace, graphId: g, ownerUid: h.grace.uid, saved: (await loadGraph(h.grace.client)).graph, clientId: 'grace-orphans' };
    await saveOk(tree, { ...tree.saved, media: { mkept: record('mkept', [h.walter.profileId], kept.body), mgone: record('mgone', [h.walter.profileId], gone.body) } });
    await saveOk(tree, { ...tree.saved, media: { mkept: tree.saved.media!.mkept! } });
    // Within the day nothing goes: a save may still be on its way.
    expect(await sweepMediaOrphans(site.db, new Date(Date.now() + 60_000), g)).toEqual([]);
    const later = new Date(Date.now() + MEDIA_ORPHAN_GRACE_MS + 60_000);
    expect((await sweepMediaOrphans(site.db, later, g)).sort()).toEqual(['original.png', 'thumb_170.webp', 'thumb_320.webp'].map((f) => `media/${g}/mlost/${f}`));
    expect(await storedPaths(g, 'mlost')).toEqual([]);
    expect(await storedPaths(g, 'mkept')).toEqual(['original.png', 'thumb_170.webp', 'thumb_320.webp']);
    // The deleted record's files stay, a year on too: reverting its deletion brings it back.
    expect(await sweepMediaOrphans(site.db, new Date(Date.now() + 365 * DAY))).toEqual([]);
    expect(await storedPaths(g, 'mgone')).toEqual(['original.png', 'thumb_170.webp', 'thumb_320.webp']);
    expect((await fetchAs(h.grace, kept.body.thumb)).status).toBe(200);
  });

  it('a person deleted with their photo, restored from Recently deleted after the sweep ran 2 days later: the photo is back and served', async () => {
    const h = await hopperFamily(site.server);
    const g = h.tree.graphId;
    const base = `/api/graphs/${g}`;
    const stored = await upload(h.ed, g, 'mwalter', [h.walter.profileId], 'walter.jpg', await camera());
    expect(stored.status, stored.text).toBe(200);
    const ed: Tree = { member: h.ed, graphId: g, ownerUid: h.grace.uid, saved: (await loadGraph(h.ed.client)).graph, clientId: 'ed-tab' };
    await saveOk(ed, { ...ed.saved, media: { mwalter: record('mwalter', [h.walter.profileId], stored.body, 'Walter at the lake') } });
    const removed = deletePerson(ed.saved, h.walter.nodeId);
    if (!removed.ok) throw new Error(removed.message);
    expect(removed.graph.media).toEqual({});
    await saveOk(ed, removed.graph);

    expect(await sweepMediaOrphans(site.db, new Date(Date.now() + 2 * DAY))).toEqual([]);
    const deleted = await h.grace.client.get(`${base}/deleted`);
    expect(deleted.status, deleted.text).toBe(200);
    const walter = deleted.body.people.find((p: { profileId: string }) => p.profileId === h.walter.profileId);
    const restored = await h.grace.client.post(`${base}/deleted/restore`, { revision: walter.revision, profileId: h.walter.profileId, clientId: 'grace-tab' });
    expect(restored.status, restored.text).toBe(200);

    const back = (await loadGraph(h.grace.client)).graph;
    expect(back.profiles[h.walter.profileId]).toBeDefined();
    expect(back.media?.mwalter).toMatchObject({ title: 'Walter at the lake', people: [h.walter.profileId], url: stored.body.url });
    for (const url of [stored.body.url, stored.body.thumb, stored.body.thumbSmall]) expect((await fetchAs(h.grace, url)).status).toBe(200);
  });

  it('a deleted photo brought back by reverting its deletion weeks later keeps its files', async () => {
    const h = await hopperFamily(site.server);
    const g = h.tree.graphId;
    const stored = await upload(h.grace, g, 'mlake', [h.walter.profileId], 'lake.jpg', await camera());
    const tree: Tree = { member: h.grace, graphId: g, ownerUid: h.grace.uid, saved: (await loadGraph(h.grace.client)).graph, clientId: 'grace-tab' };
    await saveOk(tree, { ...tree.saved, media: { mlake: record('mlake', [h.walter.profileId], stored.body, 'Lake') } });
    const deletion = await saveOk(tree, { ...tree.saved, media: {} });
    expect(await sweepMediaOrphans(site.db, new Date(Date.now() + 100 * DAY), g)).toEqual([]);
    const reverted = await h.grace.client.post(`/api/graphs/${g}/history/revert`, { revision: deletion, mode: 'one', clientId: 'grace-tab' });
    expect(reverted.status, reverted.text).toBe(200);
    expect((await loadGraph(h.grace.client)).graph.media?.mlake).toMatchObject({ title: 'Lake', url: stored.body.url });
    expect((await fetchAs(h.grace, stored.body.url)).status).toBe(200);
  });
});
