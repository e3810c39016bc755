import { groupOf } from '../entityKinds.ts';
import { perPersonLimitProblem } from '../media/model.ts';
import { hasFactParts, isEmptyChangeSet, stampChangeSet, type ChangeSet } from '../changeSet.ts';
import { AppError } from '../errors.ts';
import { NOT_ON_TREE } from '../invitations.ts';
import { PERSONAL_FIELDS } from '../profile.ts';
import { refuseTreesLeft } from './treesLeft.ts';
import { RIGHTS_MESSAGES } from '../permissions.ts';
import type { TreeRole } from '../roles.ts';
import { textProblem } from '../validation/text.ts';
import type { Profile } from '../types.ts';
import type { FreshIds, GraphStore, GraphStoreTransaction, Publication } from './graphStore.ts';
import { Neighbourhood } from './neighbourhood.ts';
import { historyEntry } from '../history/entry.ts';
import { readBefore } from '../history/record.ts';
import { propagatePatches } from './propagate.ts';
import { changeSetShapeProblem, validateWellFormed } from './validate.ts';

export const GRAPH_NOT_FOUND = 'Family tree not found.';

export interface SaveRequest {
  uid: string;
  graphId: string;
  /** As received: checked here before anything else. */
  changes: unknown;
  clientId: string;
  /** One-time migration flags the client ran before this save. */
  migrations?: readonly string[];
  /** Set by the history's revert and restore (never from the wire): the revisions this change reverts. */
  revertOf?: readonly number[];
}

export interface SaveOptions {
  now: Date;
  /** Delivers applied changes to live streams; called once the transaction has committed. */
  publish(publications: readonly Publication[]): void;
  /**
   * The caller has checked the change set's shape already: a bulk import checks each chunk as it
   * arrives (parseImportChunk) and its merge refuses an id named twice, so the commit need not
   * walk 180 MB of a 100,000-person import again (about a second of CPU).
   */
  shapeChecked?: boolean;
}

/** Only members write a graph (a viewer only their own profile); a member's own graph is made on first use. */
async function requireRole(tx: GraphStoreTransaction, graphId: string, uid: string): Promise<TreeRole> {
  if (graphId === uid) await tx.ensureOwnGraph(uid);
  const role = await tx.memberRole(graphId, uid);
  if (!role) throw new AppError('permission-denied', RIGHTS_MESSAGES.notAMember);
  return role;
}

/**
 * The one save path, for the server and a Cloud Function alike: authorize → lock → validate →
 * stamp → write → log, in one transaction, then publish. The graph is locked with every other
 * graph showing a patched profile (in id order); validation reads only the neighbourhood of the
 * change; the change set is applied as sent (per card, per line, per profile field) and logged as
 * the graph's next revision; the other graphs get their share of the profile patches as their
 * next revision. A refused change set changes nothing and throws a coded AppError.
 */
export async function saveChangeSet(store: GraphStore, request: SaveRequest, options: SaveOptions): Promise<{ revision: number }> {
  const { uid, graphId, clientId } = request;
  const clientIdText = textProblem(clientId);
  if (clientIdText) throw new AppError('invalid-argument', `clientId: ${clientIdText}`);
  const shape = options.shapeChecked ? null : changeSetShapeProblem(request.changes);
  if (shape) throw new AppError('invalid-argument', shape);
  const changes = request.changes as ChangeSet;
  const now = options.now;

  const publications = await store.transaction(async (tx) => {
    const role = await requireRole(tx, graphId, uid);
    const showing = await tx.graphsShowing(changes.profiles.upsert.map((p) => p.id));
    const heads = await tx.lockGraphs([graphId, ...showing.keys()]);
    const head = heads.get(graphId);
    if (!head) throw new AppError('not-found', GRAPH_NOT_FOUND);

    const neighbourhood = new Neighbourhood(tx.lookup(graphId));
    const refusal = await validateWellFormed(changes, { neighbourhood, actingUid: uid, role, graphOwnerUid: head.ownerUid, currentYear: now.getUTCFullYear() });
    if (refusal) throw new AppError(refusal.code, refusal.message);
    const media = groupOf(changes, 'media');
    if (media.upsert.length) {
      // People the change makes have nothing stored: an import's thousands are not looked up.
      const made = new Set(changes.profiles.upsert.filter((p) => p.create && !neighbourhood.before().profile(p.id)).map((p) => p.id));
      const people = [...new Set(media.upsert.flatMap((m) => m.people))].filter((id) => !made.has(id));
      const stored = people.length ? await tx.lookup(graphId).mediaOfPeople(people) : [];
      const limit = perPersonLimitProblem(stored, media);
      if (limit) throw new AppError(limit.code, limit.message);
    }
    const before = neighbourhood.before();
    // A profile another tree shows is not this tree's to remove (it would be an empty revision
    // here); a profile gone everywhere is, as two members may delete one person at once.
    const notHere = changes.profiles.remove.filter((id) => !before.profile(id));
    if (notHere.length && (await tx.profiles(notHere)).size) throw new AppError('not-found', NOT_ON_TREE);
    // Details of one's own card reach every tree showing it (propagated below).
    const ownEdited = changes.profiles.upsert
      .filter((p) => hasFactParts(p) || Object.keys(p.set ?? {}).some((f) => (PERSONAL_FIELDS as readonly string[]).includes(f)))
      .filter((p) => {
        const old = before.profile(p.id);
        return !!old && (old.id === uid || old.ownerUid === uid);
      })
      .map((p) => p.id);
    await refuseTreesLeft(tx, showing, uid, ownEdited);
    const created = changes.profiles.upsert.filter((p) => p.create && !before.profile(p.id)).map((p) => p.id);
    if (created.length) {
      const taken = [...(await tx.profiles(created)).keys()];
      if (taken.length) throw new AppError('already-exists', `Profile ${taken[0]} already exists`);
    }

    const stamped = stampChangeSet(changes, { uid, now: now.toISOString() });
    const after = neighbourhood.after(stamped);
    const written = stamped.profiles.upsert.map((p) => after.profile(p.id)).filter((p): p is Profile => !!p);
    // Read before anything is written (Firestore transactions read first).
    const history = await readBefore(neighbourhood, tx.lookup(graphId), stamped);
    // Validation read every upserted card and line; a created profile was found in no graph.
    const fresh: FreshIds = {
      nodes: new Set(stamped.nodes.upsert.filter((n) => neighbourhood.absent('nodes', n.id)).map((n) => n.id)),
      edges: new Set(stamped.edges.upsert.filter((e) => neighbourhood.absent('edges', e.id)).map((e) => e.id)),
      profiles: new Set(created),
    };
    await tx.writeChanges(graphId, stamped, written, fresh);
    const event = { revision: head.revision + 1, changes: { ...stamped, baseRevision: head.revision }, clientId, actorUid: uid };
    await tx.appendChange(graphId, event, request.migrations ?? []);
    // A save that changes nothing (migration flags only) is no change to keep.
    if (!isEmptyChangeSet(stamped)) await tx.appendHistory(graphId, historyEntry(event, history, now.toISOString(), request.revertOf));
    const elsewhere = await propagatePatches(tx, heads, showing, stamped.profiles.upsert, graphId, { clientId, actorUid: uid, at: now.toISOString(), before: before.profile });
    return [{ graphId, event }, ...elsewhere];
  });
  options.publish(publications);
  return { revision: publications[0]!.event.revision };
}
