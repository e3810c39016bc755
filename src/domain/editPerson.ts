import type { Graph, Profile } from './types.ts';
import { GraphDraft } from './graphDraft.ts';
import { normaliseEmail } from './validation/auth.ts';
import { PERSONAL_FIELDS, RELATION_FIELDS, withReplacedDateTexts, type ProfileScalars } from './profile.ts';
import { RELATIONSHIP_MESSAGES, type Outcome } from './relationships.ts';
import { PROFILE_MESSAGES, padDatePart } from './validation/profile.ts';

/** Edit Person (§4): saving a person's fields and linking a card to an existing profile. */

export const EDIT_PERSON_MESSAGES = {
  noProfileWithEmail: PROFILE_MESSAGES.noProfileWithEmail,
  ownProfileRelink: 'Your own profile cannot be re-linked',
  profileOnTree: 'That profile is already on the tree',
} as const;

export type PersonFields = Partial<Omit<ProfileScalars, 'createdBy' | 'createdAt' | 'updatedBy' | 'updatedAt' | 'ownerUid'>>;

/** Trims every field and pads one-digit birth month and day, the way they are stored. */
export function normalisePersonFields(fields: PersonFields): PersonFields {
  const out: PersonFields = {};
  for (const key of Object.keys(fields) as (keyof PersonFields)[]) {
    if (!PERSONAL_FIELDS.includes(key)) continue;
    const v = (fields[key] ?? '').trim();
    (out as Record<string, string>)[key] = key === 'birthMonth' || key === 'birthDay' ? padDatePart(v) : key === 'email' ? normaliseEmail(v) : v;
  }
  return out;
}

/**
 * Saves edited fields of the person on a card, stamping updatedBy and updatedAt. Owner and
 * creation fields cannot be changed here. A birth or death date typed in replaces the imported
 * date kept as written. Validate with `validateProfileForm` first.
 */
export function savePerson(graph: Graph, input: { nodeId: string; fields: PersonFields; uid: string; now: string }): Outcome {
  const draft = new GraphDraft(graph);
  const node = draft.node(input.nodeId);
  if (!node) return { ok: false, message: RELATIONSHIP_MESSAGES.unknownPerson };
  const profile = draft.profile(node.data.profileId);
  if (!profile) return { ok: false, message: RELATIONSHIP_MESSAGES.unknownProfile };
  draft.setProfile({ ...profile, ...withReplacedDateTexts(profile, normalisePersonFields(input.fields)), updatedBy: input.uid, updatedAt: input.now });
  return { ok: true, ...draft.finish() };
}

/** Link by e-mail: the profile whose e-mail matches exactly, ignoring case and outer spaces. */
export function findProfileByEmail(profiles: Record<string, Profile>, email: string): Profile | null {
  const wanted = normaliseEmail(email);
  if (!wanted) return null;
  for (const id in profiles) {
    const p = profiles[id]!;
    if (p.email && normaliseEmail(p.email) === wanted) return p;
  }
  return null;
}

/**
 * Points a card at another existing profile. Linking a card to the profile it already shows is
 * ignored (`linked: false`, no change). The primary card and the card showing the member's own
 * profile cannot be re-linked, and a profile already shown by another card is refused (one card
 * per profile). The card's relationships move with it: every parent, child and spouse link of the
 * old profile now belongs to the new one. The old profile stays, without links, so it can be
 * linked again. The new profile gets updatedBy and updatedAt.
 */
export function linkNodeToProfile(
  graph: Graph,
  input: { nodeId: string; profileId: string; ownUid: string; uid: string; now: string },
): Outcome<{ linked: boolean }> {
  const draft = new GraphDraft(graph);
  const node = draft.node(input.nodeId);
  if (!node) return { ok: false, message: RELATIONSHIP_MESSAGES.unknownPerson };
  const oldId = node.data.profileId;
  if (input.profileId === oldId) return { ok: true, ...draft.finish(), linked: false };
  if (node.data.isPrimary || oldId === input.ownUid) return { ok: false, message: EDIT_PERSON_MESSAGES.ownProfileRelink };
  const target = draft.profile(input.profileId);
  if (!target) return { ok: false, message: RELATIONSHIP_MESSAGES.unknownProfile };
  if (draft.nodeShowing(input.profileId)) return { ok: false, message: EDIT_PERSON_MESSAGES.profileOnTree };

  const old = oldId ? draft.profile(oldId) : undefined;
  const moved: Profile = { ...target, updatedBy: input.uid, updatedAt: input.now };
  if (old) {
    for (const field of RELATION_FIELDS) {
      const mirror = field === 'spouses' ? 'spouses' : field === 'parents' ? 'children' : 'parents';
      for (const otherId of old[field]) {
        if (otherId === input.profileId) continue;
        if (!moved[field].includes(otherId)) moved[field] = [...moved[field], otherId];
        const other = draft.profile(otherId);
        if (!other) continue;
        const list = other[mirror].filter((x) => x !== oldId);
        if (!list.includes(input.profileId)) list.push(input.profileId);
        draft.setProfile({ ...other, [mirror]: list });
      }
    }
    draft.setProfile({ ...draft.profile(oldId)!, spouses: [], parents: [], children: [] });
    for (const field of RELATION_FIELDS) moved[field] = moved[field].filter((x) => x !== oldId);
  }
  draft.setProfile(moved);
  draft.setNode({ ...node, modifiedAt: input.now, data: { ...node.data, profileId: input.profileId } });
  return { ok: true, ...draft.finish(), linked: true };
}
