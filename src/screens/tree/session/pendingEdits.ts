import { applyProfilePatch, applyToRecord, diffProfile, diffRecords, emptyChangeSet, hasFactParts, type ChangeSet, type ItemPatch, type ProfilePatch } from '../../../domain/changeSet.ts';
import { groupOf, groupSize, PROFILE_PARTS, wholeKind, type Group, type ItemOf } from '../../../domain/entityKinds.ts';
import type { OpResult, Touched } from '../../../domain/graphDraft.ts';
import { edgesEqual, nodesEqual, normaliseEdge, normaliseNode } from '../../../domain/snapshot.ts';
import type { Graph, GraphEdge, GraphNode, Profile } from '../../../domain/types.ts';
import { eventsLoaded, withLoadedEvents } from '../../../domain/facts/eventsLoading.ts';
import type { FactEvent } from '../../../domain/facts/types.ts';
import { allRecords, RECORD_KEYS, type GraphLookup, type RecordKey } from './graphChanges.ts';

type Records = { [K in RecordKey]: Readonly<Record<string, ItemOf[K]>> };

/**
 * What this tab changed and the server has not confirmed, kept per entity: for every card, line
 * and profile an edit touched, the state the server confirmed (null: the server has none). The
 * entity is pending while the graph on screen differs from that state, so an edit undone by hand
 * is not pending any more; the change set to send is built from these entries alone, whatever
 * the size of the tree. Places and couples (few, sent whole) are kept as the records the server
 * confirmed and compared with the screen's: what differs is pending.
 */
export class PendingEdits {
  readonly nodes = new Map<string, GraphNode | null>();
  readonly edges = new Map<string, GraphEdge | null>();
  readonly profiles = new Map<string, Profile | null>();
  /** The places and couples the server confirmed; null until the tree is opened (`start`). */
  private confirmedRecords: Records | null = null;
  private recordsPending = false;

  get empty(): boolean {
    return !this.nodes.size && !this.edges.size && !this.profiles.size && !this.recordsPending;
  }

  /** The tree as opened: its places and couples are what the server confirmed. */
  start(current: GraphLookup) {
    this.confirmedRecords = allRecords(current);
    this.recordsPending = false;
  }

  /** The confirmed places or couples (the screen's before the tree is opened). */
  confirmed<K extends RecordKey>(key: K, current: GraphLookup): Readonly<Record<string, ItemOf[K]>> {
    return (this.confirmedRecords?.[key] as Records[K] | undefined) ?? current.records(key);
  }

  private recordChanges<K extends RecordKey>(key: K, current: GraphLookup): Group<ItemOf[K]> {
    return diffRecords(key, this.confirmed(key, current), current.records(key));
  }

  private settleRecords(current: GraphLookup) {
    this.recordsPending = !!this.confirmedRecords && RECORD_KEYS.some((k) => groupSize(this.recordChanges(k, current)) > 0);
  }

  /** A local edit: what it touched first keeps the state before it as the confirmed one. */
  record(result: Pick<OpResult, 'undo' | 'changed'>, current: GraphLookup) {
    for (const { id, before } of result.undo.nodes) if (!this.nodes.has(id)) this.nodes.set(id, before);
    for (const { id, before } of result.undo.edges) if (!this.edges.has(id)) this.edges.set(id, before);
    for (const { id, before } of result.undo.profiles) if (!this.profiles.has(id)) this.profiles.set(id, before);
    this.settle(result.changed, current);
  }

  /** Events loaded after the open (TreeSession.loadEvents) are confirmed: a pending person's confirmed state gets them too. */
  takeLoadedEvents(events: Readonly<Record<string, FactEvent[]>>) {
    for (const id in events) {
      const confirmed = this.profiles.get(id);
      if (confirmed && !eventsLoaded(confirmed)) this.profiles.set(id, withLoadedEvents(confirmed, events[id]!));
    }
  }

  /** Forgets the entries among `ids` whose state on screen is the confirmed one again. */
  settle(ids: Touched, current: GraphLookup) {
    this.settleRecords(current);
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
    if (this.recordsPending) {
      for (const key of RECORD_KEYS) {
        const group = this.recordChanges(key, current);
        if (groupSize(group)) (cs as unknown as Record<RecordKey, Group<unknown>>)[key] = group;
      }
    }
    return cs;
  }

  /**
   * The screen's places and couples with the confirmed ones put back: those `changes` names, or
   * all of them (discarding every edit).
   */
  revertRecords(graph: Graph, current: GraphLookup, changes?: ChangeSet): Graph {
    let out = graph;
    for (const key of RECORD_KEYS) {
      const confirmed = this.confirmed(key, current) as Readonly<Record<string, { id: string }>>;
      const ids = changes ? [...groupOf(changes, key).upsert.map((x) => x.id), ...groupOf(changes, key).remove] : null;
      if (ids && !ids.length) continue;
      if (!ids) {
        if (current.records(key) !== confirmed) out = { ...out, [key]: confirmed };
        continue;
      }
      const upsert = ids.flatMap((id) => (Object.hasOwn(confirmed, id) ? [confirmed[id]!] : []));
      const remove = ids.filter((id) => !Object.hasOwn(confirmed, id));
      out = { ...out, [key]: applyToRecord(current.records(key) as Record<string, { id: string }>, { upsert, remove }) };
    }
    return out;
  }

  /**
   * The server applied `changes` (this tab's save, or another's): that is now the confirmed state
   * of everything they name. Entries not pending so far had the screen's state as confirmed.
   */
  confirm(changes: ChangeSet, current: GraphLookup) {
    this.confirmRecords(changes, current);
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

  /** The server applied `changes`: their places and couples are confirmed as they say. */
  private confirmRecords(changes: ChangeSet, current: GraphLookup) {
    for (const key of RECORD_KEYS) {
      const group = groupOf(changes, key) as Group<{ id: string }>;
      if (!groupSize(group)) continue;
      const confirmed = this.confirmed(key, current) as Readonly<Record<string, { id: string }>>;
      this.confirmedRecords = { ...(this.confirmedRecords ?? allRecords(current)), [key]: applyToRecord(confirmed, group) };
    }
  }

  /**
   * Another tab's or member's change set: the part the screen may show, which is everything but
   * this tab's unsaved edits (whole cards and lines it changed; profile fields it changed, while
   * the other fields of the same person and relationship list entries still arrive). The
   * confirmed state of what this tab changed is updated; call `settle` once the rest is shown.
   */
  receive(remote: ChangeSet, current: GraphLookup): ChangeSet {
    // Places and couples this tab changed keep the screen's state; the rest shows.
    const shownRecords: Partial<Record<RecordKey, Group<unknown>>> = {};
    for (const key of RECORD_KEYS) {
      const group = groupOf(remote, key) as Group<{ id: string }>;
      if (!groupSize(group)) continue;
      const kind = wholeKind(key) as unknown as { equal(a: unknown, b: unknown): boolean };
      const confirmed = this.confirmed(key, current) as Readonly<Record<string, { id: string }>>;
      const screen = current.records(key) as Readonly<Record<string, { id: string }>>;
      const mine = (id: string) => {
        const a = Object.hasOwn(confirmed, id) ? confirmed[id] : undefined;
        const b = Object.hasOwn(screen, id) ? screen[id] : undefined;
        return a && b ? !kind.equal(a, b) : a !== b;
      };
      shownRecords[key] = { upsert: group.upsert.filter((x) => !mine(x.id)), remove: group.remove.filter((id) => !mine(id)) };
    }
    this.confirmRecords(remote, current);
    // Nothing of this tab's waits: all of it shows, as it came (an import's 100,000 people too).
    if (this.empty) return remote;
    const show: ChangeSet = { ...emptyChangeSet(remote.baseRevision), ...(shownRecords as Pick<ChangeSet, RecordKey>) };
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
      // Events and names this tab changed keep the screen's; the other items arrive.
      for (const part of PROFILE_PARTS) {
        const theirs = patch[part.key] as ItemPatch<{ id: string }> | undefined;
        if (!theirs) continue;
        const ours = mine?.[part.key] as ItemPatch<{ id: string }> | undefined;
        const taken = new Set([...(ours?.upsert.map((x) => x.id) ?? []), ...(ours?.remove ?? [])]);
        const items = { upsert: theirs.upsert.filter((x) => !taken.has(x.id)), remove: theirs.remove.filter((id) => !taken.has(id)) };
        if (items.upsert.length || items.remove.length) (kept as unknown as Record<string, unknown>)[part.key] = items;
      }
      if (kept.set || kept.add || kept.remove || hasFactParts(kept)) show.profiles.upsert.push(kept);
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
