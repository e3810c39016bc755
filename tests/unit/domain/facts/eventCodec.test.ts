import { describe, expect, it } from 'vitest';
import { packEvents, unpackEvents, type StoredEvent } from '../../../../src/domain/facts/eventCodec.ts';
import type { Citation, FactEvent } from '../../../../src/domain/facts/types.ts';

const ev = (over: Partial<FactEvent> = {}): FactEvent => ({ id: 'ev0000000001', type: 'RESI', customType: '', date: '', placeId: '', description: '', age: '', ...over });
const ci = (over: Partial<Citation> = {}): Citation => ({ id: 'ci0000000001', sourceId: 'sr1', page: '', date: '', quality: null, text: '', ...over });

describe('the compact form of events', () => {
  // [event, its packed form]: what is left off, and what stays whole.
  const table: [string, FactEvent, StoredEvent][] = [
    ['only id and type', ev(), ['ev0000000001', 'RESI']],
    ['a date and a place', ev({ type: 'BIRT', date: 'ABT 1850', placeId: 'pl1' }), ['ev0000000001', 'BIRT', 'ABT 1850', 'pl1']],
    ['a place without a date keeps the empty date', ev({ placeId: 'pl1' }), ['ev0000000001', 'RESI', '', 'pl1']],
    ['a custom type', ev({ type: 'EVEN', customType: 'Graduation' }), ['ev0000000001', 'EVEN', '', '', '', '', 'Graduation']],
    ['a description and an age', ev({ type: 'OCCU', description: 'Miller', age: '32y' }), ['ev0000000001', 'OCCU', '', '', 'Miller', '32y']],
    ['a note', ev({ note: '<p>Read in the register</p>' }), ['ev0000000001', 'RESI', '', '', '', '', '', '<p>Read in the register</p>']],
    ['citations without a note', ev({ citations: [ci(), ci({ id: 'ci2', page: 'folio 12', quality: 0 }), ci({ id: 'ci3', text: 'born', date: '1850', quality: 3 })] }), ['ev0000000001', 'RESI', '', '', '', '', '', 0, [['ci0000000001', 'sr1'], ['ci2', 'sr1', 'folio 12', '', '', 0], ['ci3', 'sr1', '', 'born', '1850', 3]]]],
    ['a note and citations', ev({ note: 'n', citations: [ci()] }), ['ev0000000001', 'RESI', '', '', '', '', '', 'n', [['ci0000000001', 'sr1']]]],
    ['an empty note stays whole (the normal form leaves it out)', ev({ note: '' }), ev({ note: '' })],
    ['an empty citation list stays whole', ev({ citations: [] }), ev({ citations: [] })],
    ['an unknown key stays whole', { ...ev(), extra: 1 } as FactEvent, { ...ev(), extra: 1 } as FactEvent],
    ['a missing field stays whole', { id: 'e', type: 'RESI' } as FactEvent, { id: 'e', type: 'RESI' } as FactEvent],
    ['a number where a text belongs stays whole', ev({ date: 1850 as unknown as string }), ev({ date: 1850 as unknown as string })],
    ['a citation of another shape keeps its event whole', ev({ citations: [{ ...ci(), extra: true } as Citation] }), ev({ citations: [{ ...ci(), extra: true } as Citation] })],
    ['texts that look like the form travel as texts', ev({ description: '0', age: '[]', date: 'null' }), ['ev0000000001', 'RESI', 'null', '', '0', '[]']],
  ];
  it.each(table)('%s', (_, event, packed) => {
    expect(packEvents([event])).toEqual([packed]);
    const back = unpackEvents(JSON.parse(JSON.stringify(packEvents([event]))) as StoredEvent[]);
    expect(back).toEqual([event]);
    // Key order as built by the app, so a decoded event prints as the original did.
    expect(JSON.stringify(back)).toBe(JSON.stringify([event]));
  });

  it('reads a list mixing packed events and events stored whole before the form', () => {
    const a = ev({ id: 'a', date: '1850' });
    const b = ev({ id: 'b', citations: [ci()] });
    expect(unpackEvents([packEvents([a])[0]!, b])).toEqual([a, b]);
  });

  it('is smaller than the events as objects', () => {
    const events = Array.from({ length: 100 }, (_, i) => ev({ id: `ev${i}`, date: `${1800 + i}`, placeId: 'pl1', citations: [ci({ page: `folio ${i}` })] }));
    expect(JSON.stringify(packEvents(events)).length).toBeLessThan(JSON.stringify(events).length / 2);
  });
});
