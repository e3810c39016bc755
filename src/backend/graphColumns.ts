import { OPTIONAL_SCALAR_FIELDS, RELATION_FIELDS, SCALAR_FIELDS, type ScalarField } from '../domain/profile.ts';
import type { Graph, GraphEdge, GraphNode, Pedigree, Profile } from '../domain/types.ts';
import type { Couple, FactEvent, NotDuplicate, PersonName, Place, Source } from '../domain/facts/types.ts';
import { packEvents, unpackEvents, type StoredEvent } from '../domain/facts/eventCodec.ts';
import { outlineOf, type EventOutline } from '../domain/facts/eventsLoading.ts';
import type { Media } from '../domain/media/types.ts';

/**
 * The compact wire form of a graph for opening big trees (DESIGN.md "Opening a big tree").
 *
 * JSON with one array per field instead of one object per card, line and profile: the keys are
 * written once, a field with few distinct values (dates of an import, the creator, surnames,
 * empty fields) is a dictionary with an index per row, a field with one value is written once,
 * and relationship lists name profiles by row number. A 100,000-person tree shrinks from 94 MB
 * to a fraction of it, so the browser parses far less text and allocates far fewer strings, and
 * the decoder builds every object with one shape. A row that does not have exactly the fields
 * and types of today's shape (a legacy graph waiting for its migration) travels whole in `raw`,
 * so decoding always gives back exactly what was encoded. Fields added later (a profile's GEDCOM
 * fields, a line's pedigree) may be absent from a row that otherwise fits: an absent profile field
 * comes back as '' (which is how the product reads it), an absent pedigree stays absent.
 */
export const GRAPH_COLUMNS_FORMAT = 'kinfolk-graph-columns/3';
/**
 * The forms a reader takes: /3 may leave people's events out (`outline`, facts/eventsLoading.ts),
 * /2 sends events packed (facts/eventCodec.ts), /1 whole, and the decoder reads each (a Firebase
 * snapshot written before a change keeps its form). A page of an older build refuses a newer form
 * ("could not be read, reload") rather than reading left-out events as none.
 */
export function isGraphColumnsFormat(format: unknown): format is typeof GRAPH_COLUMNS_FORMAT {
  return format === GRAPH_COLUMNS_FORMAT || format === 'kinfolk-graph-columns/2' || format === 'kinfolk-graph-columns/1';
}
export const GRAPH_COLUMNS_TYPE = 'application/vnd.kinfolk.graph-columns+json';

/** `c`: one value for every row; `v`: a value per row; `d`: a dictionary and an index per row. */
export type Column = ['c', unknown] | ['v', unknown[]] | ['d', unknown[], number[]];
/** Lists: a length per row, then the items flattened; profile ids as row numbers where they can be. */
export type ListColumn = ['l', number[], unknown[]];

export interface Table {
  rows: number;
  cols: Record<string, Column | ListColumn>;
  /** Rows sent whole: [row number, the item]. */
  raw: [number, unknown][];
}

export interface GraphColumns {
  nodes: Table;
  edges: Table;
  profiles: Table;
  /**
   * Profiles' events, names and own citations by row, for the rows that have some (the rest fit
   * the columns); events in the compact form of `facts/eventCodec.ts` (a snapshot made before it
   * holds them whole, which reads the same).
   */
  profileFacts?: [number, ProfileFacts][];
  /** The tree's places as they are and couples with their events compact (few beside the people); absent when none. */
  places?: Record<string, Place>;
  couples?: Record<string, WireCouple>;
  sources?: Record<string, Source>;
  notDuplicates?: Record<string, NotDuplicate>;
  media?: Record<string, Media>;
  updatedAt: string;
  revision: number;
}

/**
 * `outline`: the person's events were left out (`encodeGraphColumns`'s `leaveEventsOut`); each
 * item is 'TYPE placeId customType' with trailing empty parts left off (facts/eventsLoading.ts).
 */
type ProfileFacts = { events?: StoredEvent[]; outline?: string[]; names?: PersonName[]; citations?: Profile['citations'] };

/** An outline's item as text: 'BIRT pl1', 'DEAT', 'EVEN pl2 Graduation'. */
function outlineText(o: EventOutline): string {
  return o.customType ? `${o.type} ${o.placeId} ${o.customType}` : o.placeId ? `${o.type} ${o.placeId}` : o.type;
}
function outlineItem(text: string): EventOutline {
  const [type, placeId = '', ...custom] = text.split(' ');
  return custom.length ? { type: type as EventOutline['type'], placeId, customType: custom.join(' ') } : { type: type as EventOutline['type'], placeId };
}
type WireCouple = Omit<Couple, 'events'> & { events: StoredEvent[] };

/** A list of events packed; anything else (a row of another shape) travels as it is, and reads back as it was. */
const packList = (events: unknown): StoredEvent[] => (Array.isArray(events) ? packEvents(events) : (events as StoredEvent[]));
const unpackList = (events: unknown): FactEvent[] => (Array.isArray(events) ? unpackEvents(events) : (events as FactEvent[]));

function mapValues<A, B>(record: Record<string, A>, fn: (a: A) => B): Record<string, B> {
  const out: Record<string, B> = {};
  for (const k in record) out[k] = fn(record[k]!);
  return out;
}

type Obj = Record<string, unknown>;

/** A field of a row: how to read it from the item, and its JSON type. */
interface Field {
  name: string;
  get: (item: Obj) => unknown;
  type: 'string' | 'number' | 'boolean' | 'refs';
  /** Worth a dictionary: values that repeat (not ids or coordinates). */
  repeats: boolean;
  /** Where it lives: '' for the row itself, else the key of the object inside the row. */
  inside: string;
  /** May be absent (written as ''). */
  optional: boolean;
}

function f(name: string, type: Field['type'], repeats: boolean, inside = '', optional = false): Field {
  const get = inside ? (item: Obj) => (item[inside] as Obj)[name] : (item: Obj) => item[name];
  return { name, type, repeats, inside, optional, get: optional ? (item) => get(item) ?? '' : get };
}

const NODE_FIELDS: readonly Field[] = [
  f('id', 'string', false),
  f('type', 'string', true),
  f('x', 'number', false, 'position'),
  f('y', 'number', true, 'position'),
  f('modifiedAt', 'string', true),
  f('hidden', 'boolean', true),
  f('profileId', 'string', false, 'data'),
  f('parentRole', 'string', true, 'data'),
  f('isPrimary', 'boolean', true, 'data'),
];
/** How many keys each object of a row has in today's shape ('' is the row itself). */
const NODE_KEYS: [string, number][] = [['', 6], ['position', 2], ['data', 3]];

const EDGE_FIELDS: readonly Field[] = [
  f('id', 'string', false),
  f('source', 'string', false),
  f('target', 'string', false),
  f('sourceHandle', 'string', true),
  f('targetHandle', 'string', true),
  f('type', 'string', true),
  f('hidden', 'boolean', true),
  f('kind', 'string', true, 'data'),
  f('pedigree', 'string', true, 'data', true),
];
const EDGE_KEYS: [string, number][] = [['', 8], ['data', 1]];

const OPTIONAL_PROFILE = new Set<string>(OPTIONAL_SCALAR_FIELDS);
/** Kept GEDCOM lines are one per person: a dictionary would not pay. */
const UNIQUE_PROFILE = new Set<string>(['gedcom']);
const PROFILE_FIELDS: readonly Field[] = [
  f('id', 'string', false),
  ...SCALAR_FIELDS.map((name) => f(name, 'string', !UNIQUE_PROFILE.has(name), '', OPTIONAL_PROFILE.has(name))),
  ...RELATION_FIELDS.map((name) => f(name, 'refs', false)),
];
/** The keys every row has (optional fields come on top of these). */
const PROFILE_KEYS: [string, number][] = [['', 1 + SCALAR_FIELDS.length - OPTIONAL_PROFILE.size + RELATION_FIELDS.length]];

const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Does the item have exactly today's fields (optional ones present or not), with their types? */
function fits(item: unknown, fields: readonly Field[], keys: readonly [string, number][]): item is Obj {
  if (!isObject(item)) return false;
  for (const [inside, count] of keys) {
    const o = inside ? item[inside] : item;
    if (!isObject(o)) return false;
    let present = count;
    for (const field of fields) if (field.optional && field.inside === inside && o[field.name] !== undefined) present++;
    if (Object.keys(o).length !== present) return false;
  }
  for (const field of fields) {
    const v = field.get(item);
    if (field.type === 'refs' ? !(Array.isArray(v) && v.every((x) => typeof x === 'string')) : typeof v !== field.type) return false;
  }
  return true;
}

function encodeColumn(values: unknown[], repeats = true): Column {
  if (!repeats) return values.every((v) => v === values[0]) && values.length ? ['c', values[0]] : ['v', values];
  const index = new Map<unknown, number>();
  const dict: unknown[] = [];
  const idx = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    let k = index.get(v);
    if (k === undefined) {
      // A dictionary pays off only when values repeat.
      if (dict.length * 2 >= values.length) return ['v', values];
      k = dict.length;
      index.set(v, k);
      dict.push(v);
    }
    idx[i] = k;
  }
  return dict.length === 1 ? ['c', dict[0]] : ['d', dict, idx];
}

function encodeTable(items: readonly unknown[], fields: readonly Field[], fit: (item: unknown, i: number) => item is Obj, rowOf?: Map<string, number>): Table {
  const raw: [number, unknown][] = [];
  const rows = items.map((item, i) => {
    if (fit(item, i)) return item;
    raw.push([i, item]);
    return null;
  });
  const cols: Table['cols'] = {};
  for (const field of fields) {
    if (field.type === 'refs') {
      const lengths: number[] = [];
      const flat: unknown[] = [];
      for (const item of rows) {
        const list = item ? (field.get(item) as string[]) : [];
        lengths.push(list.length);
        for (const id of list) flat.push(rowOf?.get(id) ?? id);
      }
      cols[field.name] = ['l', lengths, flat];
    } else {
      cols[field.name] = encodeColumn(
        rows.map((item) => (item ? field.get(item) : null)),
        field.repeats,
      );
    }
  }
  return { rows: items.length, cols, raw };
}

/**
 * The graph in the compact form. With `leaveEventsOut` (what an open sends), people's events
 * stay on the server and each person who has some gets the marker with its outline instead
 * (facts/eventsLoading.ts); couples' events still go (a couple line shows its marriage year).
 */
export function encodeGraphColumns(graph: Graph, options: { leaveEventsOut?: boolean } = {}): GraphColumns {
  const ids = Object.keys(graph.profiles);
  const rowOf = new Map<string, number>();
  ids.forEach((id, i) => rowOf.set(id, i));
  const profileFacts: [number, ProfileFacts][] = [];
  const rows = ids.map((id, i) => {
    const p = graph.profiles[id]!;
    if (p.events === undefined && p.eventsNotLoaded === undefined && p.names === undefined && p.citations === undefined) return p;
    // Events, names and citations travel beside the columns, so the rest of the profile still fits them.
    const { events, eventsNotLoaded, names, citations, ...rest } = p;
    const outline = eventsNotLoaded ?? (options.leaveEventsOut && Array.isArray(events) && events.length ? outlineOf(events) : undefined);
    const facts: ProfileFacts = outline ? { outline: outline.map(outlineText) } : events ? { events: packList(events) } : {};
    profileFacts.push([i, { ...facts, ...(names ? { names } : {}), ...(citations ? { citations } : {}) }]);
    return rest;
  });
  const profiles = encodeTable(
    rows,
    PROFILE_FIELDS,
    (item, i): item is Obj => fits(item, PROFILE_FIELDS, PROFILE_KEYS) && item.id === ids[i],
    rowOf,
  );
  // The ids are the profiles' keys, for rows sent whole too: lists name them by row number.
  profiles.cols.id = encodeColumn(ids, false);
  return {
    nodes: encodeTable(graph.nodes, NODE_FIELDS, (item): item is Obj => fits(item, NODE_FIELDS, NODE_KEYS)),
    edges: encodeTable(graph.edges, EDGE_FIELDS, (item): item is Obj => fits(item, EDGE_FIELDS, EDGE_KEYS)),
    profiles,
    ...(profileFacts.length ? { profileFacts } : {}),
    ...(graph.places ? { places: graph.places } : {}),
    ...(graph.couples ? { couples: mapValues(graph.couples, (c) => ({ ...c, events: packList(c.events) })) } : {}),
    ...(graph.sources ? { sources: graph.sources } : {}),
    ...(graph.notDuplicates ? { notDuplicates: graph.notDuplicates } : {}),
    ...(graph.media ? { media: graph.media } : {}),
    updatedAt: graph.updatedAt,
    revision: graph.revision ?? 0,
  };
}

/**
 * The compact form as an open sends it: people's events left out, the marker and outline in
 * their place (as `encodeGraphColumns` with `leaveEventsOut`), from a form that holds them. The
 * server keeps both: the whole one to build the next snapshot from, this one to send.
 */
export function leaveEventsOutOf(wire: GraphColumns): GraphColumns {
  if (!wire.profileFacts) return wire;
  const profileFacts = wire.profileFacts.map(([i, facts]): [number, ProfileFacts] => {
    // A row of another shape travels as it is (as `encodeGraphColumns` would send it), never as "none".
    if (!Array.isArray(facts.events)) return [i, facts];
    const { events, ...rest } = facts;
    return [i, events.length ? { outline: outlineOf(unpackList(events)).map(outlineText), ...rest } : rest];
  });
  return { ...wire, profileFacts };
}

/** A reader of one column: the value of row i. A snapshot made before an optional field existed lacks its column: ''. */
function reader(col: Column | ListColumn | undefined, name: string, optional = false): (i: number) => unknown {
  if (!col && optional) return () => '';
  if (!col) throw new Error(`The graph is missing the column ${name}.`);
  switch (col[0]) {
    case 'c': {
      const v = col[1];
      return () => v;
    }
    case 'v': {
      const values = col[1];
      return (i) => values[i];
    }
    case 'd': {
      const [, dict, idx] = col;
      return (i) => dict[idx[i]!];
    }
    default:
      throw new Error(`The column ${name} is not a plain column.`);
  }
}

/** A reader of a list column: the list of row i, profile row numbers turned back into ids. */
function listReader(col: Column | ListColumn | undefined, name: string, ids: (i: number) => string): (i: number) => string[] {
  if (!col || col[0] !== 'l') throw new Error(`The graph is missing the list column ${name}.`);
  const [, lengths, flat] = col;
  const starts = new Array<number>(lengths.length);
  let at = 0;
  for (let i = 0; i < lengths.length; i++) {
    starts[i] = at;
    at += lengths[i]!;
  }
  return (i) => {
    const out: string[] = [];
    for (let k = starts[i]!, end = k + lengths[i]!; k < end; k++) {
      const x = flat[k];
      out.push(typeof x === 'number' ? ids(x) : (x as string));
    }
    return out;
  };
}

/** A compact form written before pedigrees existed has no pedigree column: every line is by birth. */
function edgeData(kind: GraphEdge['data']['kind'], pedigree: Pedigree | ''): GraphEdge['data'] {
  return pedigree ? { kind, pedigree } : { kind };
}

function withRaw<T>(table: Table, build: (i: number) => T): T[] {
  const out = new Array<T>(table.rows);
  const raw = new Map(table.raw);
  for (let i = 0; i < table.rows; i++) out[i] = raw.has(i) ? (raw.get(i) as T) : build(i);
  return out;
}

/** The graph back from the compact form: new objects, each row exactly as it was encoded. */
export function decodeGraphColumns(wire: GraphColumns): Graph & { revision: number } {
  const n = wire.nodes.cols;
  const [nId, nType, nX, nY, nMod, nHidden, nProfile, nRole, nPrimary] = NODE_FIELDS.map((field) => reader(n[field.name], field.name));
  const nodes = withRaw<GraphNode>(wire.nodes, (i) => ({
    id: nId!(i) as string,
    type: nType!(i) as 'person',
    position: { x: nX!(i) as number, y: nY!(i) as number },
    modifiedAt: nMod!(i) as string,
    hidden: nHidden!(i) as boolean,
    data: { profileId: nProfile!(i) as string, parentRole: nRole!(i) as GraphNode['data']['parentRole'], isPrimary: nPrimary!(i) as boolean },
  }));

  const e = wire.edges.cols;
  const [eId, eSource, eTarget, eSourceHandle, eTargetHandle, eType, eHidden, eKind, ePedigree] = EDGE_FIELDS.map((field) => reader(e[field.name], field.name, field.optional));
  const edges = withRaw<GraphEdge>(wire.edges, (i) => ({
    id: eId!(i) as string,
    source: eSource!(i) as string,
    target: eTarget!(i) as string,
    sourceHandle: eSourceHandle!(i) as string,
    targetHandle: eTargetHandle!(i) as string,
    type: eType!(i) as string,
    hidden: eHidden!(i) as boolean,
    data: edgeData(eKind!(i) as GraphEdge['data']['kind'], (ePedigree!(i) ?? '') as Pedigree | ''),
  }));

  const p = wire.profiles.cols;
  const rawProfiles = new Map(wire.profiles.raw);
  const pid = reader(p.id, 'id') as (i: number) => string;
  const r = Object.fromEntries(SCALAR_FIELDS.map((name) => [name, reader(p[name], name, OPTIONAL_PROFILE.has(name))])) as Record<ScalarField, (i: number) => string>;
  const [spouses, parents, children] = RELATION_FIELDS.map((name) => listReader(p[name], name, pid));
  const profiles: Record<string, Profile> = {};
  for (let i = 0; i < wire.profiles.rows; i++) {
    const id = pid(i);
    const raw = rawProfiles.get(i);
    // One object literal: every profile gets the same shape, which a loop of keyed stores does
    // not give (it made decoding ten times slower). The round-trip test catches a missing field.
    profiles[id] = raw
      ? (raw as Profile)
      : {
          id,
          firstName: r.firstName(i),
          lastName: r.lastName(i),
          photoURL: r.photoURL(i),
          photoURLSmall: r.photoURLSmall(i),
          email: r.email(i),
          gender: r.gender(i) as Profile['gender'],
          birthYear: r.birthYear(i),
          birthMonth: r.birthMonth(i),
          birthDay: r.birthDay(i),
          bio: r.bio(i),
          death: r.death(i),
          mothersMaidenName: r.mothersMaidenName(i),
          birthDateText: r.birthDateText(i),
          deathDateText: r.deathDateText(i),
          gedcom: r.gedcom(i),
          note: r.note(i),
          spouses: spouses!(i),
          parents: parents!(i),
          children: children!(i),
          createdBy: r.createdBy(i),
          createdAt: r.createdAt(i),
          updatedBy: r.updatedBy(i),
          updatedAt: r.updatedAt(i),
          ownerUid: r.ownerUid(i),
        };
  }
  for (const [i, facts] of wire.profileFacts ?? []) {
    const p = profiles[pid(i)]!;
    if (facts.events) p.events = unpackList(facts.events);
    if (facts.outline) p.eventsNotLoaded = facts.outline.map(outlineItem);
    if (facts.names) p.names = facts.names;
    if (facts.citations) p.citations = facts.citations;
  }
  const out: Graph & { revision: number } = { nodes, edges, profiles, updatedAt: wire.updatedAt, version: 1, revision: wire.revision };
  if (wire.places) out.places = wire.places;
  if (wire.couples) out.couples = mapValues(wire.couples, (c): Couple => ({ ...c, events: unpackList(c.events) }));
  if (wire.sources) out.sources = wire.sources;
  if (wire.notDuplicates) out.notDuplicates = wire.notDuplicates;
  if (wire.media) out.media = wire.media;
  return out;
}
