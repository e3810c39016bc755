import type { Source } from '../domain/facts/types.ts';
import { isHtml } from './noteText.ts';
import { plainTextToNote, sanitiseNote } from '../domain/notes/sanitise.ts';
import { FACT_LIMITS } from '../domain/facts/limits.ts';
import { child } from './people.ts';
import type { GedcomNode } from './types.ts';

/**
 * A file's SOUR records as the tree's sources (issue "Evidence and memories", item 1): title
 * (TITL, else ABBR), author (AUTH), publication (PUBL), repository (REPO: the pointed record's
 * NAME, or the value itself) and note (NOTE, or a pointed NOTE/SNOTE record; GEDCOM 7 MIME
 * text/html kept as the safe HTML subset, plain text made into paragraphs).
 *
 * The records themselves stay in the kept lines as they were, so an export writes them back
 * exactly; a source's id is its kept cross-reference id (`sr-` + prefix + xref), which is unique
 * in the tree as kept ids are, and tells an export which record a source is.
 */

export const SOURCE_ID_PREFIX = 'sr-';

export function sourceIdOf(keptXref: string): string {
  return SOURCE_ID_PREFIX + keptXref;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function noteOf(node: GedcomNode, record: (xref: string) => GedcomNode | undefined): string {
  const target = node.pointer !== undefined ? record(node.pointer) : node;
  const text = target?.value ?? '';
  if (!text.trim()) return '';
  const mime = target && child(target, 'MIME')?.value;
  const html = mime ? /html/i.test(mime) : isHtml(text);
  return html ? sanitiseNote(text) : plainTextToNote(text);
}

/** The source a SOUR record makes; null when it has nothing to call it by. */
export function readSource(r: GedcomNode, keptXref: string, record: (xref: string) => GedcomNode | undefined): Source | null {
  const value = (tag: string) => (child(r, tag)?.value ?? '').replace(/\s+/g, ' ').trim();
  const title = clip(value('TITL') || value('ABBR') || `Source ${keptXref}`, FACT_LIMITS.sourceTitle);
  const repo = child(r, 'REPO');
  const repoRecord = repo?.pointer !== undefined ? record(repo.pointer) : undefined;
  const repository = repoRecord ? (child(repoRecord, 'NAME')?.value ?? '').trim() : (repo?.value ?? '').trim();
  const notes = r.children.filter((c) => c.tag === 'NOTE' || c.tag === 'SNOTE').map((n) => noteOf(n, record)).filter(Boolean);
  const www = value('WWW');
  return {
    id: sourceIdOf(keptXref),
    title,
    author: clip(value('AUTH'), FACT_LIMITS.sourceField),
    publication: clip(value('PUBL'), FACT_LIMITS.sourceField),
    repository: clip(repository, FACT_LIMITS.sourceField),
    url: /^https?:\/\//i.test(www) ? clip(www, FACT_LIMITS.url) : '',
    note: clip(notes.join(''), FACT_LIMITS.note),
  };
}
