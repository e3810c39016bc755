import { doc, getDoc, type Firestore } from 'firebase/firestore';
import { AppError } from '../../domain/errors.ts';
import { PROFILE_NO_ACCESS, PROFILE_NOT_FOUND } from '../../domain/profile.ts';
import type { ProfileRepository } from '../ports.ts';
import type { Call } from './call.ts';
import { fromFirebase } from './errors.ts';
import { paths, type ProfileDoc } from './paths.ts';

/**
 * ProfileRepository: reads the profile document (firestore.rules let a member read their own and
 * those their graphs show); saves through the `updateProfile` callable, which applies the change
 * to every graph that shows the profile, as the self-hosted server does.
 */
export function createFirebaseProfileRepository(call: Call, firestore: () => Firestore): ProfileRepository {
  return {
    async get(id) {
      let snapshot;
      try {
        snapshot = await getDoc(doc(firestore(), paths.profile(id)));
      } catch (e) {
        const error = fromFirebase(e, 'read');
        throw error.code === 'permission-denied' ? new AppError('permission-denied', PROFILE_NO_ACCESS) : error;
      }
      if (!snapshot.exists()) throw new AppError('not-found', PROFILE_NOT_FOUND);
      return (snapshot.data() as ProfileDoc).profile;
    },
    async update(id, set) {
      const { profile } = await call('updateProfile', { id, set });
      return profile;
    },
  };
}
