import { describe, expect, it } from 'vitest';
import { PROFILE_FIELD_INVALID, PROFILE_FIELD_MAX_CHARS, PROFILE_FIELD_NAME_MAX_CHARS, PROFILE_FIELD_TOO_LONG, profileSetProblem } from '../../../src/domain/profile.ts';

describe('profileSetProblem: the profile page patch, as the server and the functions both check it', () => {
  it.each([
    ['a few fields', { bio: 'Hello', firstName: 'Ada' }, null],
    ['nothing to set', {}, null],
    ['a field at the limit', { bio: 'a'.repeat(PROFILE_FIELD_MAX_CHARS) }, null],
    ['a field over the limit', { bio: 'a'.repeat(PROFILE_FIELD_MAX_CHARS + 1) }, PROFILE_FIELD_TOO_LONG],
    ['a field name at its limit', { ['f'.repeat(PROFILE_FIELD_NAME_MAX_CHARS)]: 'x' }, null],
    ['a field name over its limit', { ['f'.repeat(PROFILE_FIELD_NAME_MAX_CHARS + 1)]: 'x' }, PROFILE_FIELD_INVALID],
    ['a value that is not text', { bio: 5 }, PROFILE_FIELD_INVALID],
    ['no patch', undefined, PROFILE_FIELD_INVALID],
    ['a list', ['bio'], PROFILE_FIELD_INVALID],
  ])('%s', (_what, set, problem) => {
    expect(profileSetProblem(set)).toBe(problem);
  });
});
