import { describe } from 'vitest';
import { reportNotRun } from '../firebase/firestoreTestbed.ts';
import { firebaseSiteUnavailable, useFirebaseSite } from './firebaseSite.ts';
import { useHttpSite } from './httpSite.ts';
import type { Site } from './site.ts';
import { avatarStoreContract } from './specs/avatarStore.ts';
import { graphImporterContract } from './specs/graphImporter.ts';
import { graphRepositoryContract } from './specs/graphRepository.ts';
import { invitationServiceContract } from './specs/invitationService.ts';
import { profileRepositoryContract } from './specs/profileRepository.ts';

/**
 * The data ports' specs against each backend. Firebase needs its Firestore and Storage emulators
 * (Java 21 and a download): where they cannot run, this says so plainly and skips only them.
 */
function portContracts(site: Site) {
  describe('GraphRepository', () => graphRepositoryContract(site));
  describe('GraphImporter', () => graphImporterContract(site));
  describe('ProfileRepository', () => profileRepositoryContract(site));
  describe('AvatarStore', () => avatarStoreContract(site));
  describe('InvitationService', () => invitationServiceContract(site));
}

const firebaseMissing = await firebaseSiteUnavailable();
if (firebaseMissing) reportNotRun('the GraphRepository, GraphImporter, ProfileRepository, AvatarStore and InvitationService contracts on Firebase', firebaseMissing);

describe('the ports on the self-hosted server (HTTP adapters)', () => portContracts(useHttpSite()));
describe.skipIf(!!firebaseMissing)('the ports on Firebase (Auth, Functions, Firestore and Storage emulators)', () => portContracts(useFirebaseSite()));
