import { createFirebaseMediaStore } from './firebaseMediaStore.ts';
import type { Backend } from '../backend.ts';
import { callFunctions } from './call.ts';
import { readFirebaseSettings, type FirebaseEnv } from './config.ts';
import { createFirebaseAccountService } from './firebaseAccountService.ts';
import { createFirebaseAuthService, type FirebaseAuthServiceOptions } from './firebaseAuthService.ts';
import { createFirebaseAvatarStore } from './firebaseAvatarStore.ts';
import { createFirebaseGraphImporter } from './firebaseGraphImporter.ts';
import { createFirebaseGraphRepository } from './firebaseGraphRepository.ts';
import { createFirebaseInvitationService } from './firebaseInvitationService.ts';
import { createFirebaseHistoryService } from './firebaseHistoryService.ts';
import { createFirebaseMemberService } from './firebaseMemberService.ts';
import { createFirebaseProfileRepository } from './firebaseProfileRepository.ts';
import { createFirebaseServices, type FirebaseServices } from './services.ts';

/**
 * Every port on Firebase, from the configuration the build was made with. Without it this throws
 * §8's missing-configuration error (src/main.tsx shows it on the page).
 */
export function createFirebaseBackend(env: FirebaseEnv = import.meta.env): Backend {
  return firebasePorts(createFirebaseServices(readFirebaseSettings(env)));
}

/** The ports over one Firebase app's services (tests make one app per simulated browser). */
export function firebasePorts(services: FirebaseServices, auth: Omit<FirebaseAuthServiceOptions, 'call'> = {}): Backend {
  const call = callFunctions(services);
  const imports = createFirebaseGraphImporter(call);
  return {
    auth: createFirebaseAuthService(services, { ...auth, call }),
    profiles: createFirebaseProfileRepository(call, services.firestore),
    avatars: createFirebaseAvatarStore(services.storage),
    media: createFirebaseMediaStore(services.storage),
    // A save too large for one callable goes through the bulk path.
    graphs: createFirebaseGraphRepository({ call, firestore: services.firestore, uid: () => services.auth.currentUser?.uid ?? null, bulk: imports }),
    imports,
    invitations: createFirebaseInvitationService(call),
    members: createFirebaseMemberService(call),
    history: createFirebaseHistoryService(call),
    account: createFirebaseAccountService(services, call),
  };
}
