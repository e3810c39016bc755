import { DECEASED } from '../domain/labels.ts';
import { emptyProfile } from '../domain/profile.ts';
import { parentEdge, personNode } from '../domain/relationships.ts';
import { PROFILE_LIMITS } from '../domain/validation/profile.ts';
import { coupleId, newFactId, type Couple, type FactEvent, type PersonName, type Place, type Source } from '../domain/facts/types.ts';
import type { GraphEdge, GraphNode, Pedigree, Profile } from '../domain/types.ts';
import { DATE_TEXT_REASONS, deathParts, writeDate } from './dates.ts';
import { eventType, NOTE_MARKER, PlaceBook, readCitations, readEvent, readLinkPedigrees, readOtherName, type FactReader } from './facts.ts';
import { noteOf, pointedNotes, readSource, sourceIdOf } from './sources.ts';
import { FACT_LIMITS } from '../domain/facts/limits.ts';
import { fileMedia } from './media.ts';
import type { Media } from '../domain/media/types.ts';
import { appendKept, KeptText, writeKept, type KeptEdit, type KeptEdits } from './kept.ts';
import { child, eventDate, htmlNoteOf, nameField, readBio, readDateField, readName, readPhoto, readSex, writeName, type DateReading } from './people.ts';
import { summaryCollector, type ImportSummary, type SummaryCode } from './summary.ts';
import { eachNode, type GedcomDocument, type GedcomNode } from './types.ts';

/**
 * A parsed GEDCOM document as Kinfolk people (DESIGN.md "GEDCOM import and export"). Pure: the
 * import worker runs it, the tests run it on the fixtures.
 *
 * - INDI → a profile and a card: names, sex, birth and death (in the date fields when they fit,
 *   else as written), notes as the bio, a photo of this site.
 * - FAM → spouse links (HUSB and WIFE) and parent lines from each partner to each CHIL, with the
 *   child's FAMC.PEDI on the lines (adopted, foster, sealing, other). A child keeps at most two
 *   parents and nobody becomes their own ancestor: a family link that would break either is left
 *   off the tree (kept for export, told in the summary).
 * - Events, places, other names, couples' events and pedigrees become the facts model
 *   (facts.ts): what it holds leaves the kept lines, a marker stays where each item stood.
 * - Everything else is kept, in order, as GEDCOM lines in the profiles' `gedcom` field: each person's
 *   INDI record whole; each FAM record with its first partner (else its first child); every other
 *   record (SOUR, REPO, OBJE, NOTE, SNOTE, SUBM, extension records) with the first person whose
 *   structures point to it, directly or through other records, and the rest (and HEAD) with the
 *   file's first person. Links the tree could not show are kept as `_UNLINKED_{tag}` lines.
 * - Cross-reference ids are kept; `xrefPrefix` keeps those of a second import into the same tree
 *   apart from the first's.
 */
export interface ToGraphOptions {
  uid: string;
  now: string;
  currentYear: number;
  newProfileId(): string;
  /** Consecutive ids after the tree's own (`nodeIdAllocator`). */
  nextNodeId(): string;
  /** Put before every cross-reference id kept ('' for the first import into a tree). */
  xrefPrefix?: string;
  /** The site's origin: an OBJE whose FILE is on this site becomes the person's photo. */
  siteOrigin?: string;
  /** Ids of events, names and places (`newFactId`); Math.random when absent. */
  random?: () => number;
  /** The tree's places by full name (`placesByFullName`): reused, not made again. */
  knownPlaces?: Readonly<Record<string, string>>;
}

/** A family as the layout needs it: card ids of its partners and of its children on the tree. */
export interface ImportedFamily {
  partners: string[];
  children: string[];
}

export interface GedcomImport {
  /** Cards at (0, 0): the layout places them. */
  nodes: GraphNode[];
  edges: GraphEdge[];
  profiles: Profile[];
  families: ImportedFamily[];
  /** The places the events name, and the couples with events (`Graph.places`, `Graph.couples`). */
  places: Place[];
  couples: Couple[];
  /** The file's SOUR records as sources (their records stay in the kept lines; `sources.ts`). */
  sources: Source[];
  /** The people's OBJE FILEs as media references (`media.ts`); their lines stay kept too. */
  media: Media[];
  summary: ImportSummary;
}

/** Marks a link line the tree does not show, in kept lines; an export writes it under its own tag again. */
export const UNLINKED = '_UNLINKED_';
const STRUCTURAL = new Set(['FAMC', 'FAMS', 'HUSB', 'WIFE', 'CHIL']);
const NO_FAMILIES: Family[] = [];
const NO_LINKS: Link<Family>[] = [];
/** Edits many structures share (`edit` never changes an edit it holds). */
const DROP: KeptEdit = { drop: true };
const NO_VALUE: KeptEdit = { noValue: true };

interface Person {
  record: GedcomNode;
  /** Its place in the file's records. */
  at: number;
  nodeId: string;
  profile: Profile;
  /** Person indexes of the parents (at most two), and the pedigree of the link to each. */
  parents: number[];
  pedigrees: (Pedigree | undefined)[];
  /** In the order the file gives them. */
  children: number[];
  spouses: number[];
  /** Its FAMC and FAMS lines, each with the family it names (undefined: no such family in the file). */
  links: Link<Family>[];
  /** Records kept with this person (their INDI first), and the characters they take. */
  kept: number[];
  keptChars: number;
}

interface Family {
  record: GedcomNode;
  at: number;
  /** Its HUSB, WIFE and CHIL lines, each with the person it names (undefined: nobody in the file). */
  members: Link<number>[];
  partners: number[];
  /** Children linked to the partners on the tree, and those left off (too many parents, a cycle). */
  children: number[];
  unlinked?: Set<number>;
}

/** A link line and what it points to, resolved once: a 100,000-person file has half a million of them. */
interface Link<T> {
  node: GedcomNode;
  to: T | undefined;
}

export function gedcomToGraph(doc: GedcomDocument, options: ToGraphOptions): GedcomImport {
  const summary = summaryCollector();
  const note = summary.note;
  for (const w of doc.warnings) note('file-warning', w.line, w.message);
  const prefix = options.xrefPrefix ?? '';
  // Links and records point to ids as the file has them; kept lines carry them with the prefix.

  // ---- records by cross-reference id (the first one wins; later ones get an id of their own) ----
  const records = doc.records;
  /** Record index by cross-reference id. */
  const byXref = new Map<string, number>();
  /** Records whose id was taken by an earlier one, with the id they are kept under. */
  const renamed = new Map<number, string>();
  for (let k = 0; k < records.length; k++) {
    const r = records[k]!;
    if (r.xref === undefined) continue;
    const first = byXref.get(r.xref);
    if (first === undefined) {
      byXref.set(r.xref, k);
      continue;
    }
    let xref = `${r.xref}_2`;
    for (let n = 3; byXref.has(xref); n++) xref = `${r.xref}_${n}`;
    byXref.set(xref, k);
    renamed.set(k, xref);
    note('duplicate-xref', r.line, `Line ${r.line}: the id @${r.xref}@ was already used on line ${records[first]!.line}. This ${r.tag} record is kept as @${xref}@; links to @${r.xref}@ go to line ${records[first]!.line}.`);
  }
  const record = (xref: string) => {
    const k = byXref.get(xref);
    return k === undefined ? undefined : records[k];
  };

  // ---- people ----
  /** Record index → its person, -1 for none; → its family. */
  const personOf = new Int32Array(records.length).fill(-1);
  const familyOf: (Family | undefined)[] = new Array(records.length);
  const people: Person[] = [];
  for (let k = 0; k < records.length; k++) {
    const r = records[k]!;
    if (r.tag !== 'INDI') continue;
    personOf[k] = people.length;
    people.push(readPerson(r, k, options, record, note));
  }
  const describe = (i: number) => describePerson(people[i]!);
  const personAt = (pointer: string) => {
    const k = byXref.get(pointer);
    return k === undefined || personOf[k]! < 0 ? undefined : personOf[k]!;
  };
  const familyAt = (pointer: string) => {
    const k = byXref.get(pointer);
    return k === undefined ? undefined : familyOf[k];
  };

  // ---- families: partners, then children (at most two parents each, never their own ancestor) ----
  const families: Family[] = [];
  // Filled for one family or person at a time, then handed over as an array of just that length.
  const members: Link<number>[] = [];
  const links: Link<Family>[] = [];
  for (let k = 0; k < records.length; k++) {
    const r = records[k]!;
    if (r.tag !== 'FAM') continue;
    const fam: Family = { record: r, at: k, members: [], partners: [], children: [] };
    familyOf[k] = fam;
    const name = r.xref !== undefined ? `family @${r.xref}@` : 'a family';
    for (const c of r.children) {
      if (!STRUCTURAL.has(c.tag) || c.pointer === undefined || c.pointer === 'VOID') continue;
      const who = personAt(c.pointer);
      members.push({ node: c, to: who });
      if (who === undefined) {
        note('missing-person', c.line, `Line ${c.line}: ${name} names @${c.pointer}@ as ${c.tag === 'CHIL' ? 'a child' : 'a partner'}, but the file has no such person. Left out.`);
        continue;
      }
      if (c.tag === 'CHIL') {
        if (!fam.children.includes(who)) fam.children = grown(fam.children, who);
      } else if (fam.partners.length < 2 && !fam.partners.includes(who)) fam.partners = grown(fam.partners, who);
    }
    fam.members = members.splice(0);
    families.push(fam);
  }
  // Links a file gives on one side only (an INDI's FAMC or FAMS its family does not list) count too.
  for (let index = 0; index < people.length; index++) {
    const p = people[index]!;
    for (const c of p.record.children) {
      if ((c.tag !== 'FAMC' && c.tag !== 'FAMS') || c.pointer === undefined || c.pointer === 'VOID') continue;
      const fam = familyAt(c.pointer);
      links.push({ node: c, to: fam });
      if (!fam) {
        note('missing-family', c.line, `Line ${c.line}: ${describe(index)} is linked to @${c.pointer}@, but the file has no such family. Left out.`);
        continue;
      }
      if (c.tag === 'FAMC' && !fam.children.includes(index)) fam.children = grown(fam.children, index);
      if (c.tag === 'FAMS' && !fam.partners.includes(index) && fam.partners.length < 2) fam.partners = grown(fam.partners, index);
    }
    if (links.length) p.links = links.splice(0);
  }

  for (const fam of families) {
    const [a, b] = fam.partners;
    if (a !== undefined && b !== undefined) {
      const pa = people[a]!;
      const pb = people[b]!;
      if (pa.spouses.includes(b)) continue;
      if (pa.spouses.length >= PROFILE_LIMITS.relations || pb.spouses.length >= PROFILE_LIMITS.relations) {
        note('too-many-relatives', fam.record.line, `Line ${fam.record.line}: ${describe(a)} or ${describe(b)} already has ${PROFILE_LIMITS.relations} spouses; they are not linked as spouses.`);
        continue;
      }
      pa.spouses = grown(pa.spouses, b);
      pb.spouses = grown(pb.spouses, a);
    }
  }
  // Which families a child is drawn in: the ones their own record names first (FAMC, in its
  // order), then the others listing them; the first two parents win. A parent's children: their
  // families in the order their record names them (FAMS), each family's children in its order.
  // Both orders are the records' own, which an export keeps, so a re-import links the same way.
  const asChild: Family[][] = new Array(people.length).fill(NO_FAMILIES);
  const asPartner: Family[][] = new Array(people.length).fill(NO_FAMILIES);
  for (const fam of families) {
    for (const c of fam.children) asChild[c] = grown(asChild[c]!, fam);
    for (const p of fam.partners) asPartner[p] = grown(asPartner[p]!, fam);
  }
  const recordOrder = (index: number, tag: 'FAMC' | 'FAMS', list: Family[]) => {
    // Most people are in one family of each kind, which is then its own order.
    if (list.length < 2) return list;
    const named: Family[] = [];
    for (const { node, to: fam } of people[index]!.links) {
      if (node.tag === tag && fam && list.includes(fam) && !named.includes(fam)) named.push(fam);
    }
    return [...named, ...list.filter((f) => !named.includes(f))];
  };
  const childCount = new Int32Array(people.length);
  for (let c = 0; c < people.length; c++) {
    const kid = people[c]!;
    for (const fam of recordOrder(c, 'FAMC', asChild[c]!)) {
      const label = fam.record.xref !== undefined ? `family @${fam.record.xref}@` : 'a family';
      if (fam.partners.includes(c)) {
        unlink(fam, c);
        note('same-person', fam.record.line, `Line ${fam.record.line}: ${describe(c)} is both a partner and a child in ${label}. The child link is left out (kept for export).`);
        continue;
      }
      const adding = fam.partners.filter((p) => !kid.parents.includes(p));
      if (kid.parents.length + adding.length > 2) {
        unlink(fam, c);
        note('too-many-parents', fam.record.line, `Line ${fam.record.line}: ${describe(c)} already has two parents, so ${label} is not drawn as their parents (a person has at most 2 parents; the link is kept for export).`);
        continue;
      }
      if (adding.some((p) => childCount[p]! >= PROFILE_LIMITS.relations)) {
        unlink(fam, c);
        note('too-many-relatives', fam.record.line, `Line ${fam.record.line}: a parent in ${label} already has ${PROFILE_LIMITS.relations} children; ${describe(c)} is not linked to them (kept for export).`);
        continue;
      }
      const pedigree = readLinkPedigrees(famcLine(kid, fam), chilLine(fam, c));
      const father = husbandOf(fam);
      for (const p of adding) {
        kid.parents = grown(kid.parents, p);
        kid.pedigrees = grown(kid.pedigrees, p === father ? pedigree.father : pedigree.mother);
        childCount[p]++;
      }
    }
  }
  for (let p = 0; p < people.length; p++) {
    const parent = people[p]!;
    for (const fam of recordOrder(p, 'FAMS', asPartner[p]!)) {
      for (const c of fam.children) if (!fam.unlinked?.has(c) && people[c]!.parents.includes(p) && !parent.children.includes(c)) parent.children = grown(parent.children, c);
    }
  }
  breakCycles(people, families, (fam, c) =>
    note('own-ancestor', fam.record.line, `Line ${fam.record.line}: linking ${describe(c)} to the parents of ${fam.record.xref !== undefined ? `family @${fam.record.xref}@` : 'a family'} would make someone their own ancestor. Left off the tree (kept for export).`),
  );

  // ---- kept lines ----
  // Edits are kept by record (by its index: no hashing of half a million structures): a record has
  // a handful, and the writer asks for each of its structures.
  const editsAt: (RecordEdits | undefined)[] = new Array(records.length);
  const edit: Edit = (at, n, e) => (editsAt[at] ??= new RecordEdits()).set(n, e);
  for (const [k, x] of renamed) edit(k, records[k]!, { xref: x });
  /** Record index → the person it is kept with, -1 for none yet. */
  const holder = new Int32Array(records.length).fill(-1);
  const random = options.random ?? Math.random;
  const places = new PlaceBook(() => newFactId('pl', random), options.knownPlaces);
  const reader: FactReader = {
    places,
    newId: (kind) => newFactId(kind, random),
    v7: doc.version.startsWith('7'),
    // A citation names the source its record makes (`fileSources`, the same kept id).
    sourceOf: (pointer) => (record(pointer)?.tag === 'SOUR' ? sourceIdOf(prefix + pointer) : undefined),
  };
  for (let i = 0; i < people.length; i++) {
    const p = people[i]!;
    keptPerson(p, i, edit, reader);
    holder[p.at] = i;
  }
  const couples = new Map<string, Couple>();
  for (const fam of families) {
    const h = fam.partners[0] ?? fam.children[0];
    if (h === undefined) continue;
    keptFamily(fam, edit);
    coupleEvents(fam, people, couples, reader, edit, record);
    holder[fam.at] = h;
    people[h]!.kept = grown(people[h]!.kept, fam.at);
  }
  // Other records go with the first person who points to them, directly or through other records.
  const queue: number[] = [];
  for (let k = 0; k < holder.length; k++) if (holder[k]! >= 0) queue.push(k);
  const keepPointed = (record: GedcomNode, h: number): void =>
    eachNode(record, (c) => {
      if (c === record || c.pointer === undefined || c.pointer === 'VOID' || STRUCTURAL.has(c.tag)) return;
      const k = byXref.get(c.pointer);
      const tag = k === undefined ? '' : records[k]!.tag;
      if (k !== undefined && holder[k]! < 0 && tag !== 'INDI' && tag !== 'FAM') {
        holder[k] = h;
        people[h]!.kept = grown(people[h]!.kept, k);
        queue.push(k);
      }
    });
  for (let q = 0; q < queue.length; q++) keepPointed(records[queue[q]!]!, holder[queue[q]!]!);
  if (people.length) {
    for (let k = 0; k < records.length; k++) if (holder[k]! < 0 && records[k]!.tag !== 'INDI' && records[k]!.tag !== 'FAM') people[0]!.kept = grown(people[0]!.kept, k);
  }
  storeKept(people, records, prefix, editsAt, edit, note);

  // ---- cards, lines, profiles ----
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const profiles: Profile[] = [];
  for (const p of people) {
    nodes.push(personNode(p.nodeId, p.profile.id, { x: 0, y: 0 }, options.now));
    for (let k = 0; k < p.parents.length; k++) {
      const e = parentEdge(people[p.parents[k]!]!.nodeId, p.nodeId);
      const pedigree = p.pedigrees[k];
      if (pedigree) e.data = { kind: 'parent', pedigree };
      edges.push(e);
    }
    p.profile.parents = profileIds(people, p.parents);
    p.profile.children = profileIds(people, p.children);
    p.profile.spouses = profileIds(people, p.spouses);
    profiles.push(p.profile);
  }
  const layoutFamilies: ImportedFamily[] = families.map((fam) => ({
    partners: fam.partners.map((i) => people[i]!.nodeId),
    children: fam.partners.length ? fam.children.filter((c) => !fam.unlinked?.has(c)).map((i) => people[i]!.nodeId) : [],
  }));
  return {
    nodes,
    edges,
    profiles,
    families: layoutFamilies,
    places: places.places,
    couples: [...couples.values()],
    sources: fileSources(records, renamed, prefix, record),
    media: fileMedia(people.map((p) => ({ record: p.record, profileId: p.profile.id, photo: p.profile.photoURL ? readPhoto(p.record, record, options.siteOrigin)?.node : undefined })), record, options.random ?? Math.random),
    summary: { people: people.length, families: families.length, version: doc.version, encoding: doc.encoding, items: summary.items, counts: summary.counts },
  };
}

function fileSources(records: readonly GedcomNode[], renamed: ReadonlyMap<number, string>, prefix: string, record: (xref: string) => GedcomNode | undefined): Source[] {
  const out: Source[] = [];
  records.forEach((r, k) => {
    if (r.tag !== 'SOUR' || r.xref === undefined) return;
    const source = readSource(r, prefix + (renamed.get(k) ?? r.xref), record);
    if (source) out.push(source);
  });
  return out;
}

type Note = (code: SummaryCode, line: number, message: string | (() => string)) => void;
/** Writes structure `n` into kept lines as `e` says. */
type Edit = (at: number, n: GedcomNode, e: KeptEdit) => void;

/** One record's kept edits, found by a short scan. */
class RecordEdits implements KeptEdits {
  private nodes: GedcomNode[] = [];
  private edits: KeptEdit[] = [];

  get(node: GedcomNode): KeptEdit | undefined {
    const i = this.nodes.indexOf(node);
    return i < 0 ? undefined : this.edits[i];
  }

  set(node: GedcomNode, e: KeptEdit): void {
    const i = this.nodes.indexOf(node);
    if (i >= 0) this.edits[i] = { ...this.edits[i], ...e };
    else {
      this.nodes = grown(this.nodes, node);
      this.edits = grown(this.edits, e);
    }
  }
}

function readPerson(r: GedcomNode, at: number, o: ToGraphOptions, record: (x: string) => GedcomNode | undefined, note: Note): Person {
  const nameNode = child(r, 'NAME');
  const name = readName(nameNode);
  const first = nameField(name.first);
  const last = nameField(name.last);
  if (first.cut || last.cut) note('name-cut', nameNode!.line, () => `Line ${nameNode!.line}: the name of ${who(name, r)} is longer than ${PROFILE_LIMITS.firstName} characters per part; the card shows its start, the whole name is kept for export.`);
  const profile = emptyProfile(o.newProfileId());
  profile.firstName = first.value;
  profile.lastName = last.value;
  profile.gender = readSex(child(r, 'SEX'));
  profile.createdBy = o.uid;
  profile.createdAt = o.now;
  profile.updatedBy = o.uid;
  profile.updatedAt = o.now;
  const birthNode = eventDate(r, 'BIRT');
  const birth = readDateField(birthNode, o.currentYear, 'birth');
  if (birth.parts) {
    profile.birthYear = birth.parts.year;
    profile.birthMonth = birth.parts.month;
    profile.birthDay = birth.parts.day;
  } else profile.birthDateText = birth.text;
  const deathNode = eventDate(r, 'DEAT');
  const death = readDateField(deathNode, o.currentYear, 'death');
  if (death.parts) profile.death = death.parts.day ? `${death.parts.year}-${death.parts.month}-${death.parts.day}` : death.parts.year;
  else profile.deathDateText = death.text;
  if (!profile.death && !profile.deathDateText && recordsDeath(r)) profile.death = DECEASED;
  if (birth.reason) noteDate(note, birth, birthNode!, 'birth', name, r);
  if (death.reason) noteDate(note, death, deathNode!, 'death', name, r);
  // A note written as HTML is the person's formatted note (shown formatted), the rest the bio.
  const html = htmlNoteOf(r);
  const formatted = html && noteOf(html, record);
  if (formatted && formatted.length <= FACT_LIMITS.note) profile.note = formatted;
  const bio = readBio(r, record, profile.note ? html : undefined);
  profile.bio = bio.bio;
  if (bio.cut) note('note-cut', r.line, () => `Line ${r.line}: the notes of ${who(name, r)} are longer than ${PROFILE_LIMITS.bio.toLocaleString('en')} characters; the bio shows their start, the whole notes are kept for export.`);
  const photo = readPhoto(r, record, o.siteOrigin);
  if (photo) profile.photoURL = photo.url;
  return { record: r, at, nodeId: o.nextNodeId(), profile, parents: [], pedigrees: [], children: [], spouses: [], links: NO_LINKS, kept: [at], keptChars: 0 };
}

/** Owner's decision: a recorded death without a date (`1 DEAT`, `1 DEAT Y`), a burial or a cremation means deceased, as in webtrees. */
function recordsDeath(r: GedcomNode): boolean {
  return r.children.some((c) => c.tag === 'DEAT' || c.tag === 'BURI' || c.tag === 'CREM');
}

function who(name: { first: string; last: string }, r: GedcomNode): string {
  return `${[name.first, name.last].filter(Boolean).join(' ') || 'an unnamed person'} (@${r.xref ?? '?'}@)`;
}

/** Tells in the summary that a birth or death date is shown as written, or cut. */
function noteDate(note: Note, reading: DateReading & { parts: null }, node: GedcomNode, what: string, name: { first: string; last: string }, r: GedcomNode): void {
  const reason = reading.reason;
  if (reason === 'long') note('date-cut', node.line, () => `Line ${node.line}: the ${what} date of ${who(name, r)} is longer than ${PROFILE_LIMITS.dateText} characters; its start is shown, the whole date is kept for export.`);
  else note('date-as-written', node.line, () => `Line ${node.line}: the ${what} date "${reading.text}" of ${who(name, r)} is ${DATE_TEXT_REASONS[reason]}; it is shown as written.`);
}

function describePerson(p: Person): string {
  const name = [p.profile.firstName, p.profile.lastName].filter(Boolean).join(' ');
  return `${name || 'an unnamed person'} (@${p.record.xref ?? '?'}@)`;
}

/**
 * Takes back, family by family, the child links that close a loop of parents (the file says
 * someone is their own ancestor): a depth-first search over parent → child finds each back link.
 */
function breakCycles(people: Person[], families: Family[], report: (fam: Family, child: number) => void): void {
  const state = new Uint8Array(people.length); // 0 new, 1 on the path, 2 done
  for (let start = 0; start < people.length; start++) {
    if (state[start]) continue;
    const stack: [number, number][] = [[start, 0]];
    state[start] = 1;
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const [at, k] = top;
      const kids = people[at]!.children;
      if (k >= kids.length) {
        state[at] = 2;
        stack.pop();
        continue;
      }
      top[1]++;
      const c = kids[k]!;
      if (state[c] === 1) {
        const fam = families.find((f) => f.partners.includes(at) && f.children.includes(c) && !f.unlinked?.has(c))!;
        unlinkChild(people, fam, c);
        report(fam, c);
        top[1]--;
      } else if (!state[c]) {
        state[c] = 1;
        stack.push([c, 0]);
      }
    }
  }
}

function unlinkChild(people: Person[], fam: Family, c: number): void {
  unlink(fam, c);
  const kid = people[c]!;
  for (const p of fam.partners) {
    const k = kid.parents.indexOf(p);
    if (k < 0) continue;
    kid.parents.splice(k, 1);
    kid.pedigrees.splice(k, 1);
    const list = people[p]!.children;
    list.splice(list.indexOf(c), 1);
  }
}

/**
 * `list` with `item` added, as a new array of exactly that length. The mapping's many short lists
 * (a person's parents, a family's children) live until it ends; a list grown by push (or a spread)
 * holds room for 17 items from its first one, some 100 MB more to collect on a 100,000-person file.
 */
function grown<T>(list: readonly T[], item: T): T[] {
  const out: T[] = new Array(list.length + 1);
  for (let k = 0; k < list.length; k++) out[k] = list[k]!;
  out[list.length] = item;
  return out;
}

function unlink(fam: Family, child: number): void {
  (fam.unlinked ??= new Set()).add(child);
}

/** The CHIL line of a family naming this person (where some programs say the pedigree). */
function chilLine(fam: Family, c: number): GedcomNode | undefined {
  for (const m of fam.members) if (m.node.tag === 'CHIL' && m.to === c) return m.node;
  return undefined;
}

/** The partner whose line `_FREL` describes: the family's HUSB, else its first partner. */
function husbandOf(fam: Family): number | undefined {
  for (const m of fam.members) if (m.node.tag === 'HUSB' && m.to !== undefined && fam.partners.includes(m.to)) return m.to;
  return fam.partners[0];
}

/**
 * The events of a family whose two partners are spouses on the tree, as their couple's (a couple
 * married twice has the events of both families).
 */
function coupleEvents(fam: Family, people: Person[], couples: Map<string, Couple>, reader: FactReader, edit: Edit, record: (xref: string) => GedcomNode | undefined): void {
  const [a, b] = fam.partners;
  if (a === undefined || b === undefined || !people[a]!.spouses.includes(b)) return;
  let events: FactEvent[] | undefined;
  for (const c of fam.record.children) {
    const type = eventType(c, true);
    if (!type) continue;
    const ev = readEvent(c, type, reader, (n, e) => edit(fam.at, n, e));
    if (ev) (events ??= []).push(ev);
  }
  // What supports the union itself (FAM.SOUR): the couple's citations, markers where they stood.
  const cited = readCitations(fam.record, reader, (n, e) => edit(fam.at, n, e));
  // The first inline note (with at most its MIME) is the couple's: its line stays as a marker.
  const noted = fam.record.children.find((c) => c.tag === 'NOTE' && c.pointer === undefined && !!c.value?.trim() && c.children.every((x) => x.tag === 'MIME'));
  // Without one, the shared notes it points to are the couple's, as a person's are their bio; their
  // lines stay as they are (no marker), and an export leaves them so while the note is unchanged.
  const note = noted ? noteOf(noted, () => undefined) : pointedNotes(fam.record.children, record);
  const hasNote = !!note && note.length <= FACT_LIMITS.note;
  if (!events && !cited.length && !hasNote) return;
  const pa = people[a]!.profile.id;
  const pb = people[b]!.profile.id;
  const id = coupleId(pa, pb);
  let couple = couples.get(id);
  if (!couple) couples.set(id, (couple = { id, partners: pa < pb ? [pa, pb] : [pb, pa], events: [] }));
  if (events) couple.events.push(...events);
  if (cited.length) (couple.citations ??= []).push(...cited);
  if (hasNote && !couple.note) {
    couple.note = note;
    if (noted) edit(fam.at, noted, { tag: NOTE_MARKER, noValue: true });
  }
}

/** The FAMC line of a person naming this family (whose PEDI the child's lines take). */
function famcLine(p: Person, fam: Family): GedcomNode | undefined {
  for (const link of p.links) if (link.node.tag === 'FAMC' && link.to === fam) return link.node;
  return undefined;
}

function profileIds(people: Person[], list: number[]): string[] {
  const ids: string[] = new Array(list.length);
  for (let k = 0; k < list.length; k++) ids[k] = people[list[k]!]!.profile.id;
  return ids;
}
/**
 * The INDI record is kept whole. Its links the tree does not show are marked as such, links to no
 * family dropped. Slots: the value of the first NAME (with its GIVN and SURN), of the first SEX,
 * of the first BIRT's and DEAT's first DATE, and of a lone inline NOTE is not kept when the
 * profile holds exactly it (what an export would write from the profile is the same text); the
 * structure stays, so an export writes the value back there.
 */
function keptPerson(p: Person, index: number, edit: Edit, reader: FactReader): void {
  const r = p.record;
  const at = p.at;
  const profile = p.profile;
  for (const { node: c, to: fam } of p.links) {
    if (!fam) {
      edit(at, c, DROP);
      continue;
    }
    const shown = c.tag === 'FAMC' ? fam.partners.length > 0 && fam.children.includes(index) && !fam.unlinked?.has(index) : fam.partners.includes(index);
    if (!shown) edit(at, c, { tag: UNLINKED + c.tag });
  }
  const name = child(r, 'NAME');
  if (name?.value && name.value === writeName(profile.firstName, profile.lastName)) {
    edit(at, name, NO_VALUE);
    for (const c of name.children) {
      if ((c.tag === 'GIVN' && c.value === profile.firstName) || (c.tag === 'SURN' && c.value === profile.lastName)) edit(at, c, NO_VALUE);
    }
  }
  const sex = child(r, 'SEX');
  if (sex && sex.value === profile.gender && profile.gender) edit(at, sex, NO_VALUE);
  let birth = eventDate(r, 'BIRT');
  if (birth?.value && birth.value === (profile.birthDateText || writeDate({ year: profile.birthYear, month: profile.birthMonth, day: profile.birthDay }))) edit(at, birth, NO_VALUE);
  else birth = undefined;
  let death = eventDate(r, 'DEAT');
  if (death?.value && death.value === (profile.deathDateText || writeDate(deathParts(profile.death)))) edit(at, death, NO_VALUE);
  else death = undefined;
  personFacts(p, reader, (n, e) => edit(at, n, e), birth, death);
  // What supports the person as a whole: the INDI's own SOURs and its first NAME's (the profile's name).
  const cited = readCitations(r, reader, (n, e) => edit(at, n, e));
  if (name) cited.push(...readCitations(name, reader, (n, e) => edit(at, n, e)));
  if (cited.length) profile.citations = cited;
  const html = profile.note ? htmlNoteOf(r) : undefined;
  // The formatted note's line stays as its marker, with its MIME, where it stood.
  if (html) edit(at, html, { tag: NOTE_MARKER, noValue: true });
  let notes = 0;
  let note: GedcomNode | undefined;
  for (const c of r.children) {
    if ((c.tag !== 'NOTE' && c.tag !== 'SNOTE') || c === html) continue;
    note = c;
    notes++;
  }
  if (notes === 1 && note!.pointer === undefined && note!.value && note!.value === profile.bio) edit(at, note!, NO_VALUE);
}

/**
 * A person's events (the first BIRT and DEAT only when they say more than the date the profile
 * holds: `birthSlot`, `deathSlot` are their DATEs kept without a value) and the names after the first.
 */
function personFacts(p: Person, reader: FactReader, edit: (n: GedcomNode, e: KeptEdit) => void, birthSlot: GedcomNode | undefined, deathSlot: GedcomNode | undefined): void {
  let events: FactEvent[] | undefined;
  let names: PersonName[] | undefined;
  let named = false;
  let born = false;
  let died = false;
  for (const c of p.record.children) {
    if (c.tag === 'NAME') {
      if (named) (names ??= []).push(readOtherName(c, reader, edit));
      named = true;
      continue;
    }
    const type = eventType(c, false);
    if (!type) continue;
    if (type === 'BIRT' || type === 'DEAT') {
      if (type === 'BIRT' ? born : died) continue;
      if (type === 'BIRT') born = true;
      else died = true;
    }
    const ev = readEvent(c, type, reader, edit, type === 'BIRT' ? birthSlot : type === 'DEAT' ? deathSlot : undefined);
    if (ev) (events ??= []).push(ev);
  }
  if (events) p.profile.events = events;
  if (names) p.profile.names = names;
}

/** The FAM record is kept whole; its member lines the tree does not show are marked as such, lines to nobody dropped. */
function keptFamily(fam: Family, edit: Edit): void {
  for (const { node: c, to: who } of fam.members) {
    if (who === undefined) {
      edit(fam.at, c, DROP);
      continue;
    }
    const shown = c.tag === 'CHIL' ? fam.partners.length > 0 && fam.children.includes(who) && !fam.unlinked?.has(who) : fam.partners.includes(who);
    if (!shown) edit(fam.at, c, { tag: UNLINKED + c.tag });
  }
}

/**
 * Writes each person's kept records into their `gedcom` field. A person whose records pass the
 * field's limit hands the records after their own INDI to the next people with room; an INDI too
 * large alone keeps its first structures that fit, and the summary says so.
 */
function storeKept(people: Person[], records: GedcomNode[], prefix: string, editsAt: (KeptEdits | undefined)[], edit: Edit, note: Note): void {
  const limit = PROFILE_LIMITS.gedcom;
  const overflow: { node: GedcomNode; text: string }[] = [];
  const out = new KeptText();
  for (const p of people) {
    for (let k = 0; k < p.kept.length; k++) {
      const at = p.kept[k]!;
      const node = records[at]!;
      const mark = out.size;
      let chars = appendKept(out, node, prefix, editsAt[at]);
      if (k === 0 && chars > limit) {
        // Only a pathological record gets here: its last structures go until the rest fits.
        let text = out.take(mark);
        let cut = node.children.length;
        while (cut > 0 && text.length > limit) {
          edit(at, node.children[--cut]!, DROP);
          text = writeKept([node], { prefix, edits: editsAt[at] });
        }
        note('kept-too-large', node.line, `Line ${node.line}: the record of ${describePerson(p)} is larger than ${limit.toLocaleString('en')} characters; its structures from line ${node.children[cut]?.line ?? node.line} on are not kept.`);
        out.add(text);
        chars = text.length;
      }
      if (k > 0 && p.keptChars + chars > limit) overflow.push({ node, text: out.take(mark) });
      else p.keptChars += chars;
    }
    p.profile.gedcom = out.take(0);
  }
  let at = 0;
  for (const { node, text } of overflow) {
    while (at < people.length && people[at]!.keptChars + text.length > limit) at++;
    if (at === people.length) {
      note('kept-too-large', node.line, `Line ${node.line}: the ${node.tag} record @${node.xref ?? '?'}@ did not fit in what the people of this file can keep; it is not kept.`);
      continue;
    }
    people[at]!.profile.gedcom += text;
    people[at]!.keptChars += text.length;
  }
}
