import { describe, expect, it } from 'vitest';
import { avatarStyleFor, defaultAvatarUri } from '../../../src/components/avatar/defaultAvatar.ts';

describe('default avatars (§3, §7)', () => {
  it.each([
    ['F', 'notionists'],
    ['M', 'adventurer'],
    ['', 'notionists-neutral'],
    ['X', 'notionists-neutral'],
  ])('gender %j draws %s', (gender, style) => expect(avatarStyleFor(gender)).toBe(style));

  it('is an inline SVG, round, with a 45° linear gradient, the same for the same seed', () => {
    const uri = defaultAvatarUri('F', 'uid-1');
    expect(uri.startsWith('data:image/svg+xml')).toBe(true);
    const svg = decodeURIComponent(uri.slice(uri.indexOf(',') + 1));
    expect(svg).toContain('linearGradient');
    expect(svg).toMatch(/rotate\(45/);
    expect(svg).toMatch(/rx="[^"]+"/);
    expect(defaultAvatarUri('F', 'uid-1')).toBe(uri);
    expect(defaultAvatarUri('F', 'uid-2')).not.toBe(uri);
    expect(defaultAvatarUri('M', 'uid-1')).not.toBe(uri);
  });
});
