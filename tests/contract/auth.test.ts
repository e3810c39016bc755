import { describe } from 'vitest';
import { useFirebaseAuthSite } from './firebaseSite.ts';
import { useHttpSite } from './httpSite.ts';
import { authServiceContract } from './specs/authService.ts';

describe('AuthService on the self-hosted server (HTTP adapter)', () => authServiceContract(useHttpSite()));
describe('AuthService on Firebase (Auth emulator)', () => authServiceContract(useFirebaseAuthSite()));
