import { describe, expect, it } from 'vitest';
import type { GraphChangeEvent } from '../../../src/backend/ports.ts';
import { emptyChangeSet, type ProfilePatch } from '../../../src/domain/changeSet.ts';
import { PRIVATE_NAME, type Visibility } from '../../../src/domain/privacy.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Profile } from '../../../src/domain/types.ts';
import { redactEventForViewer, type EventFacts } from '../../../server/graphs/privacy.ts';

/**
 * `redactEventForViewer` over facts read from the database: a patch about someone who exists now
 * carries their redacted current fields; one about someone who no longer exists (no facts for
 * them) is redacted from the patch alone, never passed on as written.
 */
const YEAR = 2026;

function event(upsert: ProfilePatch[], remove: string[] = []): GraphChangeEvent {
  const changes = emptyChangeSet(4);
  changes.profiles.upsert = upsert;
  changes.profiles.remove = remove;
  return { revision: 5, changes, clientId: 'tab', actorUid: 'u-owner' };
}

function facts(people: Profile[], visibilities: Record<string, Visibility> = {}): EventFacts {
  return {
    people: new Map(people.map((p) => [p.id, { profile: p, parents: [], children: [] }])),
    visibilities: new Map(Object.entries(visibilities)),
    affected: people.map((p) => p.id),
  };
}

const lena = { firstName: 'Lena', lastName: 'Hopper', birthYear: '1994', bio: 'bees' };

describe('redactEventForViewer', () => {
  it.each<[string, ProfilePatch, Record<string, Visibility>, Partial<Profile> | 'unchanged', string | null | undefined]>([
    ['a deleted living person, as created', { id: 'pr:gone', create: true, set: lena }, {}, { firstName: PRIVATE_NAME, lastName: '', birthYear: '', bio: '' }, 'living'],
    ['a bio given to someone since deleted', { id: 'pr:gone', set: { bio: 'bees' } }, {}, { firstName: PRIVATE_NAME, bio: '' }, 'living'],
    ['a death recorded for someone since deleted', { id: 'pr:gone', set: { death: '2001', bio: 'bees' } }, {}, 'unchanged', null],
    ['a member’s card since gone, the member showing their name', { id: 'pr:gone', create: true, set: { ...lena, ownerUid: 'u-lena' } }, { 'u-lena': 'name' }, { firstName: 'Lena', lastName: 'Hopper', bio: '', birthYear: '' }, 'member-choice'],
    ['a member’s card since gone, the account gone too', { id: 'pr:gone', create: true, set: { ...lena, ownerUid: 'u-left' } }, {}, { firstName: PRIVATE_NAME, bio: '' }, 'member-choice'],
    ['the viewer’s own card, since gone', { id: 'pr:gone', create: true, set: { ...lena, ownerUid: 'u-viewer' } }, {}, 'unchanged', null],
    ['lists only, about someone since deleted', { id: 'pr:gone', add: { parents: ['pr:p'] } }, {}, 'unchanged', undefined],
  ])('%s', (_name, patch, visibilities, expected, reason) => {
    const out = redactEventForViewer(event([patch]), facts([], visibilities), 'u-viewer', YEAR);
    const sent = out.changes.profiles.upsert[0]!;
    if (expected === 'unchanged') expect(sent).toEqual(patch);
    else expect(sent.set).toMatchObject(expected);
    expect(out.privacy?.['pr:gone']).toBe(reason);
  });

  it('a person who exists now carries their current fields as the viewer may see them', () => {
    const mary = { ...emptyProfile('pr:mary'), firstName: 'Mary', bio: 'now', birthYear: '1990' };
    const out = redactEventForViewer(event([{ id: 'pr:mary', set: { bio: 'then' } }]), facts([mary]), 'u-viewer', YEAR);
    expect(out.changes.profiles.upsert[0]!.set).toMatchObject({ firstName: PRIVATE_NAME, bio: '', birthYear: '' });
    expect(out.privacy).toEqual({ 'pr:mary': 'living' });
  });

  it('a person the event itself removes is redacted from the patch, not from what is stored', () => {
    const dead = { ...emptyProfile('pr:x'), firstName: 'X', death: '1999' };
    const out = redactEventForViewer(event([{ id: 'pr:x', set: { bio: 'bees' } }], ['pr:x']), facts([dead]), 'u-viewer', YEAR);
    expect(out.changes.profiles.upsert).toHaveLength(1);
    expect(out.changes.profiles.upsert[0]!.set).toMatchObject({ firstName: PRIVATE_NAME, bio: '' });
  });
});
