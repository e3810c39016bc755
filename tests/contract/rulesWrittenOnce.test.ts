import { describe } from 'vitest';
import { failsNotRun } from '../firebase/firestoreTestbed.ts';
import { firebaseSiteUnavailable, useFirebaseSite } from './firebaseSite.ts';
import { useHttpSite } from './httpSite.ts';
import { rulesWrittenOnceContract } from './specs/rulesWrittenOnce.ts';

/**
 * The rules written once in src/domain, held to one behaviour on both backends (issue 21, item 5).
 * Firebase runs on its Auth, Functions and Firestore emulators; where Firestore cannot run, one
 * failing test says so in their place.
 */
const firebaseMissing = await firebaseSiteUnavailable();

describe('rules written once, on the self-hosted server (HTTP adapters)', () => rulesWrittenOnceContract(useHttpSite()));
describe('rules written once, on Firebase (Auth, Functions and Firestore emulators)', () => {
  if (firebaseMissing) failsNotRun('the rules written once on Firebase', firebaseMissing);
  else rulesWrittenOnceContract(useFirebaseSite());
});
