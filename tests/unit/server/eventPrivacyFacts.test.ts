import { describe, expect, it } from 'vitest';
import type { GraphChangeEvent } from '../../../src/backend/ports.ts';
import { emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Profile } from '../../../src/domain/types.ts';
import { redactEventForViewer, type EventFacts } from '../../../server/graphs/privacy.ts';
import { couple, event as factEvent, personName } from '../domain/factsFixtures.ts';

/** `redactEventForViewer` with the facts model: events, names and couples in a live change. */
const YEAR = 2026;

const living = { ...emptyProfile('pr:kid'), firstName: 'Kid', birthYear: '2000', events: [factEvent('ev-stored', { description: 'stored job' })], names: [personName('nm-stored')] };
const dead = { ...emptyProfile('pr:old'), firstName: 'Old', birthYear: '1850', death: '1920', spouses: ['pr:wife'], events: [factEvent('ev-o')] };
const wife = { ...emptyProfile('pr:wife'), firstName: 'Wife', birthYear: '1852', spouses: ['pr:old'] };

function change(cs: Partial<ChangeSet>): GraphChangeEvent {
  return { revision: 5, changes: { ...emptyChangeSet(4), ...cs }, clientId: 'tab', actorUid: 'u-owner' };
}

function facts(people: Profile[], affected = people.map((p) => p.id)): EventFacts {
  return { people: new Map(people.map((p) => [p.id, { profile: p, parents: [], children: [] }])), visibilities: new Map(), affected };
}

describe('redactEventForViewer with events, names and couples', () => {
  it('a living person’s events and names are replaced by removals of every item the viewer may hold', () => {
    const patch = { id: 'pr:kid', events: { upsert: [factEvent('ev-new', { description: 'secret' })], remove: [] }, names: { upsert: [personName('nm-new')], remove: [] } };
    const sent = redactEventForViewer(change({ profiles: { upsert: [patch], remove: [] } }), facts([living]), 'u-viewer', YEAR).changes.profiles.upsert[0]!;
    expect(sent.events).toEqual({ upsert: [], remove: ['ev-new', 'ev-stored'] });
    expect(sent.names).toEqual({ upsert: [], remove: ['nm-new', 'nm-stored'] });
  });

  it('a person shown whole carries their events as stored now', () => {
    const patch = { id: 'pr:old', events: { upsert: [], remove: ['ev-gone'] } };
    const sent = redactEventForViewer(change({ profiles: { upsert: [patch], remove: [] } }), facts([dead]), 'u-viewer', YEAR).changes.profiles.upsert[0]!;
    expect(sent.events).toEqual({ upsert: dead.events, remove: ['ev-gone'] });
  });

  it('an events-only patch about someone since deleted sends no event', () => {
    const patch = { id: 'pr:gone', events: { upsert: [factEvent('ev-g', { description: 'secret' })], remove: [] } };
    const out = redactEventForViewer(change({ profiles: { upsert: [patch], remove: [] } }), facts([]), 'u-viewer', YEAR);
    expect(JSON.stringify(out)).not.toContain('secret');
  });

  it.each([
    ['both partners shown whole: the events go', [dead, wife], 1],
    ['a living partner: no events', [dead, { ...wife, birthYear: '1990' }], 0],
    ['a partner no longer there: no events', [dead], 0],
  ] as const)('a couple, %s', (_, people, count) => {
    const c = couple('pr:old', 'pr:wife', [factEvent('ev-m', { type: 'MARR', date: '1875' })]);
    const out = redactEventForViewer(change({ couples: { upsert: [c], remove: [] } }), facts([...people], []), 'u-viewer', YEAR);
    expect(out.changes.couples!.upsert[0]!.events).toHaveLength(count);
  });
});
