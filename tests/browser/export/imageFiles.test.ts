import { describe, expect, it } from 'vitest';
import { IMAGE_SIZE, prepareImages, type ImageFile } from '../../../engine/export/imageFiles.ts';
import { defaultAvatarUri } from '../../../src/components/avatar/defaultAvatar.ts';
import { fetchImages } from '../../../src/screens/tree/chart/images.ts';

/** A small PNG file of one colour, made by the browser. */
async function photo(colour: string, w = 40, h = 20): Promise<Blob> {
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, w, h);
  return canvas.convertToBlob({ type: 'image/png' });
}

describe('export images: decoded in the worker, once each (issue 22)', () => {
  it.each(['pdf', 'svg', 'png'] as const)('%s: each address decoded once, however many cards show it; a broken file left out', async (format) => {
    const red = await photo('#ff0000'), blue = await photo('#0000ff', 20, 40);
    const files: ImageFile[] = [
      { url: 'a', blob: red }, { url: 'b', blob: blue }, { url: 'a', blob: red }, { url: 'a', blob: red },
      { url: 'broken', blob: new Blob(['not an image'], { type: 'image/png' }) },
    ];
    let decoded = 0;
    const out = await prepareImages(files, format, (b) => (decoded++, createImageBitmap(b)));
    expect(decoded).toBe(3);
    if (format === 'png') {
      expect([...out.bitmaps.keys()]).toEqual(['a', 'b']);
      const bitmap = out.bitmaps.get('a') as ImageBitmap;
      expect([bitmap.width, bitmap.height]).toEqual([IMAGE_SIZE, IMAGE_SIZE]);
      expect(out.images).toEqual([]);
      return;
    }
    expect(out.images.map((i) => i.url)).toEqual(['a', 'b']);
    // The square covered by the photo (a 40 × 20 one scaled up and centred): red to its corners.
    const back = await createImageBitmap(new Blob([out.images[0]!.png as BlobPart], { type: 'image/png' }));
    const c = new OffscreenCanvas(IMAGE_SIZE, IMAGE_SIZE).getContext('2d')!;
    c.drawImage(back, 0, 0);
    expect([...c.getImageData(1, 1, 1, 1).data]).toEqual([255, 0, 0, 255]);
    if (format === 'svg') expect(out.images[1]!.dataUrl).toMatch(/^data:image\/png;base64,iVBOR/);
  });

  it('the drawn default avatars (SVG, which a worker cannot decode) come to the worker as PNG and are drawn', async () => {
    const url = defaultAvatarUri('F', 'pr:ada');
    const [file] = await fetchImages([url], () => undefined, new AbortController().signal);
    expect(file!.blob.type).toBe('image/png');
    const out = await prepareImages([file!], 'png');
    const drawn = out.bitmaps.get(url)!;
    const c = new OffscreenCanvas(IMAGE_SIZE, IMAGE_SIZE).getContext('2d')!;
    c.drawImage(drawn, 0, 0);
    const px = c.getImageData(0, 0, IMAGE_SIZE, IMAGE_SIZE).data;
    let painted = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) painted++;
    expect(painted).toBeGreaterThan(IMAGE_SIZE * IMAGE_SIZE * 0.2);
  });
});
