import type { Graph } from '../types.ts';
import { noteToPlainText, sanitiseNote } from '../notes/sanitise.ts';
import { eventTypeLabel } from './eventLabels.ts';
import { nameLine } from './names.ts';
import { newFactId, type Citation, type CitationQuality, type FactEvent, type Source } from './types.ts';

/**
 * Sources and citations (issue "Evidence and memories", item 1): a source is a record of the
 * tree; a citation says where in it a fact is supported and is embedded in that fact (an event,
 * a name, a couple), so it is saved, undone and kept private with it.
 */

/** GEDCOM QUAY's four levels, as a member reads them. */
export const QUALITY_LABELS: Record<CitationQuality, string> = {
  0: 'Unreliable',
  1: 'Questionable',
  2: 'Secondary evidence',
  3: 'Direct evidence',
};

export const SOURCE_MESSAGES = {
  titleRequired: 'Give the source a title',
  badUrl: 'A link must begin with http:// or https://',
  chooseSource: 'Choose a source or give a new one a title',
} as const;

export type SourceFields = Omit<Source, 'id'>;

export function cleanCitation(c: Citation): Citation {
  return { id: c.id, sourceId: c.sourceId, page: c.page.trim(), date: c.date.trim().replace(/\s+/g, ' '), quality: c.quality, text: c.text.trim() };
}

export function sourceProblem(fields: SourceFields): string | null {
  if (!fields.title.trim()) return SOURCE_MESSAGES.titleRequired;
  if (fields.url.trim() && !/^https?:\/\//i.test(fields.url.trim())) return SOURCE_MESSAGES.badUrl;
  return null;
}

/** A new source from a form's fields (checked with `sourceProblem` first); its note sanitised. */
export function newSource(fields: SourceFields, random: () => number, taken: Readonly<Record<string, Source>>): Source {
  let id = newFactId('sr', random);
  while (Object.hasOwn(taken, id)) id = newFactId('sr', random);
  const note = noteToPlainText(fields.note) ? sanitiseNote(fields.note) : '';
  return { id, title: fields.title.trim(), author: fields.author.trim(), publication: fields.publication.trim(), repository: fields.repository.trim(), url: fields.url.trim(), note };
}

/** A source's title with its author, for lists ("Parish register of St Mary — Church of England"). */
export function sourceLabel(s: Source): string {
  return s.author ? `${s.title} — ${s.author}` : s.title;
}

/** What a citation says in one line: the source, the page, the quality. */
export function citationLine(c: Citation, sources: Readonly<Record<string, Source>>): string {
  const source = Object.hasOwn(sources, c.sourceId) ? sources[c.sourceId]!.title : 'Unknown source';
  return [source, c.page, c.quality === null ? '' : QUALITY_LABELS[c.quality]].filter(Boolean).join(' · ');
}

/** One fact a source supports: who it is about and what. */
export interface SourceUse {
  /** The profile ids the fact is about (two for a couple's). */
  people: string[];
  /** 'Birth', 'Marriage', 'Name: Bertie Wettin', 'Couple'. */
  fact: string;
  citation: Citation;
}

/** Every use of each source in the tree, by source id; a source cited nowhere has none. */
export function sourceUses(graph: Pick<Graph, 'profiles' | 'couples'>): Map<string, SourceUse[]> {
  const uses = new Map<string, SourceUse[]>();
  const add = (people: string[], fact: string, citations: readonly Citation[] | undefined) => {
    for (const citation of citations ?? []) {
      let list = uses.get(citation.sourceId);
      if (!list) uses.set(citation.sourceId, (list = []));
      list.push({ people, fact, citation });
    }
  };
  const events = (people: string[], list: readonly FactEvent[] | undefined) => {
    for (const e of list ?? []) add(people, eventTypeLabel(e), e.citations);
  };
  for (const id in graph.profiles) {
    const p = graph.profiles[id]!;
    events([id], p.events);
    for (const n of p.names ?? []) add([id], `Name: ${nameLine(n)}`, n.citations);
    add([id], 'Person', p.citations);
  }
  for (const id in graph.couples ?? {}) {
    const c = graph.couples![id]!;
    events([...c.partners], c.events);
    add([...c.partners], 'Couple', c.citations);
  }
  return uses;
}

/** The ids of the sources something in `graph` cites (one pass, no labels: a viewer's load of a big tree runs it). */
export function citedSourceIds(graph: Pick<Graph, 'profiles' | 'couples'>): Set<string> {
  const ids = new Set<string>();
  const add = (citations: readonly Citation[] | undefined) => {
    if (citations) for (const c of citations) ids.add(c.sourceId);
  };
  for (const id in graph.profiles) {
    const p = graph.profiles[id]!;
    if (p.events) for (const e of p.events) add(e.citations);
    if (p.names) for (const n of p.names) add(n.citations);
    add(p.citations);
  }
  for (const id in graph.couples ?? {}) {
    const c = graph.couples![id]!;
    for (const e of c.events) add(e.citations);
    add(c.citations);
  }
  return ids;
}
