import { AppError } from '../../domain/errors.ts';
import { FUNCTIONS_REGION } from './callables.ts';

/** The web app's Firebase configuration (Firebase console → Project settings → Your apps). */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  appId: string;
  messagingSenderId?: string;
}

export type EmulatorName = 'auth' | 'firestore' | 'functions' | 'storage';
export type EmulatorHosts = Partial<Record<EmulatorName, { host: string; port: number }>>;

export interface FirebaseSettings {
  web: FirebaseWebConfig;
  /** Where the callable functions run (the region they are deployed to). */
  functionsRegion: string;
  /** §7's optional auth-token sync call: a path or URL on the site's own origin, or null. */
  authSyncUrl: string | null;
  /** Emulators to talk to instead of the project's services ("Run against the emulators"). */
  emulators: EmulatorHosts;
}

/** `import.meta.env` or any record of the same names (tests pass their own). */
export type FirebaseEnv = Partial<Record<string, string | boolean | undefined>>;

const REQUIRED = {
  apiKey: 'VITE_FIREBASE_API_KEY',
  authDomain: 'VITE_FIREBASE_AUTH_DOMAIN',
  projectId: 'VITE_FIREBASE_PROJECT_ID',
  storageBucket: 'VITE_FIREBASE_STORAGE_BUCKET',
  appId: 'VITE_FIREBASE_APP_ID',
} as const satisfies Record<Exclude<keyof FirebaseWebConfig, 'messagingSenderId'>, string>;

/** §8 "Missing backend configuration": an error stating the backend configuration was not found. */
export function missingConfigMessage(missing: string[]): string {
  return `The backend configuration was not found: this build is for Firebase but ${missing.join(', ')} ${missing.length === 1 ? 'was' : 'were'} not set when it was built.`;
}

/**
 * The settings a Firebase build was made with. Throws the §8 missing-configuration error (code
 * failed-precondition) naming every required variable that is unset or blank.
 */
export function readFirebaseSettings(env: FirebaseEnv): FirebaseSettings {
  const text = (name: string) => {
    const value = env[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const missing = Object.values(REQUIRED).filter((name) => !text(name));
  if (missing.length) throw new AppError('failed-precondition', missingConfigMessage(missing));
  const web: FirebaseWebConfig = {
    apiKey: text(REQUIRED.apiKey),
    authDomain: text(REQUIRED.authDomain),
    projectId: text(REQUIRED.projectId),
    storageBucket: text(REQUIRED.storageBucket),
    appId: text(REQUIRED.appId),
    ...(text('VITE_FIREBASE_MESSAGING_SENDER_ID') ? { messagingSenderId: text('VITE_FIREBASE_MESSAGING_SENDER_ID') } : {}),
  };
  return {
    web,
    functionsRegion: text('VITE_FIREBASE_FUNCTIONS_REGION') || FUNCTIONS_REGION,
    authSyncUrl: text('VITE_FIREBASE_AUTH_SYNC_URL') || null,
    emulators: parseEmulators(text('VITE_FIREBASE_EMULATORS')),
  };
}

const EMULATOR_NAMES: readonly EmulatorName[] = ['auth', 'firestore', 'functions', 'storage'];

/**
 * `auth=127.0.0.1:9099,firestore=127.0.0.1:8080,…`: which emulators to use and where. A malformed
 * entry is a configuration error, not something to guess around (the app would talk to the real
 * project instead).
 */
export function parseEmulators(spec: string): EmulatorHosts {
  const hosts: EmulatorHosts = {};
  for (const entry of spec.split(',').map((e) => e.trim()).filter(Boolean)) {
    const match = /^([a-z]+)=([^\s:,]+):(\d{1,5})$/.exec(entry);
    const name = match?.[1] as EmulatorName | undefined;
    const port = Number(match?.[3]);
    if (!match || !EMULATOR_NAMES.includes(name!) || port < 1 || port > 65_535) {
      throw new AppError(
        'failed-precondition',
        `The backend configuration could not be read: VITE_FIREBASE_EMULATORS has '${entry}', expected name=host:port with a name among ${EMULATOR_NAMES.join(', ')}.`,
      );
    }
    hosts[name!] = { host: match[2]!, port };
  }
  return hosts;
}

/**
 * §7: the auth-token sync call goes only to the site's own origin (a bearer token must not leave
 * it). Answers the absolute URL, or null when `url` points elsewhere or cannot be read.
 */
export function sameOriginUrl(url: string, origin: string): string | null {
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === new URL(origin).origin ? resolved.href : null;
  } catch {
    return null;
  }
}
