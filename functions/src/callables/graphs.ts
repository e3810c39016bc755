import type { OpenGraphResponse, SaveChangesResponse, UpdateProfileResponse } from '../../../src/backend/firebase/callables.ts';
import { paths, type GraphDoc, type MembersDoc, type ProfileDoc, type UserDoc } from '../../../src/backend/firebase/paths.ts';
import type { TreeSummary } from '../../../src/backend/ports.ts';
import { AppError, isAppError } from '../../../src/domain/errors.ts';
import { isProfileId, PROFILE_ID_INVALID } from '../../../src/domain/ids.ts';
import { NOT_A_MEMBER } from '../../../src/domain/permissions.ts';
import { profileSetProblem } from '../../../src/domain/profile.ts';
import { redactGraph, type PrivacyContext } from '../../../src/domain/privacy.ts';
import { checkPersonEventsIds, personEventsAnswer, type PersonEventsAnswer } from '../../../src/domain/facts/personEvents.ts';
import { graphWithoutEvents } from '../../../src/domain/facts/eventsLoading.ts';
import type { FactEvent } from '../../../src/domain/facts/types.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { canManageTree, ROLE_MESSAGES, TREE_NAME_MAX, TREE_NAME_TOO_LONG, treeName, type TreeRole } from '../../../src/domain/roles.ts';
import { GRAPH_NOT_FOUND, saveChangeSet } from '../../../src/domain/save/saveChangeSet.ts';
import { updateProfile } from '../../../src/domain/save/updateProfile.ts';
import { treeActivity } from '../../../src/domain/activity/service.ts';
import { firestoreActivityDeps, rememberSeen } from '../activity.ts';
import type { Deps } from '../deps.ts';
import { asObject, GRAPH_ID, optionalText, text, textList } from '../request.ts';
import { currentGraph, makeSnapshot, readWholeGraph, snapshotId } from '../snapshots/build.ts';

export { snapshotId };
import { withViewerCopies } from '../viewerLog.ts';
import { BULK_WRITE_RUNNING } from '../store/bulkLock.ts';
import { createImports } from './imports.ts';
import { snapshotPlan } from '../snapshots/plan.ts';
import { CHANGE_LOG_LENGTH } from '../../../src/domain/save/graphStore.ts';
import { roleIn } from '../store/firestoreGraphStore.ts';
import { currentGraphId, openedGraphId, sortTrees, treeSummary, visibilityOf } from '../trees.ts';

/**
 * The graph callables. Saves run the self-hosted server's save path over the Firestore store;
 * the change docs each save appends are what other tabs and members listen to, so a committed
 * save is delivered by Firestore itself. What is "published" is each viewer's redacted copy
 * (viewerLog.ts), written before the callable answers.
 */


async function membersOf(deps: Deps, graphId: string): Promise<MembersDoc | null> {
  return ((await deps.db.doc(paths.members(graphId)).get()).data() as MembersDoc | undefined) ?? null;
}

/** The caller's role in a graph; permission-denied (`refusal`) unless `allowed(role)`. */
export async function requireRole(deps: Deps, graphId: string, uid: string, allowed: (role: TreeRole) => boolean = () => true, refusal = NOT_A_MEMBER): Promise<TreeRole> {
  const role = roleIn(await membersOf(deps, graphId), uid);
  if (!role) throw new AppError('permission-denied', NOT_A_MEMBER);
  if (!allowed(role)) throw new AppError('permission-denied', refusal);
  return role;
}

/** The owner's last name and display name, for the tree's name and Home's list. */
async function ownerOf(deps: Deps, ownerUid: string): Promise<{ lastName: string; name: string }> {
  const profile = (await deps.db.doc(paths.profile(ownerUid)).get()).data() as ProfileDoc | undefined;
  const account = await deps.auth.getUser(ownerUid).catch(() => null);
  const fallback = [profile?.profile.firstName, profile?.profile.lastName].filter(Boolean).join(' ');
  return { lastName: profile?.profile.lastName ?? '', name: account?.displayName || fallback };
}

/**
 * openGraph: a tree of the member (the one asked for, else the one opened last, else the one
 * joined last, else their own, made empty on first use), remembered as the one opened last. For
 * owners and editors, a snapshot that the change log can bring up to date. For a viewer, whom the
 * rules let read neither the snapshot nor the log, the graph itself, redacted as
 * src/domain/privacy.ts says (as the self-hosted server answers viewers).
 */
export async function openGraph(deps: Deps, uid: string, data: unknown): Promise<OpenGraphResponse> {
  const { db } = deps;
  const asked = data === undefined || data === null ? undefined : asObject(data).graphId;
  const userRef = db.doc(paths.user(uid));
  const user = ((await userRef.get()).data() as UserDoc | undefined) ?? null;
  let graphId: string;
  if (asked !== undefined && asked !== '') {
    graphId = text(asked, 'graphId', 128, GRAPH_ID);
  } else {
    const roles = new Map<string, boolean>();
    for (const g of [user?.lastGraphId, user?.joinedGraphId]) if (g) roles.set(g, !!roleIn(await membersOf(deps, g), uid));
    graphId = currentGraphId(uid, user, (g) => roles.get(g) ?? false);
  }
  let graph = (await db.doc(paths.graph(graphId)).get()).data() as GraphDoc | undefined;
  if (!graph && graphId === uid) {
    await deps.store.transaction((tx) => tx.ensureOwnGraph(uid));
    graph = (await db.doc(paths.graph(graphId)).get()).data() as GraphDoc | undefined;
  }
  if (!graph) throw new AppError(asked ? 'permission-denied' : 'not-found', asked ? NOT_A_MEMBER : GRAPH_NOT_FOUND);
  const role = await requireRole(deps, graphId, uid);
  // Remembered as the one opened last, and as seen now (Home's activity and the badge start again).
  await userRef.set({ lastGraphId: graphId, seenAt: { [graphId]: deps.clock().toISOString() } }, { merge: true });
  const owner = await ownerOf(deps, graph.ownerUid);
  const head = { graphId, ownerUid: graph.ownerUid, updatedAt: graph.updatedAt, migrations: graph.migrations, role, name: treeName(graph.name ?? '', owner.lastName) };

  if (role === 'viewer') {
    const built = await currentGraph(db, graphId, graph);
    if (!built) throw new AppError('not-found', GRAPH_NOT_FOUND);
    const { graph: redacted, privacy } = redactGraph(built.graph, await viewerContext(deps, uid, built.graph));
    // People's events load when shown (personEvents), as the self-hosted open leaves them out.
    return { ...head, revision: built.revision, snapshot: null, view: { graph: { ...graphWithoutEvents(redacted), revision: built.revision }, privacy } };
  }

  // Revision 0 has no snapshot and no log, yet shows the member's own profile (as the
  // self-hosted load does): the graph is answered whole, a profile or two.
  if (graph.revision === 0) {
    const built = await readWholeGraph(db, graphId);
    if (!built) throw new AppError('not-found', GRAPH_NOT_FOUND);
    return { ...head, revision: 0, snapshot: null, view: { graph: { ...built.graph, revision: 0 }, privacy: {} } };
  }

  if (snapshotPlan(graph, CHANGE_LOG_LENGTH) === 'rebuild') {
    await makeSnapshot(db, graphId, { clock: deps.clock, newId: snapshotId });
    graph = (await db.doc(paths.graph(graphId)).get()).data() as GraphDoc;
  }
  return { ...head, revision: graph.revision, updatedAt: graph.updatedAt, migrations: graph.migrations, snapshot: graph.snapshot, view: null };
}

/** listTrees: the trees the member belongs to, the last opened first, then by name. */
export async function listTrees(deps: Deps, uid: string): Promise<{ trees: TreeSummary[] }> {
  const { db } = deps;
  const user = ((await db.doc(paths.user(uid)).get()).data() as UserDoc | undefined) ?? null;
  const ids = user?.graphIds ?? [];
  const found: { graphId: string; graph: GraphDoc; members: MembersDoc | null }[] = [];
  for (const graphId of ids) {
    const [graphSnap, membersSnap] = await db.getAll(db.doc(paths.graph(graphId)), db.doc(paths.members(graphId)));
    if (graphSnap!.exists) found.push({ graphId, graph: graphSnap!.data() as GraphDoc, members: (membersSnap!.data() as MembersDoc | undefined) ?? null });
  }
  const currentId = openedGraphId(user, (g) => found.some((f) => f.graphId === g && !!roleIn(f.members, uid)));
  const activity = firestoreActivityDeps(deps);
  const trees: TreeSummary[] = [];
  for (const f of found) {
    const owner = await ownerOf(deps, f.graph.ownerUid);
    const people = (await db.collection(paths.nodes(f.graphId)).count().get()).data().count;
    const summary = treeSummary(uid, { ...f, ownerName: owner.name, ownerLastName: owner.lastName, people }, currentId);
    if (!summary) continue;
    const membership = { graphId: f.graphId, name: summary.name, role: summary.role, joinedAt: summary.joinedAt, seenAt: user?.seenAt?.[f.graphId] ?? null };
    trees.push({ ...summary, activity: await treeActivity(activity, uid, membership) });
  }
  return { trees: sortTrees(trees) };
}

/** markTreeSeen: the member has seen the tree as it is now (the tree screen closing). */
export async function markTreeSeen(deps: Deps, uid: string, data: unknown): Promise<Record<string, never>> {
  const graphId = text(asObject(data).graphId, 'graphId', 128, GRAPH_ID);
  await requireRole(deps, graphId, uid);
  await rememberSeen(deps, uid, graphId);
  return {};
}

/**
 * personEvents: the events of people the graph shows, loaded after the open (the self-hosted
 * server's POST /api/graphs/:graphId/person-events; src/domain/facts/personEvents.ts). An owner or
 * editor reads the profile documents (the rules would let them); a viewer, whom the rules let read
 * none, gets them redacted exactly as their open (`redactGraph` over the graph as it is now).
 */
export async function personEvents(deps: Deps, uid: string, data: unknown): Promise<PersonEventsAnswer> {
  const body = asObject(data);
  const graphId = text(body.graphId, 'graphId', 128, GRAPH_ID);
  const ids = checkPersonEventsIds(body.ids);
  const role = await requireRole(deps, graphId, uid);
  const { db } = deps;
  // Read before the people: their events are at least as new as the revision answered.
  const graph = (await db.doc(paths.graph(graphId)).get()).data() as GraphDoc | undefined;
  if (!graph) throw new AppError('not-found', GRAPH_NOT_FOUND);
  if (role === 'viewer') {
    const built = await currentGraph(db, graphId, graph);
    if (!built) throw new AppError('not-found', GRAPH_NOT_FOUND);
    const { graph: redacted } = redactGraph(built.graph, await viewerContext(deps, uid, built.graph));
    return personEventsAnswer(built.revision, ids.flatMap((id) => (Object.hasOwn(redacted.profiles, id) ? [[id, redacted.profiles[id]!.events ?? []] as [string, FactEvent[]]] : [])));
  }
  const docs = ids.length ? await db.getAll(...ids.map((id) => db.doc(paths.profile(id)))) : [];
  const shown = docs.map((d) => d.data() as ProfileDoc | undefined).filter((d): d is ProfileDoc => !!d && d.graphs.includes(graphId));
  return personEventsAnswer(graph.revision, shown.map((d) => [d.profile.id, d.profile.events ?? []]));
}

/** What redacting a graph for this viewer needs: the visibility each claiming member chose. */
async function viewerContext(deps: Deps, uid: string, graph: Graph): Promise<PrivacyContext> {
  const { db } = deps;
  const claimants = [...new Set(Object.values(graph.profiles).map((p) => p.ownerUid).filter(Boolean))];
  const users = claimants.length ? await db.getAll(...claimants.map((c) => db.doc(paths.user(c)))) : [];
  const visibility = new Map(users.map((d) => [d.id, visibilityOf(d.data() as UserDoc | undefined)]));
  return { audienceUid: uid, currentYear: deps.clock().getUTCFullYear(), visibilityOf: (claimant) => visibility.get(claimant) ?? visibilityOf(null) };
}

/** renameTree: the owner names the tree; '' goes back to "{owner's last name} family tree". */
export async function renameTree(deps: Deps, uid: string, data: unknown): Promise<{ tree: TreeSummary }> {
  const body = asObject(data);
  const graphId = text(body.graphId, 'graphId', 128, GRAPH_ID);
  if (typeof body.name !== 'string') throw new AppError('invalid-argument', 'name is not valid.');
  const name = body.name.trim();
  if (name.length > TREE_NAME_MAX) throw new AppError('invalid-argument', TREE_NAME_TOO_LONG);
  await requireRole(deps, graphId, uid, canManageTree, ROLE_MESSAGES.ownerOnly);
  const ref = deps.db.doc(paths.graph(graphId));
  if (!(await ref.get()).exists) throw new AppError('not-found', GRAPH_NOT_FOUND);
  await ref.update({ name });
  const tree = (await listTrees(deps, uid)).trees.find((t) => t.graphId === graphId);
  if (!tree) throw new AppError('not-found', GRAPH_NOT_FOUND);
  return { tree };
}

/** saveChanges: `saveChangeSet`, exactly as POST /api/graphs/:graphId/changes runs it. */
export async function saveChanges(deps: Deps, uid: string, data: unknown): Promise<SaveChangesResponse> {
  const body = asObject(data);
  const graphId = text(body.graphId, 'graphId', 128, GRAPH_ID);
  const clientId = optionalText(body.clientId, 'clientId', 200);
  const migrations = textList(body.migrations, 'migrations', 20, 100);
  return withViewerCopies(deps, (publish) => {
    const run = () => saveChangeSet(deps.store, { uid, graphId, changes: body.changes, clientId, migrations }, { now: deps.clock(), publish });
    return run().catch(async (e: unknown) => {
      // A tree locked by an import whose commit died is put back first (its member may never return).
      if (isAppError(e) && e.message === BULK_WRITE_RUNNING && (await createImports(deps).releaseDeadLock(graphId))) return run();
      throw e;
    });
  });
}

/** updateProfile: the profile page's save, as PATCH /api/profiles/:id. */
export async function updateProfileCall(deps: Deps, uid: string, data: unknown): Promise<UpdateProfileResponse> {
  const body = asObject(data);
  const id = text(body.id, 'id', 200);
  if (!isProfileId(id)) throw new AppError('invalid-argument', PROFILE_ID_INVALID);
  const problem = profileSetProblem(body.set);
  if (problem) throw new AppError('invalid-argument', problem);
  const set = body.set as Record<string, string>;
  const clientId = optionalText(body.clientId, 'clientId', 200);
  const profile = await withViewerCopies(deps, (publish) => updateProfile(deps.store, { uid, id, set, clientId }, { now: deps.clock(), publish }));
  return { profile };
}
