import { describe, expect, it } from 'vitest';
import * as T from '../../../src/domain/timing.ts';

describe('timing constants (§9)', () => {
  it.each([
    ['AUTOSAVE_DEBOUNCE_MS', T.AUTOSAVE_DEBOUNCE_MS, 3000],
    ['DEFAULT_DEBOUNCE_MS', T.DEFAULT_DEBOUNCE_MS, 2000],
    ['UNDO_WINDOW_MS', T.UNDO_WINDOW_MS, 5000],
    ['SAVE_RETRIES', T.SAVE_RETRIES, 3],
    ['info notice', T.NOTICE_MS.info, 2000],
    ['success notice', T.NOTICE_MS.success, 2500],
    ['error notice', T.NOTICE_MS.error, 4000],
    ['PROFILE_SAVE_TIMEOUT_MS', T.PROFILE_SAVE_TIMEOUT_MS, 15000],
    ['SEARCH_RESULT_CAP', T.SEARCH_RESULT_CAP, 50],
    ['LIST_BOX_MAX_HEIGHT', T.LIST_BOX_MAX_HEIGHT, 280],
    ['large avatar', T.AVATAR_SIZES.large, 320],
    ['small avatar', T.AVATAR_SIZES.small, 170],
    ['crop zoom min', T.CROP_ZOOM.min, 1],
    ['crop zoom max', T.CROP_ZOOM.max, 3],
    ['crop zoom step', T.CROP_ZOOM.step, 0.01],
    ['crop quality', T.CROP_JPEG_QUALITY, 0.92],
    ['webp quality', T.AVATAR_WEBP_QUALITY, 0.9],
    ['MAX_PARENTS', T.MAX_PARENTS, 2],
  ])('%s', (_name, actual, expected) => expect(actual).toBe(expected));
});

describe('retryDelays', () => {
  it.each([
    [undefined, undefined, [150, 300, 600]],
    [0, 150, []],
    [1, 150, [150]],
    [4, 100, [100, 200, 400, 800]],
    [-2, 150, []],
  ])('retries %s base %s → %j', (retries, base, expected) => expect(T.retryDelays(retries, base)).toEqual(expected));
});
