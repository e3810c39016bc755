import { describe, expect, it } from 'vitest';
import { emptyProfile } from '../../../src/domain/profile.ts';
import { claimBaseOf, releasedFields, type CardConsent } from '../../../src/domain/save/releaseCards.ts';
import type { Profile } from '../../../src/domain/types.ts';

/**
 * Issue 19 item 4: an account deletion keeps what the tree's editors entered on the member's card
 * and takes back only what the member wrote about themselves, as their consent says.
 */
const stamp = { updatedBy: 'u-rose', updatedAt: '2026-11-27T00:00:00.000Z' };

/** The card as the owner entered it, before Rose claimed it. */
const entered: Profile = { ...emptyProfile('pr:rose'), firstName: 'Rosie', lastName: 'Hopper', gender: 'F', birthYear: '1950', bio: 'Entered by Grace', createdBy: 'u-grace' };
/** The card after Rose claimed it and wrote about herself. */
const claimed: Profile = {
  ...entered,
  id: 'u-rose',
  ownerUid: 'u-rose',
  firstName: 'Rose',
  email: 'rose@example.com',
  bio: 'My own words',
  birthMonth: '06',
  photoURL: '/files/profiles/u-rose/avatar_320.jpg',
  photoURLSmall: '/files/profiles/u-rose/avatar_170.jpg',
};

describe('releasedFields', () => {
  it.each<[string, CardConsent, Profile | null, Partial<Profile>]>([
    [
      'keep-name: her name stays, her bio and month go, the owner\'s birth year, gender and bio stay',
      'keep-name',
      entered,
      { ownerUid: '', email: '', bio: 'Entered by Grace', birthMonth: '', photoURL: '', photoURLSmall: '' },
    ],
    ['remove: the name goes too ("Unnamed"), the owner\'s entries stay', 'remove', entered, { ownerUid: '', firstName: '', lastName: '', email: '', bio: 'Entered by Grace', birthMonth: '', photoURL: '', photoURLSmall: '' }],
    [
      'a card she made herself (no base): everything but the name goes, as before',
      'keep-name',
      null,
      { ownerUid: '', email: '', bio: '', birthMonth: '', birthYear: '', gender: '', photoURL: '', photoURLSmall: '' },
    ],
  ])('%s', (_what, consent, base, set) => {
    expect(releasedFields(claimed, consent, base ? claimBaseOf(base) : undefined, stamp)).toEqual({ ...set, ...stamp });
  });

  it("keeps a field she re-typed as the owner had it (it is the owner's entry either way)", () => {
    const same: Profile = { ...claimed, bio: 'Entered by Grace' };
    expect(releasedFields(same, 'keep-name', claimBaseOf(entered), stamp)).not.toHaveProperty('bio');
  });

  it('never keeps a photo or an e-mail from before the claim: their files go with the account', () => {
    const base = claimBaseOf({ ...entered, email: 'old@example.com', photoURL: '/p.jpg', photoURLSmall: '/s.jpg' });
    expect(releasedFields(claimed, 'keep-name', base, stamp)).toMatchObject({ email: '', photoURL: '', photoURLSmall: '' });
  });
});

describe('claimBaseOf', () => {
  it('holds the personal fields that are set, not ids, owner, stamps or relatives', () => {
    expect(claimBaseOf({ ...entered, children: ['pr:x'], createdAt: 'x', updatedBy: 'u' })).toEqual({ firstName: 'Rosie', lastName: 'Hopper', gender: 'F', birthYear: '1950', bio: 'Entered by Grace' });
  });
});
