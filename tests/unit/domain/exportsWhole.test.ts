import { describe, expect, it } from 'vitest';
import { exportsWhole } from '../../../src/domain/privacy.ts';
import type { TreeRole } from '../../../src/domain/roles.ts';

/** Issue 19, the owner's decision: privacy of the living is for viewers and for what is shared. */
describe('exportsWhole: whether an export holds living people whole', () => {
  it.each<[TreeRole | null, boolean, boolean]>([
    ['owner', false, true],
    ['owner', true, false],
    ['editor', false, true],
    ['editor', true, false],
    ['viewer', false, false],
    ['viewer', true, false],
    [null, false, false],
  ])('%s, leaving living people out: %s → whole %s', (role, leaveOut, whole) => {
    expect(exportsWhole(role, leaveOut)).toBe(whole);
  });
});
