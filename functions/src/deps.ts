import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { RandomFill } from '../../src/domain/ids.ts';
import type { GraphStore } from '../../src/domain/save/graphStore.ts';

/** What the functions work with; index.ts makes the real ones, tests may make their own. */
export interface Deps {
  db: Firestore;
  auth: Auth;
  store: GraphStore;
  clock: () => Date;
  /** Cryptographic randomness (node:crypto's randomFillSync). */
  fill: RandomFill;
  /** The site's origins, for invitation links (the first is the default). */
  origins: readonly string[];
}

/** The caller of a callable: signed in, with the e-mail their ID token carries. */
export interface Caller {
  uid: string;
  email: string;
}
