import { randomFillSync } from 'node:crypto';
import { it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Deps } from '../../functions/src/deps.ts';
import { firestoreGraphStore } from '../../functions/src/store/firestoreGraphStore.ts';
import { DEMO_PROJECT, emulatorUnavailable, givenEmulatorHost, startEmulators, type RunningEmulators } from './emulators.ts';

/**
 * The Firestore emulator (with Auth) for the tests of the functions' Firestore side, or the
 * plain reason it cannot run here. A test file asks `firestoreMissing()` at load and, when it is
 * missing, puts `failsNotRun` in place of its tests; otherwise `openTestbed()` gives the Admin SDK
 * on the emulator and the functions' dependencies over it.
 */

export async function firestoreMissing(): Promise<string | null> {
  return emulatorUnavailable('firestore');
}

/** Prints, where it cannot be missed, that these tests did not run and why. */
export function reportNotRun(what: string, why: string): void {
  console.warn(`\n*** NOT RUN: ${what}. Reason: ${why} ***\n`);
}

/**
 * In place of tests that need Firestore where it cannot run: one test that fails, saying which
 * tests did not run and why. A run without Firestore is never green.
 */
export function failsNotRun(what: string, why: string): void {
  reportNotRun(what, why);
  it(`NOT RUN: ${what}`, () => {
    throw new Error(`${what} did not run: ${why}`);
  });
}

export interface Testbed {
  db: Firestore;
  deps: Deps;
  projectId: string;
  firestoreHost: string;
  close(): Promise<void>;
}

export async function openTestbed(): Promise<Testbed> {
  let running: RunningEmulators | null = null;
  if (!givenEmulatorHost('firestore') || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    running = await startEmulators({ only: ['auth', 'firestore'] });
    process.env.FIRESTORE_EMULATOR_HOST = running.hosts.firestore;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = running.hosts.auth;
  }
  const projectId = running?.projectId ?? DEMO_PROJECT;
  const app: App = initializeApp({ projectId }, `testbed-${process.pid}-${Date.now()}`);
  const db = getFirestore(app);
  db.settings({ ignoreUndefinedProperties: true });
  const clock = () => new Date();
  const deps: Deps = {
    db,
    auth: getAuth(app),
    store: firestoreGraphStore(db, { clock }),
    clock,
    fill: (bytes) => randomFillSync(bytes),
    origins: ['https://kinfolk.example'],
  };
  return {
    db,
    deps,
    projectId,
    firestoreHost: process.env.FIRESTORE_EMULATOR_HOST!,
    async close() {
      await deleteApp(app);
      await running?.stop();
    },
  };
}
