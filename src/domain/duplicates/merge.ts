/**
 * Merging two cards of one person (issue 24, item 5): `keep` stays, `gone` goes, as one operation
 * the session saves as one change set and Undo takes back whole. For each field the member picks
 * a side; the value not picked stays as an alternative where the facts model has one (the name as
 * another name, a birth or death date as an 'Other birth' / 'Other death' event), and everything
 * else `gone` had comes along: their events and names with their citations, their parents,
 * children and spouses (each relative's lists re-pointed), the couples' events, the card's lines,
 * the photo when `keep` has none. Pure.
 */
import { EVENTS_NOT_LOADED, eventsLoaded } from '../facts/eventsLoading.ts';
import { birthGedcom, deathGedcom } from '../dates/index.ts';
import { FactsDraft, type FactsOutcome } from '../facts/factsResult.ts';
import { coupleId, newFactId, notDuplicateId, type Citation, type Couple, type FactEvent, type PersonName } from '../facts/types.ts';
import { edgeId, spouseEdgeId } from '../ids.ts';
import { fullName } from '../labels.ts';
import { canEditProfile, canRemoveProfile } from '../permissions.ts';
import { MAX_PARENTS } from '../timing.ts';
import type { TreeRole } from '../roles.ts';
import type { Graph, GraphEdge, Profile } from '../types.ts';

/** The fields a member picks a side for, each a group of profile fields shown as one line. */
export const MERGE_FIELDS = ['name', 'gender', 'birth', 'death', 'mothersMaidenName', 'bio', 'photo', 'email'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeSide = 'keep' | 'gone';

const FIELD_PARTS: Record<MergeField, readonly (keyof Profile)[]> = {
  name: ['firstName', 'lastName'],
  gender: ['gender'],
  birth: ['birthYear', 'birthMonth', 'birthDay', 'birthDateText'],
  death: ['death', 'deathDateText'],
  mothersMaidenName: ['mothersMaidenName'],
  bio: ['bio'],
  photo: ['photoURL', 'photoURLSmall'],
  email: ['email'],
};

/** What the merge view shows on each line ('' when the person has none). */
export function mergeFieldText(p: Profile, field: MergeField): string {
  switch (field) {
    case 'name':
      return fullName(p);
    case 'birth':
      return birthGedcom(p);
    case 'death':
      return deathGedcom(p);
    case 'photo':
      return p.photoURL;
    default:
      return String(p[FIELD_PARTS[field][0]!] ?? '');
  }
}

/** The side picked when the member picks none: `keep`'s value, else `gone`'s when only they have one. */
export function defaultMergeChoices(keep: Profile, gone: Profile): Record<MergeField, MergeSide> {
  const out = {} as Record<MergeField, MergeSide>;
  for (const f of MERGE_FIELDS) out[f] = !mergeFieldText(keep, f) && mergeFieldText(gone, f) ? 'gone' : 'keep';
  return out;
}

export const MERGE_MESSAGES = {
  unknown: 'One of these people is no longer in the tree.',
  same: 'Pick two different people to merge.',
  keepLocked: (name: string) => `${name}'s card is claimed by another member: only they can change it.`,
  goneLocked: (name: string) => `${name}'s card cannot be merged away: it is claimed, or it is the tree owner's own. Keep it instead.`,
  relativeLocked: (name: string) => `${name} is claimed by another member, and merging would change their relatives.`,
  related: 'These two are each other’s parent, child, spouse or ancestor: they cannot be the same person.',
  tooManyParents: (name: string) => `Merging would give ${name} more than two parents. Unlink the wrong parents first.`,
} as const;

export interface MergeInput {
  keep: string;
  gone: string;
  /** Sides picked per field; `defaultMergeChoices` for the rest. */
  choices?: Partial<Record<MergeField, MergeSide>>;
  uid: string;
  role: TreeRole | null;
  graphOwnerUid: string;
  now: string;
  random: () => number;
}

const OTHER_BIRTH = 'Other birth';
const OTHER_DEATH = 'Other death';

function lifeEvents(type: 'BIRT' | 'DEAT', chosen: { date: string; item?: FactEvent }, other: { date: string; item?: FactEvent }, label: string, random: () => number): FactEvent[] {
  const asAlternative = (from: FactEvent | undefined, date: string): FactEvent => ({
    ...(from ?? { description: '', age: '', placeId: '' }),
    id: from?.id ?? newFactId('ev', random),
    type: 'EVEN',
    customType: label,
    date,
  });
  const out: FactEvent[] = [];
  if (other.date && other.date !== chosen.date) {
    // The date not picked, with the place and citations that went with it.
    if (chosen.item) out.push(chosen.item);
    out.push(asAlternative(other.item, other.date));
  } else if (chosen.item && other.item) out.push(chosen.item, asAlternative(other.item, other.date));
  else if (chosen.item ?? other.item) out.push((chosen.item ?? other.item)!);
  return out.map((e) => (e.type === type ? { ...e, date: '' } : e));
}

/** Whether `ancestor` is among `person`'s ancestors (each visited once: pedigree collapse stays linear). */
export function isAncestor(profiles: Readonly<Record<string, Pick<Profile, 'parents'>>>, ancestor: string, person: string): boolean {
  const seen = new Set<string>([person]);
  const queue = [person];
  while (queue.length) {
    for (const p of profiles[queue.pop()!]?.parents ?? []) {
      if (p === ancestor) return true;
      if (!seen.has(p)) {
        seen.add(p);
        queue.push(p);
      }
    }
  }
  return false;
}

function sameName(a: Profile, b: Profile): boolean {
  const fold = (s: string) => s.trim().toLowerCase();
  return fold(a.firstName) === fold(b.firstName) && fold(a.lastName) === fold(b.lastName);
}

function unionIds(...lists: (readonly string[])[]): string[] {
  return [...new Set(lists.flat())];
}

function unionCitations(a?: Citation[], b?: Citation[]): Citation[] | undefined {
  const all = [...(a ?? []), ...(b ?? [])];
  const seen = new Set<string>();
  const out = all.filter((c) => !seen.has(c.id) && !!seen.add(c.id));
  return out.length ? out : undefined;
}

function mergedCouple(into: Couple | undefined, from: Couple, id: string, partners: [string, string]): Couple {
  const out: Couple = { id, partners, events: [...(into?.events ?? []), ...from.events] };
  const note = [into?.note, from.note].filter(Boolean).join('');
  if (note) out.note = note;
  const citations = unionCitations(into?.citations, from.citations);
  if (citations) out.citations = citations;
  return out;
}

/**
 * Merges `gone` into `keep`. Refused when `gone` may not be removed (claimed, or the owner's own:
 * the member keeps that one instead), `keep` may not be edited, a relative whose lists change is
 * claimed by another, the two are close relatives (a parent, child, spouse or ancestor of the
 * other: never one person), or `keep` would get more than two parents.
 */
export function mergePeople(graph: Graph, input: MergeInput): FactsOutcome<{ keepNodeId: string | null }> {
  const facts = new FactsDraft(graph);
  const draft = facts.draft;
  const keep = draft.profile(input.keep);
  const gone = draft.profile(input.gone);
  if (!keep || !gone) return { ok: false, message: MERGE_MESSAGES.unknown };
  if (keep.id === gone.id) return { ok: false, message: MERGE_MESSAGES.same };
  // Both people's events are kept: never merged from an outline (facts/eventsLoading.ts).
  if (!eventsLoaded(keep) || !eventsLoaded(gone)) return { ok: false, message: EVENTS_NOT_LOADED };
  const goneNode = draft.nodeShowing(gone.id);
  const keepNode = draft.nodeShowing(keep.id);
  if (!canRemoveProfile(gone, input.uid, input.graphOwnerUid) || goneNode?.data.isPrimary) return { ok: false, message: MERGE_MESSAGES.goneLocked(fullName(gone)) };
  if (!canEditProfile(keep, input.uid, input.role)) return { ok: false, message: MERGE_MESSAGES.keepLocked(fullName(keep)) };
  const goneRelatives = unionIds(gone.parents, gone.children, gone.spouses);
  if (goneRelatives.includes(keep.id) || keep.spouses.includes(gone.id)) return { ok: false, message: MERGE_MESSAGES.related };
  if (isAncestor(graph.profiles, keep.id, gone.id) || isAncestor(graph.profiles, gone.id, keep.id)) return { ok: false, message: MERGE_MESSAGES.related };
  for (const id of goneRelatives) {
    const r = draft.profile(id);
    if (r?.ownerUid && r.ownerUid !== input.uid) return { ok: false, message: MERGE_MESSAGES.relativeLocked(fullName(r)) };
  }
  const parents = unionIds(keep.parents, gone.parents);
  if (parents.length > MAX_PARENTS) return { ok: false, message: MERGE_MESSAGES.tooManyParents(fullName(keep)) };

  const choices = { ...defaultMergeChoices(keep, gone), ...input.choices };
  const merged: Profile = { ...keep };
  const from = (f: MergeField) => (choices[f] === 'gone' ? gone : keep);
  for (const f of MERGE_FIELDS) for (const part of FIELD_PARTS[f]) (merged as unknown as Record<string, unknown>)[part] = from(f)[part];
  if (!merged.gedcom && gone.gedcom) merged.gedcom = gone.gedcom;

  // Names: both people's other names, and the primary name not picked as another name.
  const names: PersonName[] = [...(keep.names ?? []), ...(gone.names ?? [])];
  if (!sameName(keep, gone)) {
    const other = choices.name === 'gone' ? keep : gone;
    if (other.firstName.trim() || other.lastName.trim()) {
      names.push({ id: newFactId('nm', input.random), kind: 'aka', prefix: '', given: other.firstName, surnamePrefix: '', surname: other.lastName, suffix: '', nickname: '' });
    }
  }
  // Events: both people's; one birth and one death, the dates not picked as alternatives.
  const lifeEvent = (p: Profile, t: 'BIRT' | 'DEAT') => p.events?.find((e) => e.type === t);
  const pick = (f: 'birth' | 'death') => (choices[f] === 'gone' ? [gone, keep] : [keep, gone]) as [Profile, Profile];
  const [bornC, bornO] = pick('birth');
  const [diedC, diedO] = pick('death');
  const life = [
    ...lifeEvents('BIRT', { date: birthGedcom(bornC), item: lifeEvent(bornC, 'BIRT') }, { date: birthGedcom(bornO), item: lifeEvent(bornO, 'BIRT') }, OTHER_BIRTH, input.random),
    ...lifeEvents('DEAT', { date: deathGedcom(diedC), item: lifeEvent(diedC, 'DEAT') }, { date: deathGedcom(diedO), item: lifeEvent(diedO, 'DEAT') }, OTHER_DEATH, input.random),
  ];
  // In the order the saved profile's patch gives them: keep's where they were, then the new ones.
  const lifeById = new Map(life.map((e) => [e.id, e]));
  const events: FactEvent[] = (keep.events ?? []).flatMap((e) => (lifeById.has(e.id) ? [lifeById.get(e.id)!] : e.type === 'BIRT' || e.type === 'DEAT' ? [] : [e]));
  const placed = new Set(events.map((e) => e.id));
  events.push(...life.filter((e) => !placed.has(e.id)), ...(gone.events ?? []).filter((e) => !lifeById.has(e.id) && e.type !== 'BIRT' && e.type !== 'DEAT'));
  if (names.length) merged.names = names;
  else delete merged.names;
  // What supports either person supports the one they are; both notes are kept, keep's first.
  const citations = [...(keep.citations ?? []), ...(gone.citations ?? [])];
  if (citations.length) merged.citations = citations;
  else delete merged.citations;
  merged.note = [keep.note ?? '', gone.note ?? ''].filter(Boolean).join('');
  if (events.length) merged.events = events;
  else delete merged.events;
  merged.parents = parents;
  merged.children = unionIds(keep.children, gone.children);
  merged.spouses = unionIds(keep.spouses, gone.spouses);
  merged.updatedBy = input.uid;
  merged.updatedAt = input.now;

  // Each relative of `gone` now names `keep`.
  const swap = (list: readonly string[]) => unionIds(list.map((x) => (x === gone.id ? keep.id : x)));
  for (const id of goneRelatives) {
    const r = draft.profile(id);
    if (r) draft.setProfile({ ...r, parents: swap(r.parents), children: swap(r.children), spouses: swap(r.spouses) });
  }
  // The couples' events and evidence go to `keep`'s couple with the same partner.
  for (const s of gone.spouses) {
    const old = facts.couple(coupleId(gone.id, s));
    if (!old) continue;
    facts.removeCouple(old.id);
    const id = coupleId(keep.id, s);
    facts.setCouple(mergedCouple(facts.couple(id), old, id, keep.id < s ? [keep.id, s] : [s, keep.id]));
  }
  for (const pair of Object.values(facts.allNotDuplicates())) if (pair.people.includes(gone.id)) facts.removeNotDuplicate(pair.id);
  draft.removeProfile(gone.id);
  draft.setProfile(merged);

  // The card: `gone`'s lines move to `keep`'s card (a line that would join the card to itself, or
  // repeat one it has, goes); without a card of its own `keep` takes over `gone`'s.
  let keepNodeId = keepNode?.id ?? null;
  if (goneNode && keepNode) {
    for (const e of draft.edgesOf(goneNode.id)) {
      draft.removeEdge(e.id);
      const source = e.source === goneNode.id ? keepNode.id : e.source;
      const target = e.target === goneNode.id ? keepNode.id : e.target;
      if (source === target) continue;
      const id = e.data.kind === 'spouse' ? spouseEdgeId(source, target) : edgeId(source, target);
      if (!draft.edge(id)) draft.setEdge({ ...e, id, source, target } satisfies GraphEdge);
    }
    draft.removeNode(goneNode.id);
    if (!keepNode.data.parentRole && goneNode.data.parentRole) draft.setNode({ ...keepNode, data: { ...keepNode.data, parentRole: goneNode.data.parentRole } });
  } else if (goneNode) {
    draft.setNode({ ...goneNode, data: { ...goneNode.data, profileId: keep.id } });
    keepNodeId = goneNode.id;
  }
  return { ok: true, ...facts.finish(), keepNodeId };
}

/** Marks a pair "Not a duplicate" for this tree (the finder leaves it out from then on). */
export function markNotDuplicate(graph: Graph, a: string, b: string): FactsOutcome {
  const facts = new FactsDraft(graph);
  if (!facts.draft.profile(a) || !facts.draft.profile(b) || a === b) return { ok: false, message: MERGE_MESSAGES.unknown };
  const people: [string, string] = a < b ? [a, b] : [b, a];
  facts.setNotDuplicate({ id: notDuplicateId(a, b), people });
  return { ok: true, ...facts.finish() };
}

