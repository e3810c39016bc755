import { emptyChangeSet, type ChangeSet, type ProfilePatch } from '../domain/changeSet.ts';
import { graphIndex } from '../domain/graphDraft.ts';
import { layoutFamilies } from '../domain/layout/index.ts';
import { RELATION_FIELDS, SCALAR_FIELDS, type ProfileScalars } from '../domain/profile.ts';
import type { Graph, Profile } from '../domain/types.ts';
import { parseGedcom } from './parse.ts';
import type { ImportSummary } from './summary.ts';
import { gedcomToGraph } from './toGraph.ts';

/**
 * A GEDCOM file as the change set that imports it (DESIGN.md "GEDCOM import and export"): parsed,
 * mapped to people, laid out by the automatic layout and placed as a new group beside the tree.
 * Pure; the import worker runs it, the tests run it on the fixtures.
 */
export type ImportPhase = 'parse' | 'layout';

export interface ImportRequest {
  uid: string;
  now: string;
  currentYear: number;
  siteOrigin: string;
  /** Kept cross-reference ids of this import start with it (`nextXrefPrefix`). */
  xrefPrefix: string;
  /** The imported cards take numbers from here on (`firstImportNodeNumber`). */
  firstNodeNumber: number;
  /** Where the group's top-left corner goes (`groupOrigin`). */
  origin: { x: number; y: number };
  newProfileId(): string;
  /** The random source of event, name and place ids (`newFactId`). */
  random(): number;
  /**
   * The tree's places by full name (`placesByFullName`): events of the file naming one of them
   * name the tree's place. Names and ids only, so the worker gets a few kilobytes, not the places.
   */
  knownPlaces?: Readonly<Record<string, string>>;
}

export interface ImportPlan {
  changes: ChangeSet;
  summary: ImportSummary;
  /** The imported cards, for the view and for Undo. */
  nodeIds: string[];
  profileIds: string[];
  /** The group's size in world units and its parent lines that cross (the layout's count). */
  layout: { width: number; height: number; crossings: number };
}

export const NO_PEOPLE = 'This file has no people in it (no INDI records). Nothing was imported.';

/** Thrown for a file that is GEDCOM but has nothing to import. */
export class NothingToImport extends Error {
  constructor() {
    super(NO_PEOPLE);
    this.name = 'NothingToImport';
  }
}

/**
 * Cards relatives add while an import is sent take the next numbers after the tree's; the import
 * leaves this many free before its own, so such a card and an imported one never share an id.
 */
export const NODE_NUMBER_GAP = 100;

export function firstImportNodeNumber(next: number): number {
  return next + NODE_NUMBER_GAP;
}

/**
 * `onMapped` gets the lines and profiles before the layout starts (the worker hands them on
 * meanwhile); they are the same objects the plan's change set holds.
 */
export function planImport(bytes: Uint8Array, request: ImportRequest, onProgress?: (phase: ImportPhase, fraction: number) => void, onMapped?: (linesAndProfiles: ChangeSet) => void): ImportPlan {
  const doc = parseGedcom(bytes, { onProgress: (f) => onProgress?.('parse', f * 0.8) });
  let next = request.firstNodeNumber;
  const mapped = gedcomToGraph(doc, {
    uid: request.uid,
    now: request.now,
    currentYear: request.currentYear,
    newProfileId: request.newProfileId,
    nextNodeId: () => `n${next++}`,
    xrefPrefix: request.xrefPrefix,
    random: request.random,
    siteOrigin: request.siteOrigin,
    knownPlaces: request.knownPlaces,
  });
  if (!mapped.nodes.length) throw new NothingToImport();
  onProgress?.('parse', 1);
  const changes = emptyChangeSet(0);
  for (const e of mapped.edges) e.id = flat(e.id);
  changes.edges.upsert = mapped.edges;
  for (const p of mapped.profiles) changes.profiles.upsert.push(createPatch(p));
  // The places the events name and the couples with events travel in the same change set, so the
  // save path finds every event's place and every couple's spouses in it.
  if (mapped.places.length) changes.places = { upsert: mapped.places, remove: [] };
  if (mapped.couples.length) changes.couples = { upsert: mapped.couples, remove: [] };
  if (mapped.sources.length) changes.sources = { upsert: mapped.sources, remove: [] };
  if (mapped.media.length) changes.media = { upsert: mapped.media, remove: [] };
  onMapped?.(changes);
  const laid = layoutFamilies({ people: mapped.nodes.map((n) => n.id), families: mapped.families }, { onProgress: (f) => onProgress?.('layout', f) });
  for (const n of mapped.nodes) {
    const p = laid.positions[n.id] ?? { x: 0, y: 0 };
    n.position = { x: request.origin.x + p.x, y: request.origin.y + p.y };
    changes.nodes.upsert.push(n);
  }
  return {
    changes,
    summary: mapped.summary,
    nodeIds: mapped.nodes.map((n) => n.id),
    profileIds: mapped.profiles.map((p) => p.id),
    layout: { width: laid.width, height: laid.height, crossings: laid.crossings },
  };
}

/**
 * A new profile as the import sends it: only the fields it fills (a new profile starts empty) and
 * not the stamps the server sets itself (updatedBy, updatedAt, createdAt); createdBy stays, as the
 * server checks it. On 100,000 people that is some 20 MB less to send and store.
 */
function createPatch(p: Profile): ProfilePatch {
  const set: Partial<ProfileScalars> = {};
  for (const f of SCALAR_FIELDS) {
    const v = p[f];
    if (v && f !== 'updatedBy' && f !== 'updatedAt' && f !== 'createdAt') set[f] = flat(v) as never;
  }
  const add: ProfilePatch['add'] = {};
  for (const f of RELATION_FIELDS) if (p[f].length) add[f] = p[f];
  return {
    id: p.id,
    create: true,
    set,
    ...(Object.keys(add).length ? { add } : {}),
    ...(p.events?.length ? { events: { upsert: p.events, remove: [] } } : {}),
    ...(p.names?.length ? { names: { upsert: p.names, remove: [] } } : {}),
    ...(p.citations?.length ? { citations: { upsert: p.citations, remove: [] } } : {}),
  };
}

/**
 * The text as one string of its own. V8 keeps a piece of a longer string (13 characters or more)
 * as a view of it, and text pasted together as a pair of its parts; JSON.stringify's fast path
 * takes neither, and one such string in a chunk body sends the whole body down the general path,
 * about twice as slow (names, notes and dates are pieces of the file's text, line ids pasted:
 * some 150 ms on 100,000 people, measured in Chromium). A join of two parts makes a new string;
 * shorter strings are always their own.
 */
function flat(text: string): string {
  return text.length < 13 ? text : [text.slice(0, 1), text.slice(1)].join('');
}

/** Space between the tree and an imported group (the layout's gap between separate families). */
const GROUP_GAP = 320;

/** The imported group's top-left corner: right of everything on the tree, level with its top. */
export function groupOrigin(graph: Graph, cardWidth: number): { x: number; y: number } {
  if (!graph.nodes.length) return { x: 0, y: 0 };
  let right = -Infinity;
  let top = Infinity;
  for (const n of graph.nodes) {
    right = Math.max(right, n.position.x + cardWidth);
    top = Math.min(top, n.position.y);
  }
  return { x: Math.round(right + GROUP_GAP), y: Math.round(top) };
}

/**
 * The prefix this import's kept cross-reference ids get, so they never meet those of an earlier
 * import into the same tree: none for the first, then K1_, K2_… (read from the first line of each
 * kept record set, `0 @K2_I1@ INDI`).
 */
export function nextXrefPrefix(graph: Graph): string {
  let imported = false;
  let max = 0;
  for (const id in graph.profiles) {
    const kept = graph.profiles[id]!.gedcom;
    if (!kept) continue;
    imported = true;
    const m = /^0 @K(\d+)_/.exec(kept);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return imported ? `K${max + 1}_` : '';
}

/**
 * Undo of an import: the change set removing the people it brought that are still on the tree,
 * their cards and lines, and their entries in the lists of people not imported (a member may have
 * linked them since). It costs what the import brought, not the tree.
 */
export function importRemoval(graph: Graph, imported: { nodeIds: readonly string[]; profileIds: readonly string[] }): ChangeSet {
  const index = graphIndex(graph);
  const changes = emptyChangeSet(graph.revision ?? 0);
  const gone = new Set<string>();
  for (const id of imported.profileIds) if (Object.hasOwn(graph.profiles, id)) gone.add(id);
  const edges = new Set<string>();
  for (const id of imported.nodeIds) {
    const node = index.nodes.get(id);
    if (!node || node.data.isPrimary) continue;
    changes.nodes.remove.push(id);
    for (const e of index.edgesByNode.get(id) ?? []) edges.add(e);
  }
  changes.edges.remove = [...edges];
  changes.profiles.remove = [...gone];
  const patches = new Map<string, Partial<Record<(typeof RELATION_FIELDS)[number], string[]>>>();
  for (const id of gone) {
    const p = graph.profiles[id]!;
    for (const field of RELATION_FIELDS) {
      const mirror = field === 'spouses' ? 'spouses' : field === 'parents' ? 'children' : 'parents';
      for (const other of p[field]) {
        if (gone.has(other) || !Object.hasOwn(graph.profiles, other)) continue;
        let patch = patches.get(other);
        if (!patch) patches.set(other, (patch = {}));
        (patch[mirror] ??= []).push(id);
      }
    }
  }
  for (const [id, remove] of patches) changes.profiles.upsert.push({ id, remove });
  return changes;
}
