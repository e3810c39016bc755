import { describe, it } from 'vitest';
import { failsNotRun } from '../firebase/firestoreTestbed.ts';
import { firebaseSiteUnavailable, firebaseStorageUnavailable, useFirebaseSite } from './firebaseSite.ts';
import { useHttpSite } from './httpSite.ts';
import type { Site } from './site.ts';
import { accountServiceContract } from './specs/accountService.ts';
import { avatarStoreContract } from './specs/avatarStore.ts';
import { graphImporterContract } from './specs/graphImporter.ts';
import { graphRepositoryContract } from './specs/graphRepository.ts';
import { invitationServiceContract } from './specs/invitationService.ts';
import { historyServiceContract } from './specs/historyService.ts';
import { memberServiceContract } from './specs/memberService.ts';
import { profileRepositoryContract } from './specs/profileRepository.ts';

/**
 * The data ports' specs against each backend. Firebase runs on its Auth, Functions and Firestore
 * emulators; where Firestore cannot run, one failing test says so in their place. The Storage
 * emulator cannot run here: the AvatarStore's spec on Firebase says NOT RUN, with the reason.
 */
function portContracts(site: Site, storageMissing: string | null = null) {
  describe('GraphRepository', () => graphRepositoryContract(site));
  describe('GraphImporter', () => graphImporterContract(site));
  describe('ProfileRepository', () => profileRepositoryContract(site));
  describe('AvatarStore', () => (storageMissing ? it.skip(`NOT RUN: the Storage emulator cannot run here: ${storageMissing}`) : avatarStoreContract(site)));
  describe('InvitationService', () => invitationServiceContract(site));
  describe('MemberService', () => memberServiceContract(site));
  describe('AccountService', () => accountServiceContract(site));
  describe('HistoryService', () => historyServiceContract(site));
}

const firebaseMissing = await firebaseSiteUnavailable();
const storageMissing = await firebaseStorageUnavailable();

describe('the ports on the self-hosted server (HTTP adapters)', () => portContracts(useHttpSite()));
describe('the ports on Firebase (Auth, Functions and Firestore emulators)', () => {
  if (firebaseMissing) failsNotRun('the port contracts on Firebase', firebaseMissing);
  else portContracts(useFirebaseSite(), storageMissing);
});
