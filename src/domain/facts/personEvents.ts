import { AppError } from '../errors.ts';
import { redactProfile, type Visibility } from '../privacy.ts';
import type { Profile } from '../types.ts';
import { packEvents, unpackEvents, type StoredEvent } from './eventCodec.ts';
import type { FactEvent } from './types.ts';

/**
 * Loading people's events after the open (facts/eventsLoading.ts): the one request both backends
 * answer — the self-hosted server's `POST /api/graphs/:graphId/person-events` and the Firebase
 * callable `personEvents` — with the same checks, the same answer and, for a viewer, the same
 * redaction as the open (`redactProfile` by the person's visibility).
 */

/** How many people one request asks for; a tree-wide reader sends several (with progress). */
export const PERSON_EVENTS_BATCH = 2_000;

export const PERSON_EVENTS_MESSAGES = {
  ids: 'ids must be a list of profile ids.',
  tooMany: `At most ${PERSON_EVENTS_BATCH} people at a time.`,
} as const;

const PROFILE_ID = /^[A-Za-z0-9:_-]{1,128}$/;

/** The people a request asks for, each once; invalid-argument for anything else. */
export function checkPersonEventsIds(ids: unknown): string[] {
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && PROFILE_ID.test(id))) throw new AppError('invalid-argument', PERSON_EVENTS_MESSAGES.ids);
  const unique = [...new Set(ids as string[])];
  if (unique.length > PERSON_EVENTS_BATCH) throw new AppError('invalid-argument', PERSON_EVENTS_MESSAGES.tooMany);
  return unique;
}

/**
 * The answer: the graph's revision read before the people (their events are at least that new)
 * and each asked person the graph shows with their events packed (facts/eventCodec.ts); a person
 * without events, or whose events the reader may not see, has []. People the graph does not show
 * are left out.
 */
export interface PersonEventsAnswer {
  revision: number;
  events: Record<string, StoredEvent[]>;
}

/** A person's events as a reader sees them: `visibility` for a viewer (the open's redaction), none for a member who sees everything. */
export function eventsFor(profile: Profile, visibility?: Visibility): FactEvent[] {
  const shown = visibility ? redactProfile(profile, visibility) : profile;
  return shown.events ?? [];
}

export function personEventsAnswer(revision: number, people: Iterable<[string, readonly FactEvent[]]>): PersonEventsAnswer {
  const events: Record<string, StoredEvent[]> = {};
  for (const [id, list] of people) events[id] = packEvents(list);
  return { revision, events };
}

/** The answer as the client reads it: events unpacked; a malformed answer is the backend's failure. */
export function readPersonEventsAnswer(answer: unknown): { revision: number; events: Record<string, FactEvent[]> } {
  const a = answer as Partial<PersonEventsAnswer> | null;
  if (!a || typeof a.revision !== 'number' || !a.events || typeof a.events !== 'object') throw new AppError('internal', 'The events the server sent could not be read.');
  const events: Record<string, FactEvent[]> = {};
  for (const id in a.events) events[id] = unpackEvents(a.events[id]!);
  return { revision: a.revision, events };
}
