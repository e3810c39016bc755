import { describe, expect, it } from 'vitest';
import {
  CROP_MAX_SIDE,
  JPEG_ENCODING,
  centreSquare,
  cropOutputSide,
  fallbackEncoding,
  squareCropRect,
} from '../../../src/components/crop/cropMath.ts';

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

describe('cropOutputSide: never upscaled, at most CROP_MAX_SIDE', () => {
  it.each([
    [170, 170],
    [640.4, 640],
    [CROP_MAX_SIDE, CROP_MAX_SIDE],
    [6000, CROP_MAX_SIDE],
    [0, 1],
  ])('%s → %s', (side, expected) => expect(cropOutputSide(side)).toBe(expected));
});

describe('centreSquare: the centred square of any image', () => {
  it.each([
    [320, 320, { x: 0, y: 0, width: 320, height: 320 }],
    [400, 300, { x: 50, y: 0, width: 300, height: 300 }],
    [300, 401, { x: 0, y: 50, width: 300, height: 300 }],
    [1281, 1280, { x: 0, y: 0, width: 1280, height: 1280 }],
  ])('%s × %s', (w, h, expected) => expect(centreSquare(w, h)).toEqual(expected));
});

describe('encodings (§9)', () => {
  it.each([
    ['image/webp', null],
    ['image/png', JPEG_ENCODING],
    ['', JPEG_ENCODING],
    [undefined, JPEG_ENCODING],
  ])('a canvas that answered %j → %j', (type, expected) => {
    expect(fallbackEncoding(type)).toEqual(expected);
  });
});
