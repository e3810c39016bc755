import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/backend/api.ts';
import { AVATAR_MESSAGES, MAX_AVATAR_INPUT_PIXELS } from '../../server/files/avatarImages.ts';
import { readStoredFile } from '../../server/files/avatarStorage.ts';
import { addNew, openTree, primaryNodeId, saveOk, tokenOf } from './graphHelpers.ts';
import { createMember, expectError, startTestServer, tempDir, useTestServer, type Answer, type Member } from './helpers.ts';

const site = useTestServer();

type Part = { name: string; bytes: Uint8Array | string; type: string; filename?: string };

/** PUT /api/profiles/:id/avatar as a browser sends it: multipart with the member's cookie. */
async function putAvatar(member: Member | null, id: string, parts: Part[]): Promise<Answer> {
  const form = new FormData();
  for (const p of parts) {
    if (p.filename === undefined && typeof p.bytes === 'string' && p.type === 'field') form.append(p.name, p.bytes);
    else form.append(p.name, new Blob([p.bytes as BlobPart], { type: p.type }), p.filename ?? `${p.name}.bin`);
  }
  const headers: Record<string, string> = {};
  if (member?.client.cookie) headers.cookie = `${SESSION_COOKIE}=${member.client.cookie}`;
  const res = await fetch(`${site.server.url}/api/profiles/${encodeURIComponent(id)}/avatar`, { method: 'PUT', headers, body: form });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text, setCookies: [] };
}

/** A photo with EXIF (a camera's make and a copyright line) in the given format and size. */
async function photo(format: 'png' | 'jpeg' | 'webp', width: number, height: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 4, background: { r: 180, g: 90, b: 40, alpha: 0.6 } } }).withExif({
    IFD0: { Make: 'SecretCam', Copyright: 'Private location' },
  });
  return format === 'png' ? image.png().toBuffer() : format === 'jpeg' ? image.jpeg().toBuffer() : image.webp().toBuffer();
}

async function pair(format: 'png' | 'jpeg' | 'webp', w = 400, h = 300): Promise<Part[]> {
  const type = format === 'jpeg' ? 'image/jpeg' : `image/${format}`;
  return [
    { name: 'large', bytes: await photo(format, w, h), type },
    { name: 'small', bytes: await photo(format, Math.round(w / 2), Math.round(h / 2)), type },
  ];
}

/** The names stored for a profile, whichever process stored them. */
async function storedNames(id: string): Promise<string[]> {
  const rows = await site.db.query<{ path: string }>(`SELECT path FROM files WHERE path LIKE $1 ORDER BY path`, [`profiles/${id}/%`]);
  return rows.map((r) => r.path.slice(`profiles/${id}/`.length));
}

/** GET as the member's browser does: with their session cookie (photos are for members only). */
function fetchAs(member: Member, url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { cookie: `${SESSION_COOKIE}=${member.client.cookie}` } });
}

async function storedBytes(id: string, name: string): Promise<Buffer> {
  return (await readStoredFile(site.db, `profiles/${id}/${name}`))!.bytes;
}

/** A PNG of one colour: a few kilobytes however many pixels it declares. */
const flatPng = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#fff' } }).png().toBuffer();

describe('PUT /api/profiles/:id/avatar', () => {
  it('re-encodes a WebP upload as exact 320 and 170 squares of WebP without metadata and answers their URLs', async () => {
    const ada = await createMember(site.server);
    const res = await putAvatar(ada, ada.uid, await pair('webp', 500, 300));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      photoURL: expect.stringMatching(new RegExp(`^/files/profiles/${ada.uid}/avatar_320\\.webp\\?v=[0-9a-f]{16}$`)),
      photoURLSmall: expect.stringMatching(new RegExp(`^/files/profiles/${ada.uid}/avatar_170\\.webp\\?v=[0-9a-f]{16}$`)),
    });
    expect(await storedNames(ada.uid)).toEqual(['avatar_170.webp', 'avatar_320.webp']);
    for (const [name, size] of [['avatar_320.webp', 320], ['avatar_170.webp', 170]] as const) {
      const meta = await sharp(await storedBytes(ada.uid, name)).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, icc: meta.icc }).toEqual({
        format: 'webp',
        width: size,
        height: size,
        exif: undefined,
        icc: undefined,
      });
    }
  });

  it('only stores the files: the profile is written by the profile save that carries the URLs', async () => {
    const ada = await createMember(site.server);
    // Her own tree exists once opened: a profile write would give it a revision.
    expect((await ada.client.get('/api/graph')).status).toBe(200);
    const before = (await ada.client.get(`/api/profiles/${ada.uid}`)).body.profile;
    const revisions = async () => (await site.db.query<{ n: number }>('SELECT count(*)::int AS n FROM graph_changes'))[0]!.n;
    const logged = await revisions();
    const res = await putAvatar(ada, ada.uid, await pair('webp'));
    expect(res.status, res.text).toBe(200);
    expect((await ada.client.get(`/api/profiles/${ada.uid}`)).body.profile).toEqual(before);
    expect(await revisions()).toBe(logged);
  });

  it('turns any other image into JPEG, deletes the WebP files and changes the URLs', async () => {
    const ada = await createMember(site.server);
    const first = await putAvatar(ada, ada.uid, await pair('webp'));
    expect(first.status).toBe(200);
    const second = await putAvatar(ada, ada.uid, await pair('png', 300, 700));
    expect(second.status, second.text).toBe(200);
    expect(second.body.photoURL).toMatch(/\/avatar_320\.jpg\?v=/);
    expect(second.body.photoURLSmall).toMatch(/\/avatar_170\.jpg\?v=/);
    expect(await storedNames(ada.uid)).toEqual(['avatar_170.jpg', 'avatar_320.jpg']);
    const large = await sharp(await storedBytes(ada.uid, 'avatar_320.jpg')).metadata();
    expect([large.format, large.width, large.height, large.exif, large.hasAlpha]).toEqual(['jpeg', 320, 320, undefined, false]);

    const third = await putAvatar(ada, ada.uid, await pair('jpeg', 640, 640));
    expect(third.status).toBe(200);
    expect(third.body.photoURL).not.toBe(second.body.photoURL);
    expect(third.body.photoURL.split('?')[0]).toBe(second.body.photoURL.split('?')[0]);
  });

  it('refuses files that are not images, even when they say they are', async () => {
    const ada = await createMember(site.server);
    const text: Part = { name: 'large', bytes: 'just some text', type: 'image/png' };
    const svg: Part = {
      name: 'large',
      bytes: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      type: 'image/svg+xml',
    };
    const [, small] = await pair('png');
    for (const large of [text, svg]) {
      expectError(await putAvatar(ada, ada.uid, [large, small!]), 400, 'invalid-argument', AVATAR_MESSAGES.notAnImage);
    }
    expect(await storedNames(ada.uid)).toEqual([]);
  });

  it('refuses files over 10 MB with 413', async () => {
    const ada = await createMember(site.server);
    const [large] = await pair('png');
    const huge: Part = { name: 'small', bytes: new Uint8Array(10 * 1024 * 1024 + 1), type: 'image/png' };
    expectError(await putAvatar(ada, ada.uid, [large!, huge]), 413, 'invalid-argument', AVATAR_MESSAGES.tooLarge);
    expect(await storedNames(ada.uid)).toEqual([]);
  });

  it.each([
    ['8000 × 6000 (48 megapixels)', 8000, 6000],
    ['7280 × 5456 (39.7 megapixels, the 125 KB PNG of the attack)', 7280, 5456],
    ['one pixel row over 24 megapixels', 6000, 4001],
  ])('refuses %s from its header with a coded 400, as the small file too', async (_, width, height) => {
    const ada = await createMember(site.server);
    const bomb = await flatPng(width, height);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const [large, small] = await pair('png');
    for (const parts of [[{ name: 'large', bytes: bomb, type: 'image/png' }, small!], [large!, { name: 'small', bytes: bomb, type: 'image/png' }]]) {
      expectError(await putAvatar(ada, ada.uid, parts), 400, 'invalid-argument', AVATAR_MESSAGES.tooManyPixels);
    }
    expect(AVATAR_MESSAGES.tooManyPixels).toMatch(/24 megapixels at most/);
    expect(await storedNames(ada.uid)).toEqual([]);
  });

  it('accepts exactly the limit: a 6000 × 4000 photo off a 24-megapixel camera', async () => {
    expect(6000 * 4000).toBe(MAX_AVATAR_INPUT_PIXELS);
    const ada = await createMember(site.server);
    const [, small] = await pair('jpeg');
    const res = await putAvatar(ada, ada.uid, [{ name: 'large', bytes: await flatPng(6000, 4000), type: 'image/png' }, small!]);
    expect(res.status, res.text).toBe(200);
    expect(await storedNames(ada.uid)).toEqual(['avatar_170.jpg', 'avatar_320.jpg']);
  });

  it('wants exactly the files large and small', async () => {
    const ada = await createMember(site.server);
    const [large, small] = await pair('png');
    expectError(await putAvatar(ada, ada.uid, [large!]), 400, 'invalid-argument', AVATAR_MESSAGES.missingFiles);
    expectError(await putAvatar(ada, ada.uid, [large!, { ...small!, name: 'other' }]), 400, 'invalid-argument', AVATAR_MESSAGES.missingFiles);
    const json = await ada.client.request('PUT', `/api/profiles/${ada.uid}/avatar`, { large: 'x' });
    expectError(json, 400, 'invalid-argument', AVATAR_MESSAGES.notMultipart);
  });

  describe('ownership: nobody can replace another member’s photo', () => {
    it('needs a session', async () => {
      const ada = await createMember(site.server);
      expectError(await putAvatar(null, ada.uid, await pair('png')), 401, 'unauthenticated');
    });

    it("refuses another member's own profile and leaves their files alone", async () => {
      const ada = await createMember(site.server);
      const bob = await createMember(site.server);
      expect((await putAvatar(ada, ada.uid, await pair('webp'))).status).toBe(200);
      const before = await storedBytes(ada.uid, 'avatar_320.webp');
      expectError(await putAvatar(bob, ada.uid, await pair('png')), 403, 'permission-denied');
      expect(await storedBytes(ada.uid, 'avatar_320.webp')).toEqual(before);
      expect(await storedNames(ada.uid)).toEqual(['avatar_170.webp', 'avatar_320.webp']);
    });

    it('lets the creator change an unclaimed relative, but not once another member has claimed it', async () => {
      const ada = await createMember(site.server);
      const bob = await createMember(site.server);
      const tree = await openTree(ada);
      const rose = addNew(tree.saved, ada.uid, 'parent', primaryNodeId(tree.saved), { firstName: 'Rose' }, 'mother');
      const ben = addNew(rose.graph, ada.uid, 'child', primaryNodeId(tree.saved), { firstName: 'Ben' });
      await saveOk(tree, ben.graph);
      expect((await putAvatar(ada, rose.profileId, await pair('png'))).status).toBe(200);
      expect(await storedNames(rose.profileId)).toEqual(['avatar_170.jpg', 'avatar_320.jpg']);
      // Bob shares no tree with Ada.
      expectError(await putAvatar(bob, rose.profileId, await pair('png')), 403, 'permission-denied', 'You do not have access to this profile.');

      // A card Bob claimed (as an existing member, the card keeps its id): his, not Ada's.
      const invited = await ada.client.post('/api/invitations', { graphUid: ada.uid, nodeId: ben.nodeId, email: bob.email });
      expect((await bob.client.post(`/api/invitations/${tokenOf(invited.body.inviteUrl)}/join`)).status).toBe(200);
      expectError(await putAvatar(ada, ben.profileId, await pair('png')), 403, 'permission-denied');
      expect((await putAvatar(bob, ben.profileId, await pair('png'))).status).toBe(200);
    });

    it('answers 404 for an unknown profile and 400 for a malformed id', async () => {
      const ada = await createMember(site.server);
      expectError(await putAvatar(ada, 'pr:00000000000000000000000000000000', await pair('png')), 404, 'not-found');
      expectError(await putAvatar(ada, 'a b', await pair('png')), 400, 'invalid-argument');
    });
  });
});

describe('GET /files/profiles/:id/…', () => {
  it('serves the stored files for a year, immutable, as the right type', async () => {
    const ada = await createMember(site.server);
    const up = await putAvatar(ada, ada.uid, await pair('webp'));
    for (const [url, name] of [[up.body.photoURL, 'avatar_320.webp'], [up.body.photoURLSmall, 'avatar_170.webp']]) {
      const res = await fetchAs(ada, site.server.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(await storedBytes(ada.uid, name));
    }
    const head = await fetchAs(ada, site.server.url + up.body.photoURL, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  });

  it('serves nothing else: no listing, no other names, no climbing out of the folder', async () => {
    const ada = await createMember(site.server);
    expect((await putAvatar(ada, ada.uid, await pair('jpeg'))).status).toBe(200);
    const paths = [
      `/files/profiles/${ada.uid}/avatar_320.webp`,
      `/files/profiles/${ada.uid}/`,
      `/files/profiles/${ada.uid}`,
      `/files/profiles/`,
      `/files/`,
      `/files/profiles/${ada.uid}/avatar_320.jpg.tmp`,
      `/files/profiles/${ada.uid}/..%2F..%2F..%2Fdb%2FPG_VERSION`,
      `/files/profiles/..%2F..%2Fdb/avatar_320.jpg`,
      `/files/profiles/%2E%2E/avatar_320.jpg`,
      `/files/profiles/${ada.uid}/%2E%2E%2F%2E%2E%2Foutbox`,
    ];
    for (const path of paths) {
      const res = await fetchAs(ada, site.server.url + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control') ?? '', path).not.toMatch(/immutable/);
    }
  });
});

describe('several processes and older installs', () => {
  it('serves a photo stored through one process from another with its own data folder', async () => {
    const ada = await createMember(site.server);
    const other = await startTestServer(site.db);
    try {
      expect(other.dataDir).not.toBe(site.server.dataDir);
      const up = await putAvatar(ada, ada.uid, await pair('webp'));
      expect(up.status, up.text).toBe(200);
      for (const url of [up.body.photoURL, up.body.photoURLSmall]) {
        const res = await fetchAs(ada, other.url + url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
        expect(Buffer.from(await res.arrayBuffer())).toEqual(await storedBytes(ada.uid, url.split('/').pop().split('?')[0]));
      }
    } finally {
      await other.close();
    }
  });

  it('answers a replaced photo’s old URL with the current bytes, never cached as immutable', async () => {
    const ada = await createMember(site.server);
    const flat = async (background: string): Promise<Part[]> => {
      const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background } }).jpeg().toBuffer();
      return [
        { name: 'large', bytes, type: 'image/jpeg' },
        { name: 'small', bytes, type: 'image/jpeg' },
      ];
    };
    const first = await putAvatar(ada, ada.uid, await flat('#123456'));
    const second = await putAvatar(ada, ada.uid, await flat('#abcdef'));
    expect(first.body.photoURL).not.toBe(second.body.photoURL);
    const old = await fetchAs(ada, site.server.url + first.body.photoURL);
    expect(old.status).toBe(200);
    expect(old.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await old.arrayBuffer())).toEqual(await storedBytes(ada.uid, 'avatar_320.jpg'));
    const bare = await fetchAs(ada, site.server.url + first.body.photoURL.split('?')[0]);
    expect(bare.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('moves avatar files an older version wrote to DATA_DIR/files into the database at start, URLs unchanged', async () => {
    const ada = await createMember(site.server);
    const dataDir = await tempDir();
    const folder = join(dataDir, 'files', 'profiles', ada.uid);
    await mkdir(folder, { recursive: true });
    const jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#a53' } }).jpeg().toBuffer();
    await writeFile(join(folder, 'avatar_320.jpg'), jpeg);
    await writeFile(join(folder, 'notes.txt'), 'not an avatar');
    const { createHash } = await import('node:crypto');
    const url = `/files/profiles/${ada.uid}/avatar_320.jpg?v=${createHash('sha256').update(jpeg).digest('hex').slice(0, 16)}`;

    const upgraded = await startTestServer(site.db, { dataDir });
    try {
      const res = await fetchAs(ada, upgraded.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(jpeg);
      expect(await storedNames(ada.uid)).toEqual(['avatar_320.jpg']);
      expect(existsSync(join(dataDir, 'files'))).toBe(false);
      expect(existsSync(join(dataDir, 'files-imported', 'profiles', ada.uid, 'avatar_320.jpg'))).toBe(true);
      expect((await fetchAs(ada, site.server.url + url)).status).toBe(200);
    } finally {
      await upgraded.close();
    }
  });
});
