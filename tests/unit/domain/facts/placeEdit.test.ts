import { describe, expect, it } from 'vitest';
import { undoFacts, type FactsOutcome } from '../../../../src/domain/facts/factsResult.ts';
import { editPlace, mergePlaces, PLACE_MESSAGES, placeUsage, possibleParents, removePlace, type PlaceFields } from '../../../../src/domain/facts/placeEdit.ts';
import { fullPlaceName, suggestPlaces } from '../../../../src/domain/facts/placeOps.ts';
import { coupleId, type Place } from '../../../../src/domain/facts/types.ts';
import type { Graph } from '../../../../src/domain/types.ts';
import { couple, event, place } from '../factsFixtures.ts';
import { frozenCopy, makeGraph } from '../helpers.ts';

function ok<T>(r: FactsOutcome<T>): Exclude<FactsOutcome<T>, { ok: false }> {
  if (!r.ok) throw new Error(`refused: ${r.message}`);
  return r as Exclude<FactsOutcome<T>, { ok: false }>;
}

const refusal = (r: FactsOutcome) => (r.ok ? null : r.message);

/**
 * England > London > Kensington Palace, Chapel Royal; a second "Kensington Pal." typed at the
 * top; Canada (unused). Victoria (n1) born at Kensington Palace, married at the Chapel Royal to
 * Albert (n2); Vicky (n3) born at "Kensington Pal.".
 */
function royal(): Graph {
  const g = makeGraph({ people: [{ node: 'n1' }, { node: 'n2' }, { node: 'n3' }], spouses: [['n1', 'n2']], parents: [['n1', 'n3']] });
  const places: Record<string, Place> = Object.fromEntries(
    [
      place('pl-eng', { name: 'England', kind: 'country' }),
      place('pl-lon', { name: 'London', parentId: 'pl-eng' }),
      place('pl-ken', { name: 'Kensington Palace', parentId: 'pl-lon' }),
      place('pl-cr', { name: 'Chapel Royal', parentId: 'pl-lon' }),
      place('pl-ken2', { name: 'Kensington Pal.', latitude: 51.5, longitude: -0.19 }),
      place('pl-can', { name: 'Canada' }),
    ].map((p) => [p.id, p]),
  );
  g.profiles['pr:n1'] = { ...g.profiles['pr:n1']!, events: [event('ev-b1', { type: 'BIRT', placeId: 'pl-ken' })] };
  g.profiles['pr:n3'] = { ...g.profiles['pr:n3']!, events: [event('ev-b3', { type: 'BIRT', placeId: 'pl-ken2' })] };
  const c = couple('pr:n1', 'pr:n2', [event('ev-m', { type: 'MARR', date: '10 FEB 1840', placeId: 'pl-cr' })]);
  return { ...g, places, couples: { [c.id]: c } };
}

const fieldsOf = (p: Place, over: Partial<PlaceFields> = {}): PlaceFields => {
  const { id: _id, ...rest } = p;
  return { ...rest, ...over };
};

describe('place usage', () => {
  it("counts the events naming each place, couples' included", () => {
    expect(Object.fromEntries(placeUsage(royal()))).toEqual({ 'pl-ken': 1, 'pl-ken2': 1, 'pl-cr': 1 });
  });

  it('offers as enclosing places all but the place and those within it', () => {
    expect(possibleParents(royal().places!, 'pl-lon').map((p) => p.id).sort()).toEqual(['pl-can', 'pl-eng', 'pl-ken2']);
  });
});

describe('editing a place', () => {
  it('renames, sets kind, coordinates and other names; the people of its events are re-set; undo puts it back', () => {
    const g = royal();
    const before = frozenCopy(g);
    const r = ok(editPlace(g, { placeId: 'pl-ken', fields: fieldsOf(g.places!['pl-ken']!, { name: ' Kensington  Palace ', kind: 'palace', latitude: 51.505, longitude: -0.1879, altNames: ['Kensington Pal.', ' ', 'Kensington Palace'] }) }));
    expect(g).toEqual(before);
    expect(r.graph.places!['pl-ken']).toEqual({ id: 'pl-ken', name: 'Kensington Palace', parentId: 'pl-lon', kind: 'palace', latitude: 51.505, longitude: -0.1879, altNames: ['Kensington Pal.'] });
    expect(r.changed.profiles).toEqual(['pr:n1']);
    expect(undoFacts(r.graph, r).graph.places).toEqual(g.places);
  });

  it('renaming London re-sets everyone with an event in a place within it, partners of a couple too', () => {
    const g = royal();
    const r = ok(editPlace(g, { placeId: 'pl-lon', fields: fieldsOf(g.places!['pl-lon']!, { name: 'City of Westminster' }) }));
    expect(r.changed.profiles.sort()).toEqual(['pr:n1', 'pr:n2']);
    expect(fullPlaceName(r.graph.places!, 'pl-cr')).toBe('Chapel Royal, City of Westminster, England');
  });

  it('an unused place is edited too (a new graph, nothing else changed)', () => {
    const g = royal();
    const r = ok(editPlace(g, { placeId: 'pl-can', fields: fieldsOf(g.places!['pl-can']!, { kind: 'country' }) }));
    expect(r.graph).not.toBe(g);
    expect(r.graph.places!['pl-can']!.kind).toBe('country');
    expect(r.graph.profiles).toEqual(g.profiles);
  });

  it('moves a place under another; never into itself or a place within it', () => {
    const g = royal();
    const moved = ok(editPlace(g, { placeId: 'pl-ken2', fields: fieldsOf(g.places!['pl-ken2']!, { parentId: 'pl-lon' }) }));
    expect(fullPlaceName(moved.graph.places!, 'pl-ken2')).toBe('Kensington Pal., London, England');
    expect(refusal(editPlace(g, { placeId: 'pl-eng', fields: fieldsOf(g.places!['pl-eng']!, { parentId: 'pl-ken' }) }))).toBe(PLACE_MESSAGES.insideItself);
    expect(refusal(editPlace(g, { placeId: 'pl-eng', fields: fieldsOf(g.places!['pl-eng']!, { parentId: 'pl-eng' }) }))).toBe(PLACE_MESSAGES.insideItself);
  });

  it.each([
    [{ name: '  ' }, PLACE_MESSAGES.nameRequired],
    [{ latitude: 91, longitude: 0 }, PLACE_MESSAGES.latitude],
    [{ latitude: 0, longitude: -181 }, PLACE_MESSAGES.longitude],
    [{ latitude: 10, longitude: null }, PLACE_MESSAGES.bothCoordinates],
    [{ name: 'Chapel Royal' }, PLACE_MESSAGES.sameName('Chapel Royal, London, England')],
    [{ name: 'x'.repeat(201) }, PLACE_MESSAGES.nameTooLong],
  ] as [Partial<PlaceFields>, string][])('refuses %j', (over, message) => {
    const g = royal();
    expect(refusal(editPlace(g, { placeId: 'pl-ken', fields: fieldsOf(g.places!['pl-ken']!, over) }))).toBe(message);
  });
});

describe('merging places', () => {
  it("re-points every event to the kept place, keeps the other's name and coordinates; one undo puts all back", () => {
    const g = royal();
    const r = ok(mergePlaces(g, { keepId: 'pl-ken', mergeId: 'pl-ken2' }));
    expect(r.graph.places!['pl-ken2']).toBeUndefined();
    expect(r.graph.places!['pl-ken']).toMatchObject({ altNames: ['Kensington Pal.'], latitude: 51.5, longitude: -0.19 });
    expect(r.graph.profiles['pr:n3']!.events![0]!.placeId).toBe('pl-ken');
    expect(Object.fromEntries(placeUsage(r.graph))).toEqual({ 'pl-ken': 2, 'pl-cr': 1 });
    const undone = undoFacts(r.graph, r);
    expect(undone.graph.places).toEqual(g.places);
    expect(undone.graph.profiles).toEqual(g.profiles);
  });

  it("re-points a couple's events, and moves the merged place's places in (merging one of the same name)", () => {
    const g = royal();
    const places = { ...g.places!, 'pl-eng2': place('pl-eng2', { name: 'England (UK)' }), 'pl-lon2': place('pl-lon2', { name: 'London', parentId: 'pl-eng2' }), 'pl-cr2': place('pl-cr2', { name: 'Chapel Royal', parentId: 'pl-lon2' }) };
    const c = couple('pr:n1', 'pr:n2', [event('ev-m', { type: 'MARR', placeId: 'pl-cr2' })]);
    const r = ok(mergePlaces({ ...g, places, couples: { [c.id]: c } }, { keepId: 'pl-eng', mergeId: 'pl-eng2' }));
    expect(Object.keys(r.graph.places!).sort()).toEqual(['pl-can', 'pl-cr', 'pl-eng', 'pl-ken', 'pl-ken2', 'pl-lon']);
    expect(r.graph.couples![coupleId('pr:n1', 'pr:n2')]!.events[0]!.placeId).toBe('pl-cr');
    expect(r.graph.places!['pl-eng']!.altNames).toEqual(['England (UK)']);
  });

  it('refuses merging a place with itself or into a place within it', () => {
    expect(refusal(mergePlaces(royal(), { keepId: 'pl-ken', mergeId: 'pl-ken' }))).toBe(PLACE_MESSAGES.mergeSelf);
    expect(refusal(mergePlaces(royal(), { keepId: 'pl-ken', mergeId: 'pl-lon' }))).toBe(PLACE_MESSAGES.insideItself);
  });
});

describe('removing a place', () => {
  it('removes an unused place; undo brings it back', () => {
    const g = royal();
    const r = ok(removePlace(g, { placeId: 'pl-can' }));
    expect(r.graph.places!['pl-can']).toBeUndefined();
    expect(undoFacts(r.graph, r).graph.places).toEqual(g.places);
  });

  it('refuses a place events name, and one with places inside, saying why', () => {
    expect(refusal(removePlace(royal(), { placeId: 'pl-cr' }))).toBe('1 event names this place: merge it into another place instead of removing it');
    expect(refusal(removePlace(royal(), { placeId: 'pl-eng' }))).toBe(PLACE_MESSAGES.hasPlaces);
  });
});

describe('place suggestions', () => {
  it('match other names too', () => {
    const g = ok(editPlace(royal(), { placeId: 'pl-can', fields: fieldsOf(royal().places!['pl-can']!, { altNames: ['Dominion of Canada'] }) })).graph;
    expect(suggestPlaces(g.places!, 'dominion').map((s) => s.fullName)).toEqual(['Canada']);
  });
});
