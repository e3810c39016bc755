import { describe, expect, it } from 'vitest';
import { lifeTimeline } from '../../../../src/domain/timeline/timeline.ts';
import type { Graph } from '../../../../src/domain/types.ts';
import { makeGraph } from '../helpers.ts';
import { couple, event, place } from '../factsFixtures.ts';

/**
 * Victoria (v) and Albert (a), her parents Edward (e) and Victoire (m), their children Vicky (c1)
 * and Bertie (c2), one child without a date (c3).
 */
function family(): Graph {
  const g = makeGraph({
    people: [
      { node: 'v', fields: { firstName: 'Victoria', gender: 'F', birthYear: '1819', birthMonth: '5', birthDay: '24', death: '1901-01-22' } },
      { node: 'a', fields: { firstName: 'Albert', gender: 'M', birthYear: '1819', death: '1861-12-14' } },
      { node: 'e', fields: { firstName: 'Edward', gender: 'M', death: '1820-01-23' } },
      { node: 'm', fields: { firstName: 'Victoire', gender: 'F', death: '1861-03-16' } },
      { node: 'c1', fields: { firstName: 'Vicky', gender: 'F', birthYear: '1840', birthMonth: '11', birthDay: '21' } },
      { node: 'c2', fields: { firstName: 'Bertie', gender: 'M', birthDateText: 'ABT 1841' } },
      { node: 'c3', fields: { firstName: 'Nobody', gender: '' } },
      { node: 'late', fields: { firstName: 'Late', gender: 'M', birthYear: '1950' } },
    ],
    spouses: [['v', 'a']],
    parents: [['e', 'v'], ['m', 'v'], ['v', 'c1'], ['a', 'c1'], ['v', 'c2'], ['v', 'c3'], ['v', 'late']],
  });
  g.places = { pl1: place('pl1', { name: 'Kensington Palace' }) };
  g.profiles['pr:v']!.events = [
    event('evb', { type: 'BIRT', placeId: 'pl1', citations: [{ id: 'ci1', sourceId: 'sr1', page: 'p. 1', date: '', quality: 3, text: '' }] }),
    event('evt', { type: 'TITL', date: '20 JUN 1837', description: 'Queen' }),
    event('evx', { type: 'RESI', date: '' }),
    event('evr', { type: 'RESI', date: 'BET 1850 AND 1860', description: 'Osborne' }),
  ];
  g.couples = { [couple('pr:v', 'pr:a').id]: couple('pr:v', 'pr:a', [event('evm', { type: 'MARR', date: '10 FEB 1840' })]) };
  return g;
}

describe('lifeTimeline', () => {
  it('puts own and close family’s events in date order, an undated own event at the end (it cannot be placed)', () => {
    const rows = lifeTimeline(family(), 'pr:v').map((r) => [r.label, r.relative?.name ?? '', r.dateLabel, r.age]);
    expect(rows).toEqual([
      ['Born', '', '24 May 1819', ''],
      ['Death of father', 'Edward', '23 January 1820', 'under 1'],
      ['Title', '', '20 June 1837', '18'],
      ['Married', 'Albert', '10 February 1840', '20'],
      ['Birth of daughter', 'Vicky', '21 November 1840', '21'],
      ['Birth of son', 'Bertie', 'about 1841', 'about 22'],
      ['Residence', '', 'between 1850 and 1860', 'about 36'],
      ['Death of mother', 'Victoire', '16 March 1861', '41'],
      ['Death of husband', 'Albert', '14 December 1861', '42'],
      ['Died', '', '22 January 1901', '81'],
      ['Residence', '', '', ''],
    ]);
  });

  it('carries places and citations; leaves out undated relatives and those after the person’s death', () => {
    const rows = lifeTimeline(family(), 'pr:v');
    expect(rows[0]).toMatchObject({ place: 'Kensington Palace', citations: [{ id: 'ci1', page: 'p. 1' }] });
    expect(rows.some((r) => r.relative?.name === 'Nobody' || r.relative?.name === 'Late')).toBe(false);
  });

  it('shows a child’s view: their parents’ deaths while they lived, their own events', () => {
    const rows = lifeTimeline(family(), 'pr:c1').map((r) => [r.label, r.age]);
    expect(rows).toEqual([
      ['Born', ''],
      ['Death of father', '21'],
      ['Death of mother', '60'],
    ]);
  });

  it('an undated own birth comes first and a stated age stands when dates give none', () => {
    const g = makeGraph({ people: [{ node: 'x', fields: { firstName: 'X' } }] });
    g.profiles['pr:x']!.events = [event('e1', { type: 'OCCU', date: '1900', age: '32y' }), event('e2', { type: 'BIRT', placeId: '' })];
    expect(lifeTimeline(g, 'pr:x').map((r) => [r.label, r.age])).toEqual([
      ['Born', ''],
      ['Occupation', '32y'],
    ]);
    expect(lifeTimeline(g, 'nobody')).toEqual([]);
  });
});
