/**
 * The §9 timing and size constants of the app, in one place (docs/PRODUCT.md). Durations are
 * milliseconds, sizes pixels. The canvas's own (zoom, snapping, re-centre and scroll-end delays)
 * are in engine/core/constants.ts.
 */

export const AUTOSAVE_DEBOUNCE_MS = 3000;

export const UNDO_WINDOW_MS = 5000;

export const SAVE_RETRIES = 3;
export const SAVE_BACKOFF_BASE_MS = 150;

export const NOTICE_MS = { info: 2000, success: 2500, error: 4000 } as const;
export const TOAST_DEFAULT_MS = 4000;
export const INVITE_EMAIL_ERROR_TOAST_MS = 3000;

export const PROFILE_SAVE_TIMEOUT_MS = 15_000;

export const SEARCH_RESULT_CAP = 50;
export const LIST_BOX_MAX_HEIGHT = 280;

export const AVATAR_SIZES = { large: 320, small: 170 } as const;
export const AVATAR_WEBP_QUALITY = 0.9;
export const AVATAR_JPEG_QUALITY = 0.9;
export const CROP_JPEG_QUALITY = 0.92;
export const CROP_ZOOM = { min: 1, max: 3, step: 0.01 } as const;
export const DIALOG_AVATAR_SIZE = 100;
export const AVATAR_RADIUS = 50;

export const MAX_PARENTS = 2;
export const MIN_BIRTH_YEAR = 1900;

/**
 * While the server cannot be reached, a save that failed after its quick retries is tried again
 * by itself, first after 2 s, then twice as long each time up to 30 s; and at once when the live
 * stream connects again.
 */
export const SAVE_RESUME_MS = { first: 2000, max: 30_000 } as const;

/**
 * Delays before each retry of a failed save: 150 ms × 2ⁿ for n = 0 … retries − 1
 * (150, 300, 600 with the defaults).
 */
export function retryDelays(retries: number = SAVE_RETRIES, baseMs: number = SAVE_BACKOFF_BASE_MS): number[] {
  return Array.from({ length: Math.max(0, Math.floor(retries)) }, (_, n) => baseMs * 2 ** n);
}
