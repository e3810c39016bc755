import { placesByFullName } from '../../../domain/facts/placeOps.ts';
import { placesOf } from '../../../domain/facts/factsResult.ts';
import type { GraphImporter } from '../../../backend/ports.ts';
import { emptyChangeSet, stampChangeSet, stampOwnChangeSet, type ChangeSet } from '../../../domain/changeSet.ts';
import { isChunked, joinChunkBodies } from '../../../domain/changeSetChunks.ts';
import { GraphDraft } from '../../../domain/graphDraft.ts';
import { nodeNumber } from '../../../domain/ids.ts';
import type { Graph } from '../../../domain/types.ts';
import { firstImportNodeNumber, groupOrigin, importRemoval, nextXrefPrefix } from '../../../gedcom/importPlan.ts';
import type { ImportSummary } from '../../../gedcom/summary.ts';
import { PERSON_CARD } from '../canvas/personCards.ts';
import type { ShownBulk } from '../session/treeSession.ts';
import type { PlanRunner } from './runImport.ts';

/**
 * The GEDCOM import as the tree screen runs it (DESIGN.md "GEDCOM import and export"), without
 * React: the worker reads, parses and lays out the file; the session shows the change set and the
 * canvas draws it while the bulk path sends it and commits it as one revision. Each stage
 * reports its progress and its time (also as `performance` measures `gedcom-import:{stage}`, which
 * the bench reads). Undo removes the whole import through the same path.
 */
export type ImportStage = 'read' | 'parse' | 'layout' | 'draw' | 'send' | 'commit';
/** In the order they end: the file is on screen (draw) while it is still being sent and saved. */
export const IMPORT_STAGES: readonly ImportStage[] = ['read', 'parse', 'layout', 'draw', 'send', 'commit'];

export interface ImportProgress {
  stage: ImportStage;
  /** 0…1 within the stage. */
  fraction: number;
  /** Known from the layout on. */
  people?: number;
}

export interface ImportSession {
  readonly graph: Graph;
  readonly graphId: string;
  readonly clientId: string;
  save(): Promise<void>;
  beginBulk(): { settle(): void };
  showBulk(changes: ChangeSet): ShownBulk;
  takeBulk(changes: ChangeSet, revision: number): void;
}

export interface ImportDeps {
  session: ImportSession;
  importer: GraphImporter;
  uid: string;
  now(): string;
  siteOrigin: string;
  runPlan: PlanRunner;
  /** Resolves once the canvas has drawn the imported cards. */
  firstFrame(nodeIds: readonly string[]): Promise<void>;
}

/** What an import brought: what Undo removes, and what the summary says. */
export interface ImportedGroup {
  nodeIds: string[];
  profileIds: string[];
  summary: ImportSummary;
  revision: number;
  /** Milliseconds of each stage. */
  timings: Record<ImportStage, number>;
}

function measure(stage: ImportStage, start: number, end: number) {
  performance.measure(`gedcom-import:${stage}`, { start, end });
}

/** Imports a file as a new group beside the tree. Rejects with the reason (nothing imported) or when cancelled. */
export async function importGedcomFile(deps: ImportDeps, file: Blob, onProgress: (p: ImportProgress) => void, signal?: AbortSignal): Promise<ImportedGroup> {
  const { session } = deps;
  const graph = session.graph;
  const now = deps.now();
  const next = nodeNumber(new GraphDraft(graph).nextNodeId())!;
  const started = performance.now();
  // The session takes objects: chunk bodies from the worker are read back one per task, so the
  // page stays responsive, and those the worker sends before its layout are read meanwhile.
  const joined = emptyChangeSet(0);
  let bodiesRead = 0;
  let reading: Promise<unknown> = Promise.resolve();
  const readBack = (bodies: readonly string[]) => {
    bodiesRead += bodies.length;
    reading = reading.then(() => joinChunkBodies(bodies, () => nextTask(signal), joined));
    reading.catch(() => undefined);
  };
  const { plan, timings } = await deps.runPlan(
    {
      file,
      request: {
        uid: deps.uid,
        now,
        currentYear: new Date(now).getFullYear(),
        siteOrigin: deps.siteOrigin,
        xrefPrefix: nextXrefPrefix(graph),
        firstNodeNumber: firstImportNodeNumber(next),
        origin: groupOrigin(graph, PERSON_CARD.width),
        knownPlaces: placesByFullName(placesOf(graph)),
      },
    },
    (stage, fraction) => onProgress({ stage, fraction }),
    signal,
    readBack,
  );
  const planned = performance.now();
  const people = plan.nodeIds.length;
  // The worker's own clock runs from its start: its stages are laid end to end up to `planned`.
  const readEnd = started + timings.read;
  measure('read', started, readEnd);
  measure('parse', readEnd, readEnd + timings.parse);
  measure('layout', readEnd + timings.parse, planned);

  // The change set is drawn first, then sent and saved (DESIGN.md "GEDCOM import and export"):
  // the member looks around and searches a big file within seconds; edits made meanwhile wait for
  // the commit. The send waits for the first frame, which it would otherwise slow down (the
  // server storing chunks shares the machine's cores). A refused or cancelled import is taken
  // off the screen again. While shown, the live stream's question whether this tab holds the
  // import's revision waits for the commit's answer (`showBulk` begins a bulk change).
  let shown: ShownBulk | null = null;
  let drawn = 0;
  let committing = 0;
  let revision: number;
  try {
    if (isChunked(plan.changes)) readBack(plan.changes.bodies.slice(bodiesRead));
    await reading;
    signal?.throwIfAborted();
    onProgress({ stage: 'draw', fraction: 0, people });
    // Stamped as the server stamps what it stores (its clock, not ours, but the same fields); the
    // change set read back from the bodies is this flow's alone, so it is stamped where it is.
    const by = { uid: deps.uid, now };
    shown = session.showBulk(isChunked(plan.changes) ? stampOwnChangeSet(joined, by) : stampChangeSet(plan.changes, by));
    await deps.firstFrame(plan.nodeIds);
    drawn = performance.now();
    measure('draw', planned, drawn);
    performance.measure('gedcom-import', { start: started, end: drawn });
    onProgress({ stage: 'send', fraction: 0, people });
    ({ revision } = await deps.importer.importChangeSet(
      session.graphId,
      plan.changes,
      session.clientId,
      (p) => {
        if (p.phase === 'sending') onProgress({ stage: 'send', fraction: p.sent, people });
        else if (p.phase === 'committing') {
          committing = performance.now();
          onProgress({ stage: 'commit', fraction: 0, people });
        }
      },
      { signal },
    ));
  } catch (e) {
    shown?.drop(importRemoval(session.graph, { nodeIds: plan.nodeIds, profileIds: plan.profileIds }));
    throw e;
  }
  shown.confirm(revision);
  const committed = performance.now();
  committing ||= committed;
  measure('send', drawn, committing);
  measure('commit', committing, committed);
  performance.measure('gedcom-import:saved', { start: started, end: committed });
  return {
    nodeIds: plan.nodeIds,
    profileIds: plan.profileIds,
    summary: plan.summary,
    revision,
    timings: { read: timings.read, parse: timings.parse, layout: planned - readEnd - timings.parse, draw: drawn - planned, send: committing - drawn, commit: committed - committing },
  };
}

/** Resolves in a task of its own (not throttled in a hidden tab, unlike a timer); rejects once cancelled. */
function nextTask(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      if (signal?.aborted) reject(signal.reason);
      else resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * One Undo for the whole import: what it brought that is still on the tree goes, in one revision
 * through the bulk path. Edits not yet saved are saved first, so none of them brings an imported
 * person back. Answers how many cards were removed.
 */
export async function undoImport(deps: Pick<ImportDeps, 'session' | 'importer'>, group: Pick<ImportedGroup, 'nodeIds' | 'profileIds'>, onProgress?: (fraction: number) => void): Promise<number> {
  const { session } = deps;
  await session.save().catch(() => undefined);
  const removal = importRemoval(session.graph, group);
  if (!removal.nodes.remove.length && !removal.profiles.remove.length) return 0;
  const bulk = session.beginBulk();
  try {
    const { revision } = await deps.importer.importChangeSet(session.graphId, removal, session.clientId, (p) => onProgress?.(p.phase === 'sending' ? p.sent * 0.9 : 0.95));
    session.takeBulk(removal, revision);
  } finally {
    bulk.settle();
  }
  onProgress?.(1);
  return removal.nodes.remove.length;
}
