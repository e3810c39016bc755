import { describe, expect, it } from 'vitest';
import { WORKING_SHORT_SIDE, avatarEncoding, squareCropRect, workingSize } from '../../../src/components/crop/cropMath.ts';

describe('squareCropRect: the cropper’s area as a whole-pixel square inside the image', () => {
  const image = { width: 1200, height: 800 };
  it.each([
    ['already exact', { x: 100, y: 50, width: 400, height: 400 }, { x: 100, y: 50, width: 400, height: 400 }],
    ['fractions rounded', { x: 100.4, y: 49.6, width: 399.7, height: 400.2 }, { x: 100, y: 50, width: 400, height: 400 }],
    ['a pixel off square: the smaller side', { x: 0, y: 0, width: 801, height: 800 }, { x: 0, y: 0, width: 800, height: 800 }],
    ['past the right edge: moved in', { x: 1000, y: 0, width: 300, height: 300 }, { x: 900, y: 0, width: 300, height: 300 }],
    ['negative origin: clamped to 0', { x: -3, y: -0.7, width: 200, height: 200 }, { x: 0, y: 0, width: 200, height: 200 }],
    ['bigger than the image: the image’s short side', { x: 0, y: 0, width: 900, height: 900 }, { x: 0, y: 0, width: 800, height: 800 }],
    ['degenerate: at least one pixel', { x: 5, y: 5, width: 0, height: 0 }, { x: 5, y: 5, width: 1, height: 1 }],
  ])('%s', (_, area, expected) => {
    expect(squareCropRect(area, image)).toEqual(expected);
  });
});

describe('workingSize: the shorter side at most 960 px (320 px at zoom 3), never scaled up', () => {
  it('is the large avatar times the largest zoom', () => expect(WORKING_SHORT_SIDE).toBe(960));
  it.each([
    [320, 320, { width: 320, height: 320 }],
    [960, 1280, { width: 960, height: 1280 }],
    [4032, 3024, { width: 1280, height: 960 }],
    [3024, 4032, { width: 960, height: 1280 }],
    [8165, 6124, { width: 1280, height: 960 }],
    [6000, 100, { width: 6000, height: 100 }],
    [1, 50_000, { width: 1, height: 50_000 }],
  ])('%s × %s → %j', (w, h, expected) => expect(workingSize(w, h)).toEqual(expected));
});

describe('avatarEncoding (§9)', () => {
  it('is WebP at 0.9 where the browser can encode it, else JPEG at 0.9', () => {
    expect(avatarEncoding(true)).toEqual({ type: 'image/webp', quality: 0.9 });
    expect(avatarEncoding(false)).toEqual({ type: 'image/jpeg', quality: 0.9 });
  });
});
