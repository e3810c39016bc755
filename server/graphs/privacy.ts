import type { GraphChangeEvent } from '../../src/backend/ports.ts';
import type { ChangeSet, ProfilePatch } from '../../src/domain/changeSet.ts';
import { groupOf } from '../../src/domain/entityKinds.ts';
import {
  BIRTH_FIELDS,
  DEFAULT_VIEWER_VISIBILITY,
  hiddenItems,
  nameWithoutCitations,
  redactCouple,
  showsEvents,
  showsNames,
  isVisibility,
  NO_RELATIVES,
  patchPrivacy,
  personPrivacy,
  redactPatch,
  redactProfile,
  type Dated,
  type PrivacyContext,
  type PrivacyReason,
  type Relatives,
  type Visibility,
} from '../../src/domain/privacy.ts';
import { SCALAR_FIELDS, type ProfileScalars } from '../../src/domain/profile.ts';
import type { Graph, Profile } from '../../src/domain/types.ts';
import type { Queryable } from '../db/database.ts';

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

export function ownersIn(profiles: Iterable<Profile>): string[] {
  const out = new Set<string>();
  for (const p of profiles) if (p.ownerUid) out.add(p.ownerUid);
  return [...out];
}

type WithRelatives = { profile: Profile } & Relatives;

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
  return new Map(rows.map((r) => [r.id, { profile: { ...r.data, id: r.id }, parents: r.parents, children: r.children }]));
}

/** What one applied change set means for privacy: the people it may have made (not) private. */
export interface EventFacts {
  /** The people it touches (and parents it may affect) that exist now, as stored now. */
  people: Map<string, WithRelatives>;
  /** What the members who claimed them (also those a patch names) let viewers see; only existing accounts. */
  visibilities: Map<string, Visibility>;
  /** Profiles to send whole to a viewer: the touched ones and the parents and children of a changed birth. */
  affected: string[];
}

/**
 * Reads, for one event, what redacting it needs. The state read is the one stored now (maybe
 * after later revisions): each field a viewer receives is at least as new as the event, and the
 * later events carry the same values again. Whatever the event touches that no longer exists is
 * redacted from the event alone (`patchPrivacy`); only the choice of a member it names is read.
 */
export async function eventFacts(q: Queryable, event: GraphChangeEvent): Promise<EventFacts | null> {
  const touched = event.changes.profiles.upsert.map((p) => p.id);
  // A couple's events go to a viewer only when both partners show whole: read them as they are now.
  const partners = groupOf(event.changes, 'couples').upsert.flatMap((c) => (c.events.length || c.note || c.citations?.length ? c.partners : []));
  if (!touched.length && !partners.length) return null;
  const first = await profilesWithRelatives(q, [...touched, ...partners]);
  // A birth (or a new person) can end the "living" presumption of their parents and children.
  const parents = event.changes.profiles.upsert
    .filter((p) => p.create || BIRTH_FIELDS.some((f) => p.set && f in p.set))
    .flatMap((p) => [...(first.get(p.id)?.profile.parents ?? []), ...(first.get(p.id)?.profile.children ?? [])])
    .filter((id) => !first.has(id));
  const people = parents.length ? new Map([...first, ...(await profilesWithRelatives(q, parents))]) : first;
  if (!touched.length) {
    const visibilities = await viewerVisibilities(q, ownersIn([...people.values()].map((x) => x.profile)));
    return { people, visibilities, affected: [] };
  }
  const named = event.changes.profiles.upsert.flatMap((p) => (p.set?.ownerUid ? [p.set.ownerUid] : []));
  const visibilities = await viewerVisibilities(q, [...ownersIn([...people.values()].map((x) => x.profile)), ...named]);
  return { people, visibilities, affected: [...new Set([...touched, ...parents])].filter((id) => people.has(id)) };
}

function scalarsOf(p: Profile): Partial<ProfileScalars> {
  const set: Partial<ProfileScalars> = {};
  for (const f of SCALAR_FIELDS) (set as Record<string, string>)[f] = p[f] ?? '';
  return set;
}

/**
 * The event as `viewerUid` may receive it: every profile it touches that exists now (and every
 * parent whose "living" presumption it may change) carries all its plain fields as the viewer may
 * see them now, so a person becoming visible or private is right without a reload; a patch about
 * someone who no longer exists (or whom the event removes) is redacted by what the patch itself
 * proves (`patchPrivacy`: living and private unless it shows otherwise). `privacy` says who is
 * private now and why (null: no longer). Lists, cards and lines pass unchanged.
 */
export function redactEventForViewer(event: GraphChangeEvent, facts: EventFacts | null, viewerUid: string, currentYear: number): GraphChangeEvent {
  if (!facts) return event;
  const ctx: PrivacyContext = {
    audienceUid: viewerUid,
    currentYear,
    visibilityOf: (uid) => facts.visibilities.get(uid) ?? DEFAULT_VIEWER_VISIBILITY,
  };
  // A member whose account is gone leaves no choice to follow for a card that is gone too.
  const goneCtx: PrivacyContext = { ...ctx, visibilityOf: (uid) => facts.visibilities.get(uid) ?? 'private' };
  const privacy: Record<string, PrivacyReason | null> = {};
  const whole = new Map<string, Partial<ProfileScalars>>();
  /** The events and names each affected person's patch carries to the viewer, from their state now. */
  const parts = new Map<string, Pick<ProfilePatch, 'events' | 'names'>>();
  const removed = new Set(event.changes.profiles.remove);
  const patchOf = new Map(event.changes.profiles.upsert.map((p) => [p.id, p]));
  for (const id of facts.affected) {
    if (removed.has(id)) continue;
    const { profile, ...relatives } = facts.people.get(id)!;
    const seen = personPrivacy(profile, relatives, ctx);
    privacy[id] = seen.reason;
    whole.set(id, scalarsOf(redactProfile(profile, seen.visibility)));
    parts.set(id, partsFor(profile, patchOf.get(id), seen.visibility));
  }
  const seesWhole = (pid: string) => {
    const found = facts.people.get(pid);
    return !!found && personPrivacy(found.profile, found, ctx).visibility === 'everything';
  };
  const upsert: ProfilePatch[] = event.changes.profiles.upsert.map((p) => {
    const set = whole.get(p.id);
    if (set) return { ...p, set, ...parts.get(p.id) };
    // Lists only: nothing personal to hide (lists pass to viewers as in the load).
    if (!p.set && !p.events && !p.names) return p;
    const seen = patchPrivacy(p, goneCtx);
    privacy[p.id] = seen.reason;
    return redactPatch(p, seen.visibility);
  });
  for (const [id, set] of whole) {
    if (!upsert.some((p) => p.id === id)) upsert.push({ id, set, ...parts.get(id) });
  }
  const changes: ChangeSet = { ...event.changes, profiles: { ...event.changes.profiles, upsert } };
  const couples = event.changes.couples;
  if (couples) changes.couples = { ...couples, upsert: couples.upsert.map((c) => redactCouple(c, seesWhole)) };
  return { ...event, changes, privacy };
}

/**
 * A person's events and names as a viewer receives them with a patch: the whole list as stored
 * now when the visibility shows it (so someone becoming visible is right without a reload), else
 * every item they might hold removed.
 */
function partsFor(profile: Profile, patch: ProfilePatch | undefined, visibility: Visibility): Pick<ProfilePatch, 'events' | 'names'> {
  const out: Pick<ProfilePatch, 'events' | 'names'> = {};
  const events = profile.events ?? [];
  const names = profile.names ?? [];
  if (events.length || patch?.events) out.events = showsEvents(visibility) ? { upsert: events, remove: patch?.events?.remove ?? [] } : hiddenItems(patch?.events, events);
  const shownNames = showsEvents(visibility) ? names : names.map(nameWithoutCitations);
  if (names.length || patch?.names) out.names = showsNames(visibility) ? { upsert: shownNames, remove: patch?.names?.remove ?? [] } : hiddenItems(patch?.names, names);
  return out;
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
