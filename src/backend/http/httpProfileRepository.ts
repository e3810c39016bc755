import type { Profile } from '../../domain/types.ts';
import type { ProfileRepository } from '../ports.ts';
import { request } from './request.ts';

export function createHttpProfileRepository(): ProfileRepository {
  return {
    async get(id) {
      const { profile } = await request<{ profile: Profile }>('GET', `/api/profiles/${encodeURIComponent(id)}`);
      return profile;
    },
    async update(id, set) {
      const { profile } = await request<{ profile: Profile }>('PATCH', `/api/profiles/${encodeURIComponent(id)}`, { set });
      return profile;
    },
  };
}
