import type { Firestore } from 'firebase-admin/firestore';
import { paths, type HistoryDoc, type HistoryPartDoc, type RemovedMediaDoc } from '../../../src/backend/firebase/paths.ts';
import { entryWithBody, historyBodyText, type HistoryLog } from '../../../src/domain/history/log.ts';
import type { HistoryEntry } from '../../../src/domain/history/types.ts';
import { mediaRemovedBy } from '../../../src/domain/media/orphans.ts';
import type { StagedTransaction } from './stagedTransaction.ts';

/**
 * The history of each tree over Firestore: `graphs/{g}/history/{revision}` (HistoryDoc), written
 * by the save path in the change's own transaction, read by the `history` callables. A body
 * larger than one document holds is cut into `parts` documents.
 */

/** Characters of body per document (a document holds at most 1 MiB, in UTF-8). */
const PART_CHARS = 240 * 1024;

export function historyDoc(e: HistoryEntry, body: string | null, parts: number): HistoryDoc {
  return {
    revision: e.revision,
    at: e.at,
    actorUid: e.actorUid,
    kind: e.kind,
    profileIds: e.profileIds,
    removedIds: e.removedIds,
    summary: e.summary,
    revertOf: e.revertOf ?? [],
    body: parts ? null : body,
    parts,
  };
}

export function stageHistory(tx: StagedTransaction, graphId: string, e: HistoryEntry): void {
  const body = historyBodyText(e);
  const parts = body && body.length > PART_CHARS ? Math.ceil(body.length / PART_CHARS) : 0;
  tx.set(paths.historyEntry(graphId, e.revision), historyDoc(e, body, parts));
  for (let i = 0; i < parts; i++) tx.set(paths.historyPart(graphId, e.revision, i), { text: body!.slice(i * PART_CHARS, (i + 1) * PART_CHARS) } satisfies HistoryPartDoc);
  // The media records the history can bring back keep their files (functions/src/mediaSweep.ts).
  for (const id of mediaRemovedBy(e.changes, e.before)) tx.set(paths.removedMediaItem(graphId, id), { removedAt: e.at, revision: e.revision } satisfies RemovedMediaDoc);
}

export function firestoreHistoryLog(db: Firestore): HistoryLog {
  async function toEntry(graphId: string, d: HistoryDoc): Promise<HistoryEntry> {
    let body = d.body;
    if (d.parts) {
      const docs = await db.getAll(...Array.from({ length: d.parts }, (_, i) => db.doc(paths.historyPart(graphId, d.revision, i))));
      body = docs.map((p) => (p.data() as HistoryPartDoc).text).join('');
    }
    const { body: _b, parts: _p, revertOf, ...head } = d;
    return entryWithBody({ ...head, ...(revertOf.length ? { revertOf } : {}) }, body);
  }
  const all = async (graphId: string, docs: HistoryDoc[]) => Promise.all(docs.map((d) => toEntry(graphId, d)));
  const col = (graphId: string) => db.collection(paths.history(graphId));
  return {
    async list(graphId, query) {
      // One equality filter at most, with the order by revision (single-field and the composite
      // indexes in firestore.indexes.json); the dates are filtered here, page by page.
      let base: FirebaseFirestore.Query = col(graphId);
      if (query.profileId) base = base.where('profileIds', 'array-contains', query.profileId);
      else if (query.actorUid) base = base.where('actorUid', '==', query.actorUid);
      base = base.orderBy('revision', 'desc');
      const out: HistoryDoc[] = [];
      let cursor = query.beforeRevision;
      for (;;) {
        const page = await (cursor !== undefined ? base.where('revision', '<', cursor) : base).limit(query.limit * 2).get();
        const docs = page.docs.map((d) => d.data() as HistoryDoc);
        for (const d of docs) {
          if (query.profileId && query.actorUid && d.actorUid !== query.actorUid) continue;
          if (query.to && d.at >= query.to) continue;
          if (query.from && d.at < query.from) return all(graphId, out);
          out.push(d);
          if (out.length >= query.limit) return all(graphId, out);
        }
        if (docs.length < query.limit * 2) return all(graphId, out);
        cursor = docs[docs.length - 1]!.revision;
      }
    },
    async get(graphId, revision) {
      const d = (await db.doc(paths.historyEntry(graphId, revision)).get()).data() as HistoryDoc | undefined;
      return d ? toEntry(graphId, d) : null;
    },
    async after(graphId, revision) {
      const page = await col(graphId).where('revision', '>', revision).orderBy('revision').get();
      return all(graphId, page.docs.map((d) => d.data() as HistoryDoc));
    },
    async deletions(graphId, since) {
      const page = await col(graphId).where('at', '>=', since).orderBy('at', 'desc').get();
      return all(graphId, page.docs.map((d) => d.data() as HistoryDoc).filter((d) => d.removedIds.length > 0));
    },
    async since(graphId, since, limit) {
      // `at` is an ISO string of fixed width (toISOString), so its order is the time's.
      const page = await col(graphId).where('at', '>', since).orderBy('at', 'desc').limit(limit).get();
      return all(graphId, page.docs.map((d) => d.data() as HistoryDoc));
    },
  };
}
