import type { ItemPatch } from '../changeSet.ts';
import { eventTypeLabel } from '../facts/eventLabels.ts';
import { nameLine } from '../facts/names.ts';
import type { Citation, FactEvent, PersonName } from '../facts/types.ts';
import { noteToPlainText } from '../notes/sanitise.ts';
import { birthLabel, cardName, deathLabel } from '../labels.ts';
import { RELATION_FIELDS, STAMP_FIELDS } from '../profile.ts';
import { peopleCounted } from './entry.ts';
import type { ChangeSummary, HistoryEntry } from './types.ts';

/** How the history tells a change (issue 24: "who changed what, when", field by field). */

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  firstName: 'First name',
  lastName: 'Last name',
  gender: 'Gender',
  birthYear: 'Birth year',
  birthMonth: 'Birth month',
  birthDay: 'Birth day',
  birthDateText: 'Birth date',
  death: 'Died',
  deathDateText: 'Death date',
  mothersMaidenName: "Mother's maiden name",
  bio: 'Bio',
  note: 'Note',
  photoURL: 'Photo',
  photoURLSmall: 'Photo (small)',
  email: 'E-mail',
  ownerUid: 'Claimed by',
  spouses: 'Spouses',
  parents: 'Parents',
  children: 'Children',
};

export interface ChangeLine {
  what: string;
  before: string;
  after: string;
}

function eventText(e: FactEvent | null | undefined): string {
  return e ? [eventTypeLabel(e), e.date, e.description].filter(Boolean).join(' · ') : '';
}

function nameText(n: PersonName | null | undefined): string {
  return n ? nameLine(n) : '';
}

function citationText(c: Citation | null | undefined): string {
  return c ? [c.page, c.text].filter(Boolean).join(' · ') || 'A citation' : '';
}

const SKIPPED = new Set<string>([...STAMP_FIELDS, 'createdBy', 'createdAt', 'photoURLSmall', 'gedcom']);

/** The birth date's parts: a change to any of them is told as one date ("12 May 1836"), not as numbers. */
const BIRTH_PARTS = ['birthYear', 'birthMonth', 'birthDay', 'birthDateText'] as const;
type BirthPart = (typeof BIRTH_PARTS)[number];
const isBirthPart = (f: string): f is BirthPart => (BIRTH_PARTS as readonly string[]).includes(f);

/** How a field's value reads in a line: dates in words, a photo as words, the rest as stored. */
function valueText(field: string, value: string, isAfter: boolean): string {
  if (field === 'photoURL') return value ? (isAfter ? 'a new photo' : 'a photo') : '';
  // A note is shown as its words: the history lists values as plain text.
  if (field === 'note') return noteToPlainText(value);
  if (field === 'death') return value ? deathLabel({ death: value }) : '';
  return value;
}

/**
 * What a change did to one person, field by field: each line the thing changed, its value before
 * and after ('' for none). `nameOf` names the people their relationship lists hold. The birth
 * date's parts the change did not touch are read from `now` (the person as they are), so a day
 * changed alone still reads as a whole date.
 */
export function personChangeLines(entry: HistoryEntry, profileId: string, nameOf: (id: string) => string, now?: Partial<Record<BirthPart, string>>): ChangeLine[] {
  const cs = entry.changes;
  const before = entry.before;
  if (!cs || !before) return [];
  const pb = before.profiles?.[profileId];
  const patch = cs.profiles.upsert.find((p) => p.id === profileId);
  const lines: ChangeLine[] = [];
  if (cs.profiles.remove.includes(profileId)) return [{ what: 'Deleted from the tree', before: cardName(pb?.whole), after: '' }];
  if (pb?.absent && patch?.create) lines.push({ what: 'Added to the tree', before: '', after: [patch.set?.firstName, patch.set?.lastName].filter(Boolean).join(' ') || cardName(null) });
  if (patch && !pb?.absent) {
    const birthBefore: Partial<Record<BirthPart, string>> = {};
    const birthAfter: Partial<Record<BirthPart, string>> = {};
    let birthChanged = false;
    for (const [f, v] of Object.entries(patch.set ?? {})) {
      if (SKIPPED.has(f)) continue;
      const was = pb?.set?.[f] ?? '';
      const is = String(v ?? '');
      if (isBirthPart(f)) {
        birthBefore[f] = was;
        birthAfter[f] = is;
        birthChanged ||= was !== is;
        continue;
      }
      if (was === is) continue;
      lines.push({ what: FIELD_LABELS[f] ?? f, before: valueText(f, was, false), after: valueText(f, is, true) });
    }
    if (birthChanged) {
      const date = (changed: Partial<Record<BirthPart, string>>) =>
        birthLabel(Object.fromEntries(BIRTH_PARTS.map((f) => [f, changed[f] ?? now?.[f] ?? ''])) as Record<BirthPart, string>);
      lines.unshift({ what: 'Born', before: date(birthBefore), after: date(birthAfter) });
    }
    for (const f of RELATION_FIELDS) {
      const had = new Set(pb?.lists?.[f]?.had ?? []);
      for (const x of patch.add?.[f] ?? []) if (!had.has(x)) lines.push({ what: FIELD_LABELS[f]!, before: '', after: nameOf(x) });
      for (const x of patch.remove?.[f] ?? []) if (had.has(x)) lines.push({ what: FIELD_LABELS[f]!, before: nameOf(x), after: '' });
    }
    const parts = [
      ['events', 'Event', eventText],
      ['names', 'Other name', nameText],
      ['citations', 'Source of the person', citationText],
    ] as const;
    for (const [key, what, text] of parts) {
      const items = patch[key] as ItemPatch<{ id: string }> | undefined;
      const was = (pb?.[key] ?? {}) as Record<string, unknown>;
      if (!items) continue;
      for (const x of items.upsert) lines.push({ what, before: text((was[x.id] ?? null) as never), after: text(x as never) });
      for (const id of items.remove) if (was[id]) lines.push({ what, before: text(was[id] as never), after: '' });
    }
  }
  for (const n of cs.nodes.upsert) {
    if (n.data.profileId !== profileId) continue;
    const was = before.nodes?.[n.id];
    if (was && (was.position.x !== n.position.x || was.position.y !== n.position.y)) lines.push({ what: 'Card moved', before: '', after: '' });
  }
  for (const c of cs.couples?.upsert ?? []) {
    if (!c.partners.includes(profileId)) continue;
    const other = c.partners.find((p) => p !== profileId) ?? '';
    lines.push({ what: `Marriage with ${nameOf(other)}`, before: before.couples?.[c.id] ? `${before.couples[c.id]!.events.length} events` : '', after: `${c.events.length} events` });
  }
  return lines;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `${one}` : `${n} ${many}`);

/** A change in a few words for the activity list and Home: "added 3 people and a photo". */
export function summarySentence(s: ChangeSummary): string {
  const parts: string[] = [];
  if (s.joined) parts.push('joined the tree');
  // Photos go with the people added ("added 3 people and a photo"), else get the verb themselves.
  const added = [s.added ? plural(s.added, 'a person', 'people') : '', s.photos ? plural(s.photos, 'a photo', 'photos') : ''].filter(Boolean);
  if (added.length) parts.push(`added ${added.join(' and ')}`);
  if (s.removed) parts.push(`deleted ${plural(s.removed, 'a person', 'people')}`);
  if (s.edited) parts.push(`edited ${plural(s.edited, 'a person', 'people')}`);
  if (!parts.length) return s.other ? 'rearranged the tree' : 'made a change';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * One entry of the activity list: the person named when the change was about one person ("added
 * Byron King and a photo", "deleted Ralph King"), else its counts (`summarySentence`).
 */
export function entrySentence(entry: Pick<HistoryEntry, 'summary' | 'changes' | 'before'>, nameOf: (id: string) => string): string {
  const s = entry.summary;
  if (!entry.changes || s.joined || s.added + s.removed + s.edited !== 1) return summarySentence(s);
  const people = peopleCounted(entry.changes, entry.before);
  const photo = s.photos ? ` and ${plural(s.photos, 'a photo', 'photos')}` : '';
  const [removed] = people.removed;
  if (removed) return `deleted ${cardName(entry.before?.profiles?.[removed]?.whole ?? null)}`;
  const [added] = people.added;
  if (added) {
    const set = entry.changes.profiles.upsert.find((p) => p.id === added)?.set;
    return `added ${[set?.firstName, set?.lastName].filter(Boolean).join(' ') || nameOf(added)}${photo}`;
  }
  return `edited ${nameOf(people.edited[0]!)}${photo}`;
}

/** Several changes' counts as one (Home's "since your last visit"). */
export function addSummaries(list: readonly ChangeSummary[]): ChangeSummary {
  const out: Required<ChangeSummary> = { added: 0, removed: 0, edited: 0, photos: 0, other: 0, joined: 0 };
  for (const s of list) for (const k of Object.keys(out) as (keyof ChangeSummary)[]) out[k] += s[k] ?? 0;
  const { joined, ...rest } = out;
  return joined ? out : rest;
}
