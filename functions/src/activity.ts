import { paths, type GraphDoc, type MembersDoc, type ProfileDoc, type UserDoc } from '../../src/backend/firebase/paths.ts';
import type { ActivityDeps, DigestDeps, DigestSubscriber } from '../../src/domain/activity/service.ts';
import { isDigestFrequency, type Membership } from '../../src/domain/activity/types.ts';
import { treeName } from '../../src/domain/roles.ts';
import { actorNames, firestoreHiddenFor } from './callables/history.ts';
import type { Deps } from './deps.ts';
import { MAIL_COLLECTION, type MailDoc } from './invitationMail.ts';
import { roleIn } from './store/firestoreGraphStore.ts';
import { firestoreHistoryLog } from './store/historyDocs.ts';

/**
 * Activity for the family on Firebase (issue 24, item 3; src/domain/activity), as the self-hosted
 * server's server/activity/sqlActivity.ts: the last visit of each tree is `users/{uid}.seenAt`
 * (written by `openGraph` and `markTreeSeen`), and the digest is written to the `mail` collection
 * the invitation mail uses, for the "Trigger Email" extension to send.
 */

export function firestoreActivityDeps(deps: Deps): ActivityDeps {
  const log = firestoreHistoryLog(deps.db);
  return { since: (graphId, since, limit) => log.since(graphId, since, limit), hiddenFor: firestoreHiddenFor(deps), names: (uids) => actorNames(deps, uids) };
}

/** The member opened the tree: what came before is seen. */
export async function rememberSeen(deps: Deps, uid: string, graphId: string): Promise<void> {
  await deps.db.doc(paths.user(uid)).set({ seenAt: { [graphId]: deps.clock().toISOString() } }, { merge: true });
}

/** The trees a member belongs to now (leaving or being removed takes one out, and its activity). */
export async function firestoreMemberships(deps: Deps, uid: string, user: UserDoc | null): Promise<Membership[]> {
  const { db } = deps;
  const out: Membership[] = [];
  for (const graphId of user?.graphIds ?? []) {
    const [graphSnap, membersSnap] = await db.getAll(db.doc(paths.graph(graphId)), db.doc(paths.members(graphId)));
    const graph = graphSnap!.data() as GraphDoc | undefined;
    const members = (membersSnap!.data() as MembersDoc | undefined) ?? null;
    const role = roleIn(members, uid);
    if (!graph || !role) continue;
    const owner = (await db.doc(paths.profile(graph.ownerUid)).get()).data() as ProfileDoc | undefined;
    out.push({ graphId, name: treeName(graph.name ?? '', owner?.profile.lastName ?? ''), role, joinedAt: members?.joinedAt?.[uid] ?? '', seenAt: user?.seenAt?.[graphId] ?? null });
  }
  return out;
}

/** The digest loop's reads and writes over Firestore (src/domain/activity/service.ts `sendDueDigests`). */
export function firestoreDigestDeps(deps: Deps): DigestDeps {
  const { db } = deps;
  return {
    ...firestoreActivityDeps(deps),
    async subscribers(): Promise<DigestSubscriber[]> {
      const snap = await db.collection('users').where('digest', 'in', ['daily', 'weekly']).get();
      const out: DigestSubscriber[] = [];
      for (const d of snap.docs) {
        const user = d.data() as UserDoc;
        const account = await deps.auth.getUser(d.id).catch(() => null);
        if (!account?.email) continue;
        const own = (await db.doc(paths.profile(d.id)).get()).data() as ProfileDoc | undefined;
        const name = account.displayName || [own?.profile.firstName, own?.profile.lastName].filter(Boolean).join(' ');
        out.push({ uid: d.id, email: account.email, name, frequency: isDigestFrequency(user.digest) ? user.digest : 'off', digestAt: user.digestAt ?? null });
      }
      return out;
    },
    async memberships(uid) {
      const user = ((await db.doc(paths.user(uid)).get()).data() as UserDoc | undefined) ?? null;
      return firestoreMemberships(deps, uid, user);
    },
    async send(message) {
      await db.collection(MAIL_COLLECTION).add({ to: message.to, message: { subject: message.subject, text: message.text, html: message.html } } satisfies MailDoc);
    },
    async markSent(uid, at) {
      await db.doc(paths.user(uid)).set({ digestAt: at }, { merge: true });
    },
    siteUrl: deps.origins[0] ?? '',
  };
}
