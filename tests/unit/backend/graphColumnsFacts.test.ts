import { describe, expect, it } from 'vitest';
import { decodeGraphColumns, encodeGraphColumns, leaveEventsOutOf } from '../../../src/backend/graphColumns.ts';
import { graphWithoutEvents } from '../../../src/domain/facts/eventsLoading.ts';
import { packEvents, unpackEvents } from '../../../src/domain/facts/eventCodec.ts';
import { coupleId } from '../../../src/domain/facts/types.ts';
import { base, couple, event, personName, place } from '../domain/factsFixtures.ts';

/** The compact form of a graph (opening big trees) carries the facts model exactly. */
describe('graph columns with events, names, places and couples', () => {
  it('give back the graph as encoded; profiles with events still fit the columns', () => {
    const g = base();
    g.profiles['pr:n1'] = { ...g.profiles['pr:n1']!, events: [event('ev1', { placeId: 'town' })], names: [personName('nm1')] };
    // A person's own note and citations (issue 23) come back too.
    g.profiles['pr:n2'] = { ...g.profiles['pr:n2']!, events: [], note: '<p><strong>Miller</strong></p>', citations: [{ id: 'ci9', sourceId: 'sr1', page: 'p. 4', date: '', quality: 2, text: '' }] };
    g.places = { town: place('town', { latitude: 1.5, longitude: null }) };
    g.couples = { [coupleId('pr:n1', 'pr:n2')]: couple('pr:n1', 'pr:n2', [event('ev2', { type: 'MARR' })]) };
    const wire = encodeGraphColumns(g);
    expect(wire.profiles.raw).toEqual([]);
    expect(decodeGraphColumns(JSON.parse(JSON.stringify(wire)))).toEqual({ ...g, revision: 3 });
  });

  it('send events in the compact form, and read a snapshot made before it (events whole) the same', () => {
    const g = base();
    const ev = event('ev1', { placeId: 'town', citations: [{ id: 'ci1', sourceId: 'sr1', page: 'folio 3', date: '', quality: null, text: '' }] });
    g.profiles['pr:n1'] = { ...g.profiles['pr:n1']!, events: [ev] };
    g.couples = { [coupleId('pr:n1', 'pr:n2')]: couple('pr:n1', 'pr:n2', [event('ev2', { type: 'MARR', date: '1840' })]) };
    const wire = encodeGraphColumns(g);
    expect(wire.profileFacts![0]![1].events![0]).toEqual(packEvents([ev])[0]);
    expect(Array.isArray(Object.values(wire.couples!)[0]!.events[0])).toBe(true);
    const before = JSON.parse(JSON.stringify(wire)) as typeof wire;
    before.profileFacts![0]![1].events = [ev];
    for (const c of Object.values(before.couples!)) c.events = unpackEvents(c.events);
    expect(decodeGraphColumns(before)).toEqual({ ...g, revision: 3 });
    expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(before).length);
  });

  it('leave a graph without them as it was', () => {
    const g = base();
    const wire = encodeGraphColumns(g);
    expect(wire).not.toHaveProperty('places');
    expect(wire).not.toHaveProperty('profileFacts');
    expect(decodeGraphColumns(wire)).toEqual({ ...g, revision: 3 });
  });

  it('leave people\'s events out for an open: the marker and outline come back, names and couples as they were', () => {
    const g = base();
    const evs = [event('ev1', { type: 'BIRT', placeId: 'town' }), event('ev2'), event('ev3', { type: 'EVEN', customType: 'Grand tour', placeId: 'rome' }), event('ev4', { type: 'BURI' })];
    g.profiles['pr:n1'] = { ...g.profiles['pr:n1']!, events: evs, names: [personName('nm1')] };
    g.profiles['pr:n2'] = { ...g.profiles['pr:n2']!, events: [event('ev5')] };
    g.couples = { [coupleId('pr:n1', 'pr:n2')]: couple('pr:n1', 'pr:n2', [event('ev9', { type: 'MARR', date: '1840' })]) };
    const expected = { ...graphWithoutEvents(g), revision: 3 };
    const lazy = encodeGraphColumns(g, { leaveEventsOut: true });
    // The server keeps the whole form and sends this one, made from it: the same.
    expect(leaveEventsOutOf(encodeGraphColumns(g))).toEqual(lazy);
    const decoded = decodeGraphColumns(JSON.parse(JSON.stringify(lazy)));
    expect(decoded).toEqual(expected);
    expect(decoded.profiles['pr:n1']!.eventsNotLoaded).toEqual([{ type: 'BIRT', placeId: 'town' }, { type: 'EVEN', placeId: 'rome', customType: 'Grand tour' }, { type: 'BURI', placeId: '' }]);
    // Someone with events but none worth an outline still carries the marker: never "none".
    expect(decoded.profiles['pr:n2']!.eventsNotLoaded).toEqual([]);
    expect(decoded.profiles['pr:n3']).not.toHaveProperty('eventsNotLoaded');
    expect(decoded.couples).toEqual(g.couples);
    // A graph already holding the marker (a viewer's, re-encoded) keeps it.
    expect(decodeGraphColumns(JSON.parse(JSON.stringify(encodeGraphColumns(decoded))))).toEqual(expected);
  });
});
