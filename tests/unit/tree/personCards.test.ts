import { describe, expect, it } from 'vitest';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { GraphNode, Profile } from '../../../src/domain/types.ts';
import { personCardData } from '../../../src/screens/tree/canvas/personCards.ts';

const node = (isPrimary = false): GraphNode => ({
  id: 'n1002', type: 'person', position: { x: 0, y: 0 }, modifiedAt: '', hidden: false,
  data: { profileId: 'pr:a', parentRole: '', isPrimary },
});
const profile = (p: Partial<Profile> = {}): Profile => ({ ...emptyProfile('pr:a'), firstName: 'ada', lastName: 'KING', gender: 'F', ...p });
const options = (o: { invitationsEnabled?: boolean; compact?: boolean } = {}) => ({
  invitationsEnabled: o.invitationsEnabled ?? true,
  compact: o.compact ?? false,
});

describe('person card (§2)', () => {
  it('shows the capitalised name, the birth label and the gender', () => {
    const d = personCardData(node(), profile({ birthYear: '1931', birthMonth: '04' }), options(), false);
    expect(d.title).toBe('Ada King');
    expect(d.lines).toEqual(['Born 1931-04', 'Female']);
  });

  it("falls back to 'Unnamed' without a profile", () => {
    expect(personCardData(node(), undefined, options(), false).title).toBe('Unnamed');
  });

  it('draws the photo when there is one, else the generated default avatar', () => {
    expect(personCardData(node(), profile({ photoURLSmall: '/files/x/avatar_170.webp?v=1' }), options(), false).image).toBe('/files/x/avatar_170.webp?v=1');
    expect(personCardData(node(), profile(), options(), false).image).toMatch(/^data:image\/svg\+xml/);
    expect(personCardData(node(), undefined, options(), false).image).toMatch(/^data:image\/svg\+xml/);
  });

  it('hides the bio in compact mode', () => {
    expect(personCardData(node(), profile({ bio: 'Baker' }), options(), false).detail).toBe('Baker');
    expect(personCardData(node(), profile({ bio: 'Baker' }), options({ compact: true }), false).compact).toBe(true);
  });

  it.each([
    ['invitations on, no e-mail, related, not primary', node(), profile(), options(), true, ['invite', 'addRelative', 'unlink', 'delete', 'details']],
    ['invitations off', node(), profile(), options({ invitationsEnabled: false }), false, ['addRelative', 'delete', 'details']],
    ['a linked e-mail: no Invite', node(), profile({ email: 'a@b.co' }), options(), false, ['addRelative', 'delete', 'details']],
    ['the primary person: no Delete', node(true), profile(), options(), true, ['invite', 'addRelative', 'unlink', 'details']],
  ])('buttons: %s', (_n, n, p, o, related, ids) => {
    expect(personCardData(n, p, o, related).buttons!.map((b) => b.id)).toEqual(ids);
  });

  it('Delete is disabled for a card without a profile', () => {
    const del = personCardData(node(), undefined, options(), false).buttons!.find((b) => b.id === 'delete');
    expect(del?.disabled).toBe(true);
  });
});
