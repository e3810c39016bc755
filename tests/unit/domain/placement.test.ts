import { describe, expect, it } from 'vitest';
import { childOffset, desiredPosition, parentOffset, PLACEMENT, placeRelative, spouseOffset } from '../../../src/domain/placement.ts';
import { bruteForceFindFree } from './helpers.ts';

describe('offsets (§9)', () => {
  it.each([
    [0, -120],
    [1, 120],
    [2, -260],
    [3, 260],
    [4, -400],
  ])('child %i goes to x %i, 160 below', (existing, x) => expect(childOffset(existing)).toEqual({ x, y: 160 }));

  it.each([
    [0, 180],
    [1, -180],
    [2, 340],
    [3, -340],
  ])('spouse %i goes to x %i, same height', (existing, x) => expect(spouseOffset(existing)).toEqual({ x, y: 0 }));

  it.each([
    ['mother', { x: -160, y: -160 }],
    ['father', { x: 160, y: -160 }],
  ] as const)('%s', (role, expected) => expect(parentOffset(role)).toEqual(expected));

  it('desiredPosition adds the offset to the reference', () => {
    expect(desiredPosition({ x: 1000, y: 500 }, { kind: 'child', existingChildren: 1 })).toEqual({ x: 1120, y: 660 });
    expect(desiredPosition({ x: 1000, y: 500 }, { kind: 'spouse', existingSpouses: 0 })).toEqual({ x: 1180, y: 500 });
    expect(desiredPosition({ x: 1000, y: 500 }, { kind: 'parent', role: 'father' })).toEqual({ x: 1160, y: 340 });
  });
});

describe('placeRelative with the spiral search', () => {
  const ref = { x: 0, y: 0 };

  it('keeps the desired spot when free', () => {
    expect(placeRelative(ref, { kind: 'child', existingChildren: 0 }, bruteForceFindFree(() => [ref]))).toEqual({ x: -120, y: 160 });
  });

  it('moves off an occupied spot to the nearest free one', () => {
    const taken = [ref, { x: -120, y: 160 }];
    const spot = placeRelative(ref, { kind: 'child', existingChildren: 0 }, bruteForceFindFree(() => taken));
    for (const t of taken) {
      expect(Math.abs(spot.x - t.x) >= PLACEMENT.overlap.width || Math.abs(spot.y - t.y) >= PLACEMENT.overlap.height).toBe(true);
    }
    expect(Math.hypot(spot.x + 120, spot.y - 160)).toBeLessThanOrEqual(PLACEMENT.step * PLACEMENT.rings * Math.SQRT2);
    expect(spot).toEqual({ x: -120, y: 280 });
  });

  it('falls back 520 to the right when twelve rings are full', () => {
    const crowd: { x: number; y: number }[] = [];
    for (let x = -1000; x <= 1000; x += 100) for (let y = -1000; y <= 1000; y += 80) crowd.push({ x, y });
    expect(placeRelative(ref, { kind: 'spouse', existingSpouses: 0 }, bruteForceFindFree(() => crowd))).toEqual({ x: 180 + 520, y: 0 });
  });
});
