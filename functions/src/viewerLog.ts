import type { Firestore } from 'firebase-admin/firestore';
import { paths, type MembersDoc, type ProfileDoc, type UserDoc, type ViewerChangeDoc } from '../../src/backend/firebase/paths.ts';
import type { Dated, Visibility } from '../../src/domain/privacy.ts';
import { readEventFacts, redactEventForViewer, type LiveChange, type WithRelatives } from '../../src/domain/privacyEvents.ts';
import { CHANGE_LOG_LENGTH, type AppliedChange, type Publication } from '../../src/domain/save/graphStore.ts';
import type { Profile } from '../../src/domain/types.ts';
import { MAX_LOGGED_CHANGE_BYTES, roleIn } from './store/firestoreGraphStore.ts';
import { visibilityOf } from './trees.ts';

/**
 * Viewers' live changes on Firebase. The rules keep viewers out of the change log (it holds the
 * graph unredacted), so the callable that saved a change writes every viewer of the graph a copy
 * redacted for them (paths.ts ViewerChangeDoc), by the rule the self-hosted server's live
 * stream applies (src/domain/privacyEvents.ts: which facts, `readEventFacts`, and the redaction)
 * over the facts as stored now, read here from Firestore as server/graphs/privacy.ts reads them
 * from SQL.
 */

/** Documents per getAll. */
const GET_BATCH = 300;

function dated(p: Profile): Dated {
  return { birthYear: p.birthYear ?? '', death: p.death ?? '', birthDateText: p.birthDateText ?? '', deathDateText: p.deathDateText ?? '' };
}

async function profilesById(db: Firestore, ids: readonly string[]): Promise<Map<string, Profile>> {
  const wanted = [...new Set(ids)];
  const out = new Map<string, Profile>();
  for (let i = 0; i < wanted.length; i += GET_BATCH) {
    const docs = await db.getAll(...wanted.slice(i, i + GET_BATCH).map((id) => db.doc(paths.profile(id))));
    for (const d of docs) if (d.exists) out.set((d.data() as ProfileDoc).profile.id, (d.data() as ProfileDoc).profile);
  }
  return out;
}

/** Profiles as stored now, each with its parents' and children's dates (for the living rule). */
async function profilesWithRelatives(db: Firestore, ids: readonly string[]): Promise<Map<string, WithRelatives>> {
  const found = await profilesById(db, ids);
  const relatives = await profilesById(db, [...found.values()].flatMap((p) => [...p.parents, ...p.children]));
  const datesOf = (list: readonly string[]) => list.flatMap((id) => (relatives.has(id) ? [dated(relatives.get(id)!)] : []));
  return new Map([...found].map(([id, profile]) => [id, { profile, parents: datesOf(profile.parents), children: datesOf(profile.children) }]));
}

async function visibilities(db: Firestore, uids: readonly string[]): Promise<Map<string, Visibility>> {
  const wanted = [...new Set(uids.filter(Boolean))];
  if (!wanted.length) return new Map();
  const docs = await db.getAll(...wanted.map((u) => db.doc(paths.user(u))));
  return new Map(docs.filter((d) => d.exists).map((d) => [d.id, visibilityOf(d.data() as UserDoc)]));
}

/**
 * Writes each viewer of the graph their redacted copy of an applied change (and drops the copy
 * that fell out of the log's length). A change too large to be logged is copied without its body,
 * so the viewer's view opens the graph again, as an editor's does.
 */
export async function writeViewerCopies(db: Firestore, graphId: string, event: AppliedChange, now: Date): Promise<void> {
  const members = (await db.doc(paths.members(graphId)).get()).data() as MembersDoc | undefined;
  const viewers = Object.keys(members?.roles ?? {}).filter((uid) => roleIn(members, uid) === 'viewer');
  if (!viewers.length) return;
  const logged = Buffer.byteLength(JSON.stringify(event.changes)) <= MAX_LOGGED_CHANGE_BYTES;
  const facts = logged ? await readEventFacts(event.changes, { profilesWithRelatives: (ids) => profilesWithRelatives(db, ids), visibilities: (uids) => visibilities(db, uids) }) : null;
  const batch = db.batch();
  for (const uid of viewers) {
    const seen = logged ? redactEventForViewer<LiveChange>({ ...event }, facts, uid, now.getUTCFullYear()) : null;
    const copy: ViewerChangeDoc = {
      revision: event.revision,
      clientId: event.clientId,
      actorUid: event.actorUid,
      changes: seen ? JSON.stringify(seen.changes) : null,
      privacy: seen?.privacy ? JSON.stringify(seen.privacy) : null,
      at: now.toISOString(),
    };
    batch.set(db.doc(paths.viewerChange(graphId, uid, event.revision)), copy);
    if (event.revision > CHANGE_LOG_LENGTH) batch.delete(db.doc(paths.viewerChange(graphId, uid, event.revision - CHANGE_LOG_LENGTH)));
  }
  await batch.commit();
}

/**
 * The `publish` of the save path for a callable: the changes it applied are kept, and `flush`
 * (awaited before the callable answers, as a function's work must be) writes the viewers' copies.
 * A copy that fails to be written is no refusal of the save: the viewer's view finds the gap at
 * the next revision and opens the graph again. Callers go through `withViewerCopies`.
 */
function viewerPublisher(db: Firestore, clock: () => Date) {
  const applied: Publication[] = [];
  return {
    publish: (publications: readonly Publication[]) => void applied.push(...publications),
    async flush(): Promise<void> {
      for (const p of applied.splice(0)) {
        await writeViewerCopies(db, p.graphId, p.event, clock()).catch((e: unknown) => console.error(`viewer copies of ${p.graphId}@${p.event.revision}`, e));
      }
    },
  };
}

/**
 * Every function that changes what a graph's viewers see goes through here: a save, a profile
 * save (photos included), an import's commit, joining by invitation (accepting one, or "Sign in
 * to accept"), releasing cards when an account is deleted, copying a confirmed e-mail into the
 * member's profiles. `write` commits and hands what it applied (the domain's Publications) to
 * `publish`; once it has returned, each viewer's redacted copy is written, before the function
 * answers. A write that throws published nothing, and nothing is copied.
 */
export async function withViewerCopies<T>(deps: { db: Firestore; clock: () => Date }, write: (publish: (publications: readonly Publication[]) => void) => Promise<T>): Promise<T> {
  const viewers = viewerPublisher(deps.db, deps.clock);
  const result = await write(viewers.publish);
  await viewers.flush();
  return result;
}

/** `withViewerCopies` for a writer that ran in a transaction of its own and returned what it applied. */
export function copyToViewers(deps: { db: Firestore; clock: () => Date }, publications: readonly Publication[]): Promise<void> {
  return withViewerCopies(deps, async (publish) => publish(publications));
}
