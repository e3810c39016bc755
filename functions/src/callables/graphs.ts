import { randomBytes } from 'node:crypto';
import type { OpenGraphResponse, SaveChangesResponse, UpdateProfileResponse } from '../../../src/backend/firebase/callables.ts';
import { paths, type GraphDoc, type UserDoc } from '../../../src/backend/firebase/paths.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { isProfileId } from '../../../src/domain/ids.ts';
import { saveChangeSet } from '../../../src/domain/save/saveChangeSet.ts';
import { updateProfile } from '../../../src/domain/save/updateProfile.ts';
import type { Deps } from '../deps.ts';
import { asObject, GRAPH_ID, optionalText, text, textList } from '../request.ts';
import { makeSnapshot } from '../snapshots/build.ts';
import { snapshotPlan } from '../snapshots/plan.ts';
import { CHANGE_LOG_LENGTH } from '../store/firestoreGraphStore.ts';

/**
 * The graph callables. Saves run the self-hosted server's save path over the Firestore store;
 * nothing is "published": the change docs each save appends are what other tabs and members
 * listen to, so a committed save is delivered by Firestore itself.
 */

const nothingToPublish = () => undefined;

export const snapshotId = () => randomBytes(12).toString('hex');

/** openGraph: the member's Family Tree, with a snapshot that the change log can bring up to date. */
export async function openGraph(deps: Deps, uid: string): Promise<OpenGraphResponse> {
  const { db } = deps;
  const user = (await db.doc(paths.user(uid)).get()).data() as UserDoc | undefined;
  const graphId = user?.joinedGraphId ?? uid;
  let graph = (await db.doc(paths.graph(graphId)).get()).data() as GraphDoc | undefined;
  if (!graph && graphId === uid) {
    await deps.store.transaction((tx) => tx.ensureOwnGraph(uid));
    graph = (await db.doc(paths.graph(graphId)).get()).data() as GraphDoc | undefined;
  }
  if (!graph) throw new AppError('not-found', 'Family tree not found.');
  if (snapshotPlan(graph, CHANGE_LOG_LENGTH) === 'rebuild') {
    await makeSnapshot(db, graphId, { clock: deps.clock, newId: snapshotId });
    graph = (await db.doc(paths.graph(graphId)).get()).data() as GraphDoc;
  }
  return { graphId, ownerUid: graph.ownerUid, revision: graph.revision, updatedAt: graph.updatedAt, migrations: graph.migrations, snapshot: graph.snapshot };
}

/** saveChanges: `saveChangeSet`, exactly as POST /api/graphs/:graphId/changes runs it. */
export async function saveChanges(deps: Deps, uid: string, data: unknown): Promise<SaveChangesResponse> {
  const body = asObject(data);
  const graphId = text(body.graphId, 'graphId', 128, GRAPH_ID);
  const clientId = optionalText(body.clientId, 'clientId', 200);
  const migrations = textList(body.migrations, 'migrations', 20, 100);
  return saveChangeSet(deps.store, { uid, graphId, changes: body.changes, clientId, migrations }, { now: deps.clock(), publish: nothingToPublish });
}

/** updateProfile: the profile page's save, as PATCH /api/profiles/:id. */
export async function updateProfileCall(deps: Deps, uid: string, data: unknown): Promise<UpdateProfileResponse> {
  const body = asObject(data);
  const id = text(body.id, 'id', 200);
  if (!isProfileId(id)) throw new AppError('invalid-argument', 'The profile id is not valid.');
  const set = asObject(body.set);
  for (const [k, v] of Object.entries(set)) {
    if (k.length > 40 || typeof v !== 'string') throw new AppError('invalid-argument', 'A profile field is not valid.');
    if (v.length > 10_000) throw new AppError('invalid-argument', 'A profile field is too long.');
  }
  const clientId = optionalText(body.clientId, 'clientId', 200);
  const profile = await updateProfile(deps.store, { uid, id, set: set as Record<string, string>, clientId }, { now: deps.clock(), publish: nothingToPublish });
  return { profile };
}
