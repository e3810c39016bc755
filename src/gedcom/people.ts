import { noteText } from './noteText.ts';
import { PROFILE_LIMITS } from '../domain/validation/profile.ts';
import type { Gender } from '../domain/types.ts';
import { readDate, type DateParts, type DateTextReason } from './dates.ts';
import type { GedcomNode } from './types.ts';

/**
 * What the app shows of a person, read from their INDI record, and written back. The same
 * readers run at import and at export: a kept structure whose reading still equals the profile is
 * written as the file had it (its spelling, its extra parts), one that differs is written anew.
 */

/** The first structure under `node` with this tag (a loop, not `find`: no closure per call). */
export function child(node: GedcomNode, tag: string): GedcomNode | undefined {
  for (const c of node.children) if (c.tag === tag) return c;
  return undefined;
}

/** `Given names /Surname/ suffix`: the given names and the surname; GIVN and SURN when the value lacks them. */
export function readName(name: GedcomNode | undefined): { first: string; last: string } {
  if (!name) return { first: '', last: '' };
  const value = name.value ?? '';
  const m = /^([^/]*)\/([^/]*)\/?/.exec(value);
  let first = (m ? m[1]! : value).trim().replace(/\s+/g, ' ');
  let last = (m ? m[2]! : '').trim().replace(/\s+/g, ' ');
  if (!first) first = (child(name, 'GIVN')?.value ?? '').trim();
  if (!last) last = (child(name, 'SURN')?.value ?? '').trim();
  return { first, last };
}

export function writeName(first: string, last: string): string {
  if (!last) return first;
  return first ? `${first} /${last}/` : `/${last}/`;
}

/** A name part as the profile holds it: at most 100 characters (§5). */
export function nameField(part: string): { value: string; cut: boolean } {
  return part.length > PROFILE_LIMITS.firstName ? { value: cutText(part, PROFILE_LIMITS.firstName), cut: true } : { value: part, cut: false };
}

export function readSex(sex: GedcomNode | undefined): Gender {
  const v = (sex?.value ?? '').trim().toUpperCase();
  return v === 'M' || v === 'F' ? v : '';
}

/** The first event of a kind and its first DATE. */
export function eventDate(indi: GedcomNode, tag: 'BIRT' | 'DEAT'): GedcomNode | undefined {
  const event = child(indi, tag);
  return event && child(event, 'DATE');
}

export type DateReading = { parts: DateParts; text: ''; reason?: undefined } | { parts: null; text: string; reason: DateTextReason | 'long' };

/** A DATE as the profile holds it: parts when they fit exactly, else the text as written (at most 200 characters). */
export function readDateField(date: GedcomNode | undefined, currentYear: number, field: 'birth' | 'death'): DateReading {
  const value = (date?.value ?? '').trim();
  if (!value) return { parts: { year: '', month: '', day: '' }, text: '' };
  const read = readDate(value, currentYear);
  // `death` holds a year or a whole date: a month and year is kept as written.
  if (read.fits && !(field === 'death' && read.parts.month && !read.parts.day)) return { parts: read.parts, text: '' };
  if (value.length > PROFILE_LIMITS.dateText) return { parts: null, text: cutText(value, PROFILE_LIMITS.dateText), reason: 'long' };
  return { parts: null, text: value, reason: read.fits ? 'month-year' : read.reason };
}

/**
 * The bio: the person's notes (inline NOTE, NOTE and SNOTE records they point to; HTML ones as
 * plain text) joined by a blank line, at most 5,000 characters (§5); a longer one ends with '…' and is kept whole for export.
 */
export function readBio(indi: GedcomNode, record: (xref: string) => GedcomNode | undefined, apart?: GedcomNode): { bio: string; cut: boolean } {
  // Most people have one note or none: the list is made only for a second.
  let bio = '';
  let parts: string[] | undefined;
  for (const c of indi.children) {
    if ((c.tag !== 'NOTE' && c.tag !== 'SNOTE') || c === apart) continue;
    const written = c.pointer !== undefined ? record(c.pointer)?.value : c.value;
    const text = written && noteText(written);
    if (!text?.trim()) continue;
    if (parts) parts.push(text);
    else if (bio) parts = [bio, text];
    else bio = text;
  }
  if (parts) bio = parts.join('\n\n');
  return bio.length > PROFILE_LIMITS.bio ? { bio: cutText(bio, PROFILE_LIMITS.bio), cut: true } : { bio, cut: false };
}

/**
 * The INDI's note that is the person's formatted note (`Profile.note`), not part of the bio: its
 * first inline NOTE written as HTML (GEDCOM 7 `MIME text/html`) with nothing else under it.
 */
export function htmlNoteOf(indi: GedcomNode): GedcomNode | undefined {
  for (const c of indi.children) {
    if (c.tag !== 'NOTE' || c.pointer !== undefined || !c.value?.trim() || !c.children.length) continue;
    if (c.children.every((x) => x.tag === 'MIME' && /html/i.test(x.value ?? ''))) return c;
  }
  return undefined;
}

/** The first `max` characters ending in '…', never splitting a surrogate pair. */
export function cutText(text: string, max: number): string {
  let end = max - 1;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * The first photo of a person on this site: an OBJE (inline or a record) whose FILE is on
 * `siteOrigin`, not one of the tree's photos and documents (`/files/media/`, which an export
 * writes beside the card's photo and an import reads back as media references).
 */
export function readPhoto(indi: GedcomNode, record: (xref: string) => GedcomNode | undefined, siteOrigin: string | undefined): { node: GedcomNode; url: string } | null {
  if (!siteOrigin) return null;
  for (const c of indi.children) {
    if (c.tag !== 'OBJE') continue;
    const obje = c.pointer !== undefined ? record(c.pointer) : c;
    const file = obje && child(obje, 'FILE')?.value?.trim();
    if (file && file.startsWith(`${siteOrigin}/`) && !file.startsWith(`${siteOrigin}/files/media/`) && !/\s/.test(file)) return { node: c, url: file.slice(siteOrigin.length) };
  }
  return null;
}
