import { randomFillSync } from 'node:crypto';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { getStorage } from 'firebase-admin/storage';
import { onCall, type CallableOptions, type CallableRequest } from 'firebase-functions/v2/https';
import { beforeUserCreated as blockingBeforeCreate } from 'firebase-functions/v2/identity';
import { defineString } from 'firebase-functions/params';
import { FUNCTIONS_REGION } from '../../src/backend/firebase/callables.ts';
import { sendDueDigests } from '../../src/domain/activity/service.ts';
import { AppError, SIGN_IN_NEEDED } from '../../src/domain/errors.ts';
import { firestoreDigestDeps } from './activity.ts';
import * as accountCalls from './callables/account.ts';
import * as graphCalls from './callables/graphs.ts';
import * as historyCalls from './callables/history.ts';
import { createImports } from './callables/imports.ts';
import * as invitationCalls from './callables/invitations.ts';
import * as memberCalls from './callables/members.ts';
import type { Caller, Deps } from './deps.ts';
import { coded } from './httpsErrors.ts';
import { siteOrigins } from './invitations.ts';
import { signUpHandler } from './signUp.ts';
import { firestoreSignUpSources } from './signUpSources.ts';
import { renewIfDue } from './snapshots/build.ts';
import { sweepMediaOrphans } from './mediaSweep.ts';
import { firestoreGraphStore } from './store/firestoreGraphStore.ts';

/**
 * Kinfolk's Cloud Functions (names and types: src/backend/firebase/callables.ts). Only wiring
 * lives here: each callable checks the caller, then runs its handler, and whatever it throws
 * leaves as an HttpsError carrying the app's code (httpsErrors.ts).
 */

setGlobalOptions({ region: FUNCTIONS_REGION, maxInstances: 20 });

/** SITE_ORIGINS: the site's origins for invitation links, comma-separated (default: the Hosting domains). */
const SITE_ORIGINS = defineString('SITE_ORIGINS', { default: '' });

initializeApp();

let made: Deps | null = null;
/** Made on first use: parameters can be read only when a function runs, not while it is deployed. */
function deps(): Deps {
  if (made) return made;
  const db = getFirestore();
  db.settings({ ignoreUndefinedProperties: true });
  const clock = () => new Date();
  made = {
    db,
    auth: getAuth(),
    store: firestoreGraphStore(db, { clock }),
    clock,
    fill: (bytes) => randomFillSync(bytes),
    origins: siteOrigins(SITE_ORIGINS.value(), process.env.GCLOUD_PROJECT ?? ''),
  };
  return made;
}

function callerOf(request: CallableRequest): Caller {
  const auth = request.auth;
  if (!auth) throw new AppError('unauthenticated', SIGN_IN_NEEDED);
  return { uid: auth.uid, email: typeof auth.token.email === 'string' ? auth.token.email : '' };
}

/** Big trees: opening and importing may decode and encode 100,000 people. */
const HEAVY: CallableOptions = { memory: '1GiB', timeoutSeconds: 300 };
/** An import's commit: the whole change set in memory, written in batches for as long as it takes (at most an hour). */
const BULK: CallableOptions = { memory: '2GiB', timeoutSeconds: 3600 };

export const openGraph = onCall(HEAVY, (request) => coded(() => graphCalls.openGraph(deps(), callerOf(request).uid, request.data)));
export const listTrees = onCall((request) => coded(() => graphCalls.listTrees(deps(), callerOf(request).uid)));
export const markTreeSeen = onCall((request) => coded(() => graphCalls.markTreeSeen(deps(), callerOf(request).uid, request.data)));
export const personEvents = onCall((request) => coded(() => graphCalls.personEvents(deps(), callerOf(request).uid, request.data)));
export const renameTree = onCall((request) => coded(() => graphCalls.renameTree(deps(), callerOf(request).uid, request.data)));
export const listMembers = onCall((request) => coded(() => memberCalls.listMembers(deps(), callerOf(request).uid, request.data)));
export const setMemberRole = onCall((request) => coded(() => memberCalls.setMemberRole(deps(), callerOf(request).uid, request.data)));
export const removeMember = onCall((request) => coded(() => memberCalls.removeMember(deps(), callerOf(request).uid, request.data)));
export const saveChanges = onCall((request) => coded(() => graphCalls.saveChanges(deps(), callerOf(request).uid, request.data)));
export const updateProfile = onCall((request) => coded(() => graphCalls.updateProfileCall(deps(), callerOf(request).uid, request.data)));
export const createInvitation = onCall((request) =>
  coded(() => invitationCalls.createInvitation(deps(), callerOf(request), request.data, request.rawRequest.headers.origin)),
);
export const getInvitation = onCall((request) => coded(() => invitationCalls.getInvitation(deps(), request.data)));
export const acceptInvitation = onCall((request) => coded(() => invitationCalls.acceptInvitation(deps(), callerOf(request), request.data)));
export const joinInvitation = onCall((request) => coded(() => invitationCalls.joinInvitation(deps(), callerOf(request), request.data)));
export const listInvitations = onCall((request) => coded(() => invitationCalls.listInvitations(deps(), callerOf(request).uid, request.data)));
export const renewInvitation = onCall((request) =>
  coded(() => invitationCalls.renewInvitation(deps(), callerOf(request).uid, request.data, request.rawRequest.headers.origin)),
);
export const revokeInvitation = onCall((request) => coded(() => invitationCalls.revokeInvitation(deps(), callerOf(request).uid, request.data)));
export const accountSettings = onCall((request) => coded(() => accountCalls.accountSettings(deps(), callerOf(request).uid)));
export const updateAccountSettings = onCall((request) => {
  const caller = callerOf(request);
  return coded(() => accountCalls.updateAccountSettings(deps(), caller.uid, caller.email, request.data));
});
export const downloadOwnData = onCall(HEAVY, (request) => coded(() => accountCalls.downloadOwnData(deps(), callerOf(request).uid)));
export const deleteAccount = onCall(HEAVY, (request) => coded(() => accountCalls.deleteAccount(deps(), callerOf(request).uid, request.data)));
export const beginImport = onCall((request) => coded(() => createImports(deps()).begin(callerOf(request).uid, request.data)));
export const putImportChunk = onCall((request) => coded(() => createImports(deps()).putChunk(callerOf(request).uid, request.data)));
export const commitImport = onCall(BULK, (request) => coded(() => createImports(deps()).commit(callerOf(request).uid, request.data)));
export const listHistory = onCall((request) => coded(() => historyCalls.listHistoryCall(deps(), callerOf(request).uid, request.data)));
export const revertChange = onCall((request) => coded(() => historyCalls.revertChangeCall(deps(), callerOf(request).uid, request.data)));
export const listDeleted = onCall((request) => coded(() => historyCalls.listDeletedCall(deps(), callerOf(request).uid, request.data)));
export const restoreDeleted = onCall((request) => coded(() => historyCalls.restoreDeletedCall(deps(), callerOf(request).uid, request.data)));
export const cancelImport = onCall((request) => coded(() => createImports(deps()).cancel(callerOf(request).uid, request.data)));

/** Invitation-only sign-up (needs Firebase Authentication with Identity Platform). */
export const beforeUserCreated = blockingBeforeCreate((event) => {
  const { db, auth } = deps();
  return signUpHandler(firestoreSignUpSources(db, auth))(event);
});

/** After each logged change: a new snapshot once the tail after the current one has grown long. */
export const compactGraph = onDocumentCreated({ document: 'graphs/{graphId}/changes/{revision}', memory: '1GiB', timeoutSeconds: 540 }, async (event) => {
  const d = deps();
  await renewIfDue(d.db, event.params.graphId, { clock: d.clock, newId: graphCalls.snapshotId });
});


/**
 * The e-mail digest (issue 24): every hour, each member whose daily or weekly digest is due gets
 * one mail (written to the `mail` collection for the Trigger Email extension), none when nothing
 * changed. Needs Cloud Scheduler on the project.
 */
export const sendDigests = onSchedule({ schedule: 'every 60 minutes', timeoutSeconds: 540 }, async () => {
  const d = deps();
  await sendDueDigests(firestoreDigestDeps(d), d.clock());
});

/**
 * Files of photos and documents no record can bring back (src/domain/media/orphans.ts): every six
 * hours, the default bucket's media/ files a day old whose record is gone.
 */
export const sweepMedia = onSchedule({ schedule: 'every 6 hours', timeoutSeconds: 540, memory: '512MiB' }, async () => {
  const bucket = getStorage().bucket();
  await sweepMediaOrphans(deps().db, {
    async list(prefix) {
      const [files] = await bucket.getFiles({ prefix });
      return files.map((f) => ({ path: f.name, updatedAt: Date.parse(String(f.metadata.updated ?? f.metadata.timeCreated ?? 0)) }));
    },
    async remove(names) {
      for (const name of names) await bucket.file(name).delete({ ignoreNotFound: true });
    },
  }, deps().clock());
});
