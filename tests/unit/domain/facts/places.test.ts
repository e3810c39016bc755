import { describe, expect, it } from 'vitest';
import { findOrCreatePlace, fullPlaceName, newPlace, placeParts, suggestPlaces } from '../../../../src/domain/facts/placeOps.ts';
import type { Place } from '../../../../src/domain/facts/types.ts';

function seq() {
  let i = 0;
  return () => (i++ % 36) / 36;
}

const tree = (): Record<string, Place> => {
  const list = [
    newPlace('pl-eng', 'England', ''),
    newPlace('pl-lon', 'London', 'pl-eng'),
    newPlace('pl-ken', 'Kensington Palace', 'pl-lon'),
    newPlace('pl-sjp', "St James's Palace", 'pl-lon'),
    newPlace('pl-cr', 'Chapel Royal', 'pl-sjp'),
    { ...newPlace('pl-win', 'Windsor Castle', 'pl-eng'), altNames: ['Castle of Windsor'] },
    newPlace('pl-ont', 'London', 'pl-can'),
    newPlace('pl-can', 'Canada', ''),
  ];
  return Object.fromEntries(list.map((p) => [p.id, p]));
};

describe('placeParts', () => {
  it.each([
    ['Kensington Palace, London, England', ['Kensington Palace', 'London', 'England']],
    ['  London ,, England  ', ['London', 'England']],
    ['St  James', ['St James']],
    ['', []],
  ])('%j → %j', (text, parts) => expect(placeParts(text)).toEqual(parts));
});

describe('fullPlaceName', () => {
  it('joins the names up the hierarchy', () => {
    expect(fullPlaceName(tree(), 'pl-cr')).toBe("Chapel Royal, St James's Palace, London, England");
    expect(fullPlaceName(tree(), 'pl-eng')).toBe('England');
    expect(fullPlaceName(tree(), 'nope')).toBe('');
  });
  it('stops at a loop of parents', () => {
    const places = { a: newPlace('a', 'A', 'b'), b: newPlace('b', 'B', 'a') };
    expect(fullPlaceName(places, 'a')).toBe('A, B');
  });
});

describe('findOrCreatePlace', () => {
  it('makes a hierarchy of three places, top first', () => {
    const r = findOrCreatePlace({}, 'Kensington Palace, London, England', seq());
    expect(r.created.map((p) => [p.name, p.parentId === '' ? '' : r.created.find((q) => q.id === p.parentId)!.name])).toEqual([
      ['England', ''],
      ['London', 'England'],
      ['Kensington Palace', 'London'],
    ]);
    expect(r.placeId).toBe(r.created[2]!.id);
    expect(r.created.every((p) => /^pl[0-9a-z]{10}$/.test(p.id))).toBe(true);
  });

  it.each([
    ['the same text', 'Kensington Palace, London, England', 'pl-ken', 0],
    ['other case and spaces', 'kensington palace ,LONDON, england', 'pl-ken', 0],
    ['a level of its own', 'England', 'pl-eng', 0],
    ['a name under another parent', 'London, Canada', 'pl-ont', 0],
  ])('reuses the tree’s places for %s', (_, text, id, made) => {
    const r = findOrCreatePlace(tree(), text, seq());
    expect(r.placeId).toBe(id);
    expect(r.created).toHaveLength(made);
  });

  it('makes only the levels the tree lacks, under the ones it has', () => {
    const r = findOrCreatePlace(tree(), 'Orangery, Kensington Palace, London, England', seq());
    expect(r.created).toEqual([expect.objectContaining({ name: 'Orangery', parentId: 'pl-ken' })]);
  });

  it('does not match a same-named place under another parent', () => {
    const r = findOrCreatePlace(tree(), 'London, France', seq());
    expect(r.created.map((p) => p.name)).toEqual(['France', 'London']);
  });

  it('answers no place for empty text', () => {
    expect(findOrCreatePlace(tree(), ' , ', seq())).toEqual({ placeId: '', created: [] });
  });
});

describe('suggestPlaces', () => {
  const names = (text: string) => suggestPlaces(tree(), text).map((s) => s.fullName);
  it.each([
    ['lond', ['London, Canada', 'London, England', 'Kensington Palace, London, England', "St James's Palace, London, England", "Chapel Royal, St James's Palace, London, England"]],
    ['kens', ['Kensington Palace, London, England']],
    ['palace', ['Kensington Palace, London, England', "St James's Palace, London, England", "Chapel Royal, St James's Palace, London, England"]],
    ['london eng', ['London, England', 'Kensington Palace, London, England', "St James's Palace, London, England", "Chapel Royal, St James's Palace, London, England"]],
    ['castle of', ['Windsor Castle, England']],
    ['', []],
    ['paris', []],
  ])('%j → %j', (text, expected) => expect(names(text)).toEqual(expected));

  it('gives at most the limit', () => {
    expect(suggestPlaces(tree(), 'l', 2)).toHaveLength(2);
  });
});
