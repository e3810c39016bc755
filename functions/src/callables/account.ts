import { randomFillSync } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import type { AccountSettingsResponse, DownloadOwnDataResponse } from '../../../src/backend/firebase/callables.ts';
import { paths, type GraphDoc, type InvitationDoc, type MembersDoc, type ProfileDoc, type UserDoc } from '../../../src/backend/firebase/paths.ts';
import { newProfileId } from '../../../src/domain/ids.ts';
import { treeName } from '../../../src/domain/roles.ts';
import { releaseCards } from '../../../src/domain/save/releaseCards.ts';
import { updateProfile } from '../../../src/domain/save/updateProfile.ts';
import { isTreeLeftRefusal } from '../../../src/domain/save/treesLeft.ts';
import type { Deps } from '../deps.ts';
import { checkSettings, planDeletion } from '../ownData.ts';
import { currentGraph } from '../snapshots/build.ts';
import { roleIn, runStoreTransaction, withGraph, withoutGraph } from '../store/firestoreGraphStore.ts';
import { visibilityOf } from '../trees.ts';
import { copyToViewers, withViewerCopies } from '../viewerLog.ts';

/**
 * One's own data on Firebase (AccountService): settings, download, deletion. The e-mail and the
 * password change in Firebase Authentication itself, from the browser (verifyBeforeUpdateEmail
 * mails the new address a link and changes nothing until it is opened; a password change makes
 * Firebase end the member's other sessions), so no function is needed for them beyond copying a
 * confirmed address into the own profile (`syncEmail`).
 */

async function userOf(deps: Deps, uid: string): Promise<UserDoc | null> {
  return ((await deps.db.doc(paths.user(uid)).get()).data() as UserDoc | undefined) ?? null;
}

export async function accountSettings(deps: Deps, uid: string): Promise<AccountSettingsResponse> {
  return { viewerVisibility: visibilityOf(await userOf(deps, uid)) };
}

export async function updateAccountSettings(deps: Deps, uid: string, email: string, data: unknown): Promise<AccountSettingsResponse> {
  const { viewerVisibility, syncEmail } = checkSettings(data);
  if (viewerVisibility) await deps.db.doc(paths.user(uid)).set({ viewerVisibility }, { merge: true });
  if (syncEmail && email) {
    // Their own profile and every card they claimed, as the self-hosted server's e-mail change.
    const stale = (await ownProfiles(deps, uid)).filter((d) => d.profile.email !== email);
    for (const d of stale) {
      await withViewerCopies(deps, (publish) => updateProfile(deps.store, { uid, id: d.profile.id, set: { email }, clientId: 'account' }, { now: deps.clock(), publish })).catch((e: unknown) => {
        if (!isTreeLeftRefusal(e)) throw e;
      });
    }
  }
  return accountSettings(deps, uid);
}

/** The member's own profile and every card they claimed. */
async function ownProfiles(deps: Deps, uid: string): Promise<ProfileDoc[]> {
  const own = (await deps.db.doc(paths.profile(uid)).get()).data() as ProfileDoc | undefined;
  const claimed = await deps.db.collection(paths.profiles()).where('profile.ownerUid', '==', uid).get();
  const docs = claimed.docs.map((d) => d.data() as ProfileDoc).filter((d) => d.profile.id !== uid);
  return own ? [own, ...docs] : docs;
}

/** Everything about the member as one JSON document (OwnDataExport; the trees they own whole, as their owner exports them). */
export async function downloadOwnData(deps: Deps, uid: string): Promise<DownloadOwnDataResponse> {
  const { db } = deps;
  const account = await deps.auth.getUser(uid);
  const user = await userOf(deps, uid);
  const memberships: DownloadOwnDataResponse['memberships'] = [];
  const trees: DownloadOwnDataResponse['trees'] = [];
  for (const graphId of user?.graphIds ?? []) {
    const [graphSnap, membersSnap] = await db.getAll(db.doc(paths.graph(graphId)), db.doc(paths.members(graphId)));
    const graph = graphSnap!.data() as GraphDoc | undefined;
    const members = membersSnap!.data() as MembersDoc | undefined;
    const role = roleIn(members, uid);
    if (!graph || !role) continue;
    const owner = (await db.doc(paths.profile(graph.ownerUid)).get()).data() as ProfileDoc | undefined;
    const name = treeName(graph.name ?? '', owner?.profile.lastName ?? '');
    memberships.push({ graphId, name, role, joinedAt: members?.joinedAt?.[uid] ?? '' });
    if (role !== 'owner') continue;
    const built = await currentGraph(db, graphId, graph);
    // Whoever may edit a tree exports all of it, living people included (issue 19, `exportsWhole`).
    if (built) trees.push({ graphId, name, graph: built.graph, files: [] });
  }
  return {
    format: 'kinfolk-own-data/1',
    exportedAt: deps.clock().toISOString(),
    account: {
      uid,
      email: account.email ?? '',
      displayName: account.displayName ?? '',
      createdAt: account.metadata.creationTime ? new Date(account.metadata.creationTime).toISOString() : '',
      settings: { viewerVisibility: visibilityOf(user) },
    },
    profiles: (await ownProfiles(deps, uid)).map((d) => d.profile),
    photos: [],
    memberships,
    trees,
  };
}

/**
 * Deletes the account (the browser checked the password by signing in again just before): each
 * tree the member owns handed to the member they chose or deleted; their claimed cards released
 * (`releaseCards`, with their consent) in every tree showing them; their memberships, pending
 * invitations, own profile and users document gone; then the Firebase account, whose sessions
 * end (refresh tokens revoked first, and the rules refuse them at once: they are no member).
 */
export async function deleteAccount(deps: Deps, uid: string, data: unknown): Promise<Record<string, never>> {
  const { db } = deps;
  const user = (await userOf(deps, uid)) ?? { graphIds: [], joinedGraphId: null };
  const rolesOf = new Map<string, MembersDoc>();
  for (const graphId of user.graphIds) {
    const members = (await db.doc(paths.members(graphId)).get()).data() as MembersDoc | undefined;
    if (members) rolesOf.set(graphId, members);
  }
  const owned = [...rolesOf].filter(([, m]) => roleIn(m, uid) === 'owner').map(([g]) => g);
  const plan = planDeletion(data, uid, owned, (g) => Object.keys(rolesOf.get(g)?.roles ?? {}));
  await deps.auth.revokeRefreshTokens(uid);

  for (const [graphId, toUid] of plan.transfers) {
    await db.runTransaction(async (t) => {
      const toRef = db.doc(paths.user(toUid));
      const to = ((await t.get(toRef)).data() as UserDoc | undefined) ?? { graphIds: [], joinedGraphId: null };
      t.update(db.doc(paths.members(graphId)), { [`roles.${toUid}`]: 'owner' });
      t.update(db.doc(paths.graph(graphId)), { ownerUid: toUid });
      t.set(toRef, withGraph(to, graphId, 'owner', false));
    });
  }
  for (const graphId of plan.deletes) await deleteTree(deps, graphId, rolesOf.get(graphId)!);

  const claimedIds = (await ownProfiles(deps, uid)).map((d) => d.profile.id).filter((id) => id !== uid);
  const released = await runStoreTransaction(db, { clock: deps.clock }, (port) =>
    releaseCards(port, { uid, claimedIds, consent: plan.card, newOwnId: newProfileId(randomFillSync), now: deps.clock().toISOString() }),
  );
  await copyToViewers(deps, released);

  for (const graphId of user.graphIds) {
    if (plan.deletes.includes(graphId)) continue;
    await db.doc(paths.members(graphId)).update({ [`roles.${uid}`]: FieldValue.delete(), [`joinedAt.${uid}`]: FieldValue.delete() }).catch(() => undefined);
    // Their copies of the log, had they viewed the tree, go with them.
    await db.recursiveDelete(db.collection(paths.viewerChanges(graphId, uid)));
  }
  const pending = await db.collection(paths.invitations()).where('inviterUid', '==', uid).where('status', '==', 'pending').get();
  for (const d of pending.docs) await d.ref.update({ status: 'revoked' } satisfies Partial<InvitationDoc>);
  // Claimed cards no tree shows any more go with the account, as does the own profile.
  for (const d of await ownProfiles(deps, uid)) if (!d.graphs.length || d.profile.id === uid) await db.doc(paths.profile(d.profile.id)).delete();
  await db.doc(paths.user(uid)).delete();
  await deps.auth.deleteUser(uid);
  return {};
}

/** A deleted tree: its members leave it, profiles only it showed go (a member's own stays), then every document under it. */
async function deleteTree(deps: Deps, graphId: string, members: MembersDoc): Promise<void> {
  const { db } = deps;
  for (const member of Object.keys(members.roles)) {
    const ref = db.doc(paths.user(member));
    const doc = (await ref.get()).data() as UserDoc | undefined;
    if (doc) await ref.set(withoutGraph(doc, graphId));
  }
  const shown = await db.collection(paths.profiles()).where('graphs', 'array-contains', graphId).get();
  for (const d of shown.docs) {
    const p = d.data() as ProfileDoc;
    const graphs = p.graphs.filter((g) => g !== graphId);
    const account = (await db.doc(paths.user(p.profile.id)).get()).exists;
    if (graphs.length || account || p.profile.ownerUid) await d.ref.update({ graphs });
    else await d.ref.delete();
  }
  await db.recursiveDelete(db.doc(paths.graph(graphId)));
}
