import type { Citation, Source } from '../domain/facts/types.ts';
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

/** A node maker of the export (fromGraph.ts `node`). */
type Make = (tag: string, value?: string, children?: GedcomNode[], pointer?: string) => GedcomNode;

/**
 * What an export writes of the tree's sources: a citation as `SOUR @S…@` with PAGE, DATA (DATE,
 * TEXT) and QUAY; an imported source points to its kept record (which the export then includes),
 * a source made in the app gets a SOUR record of its own (TITL, AUTH, PUBL, a REPO record with
 * its NAME, the note as text), made once however often it is cited.
 */
export function sourceWriter(o: {
  sources: Readonly<Record<string, Source>> | undefined;
  make: Make;
  /** The kept record of this id, wanted by the export; false when the tree has no such record. */
  wantKept(xref: string): boolean;
  fresh(letter: 'S' | 'R'): string;
  noteText(html: string): string;
}) {
  const made = new Map<string, string>();
  const records: GedcomNode[] = [];
  const xrefOf = (sourceId: string): string | null => {
    const known = made.get(sourceId);
    if (known) return known;
    // An imported source is its kept record (even in a graph read without its sources).
    if (sourceId.startsWith(SOURCE_ID_PREFIX) && o.wantKept(sourceId.slice(SOURCE_ID_PREFIX.length))) return sourceId.slice(SOURCE_ID_PREFIX.length);
    const source = o.sources?.[sourceId];
    if (!source) return null;
    const xref = o.fresh('S');
    made.set(sourceId, xref);
    const children: GedcomNode[] = [o.make('TITL', source.title)];
    if (source.author) children.push(o.make('AUTH', source.author));
    if (source.publication) children.push(o.make('PUBL', source.publication));
    if (source.repository) {
      const repo = o.fresh('R');
      records.push({ ...o.make('REPO', undefined, [o.make('NAME', source.repository)]), xref: repo });
      children.push(o.make('REPO', undefined, [], repo));
    }
    const note = o.noteText(source.note);
    if (note) children.push(o.make('NOTE', note));
    records.push({ ...o.make('SOUR', undefined, children), xref });
    return xref;
  };
  return {
    citation(c: Citation): GedcomNode | null {
      const xref = xrefOf(c.sourceId);
      if (!xref) return null;
      const children: GedcomNode[] = [];
      if (c.page) children.push(o.make('PAGE', c.page));
      const data = [...(c.date ? [o.make('DATE', c.date)] : []), ...(c.text ? [o.make('TEXT', c.text)] : [])];
      if (data.length) children.push(o.make('DATA', undefined, data));
      if (c.quality !== null) children.push(o.make('QUAY', String(c.quality)));
      return o.make('SOUR', undefined, children, xref);
    },
    /** Sources made in the app and not cited (an export of the whole tree writes every source). */
    all(): void {
      for (const id in o.sources ?? {}) xrefOf(id);
    },
    records,
  };
}
