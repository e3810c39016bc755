import { describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../../../../src/backend/firebase/callables.ts';
import { parseEmulators, readFirebaseSettings, sameOriginUrl } from '../../../../src/backend/firebase/config.ts';
import { AppError } from '../../../../src/domain/errors.ts';

const FULL = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'kin.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'kin',
  VITE_FIREBASE_STORAGE_BUCKET: 'kin.appspot.com',
  VITE_FIREBASE_APP_ID: '1:2:web:3',
};

describe('readFirebaseSettings', () => {
  it('reads the web config and defaults the rest', () => {
    expect(readFirebaseSettings(FULL)).toEqual({
      web: { apiKey: 'key', authDomain: 'kin.firebaseapp.com', projectId: 'kin', storageBucket: 'kin.appspot.com', appId: '1:2:web:3' },
      functionsRegion: FUNCTIONS_REGION,
      authSyncUrl: null,
      emulators: {},
    });
  });

  it('takes the optional settings', () => {
    const s = readFirebaseSettings({
      ...FULL,
      VITE_FIREBASE_MESSAGING_SENDER_ID: '42',
      VITE_FIREBASE_FUNCTIONS_REGION: 'europe-west1',
      VITE_FIREBASE_AUTH_SYNC_URL: '/__session',
      VITE_FIREBASE_EMULATORS: 'auth=127.0.0.1:9099, functions=localhost:5001',
    });
    expect(s.web.messagingSenderId).toBe('42');
    expect(s.functionsRegion).toBe('europe-west1');
    expect(s.authSyncUrl).toBe('/__session');
    expect(s.emulators).toEqual({ auth: { host: '127.0.0.1', port: 9099 }, functions: { host: 'localhost', port: 5001 } });
  });

  it.each([
    [{}, 'VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_STORAGE_BUCKET, VITE_FIREBASE_APP_ID were'],
    [{ ...FULL, VITE_FIREBASE_APP_ID: '  ' }, 'VITE_FIREBASE_APP_ID was'],
    [{ ...FULL, VITE_FIREBASE_PROJECT_ID: undefined, VITE_FIREBASE_API_KEY: '' }, 'VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID were'],
  ])('§8: a missing configuration is an error stating it was not found (%#)', (env, named) => {
    let error: unknown;
    try {
      readFirebaseSettings(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'failed-precondition' });
    expect((error as Error).message).toBe(`The backend configuration was not found: this build is for Firebase but ${named} not set when it was built.`);
  });
});

describe('parseEmulators', () => {
  it.each([
    ['', {}],
    ['firestore=127.0.0.1:8080,storage=127.0.0.1:9199', { firestore: { host: '127.0.0.1', port: 8080 }, storage: { host: '127.0.0.1', port: 9199 } }],
  ])('%j', (spec, hosts) => expect(parseEmulators(spec)).toEqual(hosts));

  it.each(['auth', 'auth=127.0.0.1', 'database=127.0.0.1:9000', 'auth=127.0.0.1:0', 'auth=127.0.0.1:70000', 'auth=http://x:1'])(
    'refuses %j rather than talk to the real project',
    (spec) => expect(() => parseEmulators(spec)).toThrow(/VITE_FIREBASE_EMULATORS has/),
  );
});

describe('sameOriginUrl (§7: the auth-token sync stays on the site)', () => {
  it.each([
    ['/api/session-sync', 'https://kin.example', 'https://kin.example/api/session-sync'],
    ['https://kin.example/sync', 'https://kin.example', 'https://kin.example/sync'],
    ['https://evil.example/sync', 'https://kin.example', null],
    ['//evil.example/sync', 'https://kin.example', null],
    ['http://kin.example/sync', 'https://kin.example', null],
    ['https://kin.example:8443/sync', 'https://kin.example', null],
  ])('%s on %s', (url, origin, expected) => expect(sameOriginUrl(url, origin)).toBe(expected));
});
