import type { GraphChangeEvent } from '../../src/backend/ports.ts';
import {
  DEFAULT_VIEWER_VISIBILITY,
  isVisibility,
  NO_RELATIVES,
  personPrivacy,
  redactProfile,
  type Dated,
  type PrivacyContext,
  type Relatives,
  type Visibility,
} from '../../src/domain/privacy.ts';
import type { Graph, Profile } from '../../src/domain/types.ts';
import type { Queryable } from '../db/database.ts';
import { storedProfile } from './store.ts';
import { ownersIn, readEventFacts, type EventFacts, type WithRelatives } from '../../src/domain/privacyEvents.ts';

export { redactEventForViewer, type EventFacts } from '../../src/domain/privacyEvents.ts';

/**
 * The server's side of the privacy rule (src/domain/privacy.ts): the facts it needs from the
 * database (what each claiming member lets viewers see, the children's birth years) and the
 * redaction of live events for viewers. The whole-graph redaction is the domain's `redactGraph`.
 */

/** What each of these members lets viewers see of the cards they claimed. */
export async function viewerVisibilities(q: Queryable, uids: readonly string[]): Promise<Map<string, Visibility>> {
  const wanted = [...new Set(uids.filter(Boolean))];
  if (!wanted.length) return new Map();
  const rows = await q.query<{ uid: string; viewer_visibility: string }>('SELECT uid, viewer_visibility FROM users WHERE uid = ANY($1::text[])', [wanted]);
  return new Map(rows.map((r) => [r.uid, isVisibility(r.viewer_visibility) ? r.viewer_visibility : DEFAULT_VIEWER_VISIBILITY]));
}

/** A context for `audienceUid` over people claimed by these owners. A member who left keeps the default. */
export async function privacyContext(q: Queryable, audienceUid: string, ownerUids: readonly string[], now: Date): Promise<PrivacyContext> {
  const visibilities = await viewerVisibilities(q, ownerUids);
  return {
    audienceUid,
    currentYear: now.getUTCFullYear(),
    visibilityOf: (uid) => visibilities.get(uid) ?? DEFAULT_VIEWER_VISIBILITY,
  };
}

/** The dates of the profiles a profile's list (`parents` or `children`) names, as JSON. */
const datesOf = (list: 'parents' | 'children') =>
  `coalesce((SELECT json_agg(json_build_object('birthYear', coalesce(c.data->>'birthYear', ''), 'death', coalesce(c.data->>'death', ''),
                                               'birthDateText', coalesce(c.data->>'birthDateText', ''), 'deathDateText', coalesce(c.data->>'deathDateText', '')))
              FROM profiles c WHERE c.id IN (SELECT jsonb_array_elements_text(coalesce(p.data->'${list}', '[]')))), '[]')`;

/** Profiles as stored now, each with its parents' and children's dates (for the living rule). */
export async function profilesWithRelatives(q: Queryable, ids: readonly string[]): Promise<Map<string, WithRelatives>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await q.query<{ id: string; data: Profile; parents: Dated[]; children: Dated[] }>(
    `SELECT p.id, p.data, ${datesOf('parents')} AS parents, ${datesOf('children')} AS children
       FROM profiles p WHERE p.id = ANY($1::text[])`,
    [wanted],
  );
  return new Map(rows.map((r) => [r.id, { profile: storedProfile(r.id, r.data), parents: r.parents, children: r.children }]));
}

/** What redacting one event for viewers needs (the domain's `readEventFacts`), read from SQL. */
export function eventFacts(q: Queryable, event: GraphChangeEvent): Promise<EventFacts | null> {
  return readEventFacts(event.changes, { profilesWithRelatives: (ids) => profilesWithRelatives(q, ids), visibilities: (uids) => viewerVisibilities(q, uids) });
}

/** Whether a viewer may see this person's photo (the avatar route). */
export async function viewerSeesWhole(q: Queryable, profile: Profile, viewerUid: string, now: Date): Promise<boolean> {
  const ctx = await privacyContext(q, viewerUid, ownersIn([profile]), now);
  return personPrivacy(profile, await relativesOf(q, profile), ctx).visibility === 'everything';
}

/** A profile as a viewer may read it (GET /api/profiles/:id). */
export async function profileForViewer(q: Queryable, profile: Profile, viewerUid: string, now: Date): Promise<Profile> {
  const ctx = await privacyContext(q, viewerUid, ownersIn([profile]), now);
  return redactProfile(profile, personPrivacy(profile, await relativesOf(q, profile), ctx).visibility);
}

async function relativesOf(q: Queryable, profile: Profile): Promise<Relatives> {
  const found = (await profilesWithRelatives(q, [profile.id])).get(profile.id);
  return found ? { parents: found.parents, children: found.children } : NO_RELATIVES;
}

export function graphOwners(graph: Graph): string[] {
  return ownersIn(Object.values(graph.profiles));
}
