import type { ItemPatch } from '../changeSet.ts';
import { eventTypeLabel } from '../facts/eventLabels.ts';
import { nameLine } from '../facts/names.ts';
import type { Citation, FactEvent, PersonName } from '../facts/types.ts';
import { noteToPlainText } from '../notes/sanitise.ts';
import { cardName } from '../labels.ts';
import { RELATION_FIELDS, STAMP_FIELDS } from '../profile.ts';
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

/**
 * What a change did to one person, field by field: each line the thing changed, its value before
 * and after ('' for none). `nameOf` names the people their relationship lists hold.
 */
export function personChangeLines(entry: HistoryEntry, profileId: string, nameOf: (id: string) => string): ChangeLine[] {
  const cs = entry.changes;
  const before = entry.before;
  if (!cs || !before) return [];
  const pb = before.profiles?.[profileId];
  const patch = cs.profiles.upsert.find((p) => p.id === profileId);
  const lines: ChangeLine[] = [];
  if (cs.profiles.remove.includes(profileId)) return [{ what: 'Deleted from the tree', before: cardName(pb?.whole), after: '' }];
  if (pb?.absent && patch?.create) lines.push({ what: 'Added to the tree', before: '', after: [patch.set?.firstName, patch.set?.lastName].filter(Boolean).join(' ') || cardName(null) });
  if (patch && !pb?.absent) {
    for (const [f, v] of Object.entries(patch.set ?? {})) {
      if (SKIPPED.has(f)) continue;
      const was = pb?.set?.[f] ?? '';
      if (was === String(v ?? '')) continue;
      // A note is shown as its words: the history lists values as plain text.
      const shown = (x: string) => (f === 'note' ? noteToPlainText(x) : x);
      lines.push({ what: FIELD_LABELS[f] ?? f, before: f === 'photoURL' ? (was ? 'a photo' : '') : shown(was), after: f === 'photoURL' ? (v ? 'a new photo' : '') : shown(String(v ?? '')) });
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
  if (s.added) parts.push(`added ${plural(s.added, 'a person', 'people')}`);
  if (s.removed) parts.push(`deleted ${plural(s.removed, 'a person', 'people')}`);
  if (s.edited) parts.push(`edited ${plural(s.edited, 'a person', 'people')}`);
  if (s.photos) parts.push(plural(s.photos, 'a photo', 'photos'));
  if (!parts.length) return s.other ? 'rearranged the tree' : 'made a change';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Several changes' counts as one (Home's "since your last visit"). */
export function addSummaries(list: readonly ChangeSummary[]): ChangeSummary {
  const out: ChangeSummary = { added: 0, removed: 0, edited: 0, photos: 0, other: 0 };
  for (const s of list) for (const k of Object.keys(out) as (keyof ChangeSummary)[]) out[k] += s[k];
  return out;
}
