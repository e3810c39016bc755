import type { Backend } from './backend.ts';

export type { Backend } from './backend.ts';

/**
 * The one place that picks the backend, at build time: vite.config.ts replaces
 * `import.meta.env.VITE_BACKEND` with a literal, so the bundler drops the branch not taken and
 * with it the other adapter (a self-hosted build carries no Firebase code, a Firebase build no
 * HTTP adapter; tests/integration/bundle.test.ts checks both). Outside a build (Vitest) it is
 * unset and the self-hosted adapter is used. A Firebase build without its configuration rejects
 * here with the §8 message, which src/main.tsx shows on the page.
 */
export const backend: Backend =
  import.meta.env.VITE_BACKEND === 'firebase'
    ? (await import('./firebase/firebaseBackend.ts')).createFirebaseBackend()
    : (await import('./http/httpBackend.ts')).createHttpBackend();
