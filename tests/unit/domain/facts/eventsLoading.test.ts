import { describe, expect, it } from 'vitest';
import { applyChangeSet, applyProfilePatch, diffGraphs, diffProfile, emptyChangeSet, type ChangeSet } from '../../../../src/domain/changeSet.ts';
import { applyChangeSets } from '../../../../src/domain/applyChangeSets.ts';
import {
  eventsLoaded,
  graphWithoutEvents,
  idsWithoutEvents,
  leaveEventsOut,
  outlineOf,
  withLoadedEvents,
  EVENTS_NOT_LOADED,
} from '../../../../src/domain/facts/eventsLoading.ts';
import { addPersonEvent, removePersonEvent } from '../../../../src/domain/facts/eventOps.ts';
import { mergePlaces, removePlace } from '../../../../src/domain/facts/placeEdit.ts';
import { mergePeople } from '../../../../src/domain/duplicates/merge.ts';
import { isPresumedLiving, NO_RELATIVES } from '../../../../src/domain/privacy.ts';
import { factMatch, parseFactQuery, placeTexts } from '../../../../src/domain/search/facts.ts';
import type { Graph, Profile } from '../../../../src/domain/types.ts';
import { frozenCopy } from '../helpers.ts';
import { base, event, place } from '../factsFixtures.ts';

/** Events loaded per person (issue 20): "not loaded" is never "no events". */

const withProfile = (g: Graph, id: string, fields: Partial<Profile>): Graph => ({ ...g, profiles: { ...g.profiles, [id]: { ...g.profiles[id]!, ...fields } } });

const EVENTS = [event('ev1', { type: 'BIRT', placeId: 'pl1' }), event('ev2', { type: 'OCCU', description: 'Baker' }), event('ev3', { type: 'BURI' }), event('ev4', { type: 'RESI', placeId: 'pl1' }), event('ev5', { type: 'BIRT', placeId: 'pl1' })];

/** A tree whose n1 has events, as the server has it, and as an open sends it. */
function trees() {
  const server: Graph = { ...withProfile(base(), 'pr:n1', { events: EVENTS }), places: { pl1: place('pl1', { name: 'Kensington Palace' }) } };
  return { server, opened: graphWithoutEvents(server) };
}

describe('the marker and its outline', () => {
  it.each([
    ['places and deaths, each (type, place) once; others left out', EVENTS, [{ type: 'BIRT', placeId: 'pl1' }, { type: 'BURI', placeId: '' }, { type: 'RESI', placeId: 'pl1' }]],
    ['a custom event keeps its type', [event('e', { type: 'EVEN', customType: 'Graduation', placeId: 'pl2' })], [{ type: 'EVEN', placeId: 'pl2', customType: 'Graduation' }]],
    ['nothing with a place or a death: an empty outline', [event('e')], []],
  ] as const)('%s', (_, events, outline) => {
    expect(outlineOf(events)).toEqual(outline);
  });

  it('an open leaves events out with the marker; a person without events has none', () => {
    const { opened } = trees();
    expect(opened.profiles['pr:n1']!.events).toBeUndefined();
    expect(eventsLoaded(opened.profiles['pr:n1']!)).toBe(false);
    expect(eventsLoaded(opened.profiles['pr:n2']!)).toBe(true);
    expect(leaveEventsOut(opened.profiles['pr:n2']!)).toBe(opened.profiles['pr:n2']);
    expect(idsWithoutEvents(opened.profiles)).toEqual(['pr:n1']);
    expect(idsWithoutEvents(opened.profiles, ['pr:n2', 'pr:gone'])).toEqual([]);
  });

  it('loading gives the events back and drops the marker; a loaded profile stays as it is', () => {
    const { server, opened } = trees();
    const loaded = withLoadedEvents(opened.profiles['pr:n1']!, EVENTS);
    expect(loaded).toEqual(server.profiles['pr:n1']);
    expect(withLoadedEvents(loaded, [])).toBe(loaded);
    expect(withLoadedEvents(opened.profiles['pr:n1']!, [])).not.toHaveProperty('events');
  });
});

describe('diff never reads "not loaded" as "no events"', () => {
  it.each([
    ['not loaded on both sides, another field changed', (p: Profile) => ({ ...p, bio: 'x' }), { id: 'pr:n1', set: { bio: 'x' } }],
    ['the marker gone without events (a wrong write): nothing about events', (p: Profile) => { const { eventsNotLoaded: _, ...rest } = p; return { ...rest, events: [] }; }, null],
    ['loaded on the new side only: upserts, never removals', (p: Profile) => withLoadedEvents(p, [EVENTS[0]!]), { id: 'pr:n1', events: { upsert: [EVENTS[0]], remove: [] } }],
    ['events written over the marker while it stays: nothing sent', (p: Profile) => ({ ...p, events: [] }), null],
  ] as const)('%s', (_, edit, patch) => {
    const before = trees().opened.profiles['pr:n1']!;
    expect(diffProfile(before, edit(before) as Profile)).toEqual(patch);
  });

  it('a whole-graph diff of a tree opened without events against the server has no event removal', () => {
    const { server, opened } = trees();
    const cs = diffGraphs(server, opened);
    expect(cs.profiles.upsert.flatMap((p) => p.events?.remove ?? [])).toEqual([]);
  });
});

describe('apply keeps the marker', () => {
  const patch: ChangeSet = {
    ...emptyChangeSet(3),
    profiles: { upsert: [{ id: 'pr:n1', events: { upsert: [event('ev9', { type: 'DEAT', placeId: 'pl7' })], remove: ['ev2'] } }], remove: [] },
  };

  it.each([
    ['applyChangeSet (a live change)', (g: Graph) => applyChangeSet(g, patch)],
    ['applyChangeSets (an open\'s tail)', (g: Graph) => applyChangeSets(g, [patch])],
  ])('%s: the events stay not loaded, the upsert joins the outline', (_, apply) => {
    const after = apply(frozenCopy(trees().opened)).profiles['pr:n1']!;
    expect(after.events).toBeUndefined();
    expect(eventsLoaded(after)).toBe(false);
    expect(after.eventsNotLoaded).toContainEqual({ type: 'DEAT', placeId: 'pl7' });
    // Privacy sees the death at once.
    expect(isPresumedLiving(after, NO_RELATIVES, 2026)).toBe(false);
  });

  it('a loaded profile takes the patch as before', () => {
    const loaded = applyProfilePatch(trees().server.profiles['pr:n1']!, patch.profiles.upsert[0]!)!;
    expect(loaded.events!.map((e) => e.id)).toEqual(['ev1', 'ev3', 'ev4', 'ev5', 'ev9']);
  });
});

describe('readers of the outline', () => {
  it('search finds "born in Kensington" and privacy a burial without loading', () => {
    const { opened } = trees();
    const p = opened.profiles['pr:n1']!;
    expect(placeTexts(p, opened)).toEqual(['Kensington Palace']);
    expect(factMatch(p, opened, parseFactQuery('born in Kensington'))).toBe('Born in Kensington Palace');
    expect(factMatch(p, opened, parseFactQuery('died in Kensington'))).toBeNull();
    expect(isPresumedLiving(p, NO_RELATIVES, 2026)).toBe(false);
  });
});

describe('operations that need events refuse while they are not loaded', () => {
  const ctx = { uid: 'u1', now: '2026-01-01T00:00:00Z', random: () => 0.5 };
  it.each([
    ['adding an event', (g: Graph) => addPersonEvent(g, { profileId: 'pr:n1', fields: { type: 'OCCU', customType: '', date: '', description: 'Baker', age: '' }, ...ctx })],
    ['removing an event', (g: Graph) => removePersonEvent(g, { profileId: 'pr:n1', eventId: 'ev2', uid: 'u1', now: ctx.now })],
    ['merging places', (g: Graph) => mergePlaces({ ...g, places: { ...g.places, pl2: place('pl2') } }, { keepId: 'pl2', mergeId: 'pl1' })],
    ['removing a place', (g: Graph) => removePlace(g, { placeId: 'pl1' })],
    ['merging people', (g: Graph) => mergePeople(g, { keep: 'pr:n2', gone: 'pr:n1', choices: {}, uid: 'u1', role: 'owner', graphOwnerUid: 'u1', now: ctx.now, random: ctx.random } as never)],
  ])('%s', (_, op) => {
    expect(op(trees().opened)).toEqual({ ok: false, message: EVENTS_NOT_LOADED });
  });
});
