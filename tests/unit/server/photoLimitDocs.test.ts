import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AVATAR_MESSAGES, MAX_AVATAR_INPUT_PIXELS } from '../../../server/files/avatarImages.ts';
import { MEDIA_LIMITS } from '../../../src/domain/media/limits.ts';

/** Issue 19 item 13: the product rules said 40 megapixels while the server refused over 24. */
describe('the photo pixel limit in docs/PRODUCT.md', () => {
  const product = readFileSync(new URL('../../../docs/PRODUCT.md', import.meta.url), 'utf8');
  const design = readFileSync(new URL('../../../DESIGN.md', import.meta.url), 'utf8');
  const limit = MAX_AVATAR_INPUT_PIXELS / 1_000_000;

  it.each([
    ['docs/PRODUCT.md', product],
    ['DESIGN.md', design],
  ])('%s names only the limit the server enforces', (_name, text) => {
    const named = [...text.matchAll(/(\d+)[ -]megapixels?/g)].map((m) => Number(m[1]));
    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([limit]));
  });

  it('holds photos and documents (issue 23) to the avatar limit', () => {
    expect(MEDIA_LIMITS.pixels).toBe(MAX_AVATAR_INPUT_PIXELS);
  });

  it("quotes the server's refusal word for word", () => {
    expect(product.replace(/\s+/g, ' ')).toContain(AVATAR_MESSAGES.tooManyPixels);
  });
});
