import { diffGraphs, isEmptyChangeSet, withoutOverwritten, type ChangeSet } from '../../../domain/changeSet.ts';
import { applyChangeSets } from '../../../domain/applyChangeSets.ts';
import { claimGraph, GraphDraft, graphIndex, type OpResult, type Touched } from '../../../domain/graphDraft.ts';
import { MIGRATION_IDS, runMigrations, toCurrentShape, type LegacyGraph } from '../../../domain/migrations.ts';
import { nodesEqual } from '../../../domain/snapshot.ts';
import { changeOf, graphItems, undoChangeSet, undoConflicts, type ReversibleChange } from '../../../domain/reversibleChange.ts';
import { AUTOSAVE_DEBOUNCE_MS, retryDelays, SAVE_RESUME_MS } from '../../../domain/timing.ts';
import type { Graph, Profile } from '../../../domain/types.ts';
import type { GraphChangeEvent, GraphRepository, LoadedGraph, NetworkState } from '../../../backend/ports.ts';
import type { BackupStore } from './backupStore.ts';
import { applyAsOperation, lookup } from './graphChanges.ts';
import { isAppError, type AppError } from '../../../domain/errors.ts';
import type { PrivacyReason } from '../../../domain/privacy.ts';
import type { TreeRole } from '../../../domain/roles.ts';
import { PendingEdits, touchedBy } from './pendingEdits.ts';
import { eventsLoaded, idsWithoutEvents, withLoadedEvents } from '../../../domain/facts/eventsLoading.ts';
import { PERSON_EVENTS_BATCH } from '../../../domain/facts/personEvents.ts';
import type { FactEvent } from '../../../domain/facts/types.ts';
import { isRetryable, toSaveError } from './saveErrors.ts';

/**
 * The open family tree: the graph on screen and everything that moves edits between it and the
 * server (§4 "Graph saving", DESIGN.md "Data"). Every step costs what it changes, not the size of
 * the tree:
 *
 * - Every edit is a domain operation's answer (`OpResult`): the new graph and what it touched.
 *   The session keeps one graph, and for each touched card, line and profile the state the server
 *   confirmed (`PendingEdits`); "unsaved" means some touched entity still differs from it, so an
 *   edit undone by hand (a card dragged back) is not unsaved.
 * - Saves send the change set built from those entries, retrying with 150 ms × 2ⁿ backoff except
 *   when a retry cannot help (permission-denied and other refusals). A failed save keeps every
 *   edit.
 * - The pending change set is also kept on the device (`BackupStore`, IndexedDB) and re-applied
 *   when the tree is opened again: closing the browser mid-edit loses nothing. When it cannot be
 *   kept the member is told once.
 * - Changes other tabs and members saved arrive on the live stream, in revision order. They
 *   update the confirmed state; on screen they change everything this tab has not changed itself
 *   (per card, per line and per profile field), so a local edit is never overwritten and never
 *   reverts someone else's. They wait while a card is dragged, and a tab's own echo is ignored.
 *   When the stream could not fill a gap it hands over the whole graph, and the session applies
 *   the difference to what it knows was confirmed.
 * - Whoever draws the graph listens to `onGraphUpdate`, which names what each update touched.
 */
export type SessionStatus = 'loading' | 'ready' | 'error';

/**
 * Where a member's unsaved edits of one tree are kept on the device: their own tree under their
 * uid (where they always were), every other tree they belong to under its own key, so the
 * backup of one tree never replaces another's.
 */
export function backupKey(uid: string, graphId: string): string {
  return graphId === uid ? uid : `${uid}/${graphId}`;
}

export interface TreeSessionDeps {
  /** The open tree's share of the port: load, save, follow. */
  graphs: Pick<GraphRepository, 'load' | 'save' | 'subscribe'> & Partial<Pick<GraphRepository, 'personEvents'>>;
  uid: string;
  /** The tree to open; without one, the one the member opened last (the server remembers it). */
  graphId?: string;
  /** The member's own profile, for the primary card of an empty tree. */
  ownProfile: () => Promise<Profile>;
  backups?: BackupStore;
  /** Called once per session when the backup of unsaved edits cannot be kept on the device. */
  onBackupFailed?: () => void;
  now?: () => string;
  clientId?: string;
  autosaveMs?: number;
  /**
   * The server refused an edit for good (a right or a rule, not the network): it has been taken
   * back on screen. `failure` is the §8 toast of the edit's operation, `error` the server's answer.
   */
  onEditRefused?: (failure: string, error: Error) => void;
}

/** What a refused edit toasts when its operation named nothing else (§8). */
export const APPLY_FAILED = 'Failed to apply changes';

/**
 * One committed edit: what it changed, as one reversible change (its change set: cards and lines
 * whole, profiles as patches; and the values before), so it can be sent alone, replayed on the
 * confirmed state when an edit before it is taken back, and undone.
 */
interface CommittedEdit {
  failure: string;
  change: ReversibleChange;
}

/** How many of this tab's own changes Undo can take back (and Redo bring again). */
export const UNDO_DEPTH = 100;

/** An entry of the undo or redo stack: a change of this tab's. */
type UndoEntry = CommittedEdit;

/** Why Undo or Redo did nothing: nothing to take back, or it was changed again since (by another member). */
export type UndoOutcome = { ok: true } | { ok: false; reason: 'empty' | 'conflict' };

/** What one update of the graph touched, by id. */
export interface GraphUpdate extends Touched {
  /** Cards a local edit added (the canvas brings the newest into view). */
  added: readonly string[];
}

/** A bulk change on screen before its commit (`TreeSession.showBulk`): settled once, either way. */
export interface ShownBulk {
  confirm(revision: number): void;
  drop(removal: ChangeSet): void;
}

type Incoming = { kind: 'change'; event: GraphChangeEvent } | { kind: 'reload'; loaded: LoadedGraph };

export class TreeSession {
  status: SessionStatus = 'loading';
  loadError: Error | null = null;
  graphId = '';
  ownerUid = '';
  /** The member's role in this tree (a role change arrives as a reload); the screens offer only what it allows. */
  role: TreeRole = 'viewer';
  /** The tree's name (domain/roles.ts `treeName`). */
  name = '';
  /** People shown private to this member (a viewer), by profile id, with the reason the server gives. */
  privacy: Readonly<Record<string, PrivacyReason>> = {};
  /**
   * The server ended the live stream for good: signed out elsewhere (`unauthenticated`) or removed
   * from the tree (`permission-denied`). Nothing more is saved or received.
   */
  closedBy: AppError | null = null;
  revision = 0;
  graph: Graph = emptyGraph();
  unsaved = false;
  saving = false;
  lastSaveError: Error | null = null;
  network: NetworkState = 'unknown';
  private resumeTimer: ReturnType<typeof setTimeout> | null = null;
  private resumeDelay: number = SAVE_RESUME_MS.first;
  /** The backup could not be written: the edits live only in this tab until they are saved. */
  backupFailed = false;
  readonly clientId: string;

  private readonly pending = new PendingEdits();
  /** How many edits the server has refused for good since the tree opened (each was taken back). */
  private refusedEdits = 0;
  /** The edits not yet confirmed, in the order they were made (see `saveOneByOne`). */
  private edits: CommittedEdit[] = [];
  /** This tab's own changes, the newest last: what Undo takes back, and what Redo brings again. */
  private undoStack: UndoEntry[] = [];
  private redoStack: UndoEntry[] = [];
  /**
   * The undo entry of each operation's answer, for its 5 s toast's Undo. Weak: an answer holds
   * the graph it made, which the stack must not keep alive.
   */
  private readonly entryOf = new WeakMap<OpResult, UndoEntry>();
  private version = 0;
  private readonly listeners = new Set<() => void>();
  private readonly updateListeners = new Set<(update: GraphUpdate) => void>();
  private autosaveTimer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribeLive: (() => void) | null = null;
  private holdIncoming = false;
  private held: Incoming[] = [];
  /** This tab's saves the server answered whose echo the stream has not delivered yet. */
  private unechoed: { revision: number; changes: ChangeSet }[] = [];
  private migrationsToRecord: string[] = [];
  /** Revisions of this tab's own saves and bulk changes (`takeBulk`, `showBulk`'s confirm). */
  private readonly ownRevisions = new Set<number>();
  private readonly pendingBulk = new Set<Promise<void>>();
  /** Bulk changes shown before the server committed them (`showBulk`): saves and reloads wait for them. */
  private readonly shownBulk = new Set<Promise<void>>();
  private inflight: Promise<void> | null = null;
  /** People whose events are being loaded, with the request bringing them. */
  private readonly eventsInFlight = new Map<string, Promise<void>>();
  private closed = false;
  private backupStored = false;
  private backupWriting = false;
  private backupDirty = false;

  constructor(private readonly deps: TreeSessionDeps) {
    this.clientId = deps.clientId ?? randomClientId();
  }

  // ---- observing ----------------------------------------------------------------------------
  /** For React (useSyncExternalStore): called on every change of anything the screen shows. */
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getVersion = () => this.version;
  private emit() {
    this.version++;
    for (const l of this.listeners) l();
  }

  /** Called after every change of `graph` with what it touched. */
  onGraphUpdate(listener: (update: GraphUpdate) => void): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  // ---- opening ------------------------------------------------------------------------------
  async open(): Promise<void> {
    try {
      const loaded = await this.deps.graphs.load(this.deps.graphId);
      if (this.closed) return;
      this.graphId = loaded.graphId;
      this.ownerUid = loaded.ownerUid;
      this.role = loaded.role;
      this.name = loaded.name;
      this.privacy = loaded.privacy;
      this.revision = loaded.graph.revision;
      // Graphs saved before a migration existed come in the old shape; the domain brings them up
      // to date, and what it changed is an edit of this tab, saved with the migration's flag.
      const stored = loaded.graph as unknown as LegacyGraph;
      // A fresh graph nobody else holds: edits update its profiles record in place.
      this.graph = claimGraph({ ...toCurrentShape(stored), revision: this.revision }, true);
      // Built now, so the first edit does not pay for reading the whole tree.
      graphIndex(this.graph);
      this.pending.start(lookup(this.graph));
      if (MIGRATION_IDS.some((id) => !loaded.migrations.includes(id))) {
        const { graph: migrated, applied } = runMigrations(stored, loaded.migrations);
        this.record(applyAsOperation(this.graph, diffGraphs(this.graph, migrated)));
        this.migrationsToRecord = applied;
      }

      const backup = await this.deps.backups?.read(backupKey(this.deps.uid, this.graphId));
      if (this.closed) return;
      this.backupStored = !!backup;
      if (backup && backup.graphId === this.graphId) {
        // Unsaved event edits of people whose events the open left out need them loaded first:
        // applied to the marker they would join the outline and never be sent.
        await this.loadEvents(backup.changes.profiles.upsert.filter((p) => p.events).map((p) => p.id));
        if (this.closed) return;
        this.record(applyAsOperation(this.graph, backup.changes));
        this.migrationsToRecord = [...new Set([...this.migrationsToRecord, ...backup.migrations])];
      }
      if (this.graph.nodes.length === 0) await this.addPrimaryNode();
      this.status = 'ready';
      this.unsubscribeLive = this.deps.graphs.subscribe(this.graphId, this.revision, {
        onChange: (event) => this.incoming({ kind: 'change', event }),
        onReload: (fresh) => this.incoming({ kind: 'reload', loaded: fresh }),
        holds: (revision) => this.holds(revision),
        onNetwork: (state) => {
          const back = state === 'online' && this.network !== 'online';
          this.network = state;
          this.emit();
          // The server is reachable again: what waits on this device goes now.
          if (back && this.unsaved && !this.inflight) this.resumeSoon(0);
        },
        onClosed: (error) => this.end(error),
      });
      this.settleUnsaved();
      this.backUp();
      this.emit();
      // An empty tree's primary card, a migration or a restored backup is saved at once (§4).
      if (this.unsaved) await this.save().catch(() => undefined);
    } catch (e) {
      this.status = 'error';
      this.loadError = e instanceof Error ? e : new Error(String(e));
      this.emit();
    }
  }

  /** §4: an empty graph gets one primary node for the member's own profile. */
  private async addPrimaryNode() {
    // A plain copy: the screens' own-profile store is a live (proxied) object, which a graph must
    // not share (it could not be handed to a worker, for one).
    const own = await this.deps.ownProfile();
    const profile: Profile = { ...own, spouses: [...own.spouses], parents: [...own.parents], children: [...own.children] };
    const draft = new GraphDraft(this.graph);
    draft.setNode({
      id: draft.nextNodeId(),
      type: 'person',
      position: { x: 0, y: 0 },
      modifiedAt: this.now(),
      hidden: false,
      data: { profileId: profile.id, parentRole: '', isPrimary: true },
    });
    draft.setProfile(profile);
    this.record(draft.finish());
    // The own profile already exists on the server: only the card is sent.
    this.pending.profiles.delete(profile.id);
    const edit = this.edits[this.edits.length - 1]!;
    edit.change.changes.profiles.upsert = [];
  }

  /** The stream was ended by the server: stop saving (every save would be refused) and say why. */
  private end(error: AppError) {
    this.closedBy = error;
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.autosaveTimer = this.resumeTimer = null;
    this.emit();
  }

  close() {
    this.closed = true;
    this.unsubscribeLive?.();
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.listeners.clear();
    this.updateListeners.clear();
  }

  // ---- events loaded per person ------------------------------------------------------------
  /**
   * Loads the events the open left out (domain/facts/eventsLoading.ts) of these people, or of
   * everyone when no ids are given (a tree-wide reader: export, places, sources, duplicates), in
   * batches of PERSON_EVENTS_BATCH; `onProgress(done, total)` after each. People whose events are
   * at hand, or being loaded already, cost nothing more. Resolves once every one is loaded.
   */
  async loadEvents(ids?: readonly string[], onProgress?: (done: number, total: number) => void): Promise<void> {
    const wanted = idsWithoutEvents(this.graph.profiles, ids);
    const already = new Set(wanted.filter((id) => this.eventsInFlight.has(id)).map((id) => this.eventsInFlight.get(id)!));
    const fresh = wanted.filter((id) => !this.eventsInFlight.has(id));
    let done = 0;
    const total = fresh.length;
    for (let i = 0; i < fresh.length; i += PERSON_EVENTS_BATCH) {
      const batch = fresh.slice(i, i + PERSON_EVENTS_BATCH);
      const loading = this.fetchEvents(batch).finally(() => {
        for (const id of batch) this.eventsInFlight.delete(id);
      });
      for (const id of batch) this.eventsInFlight.set(id, loading);
      await loading;
      done += batch.length;
      onProgress?.(done, total);
    }
    await Promise.all(already);
  }

  /** Whether this person's events are at hand (else `loadEvents` brings them). */
  eventsLoaded(id: string): boolean {
    const p = Object.hasOwn(this.graph.profiles, id) ? this.graph.profiles[id] : undefined;
    return !p || eventsLoaded(p);
  }

  /**
   * One batch: an answer older than what this tab has applied may lack changes the live stream
   * brought meanwhile (applied to the outline only), so it is asked again; a newer one is taken,
   * and the stream's changes after it apply again per item, which changes nothing.
   */
  private async fetchEvents(ids: string[]): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      // Only a backend whose opens leave events out has them to load.
      if (!this.deps.graphs.personEvents) throw new Error('This tree cannot load events.');
      const answer = await this.deps.graphs.personEvents(this.graphId, ids);
      if (this.closed) return;
      if (answer.revision < this.revision && attempt < 2) continue;
      this.takeLoadedEvents(ids, answer.events);
      return;
    }
  }

  /** Loaded events join the screen's profiles and the confirmed ones: the marker goes, nothing becomes unsaved. */
  private takeLoadedEvents(ids: readonly string[], events: Readonly<Record<string, FactEvent[]>>) {
    const updates: Record<string, Profile> = {};
    for (const id of ids) {
      const p = Object.hasOwn(this.graph.profiles, id) ? this.graph.profiles[id] : undefined;
      // A person the tree no longer shows has nothing to load; their removal arrives on the stream.
      if (p && !eventsLoaded(p)) updates[id] = withLoadedEvents(p, events[id] ?? []);
    }
    this.pending.takeLoadedEvents(events);
    const touched = Object.keys(updates);
    if (!touched.length) return;
    this.take({ ...this.graph, profiles: { ...this.graph.profiles, ...updates } });
    this.announce({ nodes: [], edges: [], profiles: touched }, []);
    this.emit();
  }

  // ---- editing ------------------------------------------------------------------------------
  /**
   * Takes the answer of a domain operation (add, unlink, delete, undo, collapse, edit…); `failure`
   * is its §8 toast should the server refuse it. It goes on the undo stack (and clears the redo
   * stack); the answer that undoes an earlier one (`undoes`: a 5 s toast's Undo) takes that one
   * off the undo stack and goes on the redo stack instead.
   */
  apply(result: OpResult, failure = APPLY_FAILED, options: { undoes?: OpResult } = {}) {
    const change = this.record(result, failure);
    const undone = options.undoes && this.entryOf.get(options.undoes);
    const at = undone ? this.undoStack.indexOf(undone) : -1;
    if (at >= 0) {
      this.undoStack.splice(at, 1);
      this.pushLimited(this.redoStack, { failure, change });
    } else {
      const entry = { failure, change };
      this.entryOf.set(result, entry);
      this.pushLimited(this.undoStack, entry);
      this.redoStack = [];
    }
    this.edited();
  }

  private edited() {
    this.settleUnsaved();
    this.backUp();
    this.scheduleAutosave();
    this.emit();
  }

  private pushLimited(stack: UndoEntry[], entry: UndoEntry) {
    stack.push(entry);
    if (stack.length > UNDO_DEPTH) stack.splice(0, stack.length - UNDO_DEPTH);
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /**
   * Takes back this tab's last change still on the stack: the change made from its before-values,
   * applied as a new local edit, so once the change was saved its undo is saved as a new change
   * (the history is never rewritten). Refused, and dropped from the stack, when something it
   * changed has been changed again since (another member's edit arrived live): undoing would
   * overwrite it (the history's revert rule, `undoConflicts`).
   */
  undo(): UndoOutcome {
    return this.step(this.undoStack, this.redoStack);
  }

  /** Brings back the last change Undo took back, the same way (and refused the same way). */
  redo(): UndoOutcome {
    return this.step(this.redoStack, this.undoStack);
  }

  private step(from: UndoEntry[], to: UndoEntry[]): UndoOutcome {
    const entry = from.pop();
    if (!entry) return { ok: false, reason: 'empty' };
    const current = graphItems(this.graph);
    if (undoConflicts(entry.change, current).length) {
      this.emit();
      return { ok: false, reason: 'conflict' };
    }
    const by = { uid: this.deps.uid, now: this.now(), onServer: (id: string) => this.onServer(id) };
    const change = this.record(applyAsOperation(this.graph, undoChangeSet(entry.change, current, by)), entry.failure);
    this.pushLimited(to, { failure: entry.failure, change });
    this.edited();
    return { ok: true };
  }

  /** Whether the server holds this person now (the confirmed state of a pending one, else the screen's). */
  private onServer(profileId: string): boolean {
    if (this.pending.profiles.has(profileId)) return this.pending.profiles.get(profileId) !== null;
    return Object.hasOwn(this.graph.profiles, profileId);
  }

  /**
   * Card moves from the canvas (a drop or a nudge). A card put back where the server has it gets
   * its confirmed state back, so it is not an unsaved change.
   */
  moveNodes(positions: ReadonlyMap<string, { x: number; y: number }>) {
    const draft = new GraphDraft(this.graph);
    const now = this.now();
    let moved = false;
    for (const [id, p] of positions) {
      const node = draft.node(id);
      if (!node || (node.position.x === p.x && node.position.y === p.y)) continue;
      const confirmed = this.pending.nodes.get(id);
      const back = confirmed && nodesEqual({ ...node, position: p, modifiedAt: confirmed.modifiedAt }, confirmed);
      draft.setNode(back ? confirmed : { ...node, position: { x: p.x, y: p.y }, modifiedAt: now });
      moved = true;
    }
    if (moved) this.apply(draft.finish());
  }

  /** A local edit becomes the graph on screen and is remembered as pending; answers its change. */
  private record(result: OpResult, failure = APPLY_FAILED): ReversibleChange {
    const change = changeOf(result, this.graph);
    this.take(result.graph);
    this.pending.record(result, lookup(this.graph));
    this.edits.push({ failure, change });
    const index = graphIndex(this.graph);
    const added = result.undo.nodes.filter((e) => e.before === null && index.nodes.has(e.id)).map((e) => e.id);
    this.announce(result.changed, added);
    return change;
  }

  /**
   * The graph an operation made becomes the one on screen. It is claimed for in-place edits like
   * the one before it; should an operation have worked on another graph (a result made and then
   * dropped, say), claiming gives it its own profiles record once.
   */
  private take(graph: Graph) {
    this.graph = claimGraph(graph);
  }

  private announce(touched: Touched, added: readonly string[]) {
    if (!touched.nodes.length && !touched.edges.length && !touched.profiles.length) return;
    const update: GraphUpdate = { ...touched, added };
    for (const l of this.updateListeners) l(update);
  }

  private settleUnsaved() {
    this.unsaved = this.migrationsToRecord.length > 0 || !this.pending.empty;
  }

  // ---- saving -------------------------------------------------------------------------------
  private scheduleAutosave() {
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    if (!this.unsaved || this.closedBy) return;
    this.autosaveTimer = setTimeout(() => {
      this.autosaveTimer = null;
      this.save().catch(() => undefined);
    }, this.deps.autosaveMs ?? AUTOSAVE_DEBOUNCE_MS);
  }

  /**
   * Sends what is unsaved. Concurrent calls share one request; edits made while it is in flight
   * are sent by the next save. Rejects with the §8 error when every try failed.
   */
  save(): Promise<void> {
    if (this.inflight) return this.inflight.then(() => (this.unsaved ? this.save() : undefined));
    // An edit may name people an import being saved brings: it goes once they are on the server.
    if (this.shownBulk.size) return Promise.all(this.shownBulk).then(() => (this.unsaved ? this.save() : undefined));
    if (this.autosaveTimer) {
      clearTimeout(this.autosaveTimer);
      this.autosaveTimer = null;
    }
    const changes = this.pending.changeSet(lookup(this.graph), this.revision);
    const migrations = this.migrationsToRecord;
    const edits = this.edits.length;
    if (isEmptyChangeSet(changes) && migrations.length === 0) return Promise.resolve();
    this.saving = true;
    this.lastSaveError = null;
    this.emit();
    this.inflight = this.sendWithRetries(changes, migrations)
      .then(
        (answer) => {
          this.confirmSaved(changes, migrations, answer.revision);
          this.edits.splice(0, edits);
        },
        (e: unknown) => {
          if (!isRefusal(e)) throw e;
          // One edit the server will not take must not hold back the others: each is sent on
          // its own, and the ones refused are taken back. A lone edit was just refused alone.
          const sent = this.edits.splice(0, edits);
          if (sent.length === 1) return this.takeBack(sent[0]!, [], toSaveError(e));
          return this.saveOneByOne(sent, migrations);
        },
      )
      .then(
        () => {
          this.resumeDelay = SAVE_RESUME_MS.first;
        },
        (e: unknown) => {
          this.lastSaveError = toSaveError(e);
          // The network, not the server, said no: keep trying by itself until it is saved.
          if (isRetryable(e)) this.resumeSoon(this.resumeDelay), (this.resumeDelay = Math.min(this.resumeDelay * 2, SAVE_RESUME_MS.max));
          throw this.lastSaveError;
        },
      )
      .finally(() => {
        this.inflight = null;
        this.saving = false;
        this.settleUnsaved();
        this.backUp();
        this.emit();
      });
    return this.inflight;
  }

  /** Saves again after `ms` unless a save happens first (an edit's autosave, Apply). */
  private resumeSoon(ms: number) {
    if (this.closed || this.closedBy) return;
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.resumeTimer = setTimeout(() => {
      this.resumeTimer = null;
      if (this.unsaved) this.save().catch(() => undefined);
    }, ms);
  }

  private confirmSaved(changes: ChangeSet, migrations: string[], revision: number) {
    this.pending.confirm(changes, lookup(this.graph));
    this.unechoed.push({ revision, changes });
    this.ownRevisions.add(revision);
    this.revision = Math.max(this.revision, revision);
    this.migrationsToRecord = this.migrationsToRecord.filter((m) => !migrations.includes(m));
  }

  /**
   * The edits sent together were refused: each is sent alone, in the order made. One the server
   * refuses is taken back: what it touched returns to the confirmed state, with the edits after it
   * replayed on top (so it also leaves the pending set and the backup), and its operation's §8
   * toast is shown; the others are saved. A failure the network may cure puts the rest back for
   * the next save.
   */
  private async saveOneByOne(edits: CommittedEdit[], migrations: string[]) {
    let toRecord = migrations;
    for (let i = 0; i < edits.length; i++) {
      const edit = edits[i]!;
      const changes = { ...edit.change.changes, baseRevision: this.revision };
      if (isEmptyChangeSet(changes) && !toRecord.length) continue;
      try {
        const { revision } = await this.sendWithRetries(changes, toRecord);
        this.confirmSaved(changes, toRecord, revision);
        toRecord = [];
      } catch (e) {
        if (!isRefusal(e)) {
          this.edits.unshift(...edits.slice(i));
          throw e;
        }
        this.takeBack(edit, edits.slice(i + 1), toSaveError(e));
      }
    }
  }

  /**
   * Takes one refused edit back: everything it and the edits after it touched goes back to the
   * confirmed state, and the later edits (`later`, then any made meanwhile) are replayed on it.
   */
  private takeBack(edit: CommittedEdit, later: CommittedEdit[], error: Error) {
    const replay = [...later, ...this.edits];
    // Places and couples the refused edits wrote go back too; the later edits' are written again below.
    for (const e of [edit, ...replay]) this.take(this.pending.revertRecords(this.graph, lookup(this.graph), e.change.changes));
    this.revert([edit, ...replay].map((e) => touchedBy(e.change.changes)).reduce(joinTouched));
    for (const next of replay) {
      const result = applyAsOperation(this.graph, next.change.changes);
      this.take(result.graph);
      this.announce(result.changed, []);
    }
    this.pending.settle([edit, ...replay].map((e) => touchedBy(e.change.changes)).reduce(joinTouched), lookup(this.graph));
    // Taken back: nothing left to undo or redo of it.
    this.undoStack = this.undoStack.filter((e) => e.change !== edit.change);
    this.redoStack = this.redoStack.filter((e) => e.change !== edit.change);
    this.settleUnsaved();
    this.backUp();
    this.refusedEdits++;
    this.deps.onEditRefused?.(edit.failure, error);
  }

  /** The entities among `ids` that are pending get their confirmed state back on screen. */
  private revert(ids: Touched) {
    const draft = new GraphDraft(this.graph);
    for (const id of ids.nodes) {
      if (!this.pending.nodes.has(id)) continue;
      const confirmed = this.pending.nodes.get(id);
      if (confirmed) draft.setNode(confirmed);
      else draft.removeNode(id);
    }
    for (const id of ids.edges) {
      if (!this.pending.edges.has(id)) continue;
      const confirmed = this.pending.edges.get(id);
      if (confirmed) draft.setEdge(confirmed);
      else draft.removeEdge(id);
    }
    for (const id of ids.profiles) {
      if (!this.pending.profiles.has(id)) continue;
      const confirmed = this.pending.profiles.get(id);
      if (confirmed) draft.setProfile(confirmed);
      else draft.removeProfile(id);
    }
    const result = draft.finish();
    this.take(result.graph);
    this.pending.settle(ids, lookup(this.graph));
    this.announce(result.changed, []);
    this.settleUnsaved();
    this.backUp();
  }

  /**
   * Drops every unsaved edit (§4 "Discard changes"): the screen shows what the server confirmed,
   * and the device's backup is cleared.
   */
  discard() {
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    this.autosaveTimer = null;
    this.edits = [];
    this.undoStack = [];
    this.redoStack = [];
    this.migrationsToRecord = [];
    this.take(this.pending.revertRecords(this.graph, lookup(this.graph)));
    this.revert({ nodes: [...this.pending.nodes.keys()], edges: [...this.pending.edges.keys()], profiles: [...this.pending.profiles.keys()] });
    this.lastSaveError = null;
    this.emit();
  }

  private async sendWithRetries(changes: ChangeSet, migrations: string[]) {
    const delays = retryDelays();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.deps.graphs.save(this.graphId, changes, this.clientId, migrations);
      } catch (e) {
        if (attempt >= delays.length || !isRetryable(e)) throw e;
        await new Promise((r) => setTimeout(r, delays[attempt]));
      }
    }
  }

  /**
   * 'Apply changes': saves now and answers whether every edit was applied. False when the server
   * refused one (it was taken back with its own toast), so no 'Changes applied' contradicts it.
   */
  async applyChanges(): Promise<boolean> {
    const refused = this.refusedEdits;
    await this.save();
    return this.refusedEdits === refused;
  }

  /**
   * Saves first when the person is new on this tab and not yet on the server, since what is
   * stored beside them (a card photo's files) needs the server to know them. Answers whether the
   * server has them now.
   */
  async savedOnServer(profileId: string): Promise<boolean> {
    const onServer = () => Object.hasOwn(this.graph.profiles, profileId) && this.pending.profiles.get(profileId) !== null;
    if (onServer()) return true;
    await this.save().catch(() => undefined);
    return onServer();
  }

  /** The page is being hidden or unloaded: save now rather than after the debounce. */
  flush() {
    if (this.unsaved && !this.closedBy) this.save().catch(() => undefined);
  }

  // ---- live updates -------------------------------------------------------------------------
  // ---- bulk changes (an import and its undo) --------------------------------------------------
  /**
   * A change set the server applied through the bulk path for this tab (a GEDCOM import, or the
   * removal that undoes one): it is confirmed as it stands, shown like a received change, never
   * sent again. Its revision is remembered so the live stream's echo of it, or a `reload` for it
   * (a change set too large for the log), costs nothing.
   */
  takeBulk(changes: ChangeSet, revision: number) {
    this.ownRevisions.add(revision);
    this.unechoed.push({ revision, changes });
    this.revision = Math.max(this.revision, revision);
    this.takeConfirmed(changes);
  }

  /**
   * A bulk change is being sent for this tab: until `settle` (after `takeBulk`, or when it failed),
   * the live stream's question whether this tab holds a revision waits, since the stream may tell
   * of the commit before the commit's own answer arrives.
   */
  beginBulk(): { settle(): void } {
    let settle!: () => void;
    const answered = new Promise<void>((resolve) => (settle = resolve));
    this.pendingBulk.add(answered);
    void answered.then(() => this.pendingBulk.delete(answered));
    return { settle };
  }

  /**
   * A bulk change shown before the server has committed it (an import while it is being sent and
   * saved): the member sees and searches it at once. Until `confirm` (the commit's revision) or
   * `drop` (it was refused or cancelled: `removal` takes it off the screen), edits made meanwhile
   * are kept and their save waits, and a reload of the whole tree waits too (the server's tree
   * does not hold the change yet). An edit that needed the dropped change is then refused by the
   * server and taken back with its toast, as any refused edit.
   */
  showBulk(changes: ChangeSet): ShownBulk {
    const bulk = this.beginBulk();
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    this.shownBulk.add(settled);
    this.takeConfirmed(changes);
    let open = true;
    const end = () => {
      if (!open) return;
      open = false;
      this.shownBulk.delete(settled);
      settle();
      bulk.settle();
      this.releaseHeld();
      this.emit();
    };
    return {
      confirm: (revision) => {
        if (!open) return;
        this.ownRevisions.add(revision);
        this.unechoed.push({ revision, changes });
        this.revision = Math.max(this.revision, revision);
        end();
      },
      drop: (removal) => {
        if (!open) return;
        this.takeConfirmed(removal);
        end();
      },
    };
  }

  /** A bulk change is on screen but not yet saved (the screen says "Saving…", not "saved"). */
  get savingBulk(): boolean {
    return this.shownBulk.size > 0;
  }

  /**
   * Whether this tab holds `revision` as the server has it: the live stream asks before it reloads
   * the whole tree for a change set too large for its log, once it has delivered every revision
   * before that one. This tab's own saves and bulk changes are held, so Tidy up of a big tree is
   * not followed by a reload of it. A save or bulk change still waiting for its
   * answer is waited for, as the stream may tell of it first.
   */
  private holds(revision: number): boolean | Promise<boolean> {
    if (this.ownRevisions.has(revision)) return true;
    if (!this.pendingBulk.size && !this.inflight) return false;
    return Promise.all([...this.pendingBulk, this.inflight?.catch(() => undefined)]).then(() => this.ownRevisions.has(revision));
  }

  /** While a card is dragged, incoming changes wait; they are applied when it is dropped. */
  setDragging(dragging: boolean) {
    this.holdIncoming = dragging;
    this.releaseHeld();
  }

  private releaseHeld() {
    if (this.holdIncoming || this.shownBulk.size || !this.held.length) return;
    const held = this.held;
    this.held = [];
    for (const item of held) this.incoming(item);
  }

  private incoming(item: Incoming) {
    // A reload while a shown bulk change is unconfirmed would take it off the screen; what
    // arrives after a held reload waits behind it, so the stream keeps its order.
    if (this.holdIncoming || (this.shownBulk.size && (item.kind === 'reload' || this.held.length))) this.held.push(item);
    else if (item.kind === 'change') this.receive(item.event);
    else this.rebase(item.loaded);
  }

  /** One change set another tab or member saved (the stream's `onChange`). */
  receive(event: GraphChangeEvent) {
    if (this.holdIncoming) {
      this.held.push({ kind: 'change', event });
      return;
    }
    // The stream delivers every revision once and in order; what came before an echo is settled.
    this.unechoed = this.unechoed.filter((own) => own.revision > event.revision);
    if (event.clientId === this.clientId) return; // the echo of this tab's own save
    // A revision below one this tab's own save already answered still applies, except where that
    // later save wrote the same thing (the server applied it last).
    this.revision = Math.max(this.revision, event.revision);
    if (event.privacy) this.privacy = withPrivacy(this.privacy, event.privacy);
    const newer = this.unechoed.map((own) => own.changes);
    this.takeConfirmed(withoutOverwritten(event.changes, newer));
  }

  /**
   * The stream could not fill a gap and handed over the graph as the server holds it: one diff
   * against what this tab knows was confirmed, applied like a received change.
   */
  private rebase(loaded: LoadedGraph) {
    const fresh = toCurrentShape(loaded.graph as unknown as LegacyGraph);
    // A role change reloads: the new role, and what it may see, come with the graph.
    this.role = loaded.role;
    this.name = loaded.name;
    this.privacy = loaded.privacy;
    this.revision = Math.max(this.revision, loaded.graph.revision);
    this.unechoed = this.unechoed.filter((own) => own.revision > loaded.graph.revision);
    // This tab's own saves after the graph was read (an import shown while it was saved, say) are
    // not in it: they stay confirmed rather than being taken off the screen.
    const server = applyChangeSets(fresh, this.unechoed.map((own) => own.changes));
    this.takeConfirmed(diffGraphs(this.confirmedGraph(), server));
  }

  private takeConfirmed(changes: ChangeSet) {
    const wasPending = !this.pending.empty;
    const show = this.pending.receive(changes, lookup(this.graph));
    const result = applyAsOperation(this.graph, show);
    this.take(result.graph);
    if (wasPending) this.pending.settle(touchedBy(changes), lookup(this.graph));
    this.announce(result.changed, []);
    this.settleUnsaved();
    if (wasPending) this.backUp();
    this.emit();
  }

  /** The graph as the server has it: the one on screen with every pending entity put back. */
  private confirmedGraph(): Graph {
    const g = this.graph;
    const nodes = g.nodes.filter((n) => !this.pending.nodes.has(n.id));
    for (const n of this.pending.nodes.values()) if (n) nodes.push(n);
    const edges = g.edges.filter((e) => !this.pending.edges.has(e.id));
    for (const e of this.pending.edges.values()) if (e) edges.push(e);
    const profiles = { ...g.profiles };
    for (const [id, p] of this.pending.profiles) {
      if (p) profiles[id] = p;
      else delete profiles[id];
    }
    const now = lookup(g);
    const records = { places: this.pending.confirmed('places', now), couples: this.pending.confirmed('couples', now), sources: this.pending.confirmed('sources', now), notDuplicates: this.pending.confirmed('notDuplicates', now), media: this.pending.confirmed('media', now) };
    return { ...g, nodes, edges, profiles, ...records, revision: this.revision };
  }

  // ---- backup -------------------------------------------------------------------------------
  /**
   * Keeps the device's backup in step with what is unsaved. Writes are asynchronous; edits made
   * while one is in flight are written by the next, so a burst of edits costs one or two writes.
   */
  private backUp() {
    if (!this.deps.backups || !this.graphId) return;
    if (!this.unsaved && !this.backupStored) return;
    this.backupDirty = true;
    if (!this.backupWriting) void this.writeBackups(this.deps.backups);
  }

  private async writeBackups(store: BackupStore) {
    this.backupWriting = true;
    while (this.backupDirty && !this.closed) {
      this.backupDirty = false;
      const backup = this.unsaved
        ? { graphId: this.graphId, changes: this.pending.changeSet(lookup(this.graph), this.revision), migrations: this.migrationsToRecord }
        : null;
      try {
        await store.write(backupKey(this.deps.uid, this.graphId), backup);
        this.backupStored = !!backup;
      } catch {
        this.reportBackupFailure();
      }
    }
    this.backupWriting = false;
  }

  private reportBackupFailure() {
    if (this.backupFailed) return;
    this.backupFailed = true;
    this.deps.onBackupFailed?.();
    this.emit();
  }

  private now() {
    return (this.deps.now ?? (() => new Date().toISOString()))();
  }
}

/** The people shown private after a change: `null` takes a person's privacy away. */
function withPrivacy(current: Readonly<Record<string, PrivacyReason>>, changes: Record<string, PrivacyReason | null>): Record<string, PrivacyReason> {
  const next = { ...current };
  for (const [id, reason] of Object.entries(changes)) {
    if (reason) next[id] = reason;
    else delete next[id];
  }
  return next;
}

/** A refusal: the server will answer the same whatever the network does (§7: never retried). */
function isRefusal(error: unknown): boolean {
  return isAppError(error) && (error.code === 'permission-denied' || error.code === 'invalid-argument');
}

const joinTouched = (a: Touched, b: Touched): Touched => ({ nodes: [...a.nodes, ...b.nodes], edges: [...a.edges, ...b.edges], profiles: [...a.profiles, ...b.profiles] });

function emptyGraph(): Graph {
  return { nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1, revision: 0 };
}

function randomClientId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

