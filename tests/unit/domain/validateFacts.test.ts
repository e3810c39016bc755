import { describe, expect, it } from 'vitest';
import { diffGraphs, emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { coupleId, type Couple, type Place } from '../../../src/domain/facts/types.ts';
import type { TreeRole } from '../../../src/domain/roles.ts';
import { graphLookup, Neighbourhood } from '../../../src/domain/save/neighbourhood.ts';
import { changeSetShapeProblem, validateChangeSet } from '../../../src/domain/save/validate.ts';
import type { Graph, Profile } from '../../../src/domain/types.ts';
import { makeGraph } from './helpers.ts';
import { couple, event, personName, place } from './factsFixtures.ts';

/**
 * The save path's checks of the facts model, on a stored tree: a married pair (pr:n1001, the
 * owner's spouse pr:n1002), their child pr:n1003, a member who claimed pr:n1004 (unmarried), and a
 * hierarchy of two places (town inside county).
 */
const stored = (): Graph => {
  const g = makeGraph({
    people: [
      { node: 'n1001', profile: 'u-owner', primary: true, fields: { ownerUid: 'u-owner', createdBy: 'u-owner' } },
      { node: 'n1002' },
      { node: 'n1003' },
      { node: 'n1004', profile: 'u-member', fields: { ownerUid: 'u-member', createdBy: 'u-member' } },
    ],
    spouses: [['n1001', 'n1002']],
    parents: [['n1001', 'n1003']],
  });
  return { ...g, places: { county: place('county'), town: place('town', { parentId: 'county' }) }, couples: { [coupleId('u-owner', 'pr:n1002')]: couple('u-owner', 'pr:n1002') } };
};

const run = (cs: unknown, uid = 'u-owner', role: TreeRole = uid === 'u-owner' ? 'owner' : 'editor', graph = stored()) =>
  validateChangeSet(cs, { neighbourhood: new Neighbourhood(graphLookup(graph)), actingUid: uid, role, graphOwnerUid: 'u-owner', currentYear: 2025 });

const edit = (id: string, fields: Partial<Profile>): ChangeSet => {
  const g = stored();
  return diffGraphs(g, { ...g, profiles: { ...g.profiles, [id]: { ...g.profiles[id]!, ...fields } } });
};
const withPlaces = (...upsert: Place[]): ChangeSet => ({ ...emptyChangeSet(0), places: { upsert, remove: [] } });
const withCouples = (...upsert: Couple[]): ChangeSet => ({ ...emptyChangeSet(0), couples: { upsert, remove: [] } });
const refusal = (code: string, message: string | RegExp) => ({ code, message: typeof message === 'string' ? message : expect.stringMatching(message) });

describe('validateChangeSet accepts', () => {
  it.each<[string, ChangeSet, string?]>([
    ['an event at a stored place', edit('pr:n1003', { events: [event('ev1', { placeId: 'town', date: 'ABT 1850' })] })],
    ['a custom event with its type', edit('pr:n1003', { events: [event('ev1', { type: 'EVEN', customType: 'Graduation' })] })],
    ['birth and death events without dates', edit('pr:n1003', { events: [event('ev1', { type: 'BIRT', placeId: 'town' }), event('ev2', { type: 'DEAT' })] })],
    ['another name', edit('pr:n1003', { names: [personName('nm1', { kind: 'nickname', nickname: 'Bertie' })] })],
    ['a place with a new parent in the same change', withPlaces(place('village', { parentId: 'parish' }), place('parish', { parentId: 'county', latitude: 51.5, longitude: -0.12 }))],
    ['a couple of spouses with a marriage at a stored place', withCouples(couple('u-owner', 'pr:n1002', [event('ev1', { type: 'MARR', placeId: 'town', date: '1900' })]))],
    ['a change set without the optional groups (an older client)', emptyChangeSet(0)],
    ['their own events, from a viewer', edit('u-member', { events: [event('ev1')] }), 'u-member'],
  ])('%s', async (_, cs, uid) => {
    expect(await run(cs, uid, uid ? 'viewer' : undefined)).toBeNull();
  });
});

describe('validateChangeSet refuses', () => {
  const tooMany = Array.from({ length: 201 }, (_, i) => event(`ev${i}`));
  const partnerClaimed = () => {
    const g = stored();
    g.profiles['pr:n1002']!.ownerUid = 'u-other';
    return g;
  };
  it.each<[string, () => unknown, ReturnType<typeof refusal>, string?, TreeRole?, (() => Graph)?]>([
    ['an unknown event type', () => edit('pr:n1003', { events: [event('ev1', { type: 'MARR' })] }), refusal('invalid-argument', /event ev1: type must be one of BIRT/)],
    ['a custom type on a non-custom event', () => edit('pr:n1003', { events: [event('ev1', { customType: 'x' })] }), refusal('invalid-argument', /only a custom event \(EVEN\) has a custom type/)],
    ['a date over 100 characters', () => edit('pr:n1003', { events: [event('ev1', { date: 'x'.repeat(101) })] }), refusal('invalid-argument', /the date is at most 100 characters/)],
    ['a description over 1,000 characters', () => edit('pr:n1003', { events: [event('ev1', { description: 'x'.repeat(1001) })] }), refusal('invalid-argument', /the description is at most 1000 characters/)],
    ['an age over 20 characters', () => edit('pr:n1003', { events: [event('ev1', { age: '1'.repeat(21) })] }), refusal('invalid-argument', /the age is at most 20 characters/)],
    ['a birth event with a date', () => edit('pr:n1003', { events: [event('ev1', { type: 'BIRT', date: '1850' })] }), refusal('invalid-argument', /keeps its date in the profile's date fields/)],
    ['two death events', () => edit('pr:n1003', { events: [event('ev1', { type: 'DEAT' }), event('ev2', { type: 'DEAT' })] }), refusal('invalid-argument', 'Profile pr:n1003: at most one DEAT event')],
    ['more than 200 events', () => edit('pr:n1003', { events: tooMany }), refusal('invalid-argument', /at most 200 events/)],
    ['an event at a place that does not exist', () => edit('pr:n1003', { events: [event('ev1', { placeId: 'nowhere' })] }), refusal('invalid-argument', 'Profile pr:n1003, event ev1: place nowhere does not exist')],
    ['an event at a place the same change removes', () => ({ ...edit('pr:n1003', { events: [event('ev1', { placeId: 'town' })] }), places: { upsert: [], remove: ['town'] } }), refusal('invalid-argument', /place town does not exist/)],
    ['a name of an unknown kind', () => edit('pr:n1003', { names: [personName('nm1', { kind: 'alias' as never })] }), refusal('invalid-argument', /kind must be one of aka/)],
    ['an event missing a field', () => ({ ...emptyChangeSet(0), profiles: { upsert: [{ id: 'pr:n1003', events: { upsert: [{ id: 'ev1', type: 'OCCU' }], remove: [] } }], remove: [] } }), refusal('invalid-argument', /an event has an unexpected shape/)],
    ['a place without a name', () => withPlaces(place('p1', { name: ' ' })), refusal('invalid-argument', 'Place p1: the name must be 1 to 200 characters')],
    ['a place name over 200 characters', () => withPlaces(place('p1', { name: 'x'.repeat(201) })), refusal('invalid-argument', /the name must be 1 to 200/)],
    ['a latitude out of range', () => withPlaces(place('p1', { latitude: 91, longitude: 0 })), refusal('invalid-argument', 'Place p1: the latitude must be between -90 and 90')],
    ['a longitude out of range', () => withPlaces(place('p1', { longitude: -181 })), refusal('invalid-argument', 'Place p1: the longitude must be between -180 and 180')],
    ['more than 20 other names', () => withPlaces(place('p1', { altNames: Array.from({ length: 21 }, (_, i) => `n${i}`) })), refusal('invalid-argument', 'Place p1: at most 20 other names')],
    ['a parent place that does not exist', () => withPlaces(place('p1', { parentId: 'nowhere' })), refusal('invalid-argument', 'Place p1: the enclosing place nowhere does not exist')],
    ['a place inside itself through a stored parent', () => withPlaces(place('county', { parentId: 'town' })), refusal('invalid-argument', 'Place county cannot be inside itself')],
    ['a couple whose id is not coupleId(partners)', () => withCouples({ ...couple('u-owner', 'pr:n1002'), id: 'cp-x' }), refusal('invalid-argument', /the id must be cp-pr:n1002-u-owner/)],
    ['a couple of people who are not spouses', () => withCouples(couple('pr:n1003', 'u-member')), refusal('invalid-argument', /the partners must be each other's spouses/)],
    ['a couple event of a person type', () => withCouples(couple('u-owner', 'pr:n1002', [event('ev1', { type: 'OCCU' })])), refusal('invalid-argument', /type must be one of MARR/)],
    ['a places group without lists', () => ({ ...emptyChangeSet(0), places: { upsert: [] } }), refusal('invalid-argument', 'Change set places must have upsert and remove lists')],
    ['a place from a viewer', () => withPlaces(place('p1')), refusal('permission-denied', /viewer/i), 'u-member', 'viewer'],
    ["a claimed person's events, from another member", () => edit('u-member', { events: [event('ev1')] }), refusal('permission-denied', 'You may not edit this person'), 'u-editor', 'editor'],
    ["a couple's events, from a member who may edit neither partner", () => withCouples(couple('u-owner', 'pr:n1002', [event('ev1', { type: 'MARR' })])), refusal('permission-denied', 'You may not edit this person'), 'u-editor', 'editor', partnerClaimed],
  ])('%s', async (_, make, expected, uid, role, graph) => {
    expect(await run(make(), uid, role, graph?.())).toEqual(expected);
  });

  it('the shape check answers before anything is read (no 500 for nonsense)', () => {
    expect(changeSetShapeProblem({ ...emptyChangeSet(0), couples: { upsert: [{ id: 3 }], remove: [] } })).toBe('Couple has an unexpected shape');
    expect(changeSetShapeProblem({ ...emptyChangeSet(0), places: { upsert: [place('a')], remove: [7] } })).toBe('Change set places: a removed id is invalid');
  });
});
