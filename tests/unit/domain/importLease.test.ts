import { describe, expect, it } from 'vitest';
import { deadImport, IMPORT_ABANDONED, IMPORT_INTERRUPTED, leaseRenewalMs, type ImportLife } from '../../../src/domain/importLease.ts';

const timing = { leaseMs: 120_000, idleMs: 3_600_000 };
const NOW = 10_000_000;

describe('deadImport', () => {
  const cases: [string, ImportLife, string | null][] = [
    ['an open import that just received a chunk', { state: 'open', touchedAt: NOW - 1_000, leaseEndsAt: null }, null],
    ['an open import idle just under the limit', { state: 'open', touchedAt: NOW - timing.idleMs + 1, leaseEndsAt: null }, null],
    ['an open import idle for the limit', { state: 'open', touchedAt: NOW - timing.idleMs, leaseEndsAt: null }, IMPORT_ABANDONED],
    ['a commit within its lease', { state: 'committing', touchedAt: 0, leaseEndsAt: NOW + 1 }, null],
    ['a commit whose lease ended', { state: 'committing', touchedAt: NOW, leaseEndsAt: NOW }, IMPORT_INTERRUPTED],
    ['a commit from before leases (none recorded)', { state: 'committing', touchedAt: NOW, leaseEndsAt: null }, IMPORT_INTERRUPTED],
    ['a committed import, however old', { state: 'committed', touchedAt: 0, leaseEndsAt: 0 }, null],
    ['a refused import, however old', { state: 'refused', touchedAt: 0, leaseEndsAt: null }, null],
  ];
  it.each(cases)('%s', (_name, life, expected) => expect(deadImport(life, NOW, timing)).toBe(expected));

  it('renews a lease several times before it can lapse', () => {
    expect(leaseRenewalMs(timing) * 3).toBeLessThan(timing.leaseMs);
    expect(leaseRenewalMs({ leaseMs: 1, idleMs: 1 })).toBe(1);
  });
});
