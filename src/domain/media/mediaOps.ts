import { FactsDraft, type FactsOutcome } from '../facts/factsResult.ts';
import { coupleId } from '../facts/types.ts';
import type { Graph } from '../types.ts';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from './limits.ts';
import { mediaShapeProblem } from './model.ts';
import type { Media } from './types.ts';

/**
 * Photos and documents as graph operations (undoable like every facts operation): the record is
 * added once its files are stored, its words and people edited, or removed. The files of a removed
 * record stay stored (an Undo brings the record back with them).
 */

/** 'm' + 12 base-36 characters: a media id is a storage folder's name (`isMediaId`). */
export function newMediaId(random: () => number): string {
  let s = 'm';
  for (let i = 0; i < 12; i++) s += Math.floor(random() * 36).toString(36);
  return s;
}

/** What a member types about a photo or document. */
export interface MediaFields {
  title: string;
  date: string;
  description: string;
  people: string[];
}

/**
 * The couples a photo of these people belongs to: every pair of spouses in it (a wedding photo of
 * both spouses belongs to their couple too).
 */
export function couplesIn(graph: Pick<Graph, 'profiles'>, people: readonly string[]): string[] {
  const ids = new Set(people);
  const out: string[] = [];
  for (const a of people) for (const b of graph.profiles[a]?.spouses ?? []) if (a < b && ids.has(b)) out.push(coupleId(a, b));
  return out;
}

function cleaned(graph: Graph, fields: MediaFields): Pick<Media, 'title' | 'date' | 'description' | 'people' | 'couples'> | string {
  const people = [...new Set(fields.people)].filter((id) => Object.hasOwn(graph.profiles, id));
  if (!people.length) return MEDIA_MESSAGES.noPerson;
  return {
    title: fields.title.trim().slice(0, MEDIA_LIMITS.title),
    date: fields.date.trim().replace(/\s+/g, ' '),
    description: fields.description.trim(),
    people,
    couples: couplesIn(graph, people),
  };
}

/** Adds a record whose files were just stored (`stored`: its URLs, type and bytes). */
export function addMedia(
  graph: Graph,
  id: string,
  kind: Media['kind'],
  fields: MediaFields,
  stored: Pick<Media, 'url' | 'thumb' | 'thumbSmall' | 'contentType' | 'bytes'>,
): FactsOutcome<{ media: Media }> {
  const words = cleaned(graph, fields);
  if (typeof words === 'string') return { ok: false, message: words };
  const media: Media = { id, kind, ...words, ...stored };
  const problem = mediaShapeProblem(media);
  if (problem) return { ok: false, message: problem };
  const draft = new FactsDraft(graph);
  draft.setMedia(media);
  return { ok: true, ...draft.finish(), media };
}

export function editMedia(graph: Graph, id: string, fields: MediaFields): FactsOutcome<{ media: Media }> {
  const before = graph.media?.[id];
  if (!before) return { ok: false, message: MEDIA_MESSAGES.notFound };
  const words = cleaned(graph, fields);
  if (typeof words === 'string') return { ok: false, message: words };
  const media: Media = { ...before, ...words };
  const problem = mediaShapeProblem(media);
  if (problem) return { ok: false, message: problem };
  const draft = new FactsDraft(graph);
  draft.setMedia(media);
  return { ok: true, ...draft.finish(), media };
}

export function removeMedia(graph: Graph, id: string): FactsOutcome {
  if (!graph.media?.[id]) return { ok: false, message: MEDIA_MESSAGES.notFound };
  const draft = new FactsDraft(graph);
  draft.removeMedia(id);
  return { ok: true, ...draft.finish() };
}

/** Makes stored avatar files a person's card photo (§3 photoURL 320, photoURLSmall 170). */
export function setCardPhoto(graph: Graph, input: { profileId: string; photoURL: string; photoURLSmall: string; uid: string; now: string }): FactsOutcome {
  const draft = new FactsDraft(graph);
  const profile = draft.draft.profile(input.profileId);
  if (!profile) return { ok: false, message: MEDIA_MESSAGES.noPerson };
  draft.draft.setProfile({ ...profile, photoURL: input.photoURL, photoURLSmall: input.photoURLSmall, updatedBy: input.uid, updatedAt: input.now });
  return { ok: true, ...draft.finish() };
}
