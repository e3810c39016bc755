import { describe, expect, it } from 'vitest';
import { marriageLabel } from '../../../../src/domain/facts/coupleLabel.ts';
import { event } from '../factsFixtures.ts';

describe('the marriage label on a couple line', () => {
  it.each([
    ['10 FEB 1840', 'm. 1840'],
    ['FEB 1840', 'm. 1840'],
    ['1840', 'm. 1840'],
    ['ABT 1840', 'm. about 1840'],
    ['BEF 1840', 'm. before 1840'],
    ['BET 1840 AND 1845', 'm. between 1840 and 1845'],
    ['INT 10 FEB 1840 (the register says so)', 'm. 1840'],
    ['(in the spring)', 'm.'],
    ['', 'm.'],
  ])('%s → %s', (date, label) => {
    expect(marriageLabel({ events: [event('ev1', { type: 'MARR', date })] })).toBe(label);
  });

  it('takes the first marriage with a date; none without a marriage', () => {
    expect(marriageLabel({ events: [event('ev1', { type: 'MARR' }), event('ev2', { type: 'MARR', date: '1850' })] })).toBe('m. 1850');
    expect(marriageLabel({ events: [event('ev1', { type: 'ENGA', date: '1839' }), event('ev2', { type: 'DIV', date: '1850' })] })).toBe('');
    expect(marriageLabel(undefined)).toBe('');
  });
});
