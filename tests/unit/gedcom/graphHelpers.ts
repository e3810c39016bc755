import { graphToGedcom } from '../../../src/gedcom/fromGraph.ts';
import { readKeptMany, writeKept } from '../../../src/gedcom/kept.ts';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import { gedcomToGraph, UNLINKED, type GedcomImport, type ToGraphOptions } from '../../../src/gedcom/toGraph.ts';
import { writeGedcom } from '../../../src/gedcom/write.ts';
import { dateForVersion } from '../../../src/gedcom/dates.ts';
import type { Graph, Profile } from '../../../src/domain/types.ts';
import type { FactEvent, Place } from '../../../src/domain/facts/types.ts';
import { placeFullName } from '../../../src/gedcom/facts.ts';
import { utf8 } from './fixtures.ts';

export const NOW = '2026-03-01T12:00:00.000Z';
export const SITE = 'https://kin.example';

/** Deterministic ids: the test can name people by their place in the file. */
export function mapOptions(extra: Partial<ToGraphOptions> = {}): ToGraphOptions {
  let p = 0;
  let n = 1001;
  return { uid: 'u-importer', now: NOW, currentYear: 2026, newProfileId: () => `pr:${String(p++).padStart(32, '0')}`, nextNodeId: () => `n${n++}`, siteOrigin: SITE, random: seeded(7), ...extra };
}

/** A repeatable stand-in for Math.random (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function importText(text: string | Uint8Array, extra: Partial<ToGraphOptions> = {}): GedcomImport {
  return gedcomToGraph(parseGedcom(typeof text === 'string' ? utf8(text) : text), mapOptions(extra));
}

export function asGraph(imported: Pick<GedcomImport, 'nodes' | 'edges' | 'profiles'> & Partial<Pick<GedcomImport, 'places' | 'couples'>>): Graph {
  return {
    nodes: imported.nodes,
    edges: imported.edges,
    profiles: Object.fromEntries(imported.profiles.map((p) => [p.id, p])),
    places: Object.fromEntries((imported.places ?? []).map((p) => [p.id, p])),
    couples: Object.fromEntries((imported.couples ?? []).map((c) => [c.id, c])),
    updatedAt: NOW,
    version: 1,
    revision: 1,
  };
}

export function exportText(graph: Graph, version: '7.0' | '5.5.1', scope: Parameters<typeof graphToGedcom>[1]['scope'] = { kind: 'all' }): string {
  const out = graphToGedcom(graph, { version, scope, siteOrigin: SITE, currentYear: 2026 });
  return writeGedcom({ version, records: out.records, submitter: 'Test Member' });
}

/** A 5.5.1 date and its 7.0 spelling compare equal. */
const sameDate = (text: string | undefined) => dateForVersion(text ?? '', '7.0');

/**
 * What a round trip must keep, by each person's place in the file: what the app shows, the
 * families (partners and children in order) with their pedigrees, each person's kept INDI
 * structures, each family's kept structures, and every other kept record.
 */
export function snapshot(imported: Pick<GedcomImport, 'nodes' | 'edges' | 'profiles' | 'places' | 'couples'>, options: { keptTags?: boolean } = {}) {
  const index = new Map(imported.profiles.map((p, i) => [p.id, i]));
  const places = Object.fromEntries(imported.places.map((p) => [p.id, p]));
  const nodeIndex = new Map(imported.nodes.map((n) => [n.id, index.get(n.data.profileId)!]));
  const kept = readKeptMany(imported.profiles.map((p) => p.gedcom));
  const people = imported.profiles.map((p: Profile, i) => ({
    first: p.firstName,
    last: p.lastName,
    gender: p.gender,
    birth: [p.birthYear, p.birthMonth, p.birthDay, sameDate(p.birthDateText)].join('|'),
    death: [p.death, sameDate(p.deathDateText)].join('|'),
    bio: p.bio,
    photo: p.photoURL,
    events: (p.events ?? []).map((e) => eventOf(e, places)),
    names: (p.names ?? []).map(({ id: _, ...n }) => n),
    ...(options.keptTags === false ? {} : { indi: structuresOf(kept[i]![0]) }),
  }));
  // Families: each couple, and each set of parents with their children in the order the first
  // parent lists them (the order of a parent's families among themselves is the file's FAM order,
  // which an export need not keep).
  const families = new Set<string>();
  const byId = new Map(imported.profiles.map((p) => [p.id, p]));
  for (const p of imported.profiles) {
    const me = index.get(p.id)!;
    for (const s of p.spouses) families.add(`spouses ${[me, index.get(s)!].sort((a, b) => a - b).join(',')}`);
    const groups = new Map<string, number[]>();
    for (const c of p.children) {
      const parents = byId.get(c)!.parents.map((x) => index.get(x)!).sort((a, b) => a - b).join(',');
      groups.set(parents, [...(groups.get(parents) ?? []), index.get(c)!]);
    }
    for (const [parents, kids] of groups) families.add(`children of ${parents} listed by ${me}: ${kids.join(',')}`);
  }
  const pedigrees = imported.edges.filter((e) => e.data.pedigree).map((e) => `${nodeIndex.get(e.source)}→${nodeIndex.get(e.target)} ${e.data.pedigree}`);
  const records: string[] = [];
  const fams: string[] = [];
  for (const list of kept) {
    for (const [k, r] of list.entries()) {
      if (k === 0 && r.tag === 'INDI') continue;
      if (r.tag === 'FAM') fams.push(structuresOf(r));
      // The submitter 5.5.1 requires, which the writer adds when a file has none (exportText's).
      else if (r.tag !== 'HEAD' && !(r.tag === 'SUBM' && r.children[0]?.value === 'Test Member')) records.push(writeKept([r]));
    }
  }
  const couples = imported.couples.map((c) => `${c.partners.map((x) => index.get(x)).join(',')}: ${JSON.stringify(c.events.map((e) => eventOf(e, places)))}`);
  // Every place an event names, with its coordinates (ids aside).
  const placeTexts = imported.places.map((p) => `${placeFullName(places, p.id)} ${p.latitude ?? ''} ${p.longitude ?? ''}`);
  return { people, couples: couples.sort(), places: placeTexts.sort(), families: [...families].sort(), pedigrees: pedigrees.sort(), fams: options.keptTags === false ? [] : fams.sort(), records: options.keptTags === false ? [] : records.sort() };
}

/** A kept INDI or FAM without its link lines (families are compared on their own). */
function structuresOf(record: import('../../../src/gedcom/types.ts').GedcomNode | undefined): string {
  if (!record) return '';
  const links = new Set(['FAMC', 'FAMS', 'HUSB', 'WIFE', 'CHIL']);
  return writeKept([{ ...record, children: record.children.filter((c) => !links.has(c.tag.replace(UNLINKED, ''))) }]).replace(/^(\d+ _FACT_\S+ )(?:ev|nm|ci)[0-9a-z]{10}/gm, '$1#');
}

/** An event without its id (nor its citations' ids), its place by full name. */
function eventOf({ id: _, placeId, ...e }: FactEvent, places: Record<string, Place>) {
  const citations = e.citations?.map(({ id: __, ...c }) => c);
  return { ...e, ...(citations ? { citations } : {}), place: placeFullName(places, placeId) };
}
