import type { Backend } from '../backend.ts';
import { callFunctions } from './call.ts';
import { readFirebaseSettings, type FirebaseEnv } from './config.ts';
import { createFirebaseAuthService } from './firebaseAuthService.ts';
import { createFirebaseAvatarStore } from './firebaseAvatarStore.ts';
import { createFirebaseGraphImporter } from './firebaseGraphImporter.ts';
import { createFirebaseGraphRepository } from './firebaseGraphRepository.ts';
import { createFirebaseInvitationService } from './firebaseInvitationService.ts';
import { createFirebaseProfileRepository } from './firebaseProfileRepository.ts';
import { createFirebaseServices } from './services.ts';

/**
 * Every port on Firebase, from the configuration the build was made with. Without it this throws
 * §8's missing-configuration error (src/main.tsx shows it on the page).
 */
export function createFirebaseBackend(env: FirebaseEnv = import.meta.env): Backend {
  const services = createFirebaseServices(readFirebaseSettings(env));
  const call = callFunctions(services);
  return {
    auth: createFirebaseAuthService(services, { call }),
    profiles: createFirebaseProfileRepository(call, services.firestore),
    avatars: createFirebaseAvatarStore(services.storage),
    graphs: createFirebaseGraphRepository({ call, firestore: services.firestore }),
    imports: createFirebaseGraphImporter(call),
    invitations: createFirebaseInvitationService(call),
  };
}
