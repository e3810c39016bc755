import type { TreeSummary } from '../../src/backend/ports.ts';
import { treeActivity, type ActivityDeps, type DigestDeps, type DigestSubscriber } from '../../src/domain/activity/service.ts';
import { isDigestFrequency, type DigestFrequency, type Membership } from '../../src/domain/activity/types.ts';
import { treeName, type TreeRole } from '../../src/domain/roles.ts';
import type { Database, Queryable } from '../db/database.ts';
import { actorNames, sqlHiddenFor } from '../graphs/historyService.ts';
import { sqlHistoryLog } from '../graphs/historyStore.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * Activity for the family over SQL (issue 24, item 3; src/domain/activity): when each member last
 * opened each tree (`graph_members.seen_at`, migration 16), the trees list's activity, and the
 * digest's reads and writes.
 */

/** The member opened the tree (loading it, or the tree screen closing): what came before is seen. */
export async function rememberSeen(q: Queryable, uid: string, graphId: string, at: Date): Promise<void> {
  await q.query('UPDATE graph_members SET seen_at = $3 WHERE uid = $1 AND graph_id = $2 AND (seen_at IS NULL OR seen_at < $3)', [uid, graphId, at.toISOString()]);
}

/** The trees a member belongs to now: leaving or being removed takes a tree out, and its activity with it. */
export async function sqlMemberships(q: Queryable, uid: string): Promise<Membership[]> {
  const rows = await q.query<{ graph_id: string; name: string; owner_last: string | null; role: TreeRole; joined_at: Date | string; seen_at: Date | string | null }>(
    `SELECT m.graph_id, g.name, op.data->>'lastName' AS owner_last, m.role, m.joined_at, m.seen_at
       FROM graph_members m JOIN graphs g ON g.id = m.graph_id LEFT JOIN profiles op ON op.id = g.owner_uid
      WHERE m.uid = $1 ORDER BY m.joined_at, m.graph_id`,
    [uid],
  );
  return rows.map((r) => ({
    graphId: r.graph_id,
    name: treeName(r.name, r.owner_last ?? ''),
    role: r.role,
    joinedAt: new Date(r.joined_at).toISOString(),
    seenAt: r.seen_at ? new Date(r.seen_at).toISOString() : null,
  }));
}

export function sqlActivityDeps(db: Database, clock: () => Date = () => new Date()): ActivityDeps {
  const log = sqlHistoryLog(db);
  return { since: (graphId, since, limit) => log.since(graphId, since, limit), hiddenFor: sqlHiddenFor(db, clock), names: (uids) => actorNames(db, uids) };
}

/** The member's trees with what others changed in each since their last visit (Home, the badge). */
export async function withActivity(db: Database, uid: string, trees: TreeSummary[]): Promise<TreeSummary[]> {
  const deps = sqlActivityDeps(db);
  const memberships = new Map((await sqlMemberships(db, uid)).map((m) => [m.graphId, m]));
  return Promise.all(
    trees.map(async (t) => {
      const m = memberships.get(t.graphId);
      return m ? { ...t, activity: await treeActivity(deps, uid, m) } : t;
    }),
  );
}

/** Choosing a digest starts its period now (the first comes a day or a week later); Off stops it. */
export async function setDigest(q: Queryable, uid: string, digest: DigestFrequency, now: Date): Promise<void> {
  await q.query('UPDATE users SET digest = $2, digest_at = CASE WHEN digest = $2 THEN digest_at ELSE $3 END, updated_at = now() WHERE uid = $1', [uid, digest, now.toISOString()]);
}

/** The digest loop's reads and writes (src/domain/activity/service.ts `sendDueDigests`), mailed through the server's mailer. */
export function sqlDigestDeps(db: Database, mailer: Mailer, siteUrl: string, clock: () => Date): DigestDeps {
  return {
    ...sqlActivityDeps(db, clock),
    async subscribers(): Promise<DigestSubscriber[]> {
      const rows = await db.query<{ uid: string; email: string | null; name: string | null; digest: string; digest_at: Date | string | null }>(
        `SELECT u.uid, u.email, COALESCE(NULLIF(u.display_name, ''), NULLIF(concat_ws(' ', p.data->>'firstName', p.data->>'lastName'), '')) AS name, u.digest, u.digest_at
           FROM users u LEFT JOIN profiles p ON p.id = u.uid WHERE u.digest <> 'off' ORDER BY u.uid`,
      );
      return rows.map((r) => ({
        uid: r.uid,
        email: r.email ?? '',
        name: r.name ?? '',
        frequency: isDigestFrequency(r.digest) ? r.digest : 'off',
        digestAt: r.digest_at ? new Date(r.digest_at).toISOString() : null,
      }));
    },
    memberships: (uid) => sqlMemberships(db, uid),
    async send(message) {
      await mailer.send(message);
    },
    async markSent(uid, at) {
      await db.query('UPDATE users SET digest_at = $2 WHERE uid = $1', [uid, at]);
    },
    siteUrl,
  };
}
