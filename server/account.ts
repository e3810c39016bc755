import { graphToGedcom } from '../src/gedcom/fromGraph.ts';
import { writeGedcom } from '../src/gedcom/write.ts';
import { randomFillSync } from 'node:crypto';
import type { OwnDataExport } from '../src/backend/api.ts';
import { planTreeChoices, TRANSFER_NOT_MEMBER, type ClaimedCardChoice, type OwnedTreeChoice } from '../src/domain/ownAccount.ts';
import { AppError } from '../src/domain/errors.ts';
import { newProfileId } from '../src/domain/ids.ts';
import { isVisibility, DEFAULT_VIEWER_VISIBILITY } from '../src/domain/privacy.ts';
import { releaseCards } from '../src/domain/save/releaseCards.ts';
import type { Publication } from '../src/domain/save/graphStore.ts';
import type { Graph, Profile } from '../src/domain/types.ts';
import type { Database, Queryable } from './db/database.ts';
import { sqlStoreTransaction } from './graphs/sqlGraphStore.ts';
import { partsToGraph, readGraphParts, storedProfile } from './graphs/store.ts';
import { graphName, treeSummaries } from './graphs/trees.ts';
import { DEFAULT_DIGEST, isDigestFrequency } from '../src/domain/activity/types.ts';

/** One's own data (issue 11): the download and the deletion of an account. */

/** The other files a tree is written as in the download, besides its JSON. */
export interface TreeFormat {
  extension: string;
  contentType: string;
  /** `graph` is already as the member may export it; photos on this site become URLs on `siteOrigin`. */
  write(graph: Graph, site: { siteOrigin: string; currentYear: number }): string;
}
export const TREE_FORMATS: TreeFormat[] = [
  {
    extension: 'ged',
    contentType: 'text/vnd.familysearch.gedcom',
    write: (graph, site) => writeGedcom({ version: '7.0', records: graphToGedcom(graph, { version: '7.0', scope: { kind: 'all' }, ...site }).records }),
  },
];

/** A file name from a tree's name: "Hopper family tree" → "hopper-family-tree". */
export function fileStem(name: string): string {
  return name.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().toLowerCase().replace(/[\s_-]+/g, '-') || 'family-tree';
}

/** The member's own profile and the cards they claimed. */
async function ownProfiles(q: Queryable, uid: string): Promise<Profile[]> {
  const rows = await q.query<{ id: string; data: Profile }>(`SELECT id, data FROM profiles WHERE id = $1 OR owner_uid = $1 ORDER BY (id = $1) DESC, id`, [uid]);
  return rows.map((r) => storedProfile(r.id, r.data));
}

/** The trees a member owns. */
export async function ownedGraphIds(q: Queryable, uid: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>('SELECT id FROM graphs WHERE owner_uid = $1 ORDER BY id', [uid]);
  return rows.map((r) => r.id);
}

/**
 * Everything the site holds about a member: account, own profile and claimed cards whole, their
 * photo files, their memberships, and the trees they own, whole, living people included: whoever
 * may edit a tree exports all of it (issue 19, `exportsWhole`: an owner always may), so the
 * download is a backup.
 */
export async function ownData(db: Database, uid: string, now: Date, siteOrigin: string): Promise<OwnDataExport> {
  const users = await db.query<{ email: string; display_name: string; created_at: Date | string; viewer_visibility: string; digest: string }>(
    'SELECT email, display_name, created_at, viewer_visibility, digest FROM users WHERE uid = $1',
    [uid],
  );
  const user = users[0]!;
  const profiles = await ownProfiles(db, uid);
  const files = await db.query<{ path: string; content_type: string; bytes: Uint8Array }>(
    `SELECT path, content_type, bytes FROM files WHERE split_part(path, '/', 2) = ANY($1::text[]) ORDER BY path`,
    [profiles.map((p) => p.id)],
  );
  const memberships = (await db.transaction((tx) => treeSummaries(tx, uid))).map((t) => ({ graphId: t.graphId, name: t.name, role: t.role, joinedAt: t.joinedAt }));
  const trees: OwnDataExport['trees'] = [];
  for (const graphId of await ownedGraphIds(db, uid)) {
    const parts = await readGraphParts(db, graphId);
    if (!parts) continue;
    const graph = partsToGraph(parts);
    const name = await graphName(db, graphId);
    const stem = fileStem(name);
    trees.push({ graphId, name, graph, files: TREE_FORMATS.map((f) => ({ name: `${stem}.${f.extension}`, contentType: f.contentType, text: f.write(graph, { siteOrigin, currentYear: now.getUTCFullYear() }) })) });
  }
  return {
    format: 'kinfolk-own-data/1',
    exportedAt: now.toISOString(),
    account: {
      uid,
      email: user.email,
      displayName: user.display_name,
      createdAt: new Date(user.created_at).toISOString(),
      settings: {
        viewerVisibility: isVisibility(user.viewer_visibility) ? user.viewer_visibility : DEFAULT_VIEWER_VISIBILITY,
        digest: isDigestFrequency(user.digest) ? user.digest : DEFAULT_DIGEST,
      },
    },
    profiles,
    photos: files.map((f) => ({ path: f.path, contentType: f.content_type, base64: Buffer.from(f.bytes).toString('base64') })),
    memberships,
    trees,
  };
}

export interface Deletion {
  /** Published after the commit. */
  publications: Publication[];
  /** The members of deleted trees, whose streams of them end. */
  removed: { uid: string; graphId: string }[];
}

/**
 * Deletes a member's account in one transaction: each tree they own handed to the member they
 * chose (who becomes its owner) or deleted with everything only it showed; their claimed cards
 * released (`releaseCards`, with their consent); their photos, pending invitations, sessions and
 * account gone. The caller has checked the password.
 */
export async function deleteAccount(db: Database, uid: string, input: { card: ClaimedCardChoice; trees: readonly OwnedTreeChoice[] }, now: Date): Promise<Deletion> {
  return db.transaction(async (tx) => {
    const { transfers, deletes: deleted } = planTreeChoices(input.trees, await ownedGraphIds(tx, uid), uid);
    for (const [graphId, toUid] of transfers) {
      const moved = await tx.query(`UPDATE graph_members SET role = 'owner' WHERE graph_id = $1 AND uid = $2 RETURNING uid`, [graphId, toUid]);
      if (!moved.length) throw new AppError('invalid-argument', TRANSFER_NOT_MEMBER);
      await tx.query('UPDATE graphs SET owner_uid = $2 WHERE id = $1', [graphId, toUid]);
    }

    const removed = await tx.query<{ uid: string; graphId: string }>(
      `SELECT uid, graph_id AS "graphId" FROM graph_members WHERE graph_id = ANY($1::text[]) AND uid <> $2`,
      [deleted, uid],
    );
    const shownOnlyThere = await tx.query<{ profile_id: string }>(
      `SELECT DISTINCT profile_id FROM graph_profiles gp WHERE graph_id = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM graph_profiles o WHERE o.profile_id = gp.profile_id AND NOT (o.graph_id = ANY($1::text[])))
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.uid = gp.profile_id)`,
      [deleted],
    );
    await tx.query('DELETE FROM graphs WHERE id = ANY($1::text[])', [deleted]);
    const gone = shownOnlyThere.map((r) => r.profile_id);
    await tx.query('DELETE FROM profiles WHERE id = ANY($1::text[]) AND owner_uid IS DISTINCT FROM $2', [gone, uid]);

    const claimed = (await ownProfiles(tx, uid)).map((p) => p.id).filter((id) => id !== uid);
    const publications = await releaseCards(sqlStoreTransaction(tx), {
      uid,
      claimedIds: claimed,
      consent: input.card,
      newOwnId: newProfileId(randomFillSync),
      now: now.toISOString(),
    });
    // Claimed cards no tree shows any more go with the account.
    await tx.query('DELETE FROM profiles p WHERE p.owner_uid = $1 AND NOT EXISTS (SELECT 1 FROM graph_profiles gp WHERE gp.profile_id = p.id)', [uid]);
    await tx.query(`DELETE FROM files WHERE split_part(path, '/', 2) = ANY($1::text[])`, [[uid, ...claimed, ...gone]]);
    await tx.query(`UPDATE invitations SET status = 'revoked', revoked_at = now() WHERE inviter_uid = $1 AND status = 'pending'`, [uid]);
    await tx.query('DELETE FROM profiles WHERE id = $1', [uid]);
    await tx.query('DELETE FROM users WHERE uid = $1', [uid]);
    return { publications, removed };
  });
}
