import type { ProfilePatch } from '../changeSet.ts';
import { AppError } from '../errors.ts';
import { canEditProfile, RIGHTS_MESSAGES } from '../permissions.ts';
import { canEditTree, ROLE_MESSAGES, type TreeRole } from '../roles.ts';
import { READ_ONLY_FIELDS, SCALAR_FIELDS, STAMP_FIELDS, type ProfileScalars } from '../profile.ts';
import { jsonTextProblem } from '../validation/text.ts';
import type { Profile } from '../types.ts';
import { checkProfileRecord } from '../validation/profile.ts';
import type { GraphStore, Publication } from './graphStore.ts';
import { propagatePatches } from './propagate.ts';
import { refuseTreesLeft } from './treesLeft.ts';

export const PROFILE_NOT_FOUND = 'Profile not found.';


export interface ProfileUpdate {
  uid: string;
  /** The profile's id. */
  id: string;
  /** Plain fields to set; the stamps a client sends are ignored. */
  set: Record<string, string>;
  clientId?: string;
}

/**
 * The profile page's save: plain fields of one profile, per field last writer wins, under the §6
 * edit rights (someone else's person only as an owner or editor of a tree showing them); every
 * graph showing the profile gets the patch as its next revision.
 */
export async function updateProfile(
  store: GraphStore,
  request: ProfileUpdate,
  options: { now: Date; publish(publications: readonly Publication[]): void },
): Promise<Profile> {
  const { uid, id, clientId = '' } = request;
  const text = jsonTextProblem({ set: request.set, clientId });
  if (text) throw new AppError('invalid-argument', text);
  const patchSet: Partial<ProfileScalars> = {};
  for (const [field, value] of Object.entries(request.set)) {
    if (!(SCALAR_FIELDS as readonly string[]).includes(field)) throw new AppError('invalid-argument', `Profile field ${field} is unknown`);
    if ((STAMP_FIELDS as readonly string[]).includes(field)) continue;
    (patchSet as Record<string, string>)[field] = value;
  }
  const now = options.now;

  const { profile, publications } = await store.transaction(async (tx) => {
    const showing = await tx.graphsShowing([id]);
    const heads = await tx.lockGraphs([...showing.keys()]);
    const stored = (await tx.profiles([id])).get(id);
    if (!stored) throw new AppError('not-found', PROFILE_NOT_FOUND);
    let role: TreeRole | null = null;
    if (stored.id !== uid && stored.ownerUid !== uid) {
      // Someone else's person: only through a tree that shows them, as its owner or an editor.
      const roles: (TreeRole | null)[] = [];
      for (const graphId of showing.keys()) roles.push(await tx.memberRole(graphId, uid));
      if (!roles.some(Boolean)) throw new AppError('permission-denied', RIGHTS_MESSAGES.notAMember);
      role = roles.find(canEditTree) ?? null;
      if (!role) throw new AppError('permission-denied', ROLE_MESSAGES.viewer);
    } else await refuseTreesLeft(tx, showing, uid, [id]);
    if (!canEditProfile(stored, uid, role)) throw new AppError('permission-denied', RIGHTS_MESSAGES.edit);
    const readOnly = READ_ONLY_FIELDS.find((f) => Object.hasOwn(patchSet, f) && patchSet[f] !== stored[f]);
    if (readOnly) throw new AppError('permission-denied', `The field ${readOnly} is read-only`);
    const stamp = { updatedBy: uid, updatedAt: now.toISOString() };
    const next: Profile = { ...stored, ...patchSet, ...stamp };
    const opts = { currentYear: now.getUTCFullYear() };
    const problem = checkProfileRecord(next, opts);
    if (problem && problem !== checkProfileRecord(stored, opts)) throw new AppError('invalid-argument', problem);
    await tx.writeProfiles([next]);
    const patch: ProfilePatch = { id, set: { ...patchSet, ...stamp } };
    const pubs = await propagatePatches(tx, heads, showing, [patch], null, { clientId, actorUid: uid, at: now.toISOString(), before: (pid) => (pid === id ? stored : undefined) });
    return { profile: next, publications: pubs };
  });
  options.publish(publications);
  return profile;
}
