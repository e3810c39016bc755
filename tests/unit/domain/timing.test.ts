import { describe, expect, it } from 'vitest';
import * as T from '../../../src/domain/timing.ts';

describe('retryDelays', () => {
  it.each([
    [undefined, undefined, [150, 300, 600]],
    [0, 150, []],
    [1, 150, [150]],
    [4, 100, [100, 200, 400, 800]],
    [-2, 150, []],
  ])('retries %s base %s → %j', (retries, base, expected) => expect(T.retryDelays(retries, base)).toEqual(expected));
});
