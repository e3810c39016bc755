import { EVENTS_NOT_LOADED, idsWithoutEvents } from './eventsLoading.ts';
import { noteToPlainText, sanitiseNote } from '../notes/sanitise.ts';
import { RELATIONSHIP_MESSAGES } from '../relationships.ts';
import type { Graph } from '../types.ts';
import { cleanCitation, sourceProblem, sourceUses, type SourceFields } from './citations.ts';
import { areSpouses, coupleOf, EVENT_MESSAGES } from './eventOps.ts';
import { FactsDraft, sourcesOf, type FactsOutcome } from './factsResult.ts';
import type { Citation, Source } from './types.ts';
import { FACT_LIMITS } from './limits.ts';

/**
 * Editing the tree's sources and the evidence of a couple (issue "Evidence and memories", item 1):
 * a source's fields changed in place (every citation keeps pointing at it), a source removed only
 * when nothing cites it, a couple's note and citations. Pure and undoable (`undoFacts`).
 */

export const SOURCE_OP_MESSAGES = {
  unknownSource: 'That source is no longer there',
  /** Why a cited source stays: said in the dialog, and toasted should it be asked anyway. */
  inUse: (facts: number) => `${facts === 1 ? '1 fact cites' : `${facts} facts cite`} this source: remove those citations first`,
  noteTooLong: `A note is at most ${FACT_LIMITS.note} characters with its formatting`,
} as const;

/** A note as stored: the safe subset, or '' for one with no text (an empty editor leaves `<p><br></p>`). */
export function storedNote(note: string | undefined): string {
  return note && noteToPlainText(note) ? sanitiseNote(note) : '';
}

/** Changes a source's title, author, publication, repository, link and note; its id stays. */
export function editSource(graph: Graph, input: { sourceId: string; fields: SourceFields }): FactsOutcome {
  const problem = sourceProblem(input.fields);
  if (problem) return { ok: false, message: problem };
  const draft = new FactsDraft(graph);
  if (!draft.source(input.sourceId)) return { ok: false, message: SOURCE_OP_MESSAGES.unknownSource };
  const f = input.fields;
  draft.setSource({
    id: input.sourceId,
    title: f.title.trim(),
    author: f.author.trim(),
    publication: f.publication.trim(),
    repository: f.repository.trim(),
    url: f.url.trim(),
    note: storedNote(f.note),
  });
  return { ok: true, ...draft.finish() };
}

/** Removes a source nothing cites; a cited one stays (`inUse` says how many facts cite it). */
export function removeSource(graph: Graph, input: { sourceId: string }): FactsOutcome {
  if (!Object.hasOwn(sourcesOf(graph), input.sourceId)) return { ok: false, message: SOURCE_OP_MESSAGES.unknownSource };
  // Events cite sources: one left on the server may cite this one (facts/eventsLoading.ts).
  if (idsWithoutEvents(graph.profiles).length) return { ok: false, message: EVENTS_NOT_LOADED };
  const uses = sourceUses(graph).get(input.sourceId)?.length ?? 0;
  if (uses) return { ok: false, message: SOURCE_OP_MESSAGES.inUse(uses) };
  const draft = new FactsDraft(graph);
  draft.removeSource(input.sourceId);
  return { ok: true, ...draft.finish() };
}

/** What supports a couple's union itself, and their note (GEDCOM FAM.SOUR, FAM.NOTE). */
export interface CoupleEvidence {
  note: string;
  citations: Citation[];
  /** Sources made in the same form, written with it. */
  newSources?: Source[];
}

export function editCoupleEvidence(graph: Graph, input: { partners: [string, string] } & CoupleEvidence): FactsOutcome {
  const [a, b] = input.partners;
  if (!graph.profiles[a] || !graph.profiles[b]) return { ok: false, message: RELATIONSHIP_MESSAGES.unknownProfile };
  if (!areSpouses(graph, a, b)) return { ok: false, message: EVENT_MESSAGES.notSpouses };
  const draft = new FactsDraft(graph);
  for (const s of input.newSources ?? []) draft.setSource(s);
  const { note: _n, citations: _c, ...couple } = coupleOf(graph, a, b);
  const note = storedNote(input.note);
  draft.setCouple({ ...couple, ...(note ? { note } : {}), ...(input.citations.length ? { citations: input.citations.map(cleanCitation) } : {}) });
  // The partners re-set as they are: the draft hands on a new graph only when a profile was written.
  for (const id of input.partners) draft.draft.setProfile(draft.draft.profile(id)!);
  return { ok: true, ...draft.finish() };
}

/**
 * What supports a person as a whole, and the tree's formatted note on them (GEDCOM INDI.SOUR,
 * INDI.NOTE): the same form as a couple's. §3's plain `bio` is left alone (the member's own
 * profile page edits it). Refused like their other details: the note's length is the save
 * path's (`FACT_LIMITS.note`), the rights the panel's (`canEditProfile`).
 */
export function editPersonEvidence(graph: Graph, input: { profileId: string; uid: string; now: string } & CoupleEvidence): FactsOutcome {
  const draft = new FactsDraft(graph);
  const p = draft.draft.profile(input.profileId);
  if (!p) return { ok: false, message: RELATIONSHIP_MESSAGES.unknownProfile };
  const note = storedNote(input.note);
  if (note.length > FACT_LIMITS.note) return { ok: false, message: SOURCE_OP_MESSAGES.noteTooLong };
  for (const s of input.newSources ?? []) draft.setSource(s);
  const { citations: _c, ...rest } = p;
  draft.draft.setProfile({ ...rest, note, ...(input.citations.length ? { citations: input.citations.map(cleanCitation) } : {}), updatedBy: input.uid, updatedAt: input.now });
  return { ok: true, ...draft.finish() };
}
