import { applyProfilePatch, diffProfile, emptyChangeSet, type ChangeSet, type ProfilePatch } from '../../../domain/changeSet.ts';
import type { OpResult, Touched } from '../../../domain/graphDraft.ts';
import { edgesEqual, nodesEqual, normaliseEdge, normaliseNode } from '../../../domain/snapshot.ts';
import type { GraphEdge, GraphNode, Profile } from '../../../domain/types.ts';
import type { GraphLookup } from './graphChanges.ts';

/**
 * What this tab changed and the server has not confirmed, kept per entity: for every card, line
 * and profile an edit touched, the state the server confirmed (null: the server has none). The
 * entity is pending while the graph on screen differs from that state, so an edit undone by hand
 * is not pending any more; the change set to send is built from these entries alone, whatever
 * the size of the tree.
 */
export class PendingEdits {
  readonly nodes = new Map<string, GraphNode | null>();
  readonly edges = new Map<string, GraphEdge | null>();
  readonly profiles = new Map<string, Profile | null>();

  get empty(): boolean {
    return !this.nodes.size && !this.edges.size && !this.profiles.size;
  }

  /** A local edit: what it touched first keeps the state before it as the confirmed one. */
  record(result: Pick<OpResult, 'undo' | 'changed'>, current: GraphLookup) {
    for (const { id, before } of result.undo.nodes) if (!this.nodes.has(id)) this.nodes.set(id, before);
    for (const { id, before } of result.undo.edges) if (!this.edges.has(id)) this.edges.set(id, before);
    for (const { id, before } of result.undo.profiles) if (!this.profiles.has(id)) this.profiles.set(id, before);
    this.settle(result.changed, current);
  }

  /** Forgets the entries among `ids` whose state on screen is the confirmed one again. */
  settle(ids: Touched, current: GraphLookup) {
    if (this.empty) return;
    for (const id of ids.nodes) {
      const confirmed = this.nodes.get(id);
      if (confirmed !== undefined && same(confirmed, current.node(id), nodesEqual)) this.nodes.delete(id);
    }
    for (const id of ids.edges) {
      const confirmed = this.edges.get(id);
      if (confirmed !== undefined && same(confirmed, current.edge(id), edgesEqual)) this.edges.delete(id);
    }
    for (const id of ids.profiles) {
      const confirmed = this.profiles.get(id);
      if (confirmed !== undefined && same(confirmed, current.profile(id), (a, b) => diffProfile(a, b) === null)) this.profiles.delete(id);
    }
  }

  /** The change set that brings the server to the screen's state. */
  changeSet(current: GraphLookup, baseRevision: number): ChangeSet {
    const cs = emptyChangeSet(baseRevision);
    for (const [id, confirmed] of this.nodes) {
      const now = current.node(id);
      if (now) cs.nodes.upsert.push(normaliseNode(now));
      else if (confirmed) cs.nodes.remove.push(id);
    }
    for (const [id, confirmed] of this.edges) {
      const now = current.edge(id);
      if (now) cs.edges.upsert.push(normaliseEdge(now));
      else if (confirmed) cs.edges.remove.push(id);
    }
    for (const [id, confirmed] of this.profiles) {
      const now = current.profile(id);
      const patch = now ? diffProfile(confirmed ?? undefined, now) : null;
      if (patch) cs.profiles.upsert.push(patch);
      else if (!now && confirmed) cs.profiles.remove.push(id);
    }
    return cs;
  }

  /**
   * The server applied `changes` (this tab's save, or another's): that is now the confirmed state
   * of everything they name. Entries not pending so far had the screen's state as confirmed.
   */
  confirm(changes: ChangeSet, current: GraphLookup) {
    for (const n of changes.nodes.upsert) this.nodes.set(n.id, n);
    for (const id of changes.nodes.remove) this.nodes.set(id, null);
    for (const e of changes.edges.upsert) this.edges.set(e.id, e);
    for (const id of changes.edges.remove) this.edges.set(id, null);
    for (const patch of changes.profiles.upsert) {
      const before = this.profiles.has(patch.id) ? this.profiles.get(patch.id) : current.profile(patch.id);
      this.profiles.set(patch.id, applyProfilePatch(before ?? undefined, patch) ?? null);
    }
    for (const id of changes.profiles.remove) this.profiles.set(id, null);
    this.settle(touchedBy(changes), current);
  }

  /**
   * Another tab's or member's change set: the part the screen may show, which is everything but
   * this tab's unsaved edits (whole cards and lines it changed; profile fields it changed, while
   * the other fields of the same person and relationship list entries still arrive). The
   * confirmed state of what this tab changed is updated; call `settle` once the rest is shown.
   */
  receive(remote: ChangeSet, current: GraphLookup): ChangeSet {
    // Nothing of this tab's waits: all of it shows, as it came (an import's 100,000 people too).
    if (this.empty) return remote;
    const show = emptyChangeSet(remote.baseRevision);
    for (const n of remote.nodes.upsert) this.nodes.has(n.id) ? this.nodes.set(n.id, n) : show.nodes.upsert.push(n);
    for (const id of remote.nodes.remove) this.nodes.has(id) ? this.nodes.set(id, null) : show.nodes.remove.push(id);
    for (const e of remote.edges.upsert) this.edges.has(e.id) ? this.edges.set(e.id, e) : show.edges.upsert.push(e);
    for (const id of remote.edges.remove) this.edges.has(id) ? this.edges.set(id, null) : show.edges.remove.push(id);
    for (const patch of remote.profiles.upsert) {
      if (!this.profiles.has(patch.id)) {
        show.profiles.upsert.push(patch);
        continue;
      }
      const confirmed = this.profiles.get(patch.id) ?? undefined;
      this.profiles.set(patch.id, applyProfilePatch(confirmed, patch) ?? null);
      const now = current.profile(patch.id);
      // Removed here: it stays removed until this tab's removal is saved or undone.
      if (!now) continue;
      const mine = diffProfile(confirmed, now);
      const kept: ProfilePatch = { id: patch.id };
      if (patch.set) {
        const set = Object.fromEntries(Object.entries(patch.set).filter(([f]) => !(mine?.set && f in mine.set)));
        if (Object.keys(set).length) kept.set = set;
      }
      if (patch.add) kept.add = patch.add;
      if (patch.remove) kept.remove = patch.remove;
      if (kept.set || kept.add || kept.remove) show.profiles.upsert.push(kept);
    }
    for (const id of remote.profiles.remove) this.profiles.has(id) ? this.profiles.set(id, null) : show.profiles.remove.push(id);
    return show;
  }
}

function same<T>(confirmed: T | null, now: T | undefined, equal: (a: T, b: T) => boolean): boolean {
  if (!confirmed || !now) return !confirmed && !now;
  return equal(confirmed, now);
}

/** Every id a change set names. */
export function touchedBy(changes: ChangeSet): Touched {
  return {
    nodes: [...changes.nodes.upsert.map((n) => n.id), ...changes.nodes.remove],
    edges: [...changes.edges.upsert.map((e) => e.id), ...changes.edges.remove],
    profiles: [...changes.profiles.upsert.map((p) => p.id), ...changes.profiles.remove],
  };
}
