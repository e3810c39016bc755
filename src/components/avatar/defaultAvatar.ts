import { createAvatar } from '@dicebear/core';
import * as adventurer from '@dicebear/adventurer';
import * as notionists from '@dicebear/notionists';
import * as notionistsNeutral from '@dicebear/notionists-neutral';
import { AVATAR_RADIUS } from '../../domain/timing.ts';
import type { Gender } from '../../domain/types.ts';

/**
 * Default avatars (§3, §7) drawn in the browser with DiceBear, the same library and options as
 * the public avatar service the product was specified with, so no request leaves the site. Memoised: a tree draws the
 * same person many times.
 */
const STYLES = { notionists, adventurer, 'notionists-neutral': notionistsNeutral } as const;
export type AvatarStyle = keyof typeof STYLES;

/** Warm pastel pairs for the 45° gradient behind the figure. */
const BACKGROUNDS = ['f4dcc0', 'e8c9a8', 'cfe3d4', 'b9d5c4', 'f1d4d0', 'dcd3ec'];

export function avatarStyleFor(gender: Gender | string): AvatarStyle {
  return gender === 'F' ? 'notionists' : gender === 'M' ? 'adventurer' : 'notionists-neutral';
}

const cache = new Map<string, string>();

export function defaultAvatarUri(gender: Gender | string, seed: string): string {
  const style = avatarStyleFor(gender);
  const key = `${style}:${seed}`;
  let uri = cache.get(key);
  if (!uri) {
    uri = createAvatar(STYLES[style] as Parameters<typeof createAvatar>[0], {
      seed,
      // An intrinsic size: without one an SVG image is 300 × 150 to a canvas, and the canvas
      // engine crops avatars from the image's natural size.
      size: 256,
      radius: AVATAR_RADIUS,
      backgroundType: ['gradientLinear'],
      backgroundRotation: [45],
      backgroundColor: BACKGROUNDS,
    }).toDataUri();
    cache.set(key, uri);
  }
  return uri;
}
