import { hasFactParts, type ChangeSet, type ProfilePatch } from './changeSet.ts';
import { groupOf } from './entityKinds.ts';
import {
  BIRTH_FIELDS,
  DEFAULT_VIEWER_VISIBILITY,
  hiddenItems,
  nameWithoutCitations,
  patchPrivacy,
  personPrivacy,
  redactCouple,
  redactMedia,
  redactPatch,
  redactProfile,
  showsEvents,
  showsNames,
  type PrivacyContext,
  type PrivacyReason,
  type Relatives,
  type Visibility,
} from './privacy.ts';
import { SCALAR_FIELDS, type ProfileScalars } from './profile.ts';
import type { Profile } from './types.ts';

/**
 * A live change as a viewer receives it, for the self-hosted server's event stream
 * (server/routes/events.ts) and the Cloud Function that writes viewers' copies of the change log
 * (functions/src/viewerLog.ts) alike. Each backend reads the facts (`EventFacts`) its own way.
 */

export type WithRelatives = { profile: Profile } & Relatives;

/** An applied change as a live stream carries it (the ports' GraphChangeEvent). */
export interface LiveChange {
  revision: number;
  changes: ChangeSet;
  clientId: string;
  actorUid: string;
  privacy?: Record<string, PrivacyReason | null>;
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

/** How a backend reads the state a change's redaction needs (SQL on the server, Firestore in the functions). */
export interface EventFactsReader {
  /** Profiles as stored now, each with its parents' and children's dates; ids that do not exist are left out. */
  profilesWithRelatives(ids: readonly string[]): Promise<Map<string, WithRelatives>>;
  /** What these members let viewers see; only existing accounts. */
  visibilities(uids: readonly string[]): Promise<Map<string, Visibility>>;
}

/** The members who claimed these profiles. */
export function ownersIn(profiles: Iterable<Profile>): string[] {
  const out = new Set<string>();
  for (const p of profiles) if (p.ownerUid) out.add(p.ownerUid);
  return [...out];
}

/**
 * Reads, for one change set, what redacting it for viewers needs: the one rule both backends
 * follow (server/graphs/privacy.ts and functions/src/viewerLog.ts each only read). The state read
 * is the one stored now (maybe after later revisions): each field a viewer receives is at least
 * as new as the change, and later changes carry the same values again. Whatever the change
 * touches that no longer exists is redacted from the change alone (`patchPrivacy`); only the
 * choice of a member it names is read.
 */
export async function readEventFacts(changes: ChangeSet, read: EventFactsReader): Promise<EventFacts | null> {
  const touched = changes.profiles.upsert.map((p) => p.id);
  // A couple's events, note and citations go to a viewer only when both partners show whole: read them as they are now.
  const partners = [
    ...groupOf(changes, 'couples').upsert.flatMap((c) => (c.events.length || c.note || c.citations?.length ? c.partners : [])),
    // A photo goes to a viewer only when everyone in it shows whole.
    ...groupOf(changes, 'media').upsert.flatMap((m) => m.people),
  ];
  if (!touched.length && !partners.length) return null;
  const first = await read.profilesWithRelatives([...touched, ...partners]);
  // A birth (or a new person) can end the "living" presumption of their parents and children.
  const relatives = changes.profiles.upsert
    .filter((p) => p.create || BIRTH_FIELDS.some((f) => p.set && f in p.set))
    .flatMap((p) => [...(first.get(p.id)?.profile.parents ?? []), ...(first.get(p.id)?.profile.children ?? [])])
    .filter((id) => !first.has(id));
  const people = relatives.length ? new Map([...first, ...(await read.profilesWithRelatives(relatives))]) : first;
  const named = changes.profiles.upsert.flatMap((p) => (p.set?.ownerUid ? [p.set.ownerUid] : []));
  const visibilities = await read.visibilities([...ownersIn([...people.values()].map((x) => x.profile)), ...named]);
  const affected = touched.length ? [...new Set([...touched, ...relatives])].filter((id) => people.has(id)) : [];
  return { people, visibilities, affected };
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
export function redactEventForViewer<E extends LiveChange>(event: E, facts: EventFacts | null, viewerUid: string, currentYear: number): E {
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
  const parts = new Map<string, Pick<ProfilePatch, 'events' | 'names' | 'citations'>>();
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
    if (!p.set && !hasFactParts(p)) return p;
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
  const media = event.changes.media;
  if (media) changes.media = { ...media, upsert: media.upsert.map((m) => redactMedia(m, seesWhole)) };
  return { ...event, changes, privacy };
}

/**
 * A person's events and names as a viewer receives them with a patch: the whole list as stored
 * now when the visibility shows it (so someone becoming visible is right without a reload), else
 * every item they might hold removed.
 */
function partsFor(profile: Profile, patch: ProfilePatch | undefined, visibility: Visibility): Pick<ProfilePatch, 'events' | 'names' | 'citations'> {
  const out: Pick<ProfilePatch, 'events' | 'names' | 'citations'> = {};
  const events = profile.events ?? [];
  const citations = profile.citations ?? [];
  if (citations.length || patch?.citations) out.citations = showsEvents(visibility) ? { upsert: citations, remove: patch?.citations?.remove ?? [] } : hiddenItems(patch?.citations, citations);
  const names = profile.names ?? [];
  if (events.length || patch?.events) out.events = showsEvents(visibility) ? { upsert: events, remove: patch?.events?.remove ?? [] } : hiddenItems(patch?.events, events);
  // A name shown without the person's details loses its citations (they are evidence of the details).
  const shownNames = showsEvents(visibility) ? names : names.map(nameWithoutCitations);
  if (names.length || patch?.names) out.names = showsNames(visibility) ? { upsert: shownNames, remove: patch?.names?.remove ?? [] } : hiddenItems(patch?.names, names);
  return out;
}

