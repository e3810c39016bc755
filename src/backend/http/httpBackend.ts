import { createHttpMediaStore } from './httpMediaStore.ts';
import type { Backend } from '../backend.ts';
import { createHttpAccountService } from './httpAccountService.ts';
import { createHttpAuthService } from './httpAuthService.ts';
import { createHttpAvatarStore } from './httpAvatarStore.ts';
import { createHttpGraphImporter } from './httpGraphImport.ts';
import { createHttpHistoryService } from './httpHistoryService.ts';
import { createHttpGraphRepository } from './httpGraphRepository.ts';
import { createHttpInvitationService } from './httpInvitationService.ts';
import { createHttpMemberService } from './httpMemberService.ts';
import { createHttpProfileRepository } from './httpProfileRepository.ts';

/** The self-hosted server's ports, over its JSON API and live stream on the page's own origin. */
export function createHttpBackend(): Backend {
  const imports = createHttpGraphImporter();
  return {
    auth: createHttpAuthService(),
    profiles: createHttpProfileRepository(),
    avatars: createHttpAvatarStore(),
    media: createHttpMediaStore(),
    // A save too large for one request goes through the bulk path.
    graphs: createHttpGraphRepository({ bulk: imports }),
    imports,
    invitations: createHttpInvitationService(),
    members: createHttpMemberService(),
    account: createHttpAccountService(),
    history: createHttpHistoryService(),
  };
}
