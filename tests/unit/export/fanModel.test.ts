import { describe, expect, it } from 'vitest';
import { fanModel, fanYears } from '../../../src/screens/tree/chart/fanModel.ts';
import { family, profile, UID } from '../../browser/tree/fixtures.ts';

describe('fan chart people from the tree (issue 22)', () => {
  it.each([
    [{ birthYear: '1901', death: '1980' }, '1901–1980'],
    [{ birthYear: '0946', death: '1011-05-02' }, '946–1011'],
    [{ birthYear: '1901', death: '' }, 'b. 1901'],
    [{ birthYear: '', death: '1980' }, 'd. 1980'],
    [{ birthYear: '', death: 'Y' }, 'Deceased'],
    [{ birthYear: '1901', death: 'Y' }, 'b. 1901, deceased'],
    [{ birthYear: '', birthDateText: 'ABT 1850', death: '', deathDateText: '' }, 'b. about 1850'],
    [{ birthYear: '', death: '' }, ''],
  ])('%j reads %s', (fields, years) => {
    expect(fanYears(fields)).toBe(years);
  });

  it('numbers the ancestors from the profiles: father by gender, mother, grandparents', () => {
    const g = family();
    // Byron's parents are Ada (F, listed first) and William (M): William is 2, Ada 3, Ada's mother Anne 7.
    const m = fanModel(g.profiles, 'pr:byronk', { span: 'half', generations: 4, colourBy: 'branch', title: 'T' });
    expect(m.people.map((p) => [p.n, p.name])).toEqual([[1, 'Byron King'], [2, 'William King'], [3, 'Ada Lovelace'], [7, 'Anne Milbanke']]);
    expect(m.people[2]!.years).toBe('b. 1990');
    expect(m).toMatchObject({ span: 'half', generations: 4, colourBy: 'branch', title: 'T' });
  });

  it('stops at the generations asked and skips parents not in the tree', () => {
    const g = family();
    g.profiles[UID] = { ...g.profiles[UID]!, parents: ['pr:anne', 'pr:gone'] };
    g.profiles['pr:anne'] = { ...g.profiles['pr:anne']!, parents: ['pr:x'] };
    g.profiles['pr:x'] = profile('pr:x', { firstName: 'Xavier', lastName: 'Noel', gender: 'M', children: ['pr:anne'] });
    expect(fanModel(g.profiles, 'pr:byronk', { span: 'full', generations: 3, colourBy: 'generation' }).people.map((p) => p.n)).toEqual([1, 2, 3, 7]);
    expect(fanModel(g.profiles, 'pr:byronk', { span: 'full', generations: 4, colourBy: 'generation' }).people.map((p) => p.n)).toEqual([1, 2, 3, 7, 14]);
  });
});
