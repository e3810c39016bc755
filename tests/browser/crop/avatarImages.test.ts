import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { avatarFiles, decodePicture, releasePicture } from '../../../src/components/crop/avatarImages.ts';

/** A PNG of `width` × `height`: orange, with a green square at (left, top) of side `side`. */
async function photo(width: number, height: number, square: { left: number; top: number; side: number }): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = 'rgb(210, 120, 60)';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = 'rgb(47, 93, 74)';
  ctx.fillRect(square.left, square.top, square.side, square.side);
  return canvas.convertToBlob({ type: 'image/png' });
}

/** Size and centre colour of an encoded avatar (decoded here, outside the counted pipeline). */
async function inspect(blob: Blob): Promise<{ type: string; width: number; height: number; centre: number[] }> {
  const bitmap = await realCreateImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  const centre = [...ctx.getImageData(bitmap.width >> 1, bitmap.height >> 1, 1, 1).data.slice(0, 3)];
  return { type: blob.type, width: bitmap.width, height: bitmap.height, centre };
}

const realCreateImageBitmap = window.createImageBitmap.bind(window);
const realToBlob = HTMLCanvasElement.prototype.toBlob;
let decodes: unknown[];
let encodes: { type: string | undefined; quality: unknown; width: number }[];

beforeEach(() => {
  decodes = [];
  encodes = [];
  window.createImageBitmap = ((source: ImageBitmapSource, ...rest: unknown[]) => {
    decodes.push(source);
    return (realCreateImageBitmap as (...a: unknown[]) => Promise<ImageBitmap>)(source, ...rest);
  }) as typeof createImageBitmap;
  HTMLCanvasElement.prototype.toBlob = function (callback, type, quality) {
    encodes.push({ type, quality, width: this.width });
    return realToBlob.call(this, callback, type, quality);
  };
});
afterEach(() => {
  window.createImageBitmap = realCreateImageBitmap;
  HTMLCanvasElement.prototype.toBlob = realToBlob;
});

const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]!) <= 12);

describe('the avatar pipeline in the browser (§9)', () => {
  it('decodes the chosen photo once and encodes each size once, from the same pixels', async () => {
    const file = await photo(2400, 1600, { left: 1500, top: 300, side: 900 });
    const picture = await decodePicture(file);
    // Kept at working size: the shorter side 960 (320 px at zoom 3).
    expect([picture.width, picture.height]).toEqual([1440, 960]);
    expect(decodes).toEqual([file]);
    expect(encodes).toEqual([{ type: 'image/jpeg', quality: 0.92, width: 1440 }]);

    // The green square in working pixels: 900 × 0.6 = 540 at (900, 180).
    const files = await avatarFiles(picture, { x: 900, y: 180, width: 540, height: 540 });
    expect(decodes).toHaveLength(1);
    expect(encodes.slice(1)).toEqual([
      { type: 'image/webp', quality: 0.9, width: 320 },
      { type: 'image/webp', quality: 0.9, width: 170 },
    ]);
    const [large, small] = await Promise.all([inspect(files.large), inspect(files.small)]);
    expect(large).toMatchObject({ type: 'image/webp', width: 320, height: 320 });
    expect(small).toMatchObject({ type: 'image/webp', width: 170, height: 170 });
    expect(near(large.centre, [47, 93, 74]), String(large.centre)).toBe(true);
    expect(near(small.centre, [47, 93, 74]), String(small.centre)).toBe(true);
    releasePicture(picture);
  });

  it('shows the crop dialog a preview of the same pixel grid', async () => {
    const picture = await decodePicture(await photo(600, 900, { left: 0, top: 0, side: 10 }));
    const shown = await inspect(await (await fetch(picture.previewUrl)).blob());
    expect([shown.type, shown.width, shown.height]).toEqual(['image/jpeg', 600, 900]);
    releasePicture(picture);
    await expect(fetch(picture.previewUrl)).rejects.toThrow();
  });

  it('never scales a small photo up, and puts transparency on white', async () => {
    const canvas = new OffscreenCanvas(200, 100);
    canvas.getContext('2d')!.clearRect(0, 0, 200, 100);
    const picture = await decodePicture(await canvas.convertToBlob({ type: 'image/png' }));
    expect([picture.width, picture.height]).toEqual([200, 100]);
    const files = await avatarFiles(picture, { x: 50, y: 0, width: 100, height: 100 });
    const large = await inspect(files.large);
    expect([large.width, large.height]).toEqual([320, 320]);
    expect(near(large.centre, [255, 255, 255]), String(large.centre)).toBe(true);
  });

  it('refuses a file the browser cannot read as an image', async () => {
    await expect(decodePicture(new Blob(['not a picture'], { type: 'image/png' }))).rejects.toThrow();
  });
});
