import {
  applyChangeSet,
  diffGraphs,
  emptyChangeSet,
  isEmptyChangeSet,
  type ChangeSet,
  type ProfilePatch,
} from '../../../domain/changeSet.ts';
import type { OpResult } from '../../../domain/graphDraft.ts';
import { nextNodeId } from '../../../domain/ids.ts';
import { runMigrations, toCurrentShape, type LegacyGraph } from '../../../domain/migrations.ts';
import { AUTOSAVE_DEBOUNCE_MS, retryDelays } from '../../../domain/timing.ts';
import type { Graph, GraphNode, Profile } from '../../../domain/types.ts';
import type { GraphChangeEvent, GraphRepository, LoadedGraph, NetworkState } from '../../../backend/ports.ts';
import { isRetryable, toSaveError } from './saveErrors.ts';

/**
 * The open family tree: the graph on screen, the last state the server confirmed, and everything
 * that moves edits between them (§4 "Graph saving", DESIGN.md "Data").
 *
 * - Every edit replaces `graph` with a new immutable graph. "Unsaved" means its change set against
 *   `saved` is not empty (the normalised comparison lives in domain/changeSet).
 * - Saves send that change set, retrying with 150 ms × 2ⁿ backoff except when a retry cannot
 *   help (permission-denied and other refusals). A failed save keeps every edit.
 * - The pending change set is also kept in browser storage (`graph:{uid}`), small whatever the
 *   size of the tree, and re-applied when the tree is opened again: closing the browser mid-edit
 *   loses nothing.
 * - Changes other tabs and members saved arrive on the live stream. They always update `saved`;
 *   on screen they update everything this tab has not changed itself (per card, per edge and per
 *   profile field), so a local edit is never overwritten and never reverts someone else's.
 *   They are held while a card is being dragged, and a tab's own echo is ignored.
 */
export type SessionStatus = 'loading' | 'ready' | 'error';

export interface TreeSessionDeps {
  graphs: GraphRepository;
  uid: string;
  /** The member's own profile, for the primary card of an empty tree. */
  ownProfile: () => Promise<Profile>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now?: () => string;
  clientId?: string;
  autosaveMs?: number;
}

interface PendingBackup {
  graphId: string;
  changes: ChangeSet;
  migrations: string[];
}

export const graphBackupKey = (uid: string) => `graph:${uid}`;

export class TreeSession {
  status: SessionStatus = 'loading';
  loadError: Error | null = null;
  graphId = '';
  ownerUid = '';
  revision = 0;
  graph: Graph = emptyGraph();
  saved: Graph = emptyGraph();
  unsaved = false;
  saving = false;
  lastSaveError: Error | null = null;
  network: NetworkState = 'unknown';
  readonly clientId: string;

  private version = 0;
  private readonly listeners = new Set<() => void>();
  private autosaveTimer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribeLive: (() => void) | null = null;
  private holdIncoming = false;
  private held: GraphChangeEvent[] = [];
  private migrationsToRecord: string[] = [];
  private inflight: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly deps: TreeSessionDeps) {
    this.clientId = deps.clientId ?? randomClientId();
  }

  // ---- observing (useSyncExternalStore) ----------------------------------------------------
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getVersion = () => this.version;
  private emit() {
    this.version++;
    for (const l of this.listeners) l();
  }

  // ---- opening ------------------------------------------------------------------------------
  async open(): Promise<void> {
    try {
      const loaded = await this.deps.graphs.load();
      if (this.closed) return;
      this.graphId = loaded.graphId;
      this.ownerUid = loaded.ownerUid;
      this.revision = loaded.graph.revision;
      // Graphs saved before a migration existed come in the old shape; the domain brings them up to date.
      const stored = loaded.graph as unknown as LegacyGraph;
      // What the server holds, in today's shape, so the migration's own changes are what gets saved.
      this.saved = { ...toCurrentShape(stored), revision: this.revision };
      const { graph: migrated, applied } = runMigrations(stored, loaded.migrations);
      // Nothing to migrate (every graph after its first save): the screen starts from the very
      // objects of the saved graph, so telling "unsaved" apart costs nothing on a big tree.
      let current: Graph = applied.length ? { ...migrated, revision: this.revision } : this.saved;
      this.migrationsToRecord = applied;

      const backup = this.readBackup();
      if (backup && backup.graphId === this.graphId) {
        current = applyChangeSet(current, backup.changes);
        this.migrationsToRecord = [...new Set([...this.migrationsToRecord, ...backup.migrations])];
      }
      if (current.nodes.length === 0) current = await this.withPrimaryNode(current);
      this.graph = current;
      this.status = 'ready';
      this.unsubscribeLive = this.deps.graphs.subscribe(this.graphId, this.revision, {
        onChange: (event) => this.receive(event),
        onReload: (fresh) => this.rebase(fresh),
        onNetwork: (state) => {
          this.network = state;
          this.emit();
        },
      });
      this.settle();
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
  private async withPrimaryNode(graph: Graph): Promise<Graph> {
    const profile = await this.deps.ownProfile();
    // The own profile already exists on the server: it joins `saved` too, so it is not re-sent.
    this.saved = { ...this.saved, profiles: { ...this.saved.profiles, [profile.id]: profile } };
    const node: GraphNode = {
      id: nextNodeId(graph.nodes),
      type: 'person',
      position: { x: 0, y: 0 },
      modifiedAt: this.now(),
      hidden: false,
      data: { profileId: profile.id, parentRole: '', isPrimary: true },
    };
    return { ...graph, nodes: [...graph.nodes, node], profiles: { ...graph.profiles, [profile.id]: profile } };
  }

  close() {
    this.closed = true;
    this.unsubscribeLive?.();
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    this.listeners.clear();
  }

  // ---- editing ------------------------------------------------------------------------------
  /** Cards a local edit just added; the canvas brings them into view. */
  addedByLastEdit: readonly string[] = [];

  /** Takes the answer of a domain operation (add, unlink, delete, undo, collapse, edit…). */
  apply(result: Pick<OpResult, 'graph'> & Partial<Pick<OpResult, 'changed'>>) {
    const before = new Set(this.graph.nodes.map((n) => n.id));
    this.addedByLastEdit = (result.changed?.nodes ?? []).filter((id) => !before.has(id));
    this.setGraph(result.graph);
  }

  /** Card moves from the canvas: one new node object per moved card, the rest shared. */
  moveNodes(positions: ReadonlyMap<string, { x: number; y: number }>) {
    if (positions.size === 0) return;
    const now = this.now();
    const nodes = this.graph.nodes.map((n) => {
      const p = positions.get(n.id);
      return p && (p.x !== n.position.x || p.y !== n.position.y) ? { ...n, position: { x: p.x, y: p.y }, modifiedAt: now } : n;
    });
    this.setGraph({ ...this.graph, nodes });
  }

  setGraph(graph: Graph) {
    this.graph = graph;
    this.afterEdit();
  }

  private afterEdit() {
    this.settle();
    this.scheduleAutosave();
    this.emit();
  }

  /** Recomputes what is unsaved (one diff) and keeps the browser backup in step with it. */
  private settle() {
    const pending = diffGraphs(this.saved, this.graph);
    this.unsaved = this.migrationsToRecord.length > 0 || !isEmptyChangeSet(pending);
    this.writeBackup(pending);
  }

  // ---- saving -------------------------------------------------------------------------------
  private scheduleAutosave() {
    if (this.autosaveTimer) clearTimeout(this.autosaveTimer);
    if (!this.unsaved) return;
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
    if (this.autosaveTimer) {
      clearTimeout(this.autosaveTimer);
      this.autosaveTimer = null;
    }
    const changes = diffGraphs(this.saved, this.graph);
    const migrations = this.migrationsToRecord;
    if (isEmptyChangeSet(changes) && migrations.length === 0) return Promise.resolve();
    changes.baseRevision = this.revision;
    this.saving = true;
    this.lastSaveError = null;
    this.emit();
    this.inflight = this.sendWithRetries(changes, migrations)
      .then(({ revision }) => {
        this.saved = applyChangeSet(this.saved, changes);
        this.revision = Math.max(this.revision, revision);
        this.saved.revision = this.revision;
        this.migrationsToRecord = this.migrationsToRecord.filter((m) => !migrations.includes(m));
      })
      .catch((e: unknown) => {
        this.lastSaveError = toSaveError(e);
        throw this.lastSaveError;
      })
      .finally(() => {
        this.inflight = null;
        this.saving = false;
        this.settle();
        this.emit();
      });
    return this.inflight;
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

  /** The page is being hidden or unloaded: save now rather than after the debounce. */
  flush() {
    if (this.unsaved) this.save().catch(() => undefined);
  }

  // ---- live updates -------------------------------------------------------------------------
  /** While a card is dragged, incoming changes wait; they are applied when it is dropped. */
  setDragging(dragging: boolean) {
    this.holdIncoming = dragging;
    if (!dragging && this.held.length) {
      const held = this.held;
      this.held = [];
      for (const e of held) this.receive(e);
    }
  }

  /**
   * Every other tab's change set, once and in revision order (the repository sees to that). Its
   * revision may be below one this tab's own save already answered: it is applied all the same.
   */
  receive(event: GraphChangeEvent) {
    if (event.clientId === this.clientId) return; // the echo of this tab's own save
    if (this.holdIncoming) {
      this.held.push(event);
      return;
    }
    const local = diffGraphs(this.saved, this.graph);
    this.saved = applyChangeSet(this.saved, event.changes);
    this.revision = Math.max(this.revision, event.revision);
    this.saved.revision = this.revision;
    const onScreen = withoutLocalEdits(event.changes, local, this.graph);
    if (!isEmptyChangeSet(onScreen)) this.graph = applyChangeSet(this.graph, onScreen);
    this.graph = { ...this.graph, revision: this.revision };
    this.settle();
    this.emit();
  }

  /** The stream could not be replayed: what the server holds now arrives as one change against `saved`. */
  private rebase(loaded: LoadedGraph) {
    const fresh: Graph = { ...toCurrentShape(loaded.graph as unknown as LegacyGraph), revision: loaded.graph.revision };
    this.receive({ revision: loaded.graph.revision, changes: diffGraphs(this.saved, fresh), clientId: '', actorUid: '' });
  }

  // ---- backup -------------------------------------------------------------------------------
  private readBackup(): PendingBackup | null {
    try {
      const raw = this.deps.storage?.getItem(graphBackupKey(this.deps.uid));
      return raw ? (JSON.parse(raw) as PendingBackup) : null;
    } catch {
      return null;
    }
  }

  private writeBackup(changes: ChangeSet) {
    const storage = this.deps.storage;
    if (!storage || !this.graphId) return;
    const key = graphBackupKey(this.deps.uid);
    try {
      if (!this.unsaved) return storage.removeItem(key);
      const backup: PendingBackup = { graphId: this.graphId, changes, migrations: this.migrationsToRecord };
      storage.setItem(key, JSON.stringify(backup));
    } catch {
      // Storage full or disabled: the edits are still on screen and in the next save.
    }
  }

  private now() {
    return (this.deps.now ?? (() => new Date().toISOString()))();
  }
}

function emptyGraph(): Graph {
  return { nodes: [], edges: [], profiles: {}, updatedAt: '', version: 1, revision: 0 };
}

function randomClientId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The part of a remote change set that may be shown without touching this tab's unsaved edits:
 * whole cards and edges this tab changed are left as they are; profile fields this tab changed
 * are left, the other fields of the same person still arrive.
 */
export function withoutLocalEdits(remote: ChangeSet, local: ChangeSet, current: Graph): ChangeSet {
  const localNodes = new Set([...local.nodes.upsert.map((n) => n.id), ...local.nodes.remove]);
  const localEdges = new Set([...local.edges.upsert.map((e) => e.id), ...local.edges.remove]);
  const localProfiles = new Map(local.profiles.upsert.map((p) => [p.id, p]));
  const removedProfiles = new Set(local.profiles.remove);
  const out = emptyChangeSet(remote.baseRevision);
  out.nodes.upsert = remote.nodes.upsert.filter((n) => !localNodes.has(n.id));
  out.nodes.remove = remote.nodes.remove.filter((id) => !localNodes.has(id));
  out.edges.upsert = remote.edges.upsert.filter((e) => !localEdges.has(e.id));
  out.edges.remove = remote.edges.remove.filter((id) => !localEdges.has(id));
  out.profiles.remove = remote.profiles.remove.filter((id) => !localProfiles.has(id));
  for (const patch of remote.profiles.upsert) {
    if (removedProfiles.has(patch.id)) continue;
    const mine = localProfiles.get(patch.id);
    if (!mine) {
      out.profiles.upsert.push(patch);
      continue;
    }
    if (mine.create && !Object.hasOwn(current.profiles, patch.id)) continue;
    const kept: ProfilePatch = { id: patch.id };
    if (patch.set) {
      const set = Object.fromEntries(Object.entries(patch.set).filter(([f]) => !(mine.set && f in mine.set)));
      if (Object.keys(set).length) kept.set = set;
    }
    if (patch.add) kept.add = patch.add;
    if (patch.remove) kept.remove = patch.remove;
    if (kept.set || kept.add || kept.remove) out.profiles.upsert.push(kept);
  }
  return out;
}
