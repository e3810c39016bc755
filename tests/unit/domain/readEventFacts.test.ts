import { describe, expect, it } from 'vitest';
import { emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { readEventFacts, type WithRelatives } from '../../../src/domain/privacyEvents.ts';
import type { Visibility } from '../../../src/domain/privacy.ts';
import type { Profile } from '../../../src/domain/types.ts';
import { couple, event as factEvent } from './factsFixtures.ts';

/**
 * `readEventFacts`: which stored facts redacting a change for viewers needs, the one rule the
 * self-hosted server (SQL) and the Cloud Functions (Firestore) both read by (issue 21, item 5).
 */

const stored: Profile[] = [
  { ...emptyProfile('pr:mum'), children: ['pr:kid'] },
  { ...emptyProfile('pr:kid'), parents: ['pr:mum'], children: ['pr:baby'], ownerUid: 'u-kid' },
  { ...emptyProfile('pr:baby'), parents: ['pr:kid'] },
  { ...emptyProfile('pr:a'), spouses: ['pr:b'] },
  { ...emptyProfile('pr:b'), spouses: ['pr:a'], ownerUid: 'u-b' },
];

function reader() {
  const asked: string[][] = [];
  const askedUids: string[] = [];
  const byId = new Map(stored.map((p) => [p.id, p]));
  return {
    asked,
    askedUids,
    read: {
      async profilesWithRelatives(ids: readonly string[]) {
        asked.push([...ids].sort());
        return new Map(ids.flatMap((id): [string, WithRelatives][] => (byId.has(id) ? [[id, { profile: byId.get(id)!, parents: [], children: [] }]] : [])));
      },
      async visibilities(uids: readonly string[]) {
        askedUids.push(...uids);
        return new Map(uids.map((u): [string, Visibility] => [u, 'name']));
      },
    },
  };
}

const change = (cs: Partial<ChangeSet>): ChangeSet => ({ ...emptyChangeSet(1), ...cs });
const married = couple('pr:a', 'pr:b', []);

describe('readEventFacts', () => {
  it.each([
    ['nothing personal (cards only)', change({}), null, null],
    ['a couple with no events, note or citations', change({ couples: { upsert: [married], remove: [] } }), null, null],
    ['a couple with events: both partners', change({ couples: { upsert: [{ ...married, events: [factEvent('ev-m', { type: 'MARR' })] }], remove: [] } }), [['pr:a', 'pr:b']], []],
    ['a couple with only a note: both partners', change({ couples: { upsert: [{ ...married, note: 'Met at the fair' }], remove: [] } }), [['pr:a', 'pr:b']], []],
    ['a couple with only citations: both partners', change({ couples: { upsert: [{ ...married, citations: [{ id: 'ci-1', sourceId: 'so-1' }] as never }], remove: [] } }), [['pr:a', 'pr:b']], []],
    ['a name changed: that person', change({ profiles: { upsert: [{ id: 'pr:kid', set: { firstName: 'K' } }], remove: [] } }), [['pr:kid']], ['pr:kid']],
    ['a birth changed: the person, then their parents and children', change({ profiles: { upsert: [{ id: 'pr:kid', set: { birthYear: '1990' } }], remove: [] } }), [['pr:kid'], ['pr:baby', 'pr:mum']], ['pr:kid', 'pr:mum', 'pr:baby']],
    ['a person since deleted: read, not affected', change({ profiles: { upsert: [{ id: 'pr:gone', set: { firstName: 'G' } }], remove: [] } }), [['pr:gone']], []],
  ] as const)('%s', async (_, changes, reads, affected) => {
    const r = reader();
    const facts = await readEventFacts(changes, r.read);
    expect(r.asked).toEqual(reads ?? []);
    if (affected === null) expect(facts).toBeNull();
    else expect(facts!.affected).toEqual(affected);
  });

  it('reads the choices of the members who claimed the people read, and of a member a patch names', async () => {
    const r = reader();
    await readEventFacts(change({ profiles: { upsert: [{ id: 'pr:a', set: { ownerUid: 'u-new' } }], remove: [] }, couples: { upsert: [{ ...married, note: 'n' }], remove: [] } }), r.read);
    expect(r.askedUids.sort()).toEqual(['u-b', 'u-new']);
  });
});
