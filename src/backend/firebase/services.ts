import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  inMemoryPersistence,
  initializeAuth,
  type Auth,
  type Persistence,
} from 'firebase/auth';
import {
  connectFirestoreEmulator,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
  type FirestoreSettings,
} from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, type Functions } from 'firebase/functions';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import type { FirebaseSettings } from './config.ts';

/**
 * §9 "Auth persistence is tried in order across storage types": IndexedDB first (shared by every
 * tab, survives a restart), then localStorage, then sessionStorage, then memory (a browser that
 * refuses storage still signs in, for that page). Firebase takes the first that works here.
 */
export const AUTH_PERSISTENCE: Persistence[] = [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence, inMemoryPersistence];

/**
 * §9's database client limits. The cache holds a big tree's snapshot chunks and change log
 * between visits (a reopened tree reads only what changed): 100,000 people are about 13 MB in the
 * compact form, so 256 MiB keeps several trees and their logs; §9's floor is 1,048,576 bytes.
 */
export const FIRESTORE_CACHE_BYTES = 256 * 1024 * 1024;
/** §9: long polling (used where WebChannel streaming is blocked) waits 5–30 s per request. */
export const LONG_POLLING_TIMEOUT_S = 25;

export function firestoreSettings(cache: 'persistent' | 'memory'): FirestoreSettings {
  return {
    localCache:
      cache === 'persistent'
        ? persistentLocalCache({ cacheSizeBytes: FIRESTORE_CACHE_BYTES, tabManager: persistentMultipleTabManager() })
        : memoryLocalCache(),
    experimentalAutoDetectLongPolling: true,
    experimentalLongPollingOptions: { timeoutSeconds: LONG_POLLING_TIMEOUT_S },
  };
}

export interface FirebaseServices {
  readonly settings: FirebaseSettings;
  readonly app: FirebaseApp;
  readonly auth: Auth;
  /** Made on first use, so pages that never read the tree never open the database's cache. */
  firestore(): Firestore;
  functions(): Functions;
  storage(): FirebaseStorage;
}

export interface FirebaseServicesOptions {
  /** The Firebase app's name; tests give each run its own. */
  name?: string;
  /** 'memory' outside a browser (Node has no IndexedDB for the persistent cache). */
  firestoreCache?: 'persistent' | 'memory';
}

/** The Firebase app and its services for one configuration, connected to emulators if it names any. */
export function createFirebaseServices(settings: FirebaseSettings, options: FirebaseServicesOptions = {}): FirebaseServices {
  const app = initializeApp(settings.web, options.name);
  const { emulators } = settings;
  const auth = initializeAuth(app, { persistence: AUTH_PERSISTENCE });
  if (emulators.auth) connectAuthEmulator(auth, `http://${emulators.auth.host}:${emulators.auth.port}`, { disableWarnings: true });

  let firestore: Firestore | undefined;
  let functions: Functions | undefined;
  let storage: FirebaseStorage | undefined;
  return {
    settings,
    app,
    auth,
    firestore() {
      if (!firestore) {
        firestore = initializeFirestore(app, firestoreSettings(options.firestoreCache ?? 'persistent'));
        if (emulators.firestore) connectFirestoreEmulator(firestore, emulators.firestore.host, emulators.firestore.port);
      }
      return firestore;
    },
    functions() {
      if (!functions) {
        functions = getFunctions(app, settings.functionsRegion);
        if (emulators.functions) connectFunctionsEmulator(functions, emulators.functions.host, emulators.functions.port);
      }
      return functions;
    },
    storage() {
      if (!storage) {
        storage = getStorage(app);
        if (emulators.storage) connectStorageEmulator(storage, emulators.storage.host, emulators.storage.port);
      }
      return storage;
    },
  };
}
