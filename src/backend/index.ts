import { createHttpAccountService } from './http/httpAccountService.ts';
import { createHttpAuthService } from './http/httpAuthService.ts';
import { createHttpAvatarStore } from './http/httpAvatarStore.ts';
import { createHttpGraphImporter } from './http/httpGraphImport.ts';
import { createHttpGraphRepository } from './http/httpGraphRepository.ts';
import { createHttpInvitationService } from './http/httpInvitationService.ts';
import { createHttpMemberService } from './http/httpMemberService.ts';
import { createHttpProfileRepository } from './http/httpProfileRepository.ts';
import type {
  AccountService,
  AuthService,
  AvatarStore,
  GraphImporter,
  GraphRepository,
  InvitationService,
  MemberService,
  ProfileRepository,
} from './ports.ts';

/**
 * The one place that picks the backend. The self-hosted server is the default; the Firebase
 * adapter will be chosen here by build-time configuration when it exists.
 */
export interface Backend {
  auth: AuthService;
  profiles: ProfileRepository;
  avatars: AvatarStore;
  graphs: GraphRepository;
  imports: GraphImporter;
  invitations: InvitationService;
  members: MemberService;
  account: AccountService;
}

export const backend: Backend = {
  auth: createHttpAuthService(),
  profiles: createHttpProfileRepository(),
  avatars: createHttpAvatarStore(),
  graphs: createHttpGraphRepository(),
  imports: createHttpGraphImporter(),
  invitations: createHttpInvitationService(),
  members: createHttpMemberService(),
  account: createHttpAccountService(),
};
