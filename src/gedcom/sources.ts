import type { Citation, Source } from '../domain/facts/types.ts';
import { isHtml } from './noteText.ts';
import { noteToPlainText, plainTextToNote, sanitiseNote } from '../domain/notes/sanitise.ts';
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

/**
 * A NOTE (inline, or a pointed NOTE/SNOTE record) as the safe HTML subset: GEDCOM 7 `MIME
 * text/html` and a 5.5.1 note written as HTML (webtrees, Ancestry) sanitised and kept formatted,
 * plain text made into paragraphs.
 */
export function noteOf(node: GedcomNode, record: (xref: string) => GedcomNode | undefined): string {
  const target = node.pointer !== undefined ? record(node.pointer) : node;
  const text = target?.value ?? '';
  if (!text.trim()) return '';
  const mime = target && child(target, 'MIME')?.value;
  const html = mime ? /html/i.test(mime) : isHtml(text);
  return html ? sanitiseNote(text) : plainTextToNote(text);
}

/**
 * The notes a record points to (`NOTE @N1@`, GEDCOM 7 `SNOTE @N1@`) read as one safe HTML note,
 * in file order: what a family's shared notes show as its couple's note, and what an export
 * compares the couple's note with to leave the pointers as they were.
 */
export function pointedNotes(lines: readonly GedcomNode[], record: (xref: string) => GedcomNode | undefined): string {
  let note = '';
  for (const c of lines) if ((c.tag === 'NOTE' || c.tag === 'SNOTE') && c.pointer !== undefined) note += noteOf(c, record);
  return note;
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

/** Whether a note says more than its plain text (bold, a link, a list): then GEDCOM 7 writes it as HTML. */
export function isFormatted(note: string): boolean {
  const html = sanitiseNote(note);
  return html !== plainTextToNote(noteToPlainText(html));
}

/**
 * A note as a NOTE structure of the export: in GEDCOM 7 a formatted note as HTML with `MIME
 * text/html` (so it comes back formatted), else its plain text (5.5.1 has no MIME); null when empty.
 */
export function writeNote(note: string | undefined, v7: boolean, make: Make): GedcomNode | null {
  const text = note ? noteToPlainText(note) : '';
  if (!text) return null;
  return v7 && isFormatted(note!) ? make('NOTE', sanitiseNote(note!), [make('MIME', 'text/html')]) : make('NOTE', text);
}

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
  v7: boolean;
  /** The kept record of an id (a REPO or NOTE a SOUR record points to). */
  record(xref: string): GedcomNode | undefined;
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
    const note = writeNote(source.note, o.v7, o.make);
    if (note) children.push(note);
    records.push({ ...o.make('SOUR', undefined, children), xref });
    return xref;
  };
  const repositoryRecord = (name: string): GedcomNode => {
    const repo = o.fresh('R');
    records.push({ ...o.make('REPO', undefined, [o.make('NAME', name)]), xref: repo });
    return o.make('REPO', undefined, [], repo);
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
    /**
     * A kept SOUR record as the tree's source says it now: a field a member edited in the app
     * replaces what the record said (a new REPO record for a new repository, the note as a
     * NOTE); the lines the model does not hold stay. Unedited, the record as it was.
     */
    edited(r: GedcomNode): GedcomNode {
      const source = r.xref !== undefined ? o.sources?.[sourceIdOf(r.xref)] : undefined;
      if (!source) return r;
      const read = readSource(r, r.xref!, o.record);
      if (!read || sameSource(read, source)) return r;
      let children = r.children.slice();
      const put = (tag: string, value: string, first = false) => {
        const at = children.findIndex((c) => c.tag === tag);
        if (!value) children = children.filter((c) => c.tag !== tag);
        else if (at >= 0) children[at] = { ...children[at]!, value, children: children[at]!.children.filter((c) => c.tag !== 'CONT' && c.tag !== 'CONC') };
        else if (first) children.unshift(o.make(tag, value));
        else children.push(o.make(tag, value));
      };
      if (read.title !== source.title) put('TITL', source.title, true);
      if (read.author !== source.author) put('AUTH', source.author);
      if (read.publication !== source.publication) put('PUBL', source.publication);
      if (read.url !== source.url) put('WWW', source.url);
      if (read.repository !== source.repository) {
        children = children.filter((c) => c.tag !== 'REPO');
        if (source.repository) children.push(repositoryRecord(source.repository));
      }
      if (read.note !== source.note) {
        children = children.filter((c) => c.tag !== 'NOTE' && c.tag !== 'SNOTE');
        const note = writeNote(source.note, o.v7, o.make);
        if (note) children.push(note);
      }
      return { ...r, children };
    },
    /** Sources made in the app and not cited (an export of the whole tree writes every source). */
    all(): void {
      for (const id in o.sources ?? {}) xrefOf(id);
    },
    records,
  };
}

function sameSource(a: Source, b: Source): boolean {
  return a.title === b.title && a.author === b.author && a.publication === b.publication && a.repository === b.repository && a.url === b.url && a.note === b.note;
}
