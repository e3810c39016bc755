import { describe, expect, it } from 'vitest';
import type { Graph } from '../../../../src/domain/types.ts';
import {
  addCoupleEvent,
  addPersonEvent,
  editCoupleEvent,
  editPersonEvent,
  EVENT_MESSAGES,
  removeCoupleEvent,
  removePersonEvent,
  type EventFields,
} from '../../../../src/domain/facts/eventOps.ts';
import { undoFacts, type FactsOutcome } from '../../../../src/domain/facts/factsResult.ts';
import { coupleId } from '../../../../src/domain/facts/types.ts';
import { fullPlaceName } from '../../../../src/domain/facts/placeOps.ts';
import { frozenCopy, LATER, makeGraph, NOW } from '../helpers.ts';

/** A fixed random source: ids are predictable, one per call sequence. */
function counter() {
  let i = 0;
  return () => ((i++ * 7) % 36) / 36;
}

function ok<T>(r: FactsOutcome<T>): Exclude<FactsOutcome<T>, { ok: false }> {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r as Exclude<FactsOutcome<T>, { ok: false }>;
}

const family = (): Graph =>
  makeGraph({
    people: [
      { node: 'n1001', profile: 'pr:victoria' },
      { node: 'n1002', profile: 'pr:albert' },
      { node: 'n1003', profile: 'pr:vicky' },
    ],
    parents: [['n1001', 'n1003']],
    spouses: [['n1001', 'n1002']],
  });

const fields = (over: Partial<EventFields> = {}): EventFields => ({ type: 'OCCU', customType: '', date: '', description: '', age: '', place: '', ...over });
const ctx = () => ({ uid: 'u-editor', now: LATER, random: counter() });

describe('person events', () => {
  it('adds an occupation with a new place: the event, its three places, the stamp; the input graph unchanged', () => {
    const g = family();
    const before = frozenCopy(g);
    const r = ok(addPersonEvent(g, { profileId: 'pr:victoria', fields: fields({ description: ' Queen ', date: ' 1837 ', place: 'Kensington Palace, London, England' }), ...ctx() }));
    expect(g).toEqual(before);
    const p = r.graph.profiles['pr:victoria']!;
    expect(p.events).toEqual([{ id: r.eventId, type: 'OCCU', customType: '', date: '1837', placeId: p.events![0]!.placeId, description: 'Queen', age: '' }]);
    expect(fullPlaceName(r.graph.places!, p.events![0]!.placeId)).toBe('Kensington Palace, London, England');
    expect(Object.keys(r.graph.places!)).toHaveLength(3);
    expect(p.updatedBy).toBe('u-editor');
    expect(p.updatedAt).toBe(LATER);
    expect(r.changed.profiles).toEqual(['pr:victoria']);
    expect(r.facts.places.map((e) => e.before)).toEqual([null, null, null]);
    // Untouched profiles stay the same objects (what makes diffGraphs cheap).
    expect(r.graph.profiles['pr:albert']).toBe(g.profiles['pr:albert']);
  });

  it('undo puts back the profile and takes the new places away', () => {
    const g = family();
    const r = ok(addPersonEvent(g, { profileId: 'pr:victoria', fields: fields({ place: 'London, England' }), ...ctx() }));
    const back = undoFacts(r.graph, r);
    expect(back.graph.profiles['pr:victoria']).toEqual(g.profiles['pr:victoria']);
    expect(back.graph.places).toEqual({});
    // Undoing the undo redoes it.
    const again = undoFacts(back.graph, back);
    expect(again.graph.places).toEqual(r.graph.places);
    expect(again.graph.profiles['pr:victoria']).toEqual(r.graph.profiles['pr:victoria']);
  });

  it('edits an event in place, reusing the places the tree has', () => {
    const g = family();
    const a = ok(addPersonEvent(g, { profileId: 'pr:victoria', fields: fields({ type: 'RESI', place: 'London, England' }), ...ctx() }));
    const b = ok(editPersonEvent(a.graph, { profileId: 'pr:victoria', eventId: a.eventId, fields: fields({ type: 'RESI', place: 'london,  ENGLAND', description: 'Buckingham Palace' }), ...ctx() }));
    expect(Object.keys(b.graph.places!)).toHaveLength(2);
    expect(b.facts.places).toEqual([]);
    expect(b.graph.profiles['pr:victoria']!.events).toEqual([{ ...a.graph.profiles['pr:victoria']!.events![0]!, description: 'Buckingham Palace' }]);
    expect(undoFacts(b.graph, b).graph.profiles['pr:victoria']).toEqual(a.graph.profiles['pr:victoria']);
  });

  it('removes an event and keeps its place', () => {
    const a = ok(addPersonEvent(family(), { profileId: 'pr:victoria', fields: fields({ place: 'Windsor' }), ...ctx() }));
    const r = ok(removePersonEvent(a.graph, { profileId: 'pr:victoria', eventId: a.eventId, uid: 'u-editor', now: LATER }));
    expect(r.graph.profiles['pr:victoria']!.events).toEqual([]);
    expect(Object.keys(r.graph.places!)).toHaveLength(1);
    expect(undoFacts(r.graph, r).graph.profiles['pr:victoria']!.events).toHaveLength(1);
  });

  it.each([
    ['a couple type on a person', fields({ type: 'MARR' }), EVENT_MESSAGES.wrongType],
    ['a custom event without its type', fields({ type: 'EVEN', customType: '  ' }), EVENT_MESSAGES.customTypeRequired],
  ])('refuses %s', (_, f, message) => {
    expect(addPersonEvent(family(), { profileId: 'pr:victoria', fields: f, ...ctx() })).toEqual({ ok: false, message });
  });

  it('refuses an event that is gone', () => {
    expect(editPersonEvent(family(), { profileId: 'pr:victoria', eventId: 'evnope', fields: fields(), ...ctx() })).toEqual({ ok: false, message: EVENT_MESSAGES.unknownEvent });
    expect(removePersonEvent(family(), { profileId: 'pr:victoria', eventId: 'evnope', uid: 'u', now: NOW })).toEqual({ ok: false, message: EVENT_MESSAGES.unknownEvent });
  });

  it('never stores a date on the birth and death events (the profile holds them)', () => {
    const r = ok(addPersonEvent(family(), { profileId: 'pr:victoria', fields: fields({ type: 'BIRT', date: '24 MAY 1819', place: 'Kensington Palace' }), ...ctx() }));
    expect(r.graph.profiles['pr:victoria']!.events![0]!.date).toBe('');
  });

  it('keeps a custom type only on custom events', () => {
    const r = ok(addPersonEvent(family(), { profileId: 'pr:victoria', fields: fields({ type: 'EVEN', customType: ' Coronation ' }), ...ctx() }));
    expect(r.graph.profiles['pr:victoria']!.events![0]!.customType).toBe('Coronation');
    const o = ok(addPersonEvent(family(), { profileId: 'pr:victoria', fields: fields({ type: 'OCCU', customType: 'stale' }), ...ctx() }));
    expect(o.graph.profiles['pr:victoria']!.events![0]!.customType).toBe('');
  });
});

describe('couple events', () => {
  const partners: [string, string] = ['pr:victoria', 'pr:albert'];
  const id = coupleId('pr:victoria', 'pr:albert');

  it('makes the couple on its first event, partners in order, and undo removes it', () => {
    const g = family();
    const r = ok(addCoupleEvent(g, { partners, fields: fields({ type: 'MARR', date: '10 FEB 1840', place: "Chapel Royal, St James's Palace" }), ...ctx() }));
    expect(r.graph.couples![id]).toEqual({ id, partners: ['pr:albert', 'pr:victoria'], events: [expect.objectContaining({ id: r.eventId, type: 'MARR', date: '10 FEB 1840' })] });
    expect(r.facts.couples).toEqual([{ id, before: null }]);
    // The partners are re-set as they are: the session takes the answer (and search re-reads them), the patch is empty.
    expect(r.changed.profiles.sort()).toEqual(['pr:albert', 'pr:victoria']);
    expect(r.graph.profiles['pr:albert']).toBe(g.profiles['pr:albert']);
    const back = undoFacts(r.graph, r);
    expect(back.graph.couples).toEqual({});
    expect(back.graph.places).toEqual({});
  });

  it('either partner asks for the same couple', () => {
    const a = ok(addCoupleEvent(family(), { partners, fields: fields({ type: 'MARR' }), ...ctx() }));
    const b = ok(addCoupleEvent(a.graph, { partners: ['pr:albert', 'pr:victoria'], fields: fields({ type: 'ENGA' }), ...ctx() }));
    expect(b.graph.couples![id]!.events.map((e) => e.type)).toEqual(['MARR', 'ENGA']);
    expect(b.facts.couples[0]!.before).toBe(a.graph.couples![id]);
  });

  it('edits and removes a couple event; the couple stays', () => {
    const a = ok(addCoupleEvent(family(), { partners, fields: fields({ type: 'MARR' }), ...ctx() }));
    const e = ok(editCoupleEvent(a.graph, { partners, eventId: a.eventId, fields: fields({ type: 'MARR', date: '1840' }), ...ctx() }));
    expect(e.graph.couples![id]!.events[0]!.date).toBe('1840');
    const r = ok(removeCoupleEvent(e.graph, { partners, eventId: a.eventId }));
    expect(r.graph.couples![id]!.events).toEqual([]);
    expect(undoFacts(r.graph, r).graph.couples![id]).toBe(e.graph.couples![id]);
  });

  it.each([
    ['two who are not spouses', ['pr:victoria', 'pr:vicky'], fields({ type: 'MARR' }), EVENT_MESSAGES.notSpouses],
    ['a person alone', ['pr:victoria', 'pr:victoria'], fields({ type: 'MARR' }), EVENT_MESSAGES.notSpouses],
    ['a person type on a couple', ['pr:victoria', 'pr:albert'], fields({ type: 'BIRT' }), EVENT_MESSAGES.wrongType],
  ] as const)('refuses %s', (_, pair, f, message) => {
    expect(addCoupleEvent(family(), { partners: [...pair], fields: f, ...ctx() })).toEqual({ ok: false, message });
  });
});
