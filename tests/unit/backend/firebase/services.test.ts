import { browserLocalPersistence, browserSessionPersistence, indexedDBLocalPersistence, inMemoryPersistence } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { AUTH_PERSISTENCE, FIRESTORE_CACHE_BYTES, firestoreSettings, LONG_POLLING_TIMEOUT_S } from '../../../../src/backend/firebase/services.ts';

describe('§9 database client and auth settings', () => {
  it('tries auth persistence across storage types in order: IndexedDB, localStorage, sessionStorage, memory', () => {
    expect(AUTH_PERSISTENCE).toEqual([indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence, inMemoryPersistence]);
  });

  it('keeps a persistent cache of at least 1,048,576 bytes and long-polls for 5 to 30 s', () => {
    expect(FIRESTORE_CACHE_BYTES).toBeGreaterThanOrEqual(1_048_576);
    expect(LONG_POLLING_TIMEOUT_S).toBeGreaterThanOrEqual(5);
    expect(LONG_POLLING_TIMEOUT_S).toBeLessThanOrEqual(30);
    const settings = firestoreSettings('persistent');
    expect(settings.localCache?.kind).toBe('persistent');
    expect(settings.experimentalLongPollingOptions).toEqual({ timeoutSeconds: LONG_POLLING_TIMEOUT_S });
    expect(firestoreSettings('memory').localCache?.kind).toBe('memory');
  });
});
