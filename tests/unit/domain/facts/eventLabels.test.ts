import { describe, expect, it } from 'vitest';
import { eventAtPlace, eventLine, eventSortYear, eventTypeLabel, inDateOrder, personTimeline } from '../../../../src/domain/facts/eventLabels.ts';
import { newPlace } from '../../../../src/domain/facts/placeOps.ts';
import type { FactEvent } from '../../../../src/domain/facts/types.ts';
import { emptyProfile } from '../../../../src/domain/profile.ts';

const ev = (id: string, type: FactEvent['type'], date = '', over: Partial<FactEvent> = {}): FactEvent => ({ id, type, customType: '', date, placeId: '', description: '', age: '', ...over });

describe('eventSortYear', () => {
  // The year the date falls in (the key's whole part), from the dates module's sort key; a text
  // it cannot read by its first 3–4 digit number.
  it.each([
    ['10 FEB 1840', 1840],
    ['ABT 1850', 1850],
    ['BET 1750 AND 1752', 1750],
    ['1901-01-22', 1901],
    // 11 February 1731/32 is in 1732 as we count years.
    ['@#DJULIAN@ 11 FEB 1731/32', 1732],
    ['946', 946],
    ['FEB', null],
    ['', null],
  ])('%j → %j', (date, year) => {
    const key = eventSortYear(date);
    expect(key === null ? null : Math.floor(key)).toBe(year);
  });
  it('orders within a year by month and day, and "before" just before', () => {
    const keys = ['BEF 1840', '1840', 'FEB 1840', '10 FEB 1840', '11 FEB 1840', 'AFT 1840'].map((d) => eventSortYear(d)!);
    expect([...keys].sort((a, b) => a - b)).toEqual(keys);
  });
});

describe('inDateOrder', () => {
  it('orders by year; undated births first, undated deaths and burials last, other undated before them', () => {
    const events = [ev('bur', 'BURI'), ev('occ', 'OCCU'), ev('res', 'RESI', '1850'), ev('bir', 'BIRT'), ev('dea', 'DEAT'), ev('chr', 'CHR', 'ABT 1820'), ev('res2', 'RESI', '1850')];
    expect(inDateOrder(events).map((e) => e.id)).toEqual(['bir', 'chr', 'res', 'res2', 'occ', 'dea', 'bur']);
  });
});

describe('labels', () => {
  it.each([
    [ev('a', 'BIRT'), 'Born'],
    [ev('a', 'CHR'), 'Christened'],
    [ev('a', 'BURI'), 'Buried'],
    [ev('a', 'OCCU'), 'Occupation'],
    [ev('a', 'EVEN', '', { customType: 'Coronation' }), 'Coronation'],
    [ev('a', 'MARR'), 'Married'],
  ])('%# eventTypeLabel', (e, label) => expect(eventTypeLabel(e)).toBe(label));

  it('says an event at a place', () => {
    expect(eventAtPlace(ev('a', 'BIRT'), 'Kensington Palace')).toBe('Born in Kensington Palace');
    expect(eventAtPlace(ev('a', 'RESI'), 'London')).toBe('Lived in London');
  });

  it('writes an event in one line', () => {
    expect(eventLine({ label: 'Married', date: '10 FEB 1840', place: "Chapel Royal, St James's Palace" })).toBe("Married 10 FEB 1840, Chapel Royal, St James's Palace");
    expect(eventLine({ label: 'Married', date: '', place: '' })).toBe('Married');
  });
});

describe('personTimeline', () => {
  it('shows Born and Died from the profile with their events’ places, then the rest in date order', () => {
    const places = { k: newPlace('k', 'Kensington Palace', 'l'), l: newPlace('l', 'London', '') };
    const p = {
      ...emptyProfile('pr:v'),
      birthYear: '1819',
      birthMonth: '05',
      birthDay: '24',
      death: '1901-01-22',
      events: [ev('occ', 'OCCU', '1837', { description: 'Queen' }), ev('b', 'BIRT', '', { placeId: 'k' }), ev('r', 'RESI', '1820')],
    };
    expect(personTimeline(p, places).map((r) => [r.label, r.date, r.place, r.description, r.event?.id ?? null])).toEqual([
      ['Born', '24 May 1819', 'Kensington Palace, London', '', 'b'],
      ['Residence', '1820', '', '', 'r'],
      ['Occupation', '1837', '', 'Queen', 'occ'],
      ['Died', '22 January 1901', '', '', null],
    ]);
  });
  it('is empty for a person with nothing known', () => {
    expect(personTimeline(emptyProfile('pr:x'), {})).toEqual([]);
  });
});
