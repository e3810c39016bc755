import type { HistoryPage, ListHistoryRequest, RestoreDeletedRequest, RevertChangeRequest } from '../../../src/backend/firebase/callables.ts';
import { paths, type GraphDoc, type ProfileDoc, type UserDoc } from '../../../src/backend/firebase/paths.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { listHistory, previewRevert, recentlyDeleted, restoreDeleted, revert, type HistoryDeps } from '../../../src/domain/history/service.ts';
import { HISTORY_PAGE_MAX } from '../../../src/domain/history/types.ts';
import { hiddenPeople } from '../../../src/domain/history/viewer.ts';
import type { DeletedPerson, RevertPlan } from '../../../src/domain/history/wire.ts';
import type { Deps } from '../deps.ts';
import { asObject, GRAPH_ID, optionalText, text, wholeNumber } from '../request.ts';
import { currentGraph } from '../snapshots/build.ts';
import { firestoreHistoryLog } from '../store/historyDocs.ts';
import { visibilityOf } from '../trees.ts';
import { withViewerCopies } from '../viewerLog.ts';

/**
 * The history callables (issue 24), as server/routes/history.ts: the same use cases
 * (src/domain/history/service.ts) over the Firestore store and `graphs/{g}/history`.
 */

function historyDeps(deps: Deps, publish: HistoryDeps['publish'] = () => undefined): HistoryDeps {
  const { db } = deps;
  return {
    store: deps.store,
    log: firestoreHistoryLog(db),
    now: deps.clock,
    publish,
    hiddenFor: firestoreHiddenFor(deps),
  };
}

/** The people of a tree a viewer may not see whole, read from the tree as it is now. */
export function firestoreHiddenFor(deps: Deps): HistoryDeps['hiddenFor'] {
  const { db } = deps;
  return async (uid, graphId) => {
    const graph = (await db.doc(paths.graph(graphId)).get()).data() as GraphDoc | undefined;
    const built = graph && (await currentGraph(db, graphId, graph));
    if (!built) return new Set();
    const claimants = [...new Set(Object.values(built.graph.profiles).map((p) => p.ownerUid).filter(Boolean))];
    const users = claimants.length ? await db.getAll(...claimants.map((c) => db.doc(paths.user(c)))) : [];
    const visibility = new Map(users.map((d) => [d.id, visibilityOf(d.data() as UserDoc | undefined)]));
    return hiddenPeople(built.graph, {
      audienceUid: uid,
      currentYear: deps.clock().getUTCFullYear(),
      visibilityOf: (claimant) => visibility.get(claimant) ?? visibilityOf(null),
    });
  };
}

/** Display names of members by uid: their account's name, else their own card's. */
export async function actorNames(deps: Deps, uids: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const uid of new Set(uids)) {
    const account = await deps.auth.getUser(uid).catch(() => null);
    const own = (await deps.db.doc(paths.profile(uid)).get()).data() as ProfileDoc | undefined;
    out[uid] = account?.displayName || [own?.profile.firstName, own?.profile.lastName].filter(Boolean).join(' ') || account?.email || '';
  }
  return out;
}

const graphIdOf = (body: Record<string, unknown>) => text(body.graphId, 'graphId', 128, GRAPH_ID);
const isoOrUndefined = (v: unknown, name: string): string | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || v.length > 40 || Number.isNaN(Date.parse(v))) throw new AppError('invalid-argument', `${name}: a date is not valid.`);
  return v;
};
const revisionOf = (v: unknown) => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new AppError('invalid-argument', 'revision is not valid.');
  return v;
};

export async function listHistoryCall(deps: Deps, uid: string, data: unknown): Promise<HistoryPage> {
  const body = asObject(data) as Record<string, unknown> & Partial<ListHistoryRequest>;
  const graphId = graphIdOf(body);
  const entries = await listHistory(historyDeps(deps), uid, graphId, {
    profileId: optionalText(body.profileId, 'profileId', 200) || undefined,
    actorUid: optionalText(body.actorUid, 'actorUid', 128) || undefined,
    from: isoOrUndefined(body.from, 'from'),
    to: isoOrUndefined(body.to, 'to'),
    beforeRevision: body.before === undefined || body.before === null ? undefined : revisionOf(body.before),
    limit: body.limit === undefined ? 50 : wholeNumber(body.limit, 'limit', HISTORY_PAGE_MAX),
  });
  return { entries, actors: await actorNames(deps, entries.map((e) => e.actorUid)) };
}

export async function revertChangeCall(deps: Deps, uid: string, data: unknown): Promise<{ plan: RevertPlan } | { revision: number }> {
  const body = asObject(data) as Record<string, unknown> & Partial<RevertChangeRequest>;
  const graphId = graphIdOf(body);
  const revision = revisionOf(body.revision);
  if (body.mode !== 'one' && body.mode !== 'after') throw new AppError('invalid-argument', 'mode must be one or after.');
  if (body.preview) return { plan: await previewRevert(historyDeps(deps), uid, graphId, revision, body.mode) };
  const clientId = text(body.clientId, 'clientId', 100);
  const mode = body.mode;
  return withViewerCopies(deps, (publish) => revert(historyDeps(deps, publish), uid, graphId, { revision, mode, clientId }));
}

export async function listDeletedCall(deps: Deps, uid: string, data: unknown): Promise<{ people: DeletedPerson[]; actors: Record<string, string> }> {
  const graphId = graphIdOf(asObject(data));
  const people = await recentlyDeleted(historyDeps(deps), uid, graphId);
  return { people, actors: await actorNames(deps, people.map((p) => p.actorUid)) };
}

export async function restoreDeletedCall(deps: Deps, uid: string, data: unknown): Promise<{ revision: number }> {
  const body = asObject(data) as Record<string, unknown> & Partial<RestoreDeletedRequest>;
  const graphId = graphIdOf(body);
  const input = { revision: revisionOf(body.revision), profileId: text(body.profileId, 'profileId', 200), clientId: text(body.clientId, 'clientId', 100) };
  return withViewerCopies(deps, (publish) => restoreDeleted(historyDeps(deps, publish), uid, graphId, input));
}
