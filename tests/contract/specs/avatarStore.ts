import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { AvatarUpload } from '../../../src/backend/ports.ts';
import type { Site } from '../site.ts';

const CACHE = 'public, max-age=31536000, immutable';

async function photo(format: 'webp' | 'jpeg', colour: string): Promise<AvatarUpload> {
  const make = async (size: number) => {
    const image = sharp({ create: { width: size, height: size, channels: 3, background: colour } });
    const bytes = await (format === 'webp' ? image.webp({ quality: 90 }) : image.jpeg({ quality: 90 })).toBuffer();
    return new Blob([new Uint8Array(bytes)], { type: `image/${format}` });
  };
  return { large: await make(320), small: await make(170) };
}

/** The §7 file name a URL serves (`profiles/{id}/avatar_320.webp`), however the backend spells its URLs. */
const storedAt = (url: string) => /profiles\/[^/?]+\/avatar_(?:320|170)\.(?:webp|jpg)/.exec(decodeURIComponent(url))?.[0];

/** AvatarStore (src/backend/ports.ts): §7's two sizes under the profile, URLs that change with the photo. */
export function avatarStoreContract(site: Site) {
  it('stores both sizes as §7 names them and answers URLs that serve them, cached for a year, immutable', async () => {
    const ada = await site.member();
    const { photoURL, photoURLSmall } = await ada.browser.avatars.upload(ada.uid, await photo('webp', '#b45a28'));
    expect([storedAt(photoURL), storedAt(photoURLSmall)]).toEqual([`profiles/${ada.uid}/avatar_320.webp`, `profiles/${ada.uid}/avatar_170.webp`]);
    for (const [url, size] of [
      [photoURL, 320],
      [photoURLSmall, 170],
    ] as const) {
      const res = await site.fetchUrl(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe(CACHE);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
    }
  });

  it("a JPEG photo after a WebP one: the WebP files are gone (§7) and the URLs are new", async () => {
    const ada = await site.member();
    const first = await ada.browser.avatars.upload(ada.uid, await photo('webp', '#2a6f4e'));
    const second = await ada.browser.avatars.upload(ada.uid, await photo('jpeg', '#1f3a93'));
    expect([storedAt(second.photoURL), storedAt(second.photoURLSmall)]).toEqual([`profiles/${ada.uid}/avatar_320.jpg`, `profiles/${ada.uid}/avatar_170.jpg`]);
    expect((await site.fetchUrl(second.photoURL)).headers.get('content-type')).toBe('image/jpeg');
    expect((await site.fetchUrl(first.photoURL)).status).toBe(404);
    expect((await site.fetchUrl(first.photoURLSmall)).status).toBe(404);
    const third = await ada.browser.avatars.upload(ada.uid, await photo('jpeg', '#7a1f93'));
    expect(third.photoURL).not.toBe(second.photoURL);
  });

  it("refuses a photo for another member's own profile", async () => {
    const ada = await site.member();
    const stranger = await site.member();
    await expect(stranger.browser.avatars.upload(ada.uid, await photo('webp', '#000000'))).rejects.toMatchObject({ code: 'permission-denied' });
  });
}
