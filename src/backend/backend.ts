import type {
  AccountService,
  AuthService,
  AvatarStore,
  MediaStore,
  GraphImporter,
  GraphRepository,
  HistoryService,
  InvitationService,
  MemberService,
  ProfileRepository,
} from './ports.ts';

/** Every port the screens use, as one adapter provides them (`src/backend/index.ts` picks it). */
export interface Backend {
  auth: AuthService;
  profiles: ProfileRepository;
  avatars: AvatarStore;
  media: MediaStore;
  graphs: GraphRepository;
  imports: GraphImporter;
  invitations: InvitationService;
  members: MemberService;
  account: AccountService;
  history: HistoryService;
}

/** The backends a build can be made for (`VITE_BACKEND`). */
export const BACKEND_KINDS = ['http', 'firebase'] as const;
export type BackendKind = (typeof BACKEND_KINDS)[number];
