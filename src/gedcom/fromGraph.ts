import type { Media } from '../domain/media/types.ts';
import { redactGraph } from '../domain/privacy.ts';
import type { Graph, Pedigree, Profile } from '../domain/types.ts';
import { DECEASED } from '../domain/labels.ts';
import { dateForVersion, deathParts, writeDate } from './dates.ts';
import { readKeptMany } from './kept.ts';
import { child, nameField, readBio, readDateField, readName, readPhoto, readSex, writeName } from './people.ts';
import { UNLINKED } from './toGraph.ts';
import { coupleId, type Citation, type Couple, type FactEvent, type PersonName } from '../domain/facts/types.ts';
import { CITATION_MARKER, citationPool, expandCitationMarkers, expandMarkers, FACT, isCoupleEventTag, NOTE_MARKER, writeCitations, PEDIGREE_TAGS, pedigreeLines, readLinkPedigrees, writeEvent, writeOtherName, type FactWriter, type LinkPedigrees } from './facts.ts';
import { eachNode, type GedcomNode } from './types.ts';
import { pointedNotes, sourceWriter, writeNote } from './sources.ts';
import { noteToPlainText, sanitiseNote } from '../domain/notes/sanitise.ts';

/**
 * Kinfolk people as GEDCOM structures for the writer (DESIGN.md "GEDCOM import and export").
 * Pure, so the export worker and the round-trip tests run the same code.
 *
 * A person an import brought is written from their kept INDI record: every structure as the file
 * had it, except where the member changed what the app shows (name, sex, birth and death dates,
 * notes, photo): a kept structure whose reading equals the profile is written as kept (its
 * spelling, its extra parts), one that differs is written anew. Families are made from the tree
 * (spouses, and the parents of each child), each written from the kept FAM record of the same
 * partners when there is one; links the tree never showed (`_UNLINKED_…`) are written back while
 * the people they name are exported. Every other kept record goes out with the whole tree, or,
 * for ancestors and descendants, when something exported points to it. Pointers to what is not
 * exported become @VOID@ (7.0) or are left out with their structure (5.5.1).
 */
export type ExportScope = { kind: 'all' } | { kind: 'ancestors' | 'descendants'; nodeId: string };

export interface ExportOptions {
  version: '7.0' | '5.5.1';
  scope: ExportScope;
  /**
   * §6, privacy of the living: the member exporting. Living people are written as the rule lets
   * anyone see them ("Private", nothing kept), except this member's own profile and cards they
   * claimed; a living card another member claimed is private too, as that member's choice for
   * viewers is not known here. Absent: everyone whole (the tests' round trips).
   */
  audienceUid?: string;
  /** Photos stored on this site are written as absolute URLs on it. */
  siteOrigin: string;
  currentYear: number;
  onProgress?(fraction: number): void;
}

export interface GedcomExport {
  records: GedcomNode[];
  people: number;
  families: number;
}

interface ExportFamily {
  partners: string[];
  children: string[];
  kept: GedcomNode | null;
  xref: string;
}

const STRUCTURAL = new Set(['FAMC', 'FAMS', 'HUSB', 'WIFE', 'CHIL']);
/**
 * Structures the export makes (rather than keeps). Their pointers already name exported ids; the
 * pointers of kept structures name the ids the import kept and are resolved at the end.
 */
const made = new WeakSet<GedcomNode>();
const node = (tag: string, value?: string, children: GedcomNode[] = [], pointer?: string): GedcomNode => {
  const n: GedcomNode = { tag, value, pointer, children, line: 0 };
  made.add(n);
  return n;
};

export function graphToGedcom(whole: Graph, o: ExportOptions): GedcomExport {
  const graph = o.audienceUid === undefined ? whole : withoutPrivateFacts(whole, redactGraph(whole, { audienceUid: o.audienceUid, currentYear: o.currentYear, visibilityOf: () => 'private' }).graph);
  const v7 = o.version === '7.0';
  const profileOfNode = new Map<string, Profile>();
  for (const n of graph.nodes) {
    const p = n.data.profileId ? graph.profiles[n.data.profileId] : undefined;
    if (p && !profileOfNode.has(n.id)) profileOfNode.set(n.id, p);
  }
  const shown = new Set([...profileOfNode.values()].map((p) => p.id));
  const included = selectPeople(graph, shown, profileOfNode, o.scope);

  // ---- what the tree kept: each person's INDI, the families and records kept with them ----
  const keptIndi = new Map<string, GedcomNode>();
  const keptFams: { holder: string; fam: GedcomNode }[] = [];
  const records = new Map<string, GedcomNode>();
  const heads: GedcomNode[] = [];
  /** Records without an id (an extension record such as `0 _MYTAG …`): nothing points to them. */
  const loose: GedcomNode[] = [];
  const profileOfXref = new Map<string, string>();
  const taken = new Set<string>();
  const ids = [...shown];
  const keptOf = readKeptMany(ids.map((id) => graph.profiles[id]!.gedcom));
  for (const [i, id] of ids.entries()) {
    for (const [k, r] of keptOf[i]!.entries()) {
      if (r.xref !== undefined) taken.add(r.xref);
      if (k === 0 && r.tag === 'INDI') {
        keptIndi.set(id, r);
        if (r.xref !== undefined && !profileOfXref.has(r.xref)) profileOfXref.set(r.xref, id);
      } else if (r.tag === 'FAM') keptFams.push({ holder: id, fam: r });
      else if (r.tag === 'HEAD') heads.push(r);
      else if (r.xref === undefined) loose.push(r);
      else if (!records.has(r.xref)) records.set(r.xref, r);
    }
  }
  const record = (xref: string) => records.get(xref);

  // ---- cross-reference ids: the kept ones where free, else new ones ----
  const fresh = (letter: string) => {
    let n = 1;
    return () => {
      while (taken.has(`${letter}${n}`)) n++;
      const x = `${letter}${n++}`;
      taken.add(x);
      return x;
    };
  };
  const freshPerson = fresh('I');
  const freshFamily = fresh('F');
  const freshObject = fresh('O');
  const freshSource = fresh('S');
  const freshRepository = fresh('R');
  // ---- families from the tree, each with the kept FAM of the same partners ----
  const families = buildFamilies(graph, included);
  const inFamilies = new Set(families.flatMap((f) => [...f.partners, ...f.children]));
  const xrefOf = new Map<string, string | undefined>();
  for (const id of included) {
    const kept = keptIndi.get(id);
    // A person the file gave no id keeps none while nothing needs to point to them.
    if (kept && kept.xref === undefined && !inFamilies.has(id)) xrefOf.set(id, undefined);
    else xrefOf.set(id, kept?.xref !== undefined && profileOfXref.get(kept.xref) === id ? kept.xref : freshPerson());
  }
  const keyOf = (partners: readonly string[]) => [...partners].sort().join(' ');
  const keptByKey = new Map<string, GedcomNode[]>();
  const orphans: GedcomNode[] = [];
  for (const { fam } of keptFams) {
    const partners = fam.children
      .filter((c) => (c.tag === 'HUSB' || c.tag === 'WIFE') && c.pointer !== undefined)
      .map((c) => profileOfXref.get(c.pointer!))
      .filter((id): id is string => id !== undefined && included.has(id));
    const hadPartners = fam.children.some((c) => (c.tag === 'HUSB' || c.tag === 'WIFE') && c.pointer !== undefined && c.pointer !== 'VOID');
    if (!hadPartners) orphans.push(fam);
    else if (partners.length) {
      const key = keyOf(partners);
      keptByKey.set(key, [...(keptByKey.get(key) ?? []), fam]);
    }
  }
  const exported: ExportFamily[] = [];
  const matched = new Set<string>();
  for (const f of families) {
    matched.add(keyOf(f.partners));
    const candidates = keptByKey.get(keyOf(f.partners)) ?? [];
    if (candidates.length <= 1) {
      exported.push({ ...f, kept: candidates[0] ?? null, xref: '' });
      continue;
    }
    // The same partners in several kept families (a couple married twice): each child stays in the one that listed it.
    const parts = candidates.map((kept) => ({ partners: f.partners, children: [] as string[], kept, xref: '' }));
    for (const c of f.children) {
      const x = keptIndi.get(c)?.xref;
      const home = parts.find((p) => p.kept.children.some((l) => l.tag === 'CHIL' && l.pointer === x)) ?? parts[0]!;
      home.children.push(c);
    }
    exported.push(...parts);
  }
  // A kept family of one partner and no child on the tree has nothing the tree shows: it goes out
  // as kept. One of two partners the tree no longer links (unlinked by a member) does not.
  for (const [key, fams] of keptByKey) {
    if (matched.has(key) || key.includes(' ')) continue;
    for (const fam of fams) if (linkedPartners(fam) === 1) exported.push({ partners: [key], children: [], kept: fam, xref: '' });
  }
  for (const fam of orphans) {
    const children = fam.children.filter((c) => c.tag === UNLINKED + 'CHIL' && c.pointer !== undefined).map((c) => profileOfXref.get(c.pointer!));
    if (children.some((id) => id !== undefined && included.has(id))) exported.push({ partners: [], children: [], kept: fam, xref: '' });
  }
  const usedFamilyXrefs = new Set<string>();
  for (const f of exported) {
    const kept = f.kept?.xref;
    f.xref = kept !== undefined && !usedFamilyXrefs.has(kept) ? kept : freshFamily();
    usedFamilyXrefs.add(f.xref);
  }
  const familyByKeptXref = new Map<string, ExportFamily>();
  for (const f of exported) if (f.kept?.xref !== undefined) familyByKeptXref.set(f.kept.xref, f);

  // ---- pointers: kept ids of people and families to their exported ids; records stay ----
  const exportedRecords = new Set<string>();
  const wanted: GedcomNode[] = [];
  const want = (xref: string) => {
    const r = record(xref);
    if (!r || exportedRecords.has(xref)) return;
    exportedRecords.add(xref);
    wanted.push(r);
  };
  if (o.scope.kind === 'all') for (const x of records.keys()) want(x);
  if (o.scope.kind === 'all') wanted.push(...loose);
  const target = (pointer: string): string | null => {
    if (pointer === 'VOID') return pointer;
    const person = profileOfXref.get(pointer);
    if (person !== undefined) return included.has(person) ? xrefOf.get(person)! : null;
    const fam = familyByKeptXref.get(pointer);
    if (fam) return fam.xref;
    if (record(pointer)) {
      want(pointer);
      return pointer;
    }
    return null;
  };
  /**
   * Finishes a structure in place: pointers of kept structures resolved to exported ids, tags and
   * values brought to the target version (`forVersion`). False: leave it out (5.5.1 has no @VOID@).
   */
  const finishOne = (n: GedcomNode, level: number): boolean => {
    if (n.pointer !== undefined && !made.has(n)) {
      const t = target(n.pointer);
      if (t === null && !v7) return false;
      n.pointer = t ?? 'VOID';
    }
    forVersion(n, o.version, level);
    return true;
  };
  /** A record and all under it, in file order (the order records pointed to are wanted in), without recursion. */
  const finish = (record: GedcomNode): void => {
    const left = new Set<GedcomNode>();
    eachNode(record, (n, level) => {
      if (finishOne(n, level)) return true;
      left.add(n);
      return false;
    });
    if (!left.size) return;
    eachNode(record, (n) => {
      if (n.children.some((c) => left.has(c))) n.children = n.children.filter((c) => !left.has(c));
    });
  };

  // ---- people ----
  const familiesOf = new Map<string, { asChild: ExportFamily[]; asPartner: ExportFamily[] }>();
  const rolesOf = (id: string) => {
    let r = familiesOf.get(id);
    if (!r) familiesOf.set(id, (r = { asChild: [], asPartner: [] }));
    return r;
  };
  for (const f of exported) {
    for (const p of f.partners) rolesOf(p).asPartner.push(f);
    for (const c of f.children) rolesOf(c).asChild.push(f);
  }
  const pedigreeOf = pedigrees(graph);
  const sources = sourceWriter({
    sources: graph.sources,
    make: node,
    wantKept: (xref) => {
      if (!record(xref)) return false;
      want(xref);
      return true;
    },
    fresh: (letter) => (letter === 'S' ? freshSource() : freshRepository()),
    v7,
    record,
  });
  const facts: FactWriter = { v7, places: graph.places, make: node, citation: sources.citation };
  const husbands = new Map<ExportFamily, string | undefined>();
  const husbandOf = (f: ExportFamily) => {
    if (!husbands.has(f)) husbands.set(f, husband(f, graph, profileOfXref));
    return husbands.get(f);
  };
  const out: GedcomNode[] = [];
  const objects: GedcomNode[] = [];
  let done = 0;
  const storedMedia = mediaWriter(graph, v7, o.siteOrigin, freshObject, objects);
  for (const id of orderedPeople(graph, included)) {
    const p = graph.profiles[id]!;
    const roles = familiesOf.get(id) ?? { asChild: [], asPartner: [] };
    const ctx: PersonContext = { v7, o, record, roles, pedigree: (f) => familyPedigree(f, id, husbandOf(f), pedigreeOf), familyByKeptXref, newObject: freshObject, objects, facts };
    const indi = writePerson(p, keptIndi.get(id), xrefOf.get(id), ctx);
    for (const xref of storedMedia(id)) indi.children.push(node('OBJE', undefined, [], xref));
    finish(indi);
    out.push(indi);
    if (++done % 2000 === 0) o.onProgress?.(done / included.size);
  }

  // ---- families (a couple's events each in the family whose kept lines hold them, the rest in its first) ----
  const coupleUsed = new Set<string>();
  const keptEventIds = new Set<string>();
  for (const f of exported) for (const c of f.kept?.children ?? []) if (c.tag.startsWith(FACT)) keptEventIds.add((c.value ?? '').split(' ')[0]!);
  for (const f of exported) {
    const couple = f.partners.length === 2 ? graph.couples?.[coupleId(f.partners[0]!, f.partners[1]!)] : undefined;
    const fam = writeFamily(f, graph, xrefOf, profileOfXref, included, couple && { couple, used: coupleUsed, kept: keptEventIds, facts, record });
    finish(fam);
    out.push(fam);
  }

  if (o.scope.kind === 'all') sources.all();

  // ---- records (the ones pointed to may point further: finishing them adds what they need) ----
  for (let k = 0; k < wanted.length; k++) {
    const r = wanted[k]!.tag === 'SOUR' ? sources.edited(wanted[k]!) : wanted[k]!;
    finish(r);
    out.push(r);
  }
  for (const r of sources.records) {
    finish(r);
    out.push(r);
  }
  out.push(...objects);
  const head = mergeHeads(heads, (x) => exportedRecords.has(x));
  o.onProgress?.(1);
  return { records: [head, ...out], people: included.size, families: exported.length };
}

function selectPeople(graph: Graph, shown: Set<string>, profileOfNode: Map<string, Profile>, scope: ExportScope): Set<string> {
  if (scope.kind === 'all') return shown;
  const start = profileOfNode.get(scope.nodeId);
  const out = new Set<string>();
  if (!start) return out;
  const queue = [start.id];
  out.add(start.id);
  for (let k = 0; k < queue.length; k++) {
    const p = graph.profiles[queue[k]!]!;
    for (const next of scope.kind === 'ancestors' ? p.parents : p.children) {
      if (!shown.has(next) || out.has(next)) continue;
      out.add(next);
      queue.push(next);
    }
  }
  // Descendants come with their spouses (not the spouses' own families).
  if (scope.kind === 'descendants') for (const id of [...out]) for (const s of graph.profiles[id]!.spouses) if (shown.has(s)) out.add(s);
  return out;
}

/** The exported people in the tree's card order (an import's order is the file's). */
function orderedPeople(graph: Graph, included: Set<string>): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  for (const n of graph.nodes) {
    const id = n.data.profileId;
    if (id && included.has(id) && !seen.has(id)) {
      seen.add(id);
      order.push(id);
    }
  }
  return order;
}

/**
 * Families as the tree has them: each couple of spouses with their children, and each parent of
 * a child whose other parent is not their spouse (or is not there) as a family of one; children
 * in the order their first parent lists them. Two parents who are not spouses are never written
 * as a couple: a GEDCOM family's partners read back as spouses.
 */
function buildFamilies(graph: Graph, included: Set<string>): { partners: string[]; children: string[] }[] {
  const byKey = new Map<string, { partners: string[]; children: string[] }>();
  const family = (partners: string[]) => {
    const key = [...partners].sort().join(' ');
    let f = byKey.get(key);
    if (!f) byKey.set(key, (f = { partners, children: [] }));
    return f;
  };
  for (const id of orderedPeople(graph, included)) {
    const p = graph.profiles[id]!;
    for (const s of p.spouses) if (included.has(s) && !byKey.has([id, s].sort().join(' '))) family([id, s]);
    for (const c of p.children) {
      if (!included.has(c)) continue;
      const parents = graph.profiles[c]?.parents.filter((x) => included.has(x)) ?? [];
      const other = parents.find((x) => x !== id);
      const couple = other !== undefined && p.spouses.includes(other);
      // A couple's child is listed once, by the parent that comes first.
      if (couple && parents[0] !== id) continue;
      family(couple ? [parents[0]!, parents[1]!] : [id]).children.push(c);
    }
  }
  return [...byKey.values()];
}

/** The pedigree of each parent line, by `{parent profile} {child profile}`. */
function pedigrees(graph: Graph): Map<string, Pedigree> {
  const profileOf = new Map(graph.nodes.map((n) => [n.id, n.data.profileId]));
  const out = new Map<string, Pedigree>();
  for (const e of graph.edges) if (e.data.kind === 'parent' && e.data.pedigree) out.set(`${profileOf.get(e.source)} ${profileOf.get(e.target)}`, e.data.pedigree);
  return out;
}

/** A child's pedigree in a family, from the line of its husband (`father`) and of the other partner. */
function familyPedigree(f: ExportFamily, childId: string, father: string | undefined, pedigreeOf: Map<string, Pedigree>): LinkPedigrees {
  const fromFather = father === undefined ? undefined : pedigreeOf.get(`${father} ${childId}`);
  const other = f.partners.find((p) => p !== father);
  const fromMother = other === undefined ? fromFather : pedigreeOf.get(`${other} ${childId}`);
  return { father: father === undefined ? fromMother : fromFather, mother: fromMother };
}

/** The partner a family's HUSB line names: as kept, else as `writeFamily` gives the roles. */
function husband(f: ExportFamily, graph: Graph, profileOfXref: Map<string, string>): string | undefined {
  for (const c of f.kept?.children ?? []) {
    const who = c.tag === 'HUSB' && c.pointer !== undefined ? profileOfXref.get(c.pointer) : undefined;
    if (who !== undefined && f.partners.includes(who)) return who;
  }
  const { ordered, roles } = partnerRoles(f.partners, graph);
  return ordered.find((_, k) => roles[k] === 'HUSB');
}

/**
 * Events and names of people the export writes redacted (§6: a private person's facts are theirs)
 * leave with the rest of what they said, and so do the events of their couples.
 */
function withoutPrivateFacts(whole: Graph, redacted: Graph): Graph {
  const hidden = new Set<string>();
  const profiles: Graph['profiles'] = {};
  for (const [id, p] of Object.entries(redacted.profiles)) {
    if (p === whole.profiles[id]) profiles[id] = p;
    else {
      hidden.add(id);
      profiles[id] = { ...p, events: [], names: [] };
    }
  }
  const couples: Record<string, Couple> = {};
  for (const [id, c] of Object.entries(whole.couples ?? {})) if (!hidden.has(c.partners[0]) && !hidden.has(c.partners[1])) couples[id] = c;
  return { ...redacted, profiles, couples };
}

/**
 * The photos and documents stored in the app (issue 23) as OBJE records, one per media record
 * (a wedding photo: one record both spouses point to), written when a person first needs it:
 * FILE (the site's absolute URL), FORM and TITL under it (5.5.1 and 7.0 alike). References an
 * import brought are not written here: their OBJE lines are kept and go out as they came.
 */
function mediaWriter(graph: Graph, v7: boolean, siteOrigin: string | undefined, fresh: () => string, objects: GedcomNode[]): (profileId: string) => string[] {
  const byPerson = new Map<string, Media[]>();
  for (const m of Object.values(graph.media ?? {})) {
    if (!m.contentType || !m.url) continue;
    for (const p of m.people) {
      const list = byPerson.get(p);
      if (list) list.push(m);
      else byPerson.set(p, [m]);
    }
  }
  const xrefs = new Map<string, string>();
  return (profileId) =>
    (byPerson.get(profileId) ?? []).map((m) => {
      let xref = xrefs.get(m.id);
      if (!xref) {
        xref = fresh();
        xrefs.set(m.id, xref);
        const absolute = m.url.startsWith('/') && siteOrigin ? `${siteOrigin}${m.url}` : m.url;
        const under = [node('FORM', mediaType(absolute, v7)), ...(m.title ? [node('TITL', m.title)] : [])];
        objects.push({ ...node('OBJE', undefined, [node('FILE', absolute, under)]), xref });
      }
      return xref;
    });
}

interface PersonContext {
  v7: boolean;
  o: ExportOptions;
  record(xref: string): GedcomNode | undefined;
  roles: { asChild: ExportFamily[]; asPartner: ExportFamily[] };
  pedigree(f: ExportFamily): LinkPedigrees;
  familyByKeptXref: Map<string, ExportFamily>;
  newObject(): string;
  objects: GedcomNode[];
  facts: FactWriter;
}

function writePerson(p: Profile, kept: GedcomNode | undefined, xref: string | undefined, ctx: PersonContext): GedcomNode {
  const { o } = ctx;
  const indi: GedcomNode = { tag: 'INDI', xref, children: withEvents(kept?.children ?? [], p.events ?? [], ctx.facts), line: 0 };
  const list = indi.children;
  const first = (tag: string) => list.findIndex((c) => c.tag === tag);

  // Name. A slot kept without its value (toGraph.ts `keptPerson`) takes the profile's, whatever it
  // is now: so does a NAME kept without one, and its GIVN and SURN kept without theirs.
  const at = first('NAME');
  const nameStripped = at >= 0 && list[at]!.value === undefined && (!!p.firstName || !!p.lastName);
  const name = at >= 0 ? readName(list[at]) : null;
  const same = name && nameField(name.first).value === p.firstName && nameField(name.last).value === p.lastName;
  if (nameStripped) {
    const kept = list[at]!;
    const fill = (c: GedcomNode) => (c.value !== undefined ? c : c.tag === 'GIVN' ? { ...c, value: p.firstName } : c.tag === 'SURN' ? { ...c, value: p.lastName } : c);
    list[at] = { ...kept, value: writeName(p.firstName, p.lastName), children: kept.children.map(fill) };
  } else if (!same && (p.firstName || p.lastName)) {
    const parts = [p.firstName && node('GIVN', p.firstName), p.lastName && node('SURN', p.lastName)].filter((x): x is GedcomNode => !!x);
    const fresh = node('NAME', writeName(p.firstName, p.lastName), at >= 0 ? list[at]!.children.filter((c) => c.tag !== 'GIVN' && c.tag !== 'SURN') : []);
    if (at >= 0 && list[at]!.children.some((c) => c.tag === 'GIVN' || c.tag === 'SURN')) fresh.children.unshift(...parts);
    if (at >= 0) list[at] = fresh;
    else list.unshift(fresh);
  } else if (!same && at >= 0) list.splice(at, 1);
  withNames(list, p.names ?? [], ctx.facts);

  // Sex
  // A slot kept without its value (toGraph.ts `keptPerson`) takes the profile's, whatever it is now.
  const sexAt = first('SEX');
  const stripped = sexAt >= 0 && list[sexAt]!.value === undefined;
  const sex = sexAt >= 0 ? readSex(list[sexAt]) : '';
  if (stripped) {
    if (p.gender || list[sexAt]!.children.length) list[sexAt] = { ...list[sexAt]!, value: p.gender || 'U' };
    else list.splice(sexAt, 1);
  } else if (sex !== p.gender) {
    if (p.gender && sexAt >= 0) list[sexAt] = { ...list[sexAt]!, value: p.gender };
    else if (p.gender) list.splice(Math.max(first('NAME'), -1) + 1, 0, node('SEX', p.gender));
    else list.splice(sexAt, 1);
  }

  // Birth and death dates
  const birthText = p.birthDateText ?? '';
  const birthValue = birthText || writeDate({ year: p.birthYear, month: p.birthYear ? p.birthMonth : '', day: p.birthYear && p.birthMonth ? p.birthDay : '' });
  putDate(list, 'BIRT', birthValue, (date) => sameDate(readDateField(date, o.currentYear, 'birth'), { year: p.birthYear, month: p.birthMonth, day: p.birthDay }, birthText));
  const deathText = p.deathDateText ?? '';
  const death = deathParts(p.death);
  putDate(list, 'DEAT', deathText || writeDate(death), (date) => sameDate(readDateField(date, o.currentYear, 'death'), death, deathText));
  putDeceased(list, p.death.trim(), deathText);

  // Notes → bio
  const notes = list.filter((c) => c.tag === 'NOTE' || c.tag === 'SNOTE');
  const lone = notes.length === 1 && notes[0]!.pointer === undefined && notes[0]!.value === undefined ? list.indexOf(notes[0]!) : -1;
  if (lone >= 0) {
    if (p.bio) list[lone] = { ...list[lone]!, value: p.bio };
    else list.splice(lone, 1);
  } else if (readBio({ ...indi, children: list }, ctx.record).bio !== p.bio) {
    const noteAt = list.findIndex((c) => c.tag === 'NOTE' || c.tag === 'SNOTE');
    const rest = list.filter((c) => c.tag !== 'NOTE' && c.tag !== 'SNOTE');
    if (p.bio) rest.splice(noteAt >= 0 ? noteAt : rest.length, 0, node('NOTE', p.bio));
    list.splice(0, list.length, ...rest);
  }

  withPersonNote(list, p.note ?? '', ctx.facts);

  // Photo
  const photo = readPhoto({ ...indi, children: list }, ctx.record, o.siteOrigin);
  const url = p.photoURL || p.photoURLSmall;
  if ((photo?.url ?? '') !== url) {
    if (photo) list.splice(list.indexOf(photo.node), 1);
    if (url) {
      const objectXref = ctx.newObject();
      const absolute = url.startsWith('/') ? `${o.siteOrigin}${url}` : url;
      ctx.objects.push({ ...node('OBJE', undefined, [node('FILE', absolute, [node('FORM', mediaType(absolute, ctx.v7))])]), xref: objectXref });
      list.push(node('OBJE', undefined, [], objectXref));
    }
  }

  withPersonCitations(list, p.citations, ctx.facts);

  // Family links: kept lines of families still there, then the tree's others
  const written = new Set<ExportFamily>();
  const links = list.filter((c) => {
    const tag = c.tag.startsWith(UNLINKED) ? c.tag.slice(UNLINKED.length) : c.tag;
    if (tag !== 'FAMC' && tag !== 'FAMS') return true;
    if (c.pointer === undefined || c.pointer === 'VOID') return true;
    const f = ctx.familyByKeptXref.get(c.pointer);
    if (!f) return false;
    if (c.tag.startsWith(UNLINKED)) {
      written.add(f);
      c.tag = tag;
      return true;
    }
    const member = tag === 'FAMC' ? ctx.roles.asChild.includes(f) || childOfAll(f.partners, p) : ctx.roles.asPartner.includes(f);
    if (!member) return false;
    written.add(f);
    return true;
  });
  indi.children = links.map((c) => {
    if (c.tag !== 'FAMC' || c.pointer === undefined) return c;
    const f = ctx.familyByKeptXref.get(c.pointer);
    if (!f || !f.partners.length) return c;
    const want = ctx.pedigree(f);
    const read = readLinkPedigrees(c);
    if (read.father === want.father && read.mother === want.mother) return c;
    const said = c.children.some((x) => PEDIGREE_TAGS.has(x.tag));
    const children = c.children.filter((x) => !PEDIGREE_TAGS.has(x.tag));
    children.unshift(...pedigreeLines(want, ctx.v7, said, node));
    return { ...c, children };
  });
  for (const f of ctx.roles.asChild) {
    if (written.has(f)) continue;
    indi.children.push(node('FAMC', undefined, pedigreeLines(ctx.pedigree(f), ctx.v7, false, node), f.xref));
  }
  for (const f of ctx.roles.asPartner) if (!written.has(f)) indi.children.push(node('FAMS', undefined, [], f.xref));
  return indi;
}

/**
 * A person's kept structures with their events from the model: each where its marker stood, the
 * ones a member added before the first family link (where events stand in most files).
 */
function withEvents(kept: readonly GedcomNode[], events: readonly FactEvent[], w: FactWriter): GedcomNode[] {
  const used = new Set<string>();
  // Markers of names and of the person's own citations and note are theirs (`withNames`, `withPersonCitations`, `withPersonNote`).
  const list = expandMarkers(kept, (tag) => tag !== 'NAME' && tag !== 'SOUR' && tag !== 'NOTE', events, used, (ev, marker) => writeEvent(ev, marker, w));
  const added: GedcomNode[] = [];
  for (const ev of events) {
    if (used.has(ev.id)) continue;
    // A birth or death the record has (kept whole: it had only its date) takes the place a member added:
    // a second one would not be read back.
    const at = ev.type === 'BIRT' || ev.type === 'DEAT' ? list.findIndex((c) => c.tag === ev.type) : -1;
    if (at >= 0) list[at] = writeEvent(ev, asMarker(list[at]!, ev.id), w);
    else added.push(writeEvent(ev, undefined, w));
  }
  if (added.length) {
    const at = list.findIndex((c) => c.tag === 'FAMC' || c.tag === 'FAMS' || c.tag.startsWith(UNLINKED));
    list.splice(at < 0 ? list.length : at, 0, ...added);
  }
  return list;
}

/** A kept event not yet modelled, as its marker would be: its value kept, its place and age slots for the model's. */
function asMarker(event: GedcomNode, id: string): GedcomNode {
  const slots = new Set<string>();
  const children = event.children.map((c) => {
    if ((c.tag !== 'PLAC' && c.tag !== 'AGE') || slots.has(c.tag) || c.pointer !== undefined) return c;
    slots.add(c.tag);
    return { ...c, value: undefined, children: c.tag === 'PLAC' ? c.children.filter((x) => x.tag !== 'MAP') : c.children };
  });
  return { ...event, tag: FACT + event.tag, value: event.value ? `${id} ${event.value}` : id, children };
}

/**
 * Other names from the model in place (after the first name is written): each where its marker
 * stood, added ones after the last name. A person with other names and no name of their own gets
 * an empty first NAME, so the other names do not read back as theirs.
 */
function withNames(list: GedcomNode[], names: readonly PersonName[], w: FactWriter): void {
  const used = new Set<string>();
  const named = list.some((c) => c.tag === 'NAME');
  const expanded = expandMarkers(list, (tag) => tag === 'NAME', names, used, (n, marker) => writeOtherName(n, marker, w));
  const added = names.filter((n) => !used.has(n.id)).map((n) => writeOtherName(n, undefined, w));
  let last = -1;
  expanded.forEach((c, k) => {
    if (c.tag === 'NAME') last = k;
  });
  expanded.splice(last + 1, 0, ...added);
  if (!named && (used.size || added.length)) expanded.splice(expanded.findIndex((c) => c.tag === 'NAME'), 0, node('NAME'));
  list.splice(0, list.length, ...expanded);
}

/**
 * The person's formatted note: where its marker stood, else after their other notes. In 7.0 as
 * HTML with its MIME (so it reads back as this note, not the bio); 5.5.1 has no MIME, so there it
 * is its plain text, which a 5.5.1 import reads as part of the bio.
 */
function withPersonNote(list: GedcomNode[], note: string, w: FactWriter): void {
  const at = list.findIndex((c) => c.tag === NOTE_MARKER);
  const text = noteToPlainText(note);
  const written = !text ? null : w.v7 ? w.make('NOTE', sanitiseNote(note), [w.make('MIME', 'text/html')]) : writeNote(note, false, w.make);
  if (at >= 0) {
    if (written) list[at] = written;
    else list.splice(at, 1);
    return;
  }
  if (!written) return;
  let lastNote = -1;
  list.forEach((c, k) => {
    if (c.tag === 'NOTE' || c.tag === 'SNOTE') lastNote = k;
  });
  const famAt = list.findIndex((c) => c.tag === 'FAMC' || c.tag === 'FAMS' || c.tag.startsWith(UNLINKED));
  list.splice(lastNote >= 0 ? lastNote + 1 : famAt >= 0 ? famAt : list.length, 0, written);
}

/**
 * What supports the person as a whole: each citation where its marker stood (under the INDI or
 * its first NAME, `readCitations`), those made in the app before the family links.
 */
function withPersonCitations(list: GedcomNode[], citations: readonly Citation[] | undefined, w: FactWriter): void {
  const left = citationPool(citations);
  const nameAt = list.findIndex((c) => c.tag === 'NAME');
  if (nameAt >= 0) list[nameAt] = { ...list[nameAt]!, children: expandCitationMarkers(list[nameAt]!.children, left, w) };
  const expanded = expandCitationMarkers(list, left, w);
  const famAt = expanded.findIndex((c) => c.tag === 'FAMC' || c.tag === 'FAMS' || c.tag.startsWith(UNLINKED));
  expanded.splice(famAt < 0 ? expanded.length : famAt, 0, ...writeCitations(left, w));
  list.splice(0, list.length, ...expanded);
}

/** The first event's DATE set to `value` (kept when `same` says the kept one reads as the profile). */
function putDate(list: GedcomNode[], tag: 'BIRT' | 'DEAT', value: string, same: (date: GedcomNode | undefined) => boolean): void {
  const at = list.findIndex((c) => c.tag === tag);
  const event = at >= 0 ? list[at]! : undefined;
  const date = event ? child(event, 'DATE') : undefined;
  if (date && date.value !== undefined && same(date)) return;
  if (!date && same(undefined)) return;
  if (!event) {
    if (value) list.push(node(tag, undefined, [node('DATE', value)]));
    return;
  }
  const children = event.children.filter((c) => c !== date);
  if (value) children.splice(date ? event.children.indexOf(date) : 0, 0, date ? { ...date, value } : node('DATE', value));
  // An event left with nothing said about it goes (a date cleared by the member).
  if (!children.length && !event.value) list.splice(at, 1);
  else list[at] = { ...event, children };
}

/**
 * "Deceased" without a date goes out as `1 DEAT Y` unless the record already says so (a DEAT, a
 * burial or a cremation, as the import read it); unticked by the member, a DEAT without a date goes.
 */
function putDeceased(list: GedcomNode[], death: string, deathText: string): void {
  if (death === DECEASED && !deathText) {
    if (!list.some((c) => c.tag === 'DEAT' || c.tag === 'BURI' || c.tag === 'CREM')) list.push(node('DEAT', 'Y'));
    return;
  }
  if (death || deathText) return;
  const at = list.findIndex((c) => c.tag === 'DEAT' && !child(c, 'DATE'));
  if (at >= 0) list.splice(at, 1);
}

function sameDate(read: ReturnType<typeof readDateField>, parts: { year: string; month: string; day: string }, text: string): boolean {
  if (read.parts) return !text && read.parts.year === parts.year && read.parts.month === (parts.year ? parts.month : '') && read.parts.day === (parts.year && parts.month ? parts.day : '');
  return read.text === text && !parts.year;
}

function mediaType(url: string, v7: boolean): string {
  const ext = /\.(\w+)(?:[?#]|$)/.exec(url)?.[1]?.toLowerCase() ?? 'jpg';
  const media: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', pdf: 'application/pdf' };
  return v7 ? (media[ext] ?? 'image/jpeg') : ext;
}

interface CoupleEvents {
  couple: Couple;
  /** Event ids written so far; ids held by markers of any exported family. */
  used: Set<string>;
  kept: Set<string>;
  facts: FactWriter;
  /** The kept record of a kept id: the shared notes a family points to. */
  record: (xref: string) => GedcomNode | undefined;
}

function writeFamily(f: ExportFamily, graph: Graph, xrefOf: Map<string, string | undefined>, profileOfXref: Map<string, string>, included: Set<string>, events: CoupleEvents | undefined): GedcomNode {
  const fam: GedcomNode = { tag: 'FAM', xref: f.xref, children: [], line: 0 };
  const keptChildren = f.kept?.children ?? [];
  // Markers of events not of this couple (a family the tree no longer shows as one) go, as their events did.
  const own = events?.couple.events ?? [];
  const lines = expandMarkers(keptChildren, isCoupleEventTag, own, events?.used ?? new Set(), (ev, marker) => writeEvent(ev, marker, events!.facts));
  if (events) for (const ev of own) if (!events.used.has(ev.id) && !events.kept.has(ev.id)) {
    events.used.add(ev.id);
    lines.push(writeEvent(ev, undefined, events.facts));
  }
  // The union's citations: where their markers stood, the app's (no family holds a marker for them) in the couple's first family.
  const cited = citationPool(events?.couple.citations?.filter((c) => !events.used.has(c.id)));
  const withCited = events ? expandCitationMarkers(lines, cited, events.facts) : lines.filter((c) => c.tag !== CITATION_MARKER);
  for (const c of events?.couple.citations ?? []) if (!cited.has(c.id)) events!.used.add(c.id);
  if (events) for (const c of cited.values()) if (!events.kept.has(c.id)) {
    events.used.add(c.id);
    withCited.push(...writeCitations(new Map([[c.id, c]]), events.facts));
  }
  lines.splice(0, lines.length, ...withCited);
  // The couple's note: where its marker stood (as HTML again in 7.0 when it was), else in its first family.
  const note = events?.couple.note ?? '';
  const noteKey = `note:${events?.couple.id}`;
  const at = lines.findIndex((c) => c.tag === NOTE_MARKER);
  // A note read from the family's shared notes and not changed since: their pointers say it.
  const shared = at < 0 && events && !events.used.has(noteKey) ? pointedNotes(lines, events.record) : '';
  if (shared && shared === note) events!.used.add(noteKey);
  const written = note && !events!.used.has(noteKey) ? writeNote(note, events!.facts.v7, node) : null;
  if (written) events!.used.add(noteKey);
  if (shared && shared !== note) {
    // Rewritten (or cleared) in the app: the note written stands where the first pointer stood.
    const first = lines.findIndex((c) => (c.tag === 'NOTE' || c.tag === 'SNOTE') && c.pointer !== undefined);
    const rest = lines.filter((c) => !((c.tag === 'NOTE' || c.tag === 'SNOTE') && c.pointer !== undefined));
    if (written) rest.splice(first, 0, written);
    lines.splice(0, lines.length, ...rest);
  } else if (at >= 0) {
    const html = written && events!.facts.v7 && lines[at]!.children.some((x) => x.tag === 'MIME' && /html/i.test(x.value ?? ''));
    if (html) lines[at] = node('NOTE', sanitiseNote(note), [node('MIME', 'text/html')]);
    else if (written) lines[at] = written;
    else lines.splice(at, 1);
  } else if (written) lines.push(written);
  const partners = new Set(f.partners);
  const children = new Set(f.children);
  const present = new Set<string>();
  for (const c of lines) {
    const unlinked = c.tag.startsWith(UNLINKED);
    const tag = unlinked ? c.tag.slice(UNLINKED.length) : c.tag;
    if (!STRUCTURAL.has(tag) || c.pointer === undefined || c.pointer === 'VOID') {
      fam.children.push(c);
      continue;
    }
    const who = profileOfXref.get(c.pointer);
    if (who === undefined || !included.has(who)) continue;
    const member = unlinked || (tag === 'CHIL' ? children.has(who) || childOfAll(f.partners, graph.profiles[who]!) : partners.has(who));
    if (!member || present.has(`${tag} ${who}`)) continue;
    present.add(`${tag} ${who}`);
    fam.children.push({ ...c, tag });
  }
  // Partners the kept record lacks go first (HUSB, then WIFE), children after the last CHIL.
  const { ordered, roles } = partnerRoles(f.partners, graph);
  const missing = ordered.map((id, k) => ({ id, tag: roles[k]! })).filter(({ id }) => !present.has(`HUSB ${id}`) && !present.has(`WIFE ${id}`));
  fam.children.unshift(...missing.map(({ id, tag }) => node(tag, undefined, [], xrefOf.get(id)!)));
  let lastChild = fam.children.map((c) => c.tag).lastIndexOf('CHIL');
  for (const c of f.children) {
    if (present.has(`CHIL ${c}`)) continue;
    const line = node('CHIL', undefined, [], xrefOf.get(c)!);
    if (lastChild >= 0) fam.children.splice(++lastChild, 0, line);
    else fam.children.push(line);
  }
  return fam;
}

/** Partners in the order a family writes them, and their lines: HUSB, then WIFE (see `rank`). */
function partnerRoles(partners: readonly string[], graph: Graph): { ordered: string[]; roles: string[] } {
  const ordered = [...partners].sort((a, b) => rank(graph.profiles[a]!) - rank(graph.profiles[b]!));
  const roles: string[] = ordered.length === 2 && rank(graph.profiles[ordered[0]!]!) === rank(graph.profiles[ordered[1]!]!) ? ['HUSB', 'WIFE'] : ordered.map((id) => (graph.profiles[id]!.gender === 'F' ? 'WIFE' : 'HUSB'));
  if (ordered.length === 2 && roles[0] === roles[1]) roles[1] = roles[0] === 'HUSB' ? 'WIFE' : 'HUSB';
  return { ordered, roles };
}

/**
 * A kept line making `child` a child of a family whose every partner is a parent of theirs on the
 * tree still holds, even when the tree drew them in another family (a file that lists the same
 * children under a father alone and under the couple).
 */
function childOfAll(partners: readonly string[], child: Profile): boolean {
  return partners.length > 0 && partners.every((p) => child.parents.includes(p));
}

function linkedPartners(fam: GedcomNode): number {
  return fam.children.filter((c) => (c.tag === 'HUSB' || c.tag === 'WIFE') && c.pointer !== undefined && c.pointer !== 'VOID').length;
}

/** HUSB before WIFE: men, then people of no stated sex, then women. */
function rank(p: Profile): number {
  return p.gender === 'M' ? 0 : p.gender === 'F' ? 2 : 1;
}

/**
 * The header to keep from the imports, in the first one's order: its notes, language, place form,
 * copyright and submitter (when exported), and the schema of every import (extension tags).
 */
function mergeHeads(heads: GedcomNode[], exported: (xref: string) => boolean): GedcomNode {
  const tags = new Map<string, GedcomNode>();
  for (const h of heads) for (const t of child(h, 'SCHMA')?.children ?? []) if (t.value && !tags.has(t.value)) tags.set(t.value, t);
  const schema = tags.size ? node('SCHMA', undefined, [...tags.values()]) : null;
  const children: GedcomNode[] = [];
  for (const c of heads[0]?.children ?? []) {
    if (c.tag === 'SCHMA' && schema) children.push(schema);
    else if (c.tag === 'SUBM' && c.pointer !== undefined && exported(c.pointer)) children.push(c);
    else if (['NOTE', 'LANG', 'PLAC', 'COPR'].includes(c.tag)) children.push(c);
  }
  if (schema && !children.includes(schema)) children.unshift(schema);
  return node('HEAD', undefined, children);
}

/**
 * The few differences between 5.5.1 and 7.0 the export smooths, in place: shared notes (a NOTE
 * record and its pointers in 5.5.1, SNOTE in 7.0), calendar escapes in dates, and sex X (7.0) as
 * U (5.5.1). Each is a no-op on structures already of the target version.
 */
function forVersion(n: GedcomNode, version: '7.0' | '5.5.1', level: number): void {
  if (n.tag === 'NOTE' && version === '7.0' && (n.pointer !== undefined || (level === 0 && n.xref !== undefined))) n.tag = 'SNOTE';
  else if (n.tag === 'SNOTE' && version === '5.5.1') n.tag = 'NOTE';
  else if (n.tag === 'DATE' && n.value) n.value = dateForVersion(n.value, version);
  else if (n.tag === 'SEX' && n.value === 'X' && version === '5.5.1') n.value = 'U';
}
