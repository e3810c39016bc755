import type { Graph, Profile } from '../types.ts';
import { RELATIONSHIP_MESSAGES } from '../relationships.ts';
import { FactsDraft, type FactsOutcome } from './factsResult.ts';
import type { FactsContext } from './eventOps.ts';
import { cleanCitation } from './citations.ts';
import { NAME_KINDS, newFactId, type NameKind, type PersonName, type Source } from './types.ts';

/** The other names a person goes by (issue "Facts a genealogist can trust", item 4). */

export const NAME_KIND_LABELS: Readonly<Record<NameKind, string>> = {
  aka: 'Also known as',
  birth: 'Birth name',
  married: 'Married name',
  immigrant: 'Immigrant name',
  professional: 'Professional name',
  nickname: 'Nickname',
  other: 'Other name',
};

export const NAME_MESSAGES = {
  unknownName: 'That name is no longer there',
  empty: 'Enter at least one part of the name',
  wrongKind: 'That kind of name is not known',
} as const;

/** A name's fields as a form gives them, with the sources made in the same form (written with it). */
export type NameFields = Omit<PersonName, 'id'> & { newSources?: Source[] };

const PARTS = ['prefix', 'given', 'surnamePrefix', 'surname', 'suffix', 'nickname'] as const;

function clean(fields: NameFields): Omit<PersonName, 'id'> {
  const out = { kind: fields.kind } as Omit<PersonName, 'id'>;
  for (const k of PARTS) out[k] = fields[k].trim().replace(/\s+/g, ' ');
  if (fields.citations?.length) out.citations = fields.citations.map(cleanCitation);
  return out;
}

function problem(fields: NameFields): string | null {
  if (!NAME_KINDS.includes(fields.kind)) return NAME_MESSAGES.wrongKind;
  return PARTS.some((k) => fields[k].trim()) ? null : NAME_MESSAGES.empty;
}

/** The name in one line: "Sir Albert Edward van Wettin II “Bertie”". */
export function nameLine(n: Omit<PersonName, 'id' | 'kind'>): string {
  const main = [n.prefix, n.given, n.surnamePrefix, n.surname, n.suffix].filter(Boolean).join(' ');
  const nick = n.nickname ? `“${n.nickname}”` : '';
  return [main, nick].filter(Boolean).join(' ');
}

/** Every word a name gives search (its parts and nickname). */
export function nameWords(n: PersonName): string[] {
  return PARTS.map((k) => n[k]).filter(Boolean);
}

function write(draft: FactsDraft, p: Profile, names: PersonName[], ctx: Pick<FactsContext, 'uid' | 'now'>, newSources: readonly Source[] = []) {
  for (const s of newSources) draft.setSource(s);
  draft.draft.setProfile({ ...p, names, updatedBy: ctx.uid, updatedAt: ctx.now });
}

export function addName(graph: Graph, input: { profileId: string; fields: NameFields } & FactsContext): FactsOutcome<{ nameId: string }> {
  const refused = problem(input.fields);
  if (refused) return { ok: false, message: refused };
  const draft = new FactsDraft(graph);
  const p = draft.draft.profile(input.profileId);
  if (!p) return { ok: false, message: RELATIONSHIP_MESSAGES.unknownProfile };
  const name: PersonName = { id: newFactId('nm', input.random), ...clean(input.fields) };
  write(draft, p, [...(p.names ?? []), name], input, input.fields.newSources);
  return { ok: true, ...draft.finish(), nameId: name.id };
}

export function editName(graph: Graph, input: { profileId: string; nameId: string; fields: NameFields } & Omit<FactsContext, 'random'>): FactsOutcome {
  const refused = problem(input.fields);
  if (refused) return { ok: false, message: refused };
  const draft = new FactsDraft(graph);
  const p = draft.draft.profile(input.profileId);
  if (!p) return { ok: false, message: RELATIONSHIP_MESSAGES.unknownProfile };
  const names = p.names ?? [];
  const at = names.findIndex((n) => n.id === input.nameId);
  if (at < 0) return { ok: false, message: NAME_MESSAGES.unknownName };
  const next = names.slice();
  next[at] = { id: input.nameId, ...clean(input.fields) };
  write(draft, p, next, input, input.fields.newSources);
  return { ok: true, ...draft.finish() };
}

export function removeName(graph: Graph, input: { profileId: string; nameId: string } & Omit<FactsContext, 'random'>): FactsOutcome {
  const draft = new FactsDraft(graph);
  const p = draft.draft.profile(input.profileId);
  if (!p) return { ok: false, message: RELATIONSHIP_MESSAGES.unknownProfile };
  const names = p.names ?? [];
  if (!names.some((n) => n.id === input.nameId)) return { ok: false, message: NAME_MESSAGES.unknownName };
  write(draft, p, names.filter((n) => n.id !== input.nameId), input);
  return { ok: true, ...draft.finish() };
}
