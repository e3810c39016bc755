import type { AvatarUpload, MediaStore, AvatarStore } from '../../../../backend/ports.ts';
import { errorMessage } from '../../../../components/errorMessage.ts';
import { PROFILE_ID_PREFIX } from '../../../../domain/ids.ts';
import { addMedia, newMediaId, removeMedia, setCardPhoto, type MediaFields } from '../../../../domain/media/mediaOps.ts';
import { canEditProfile } from '../../../../domain/permissions.ts';
import type { TreeRole } from '../../../../domain/roles.ts';
import type { Profile } from '../../../../domain/types.ts';
import { commitFacts, type FactsActionContext } from '../../actions/facts.ts';
import { MEDIA_TEXTS } from './mediaTexts.ts';

/**
 * The tree's photo and document actions: upload then add the record (one undoable edit), remove,
 * and make a photo the card's. They answer a message when they fail, for the form to keep.
 */

export type MediaActionContext = FactsActionContext & { graphId: string; store: MediaStore };

/**
 * Whether the member may change this person's card photo: as the server's avatar route allows
 * (`mayReplacePhoto`): their own, one they claimed, or an unclaimed relative on a tree they edit.
 */
export function mayChangeCardPhoto(profile: Pick<Profile, 'id' | 'ownerUid'>, uid: string, role: TreeRole | null): boolean {
  if (profile.id === uid) return true;
  if (!profile.id.startsWith(PROFILE_ID_PREFIX)) return false;
  return canEditProfile(profile, uid, role);
}

/** Uploads the file, then adds its record. Null when done; else the message to show. */
export async function uploadMediaAction(ctx: MediaActionContext, file: File, fields: MediaFields): Promise<string | null> {
  const id = newMediaId(ctx.random ?? Math.random);
  let stored;
  try {
    stored = await ctx.store.upload(ctx.graphId, id, fields.people, file, ctx.session.graph.media ?? {});
  } catch (e) {
    return errorMessage(e, MEDIA_TEXTS.saveFailed);
  }
  const done = commitFacts(ctx, () => addMedia(ctx.session.graph, id, stored.kind, fields, stored), stored.kind === 'document' ? MEDIA_TEXTS.documentAdded : MEDIA_TEXTS.added, MEDIA_TEXTS.saveFailed);
  return done.ok ? null : done.message;
}

export function deleteMediaAction(ctx: MediaActionContext, id: string): boolean {
  return commitFacts(ctx, () => removeMedia(ctx.session.graph, id), MEDIA_TEXTS.deleted, MEDIA_TEXTS.saveFailed).ok;
}

/** Stores the cropped avatar files and makes them the person's card photo. */
export type CardPhotoContext = FactsActionContext & { avatars: AvatarStore; session: FactsActionContext['session'] & { savedOnServer(profileId: string): Promise<boolean> } };

export async function cardPhotoAction(ctx: CardPhotoContext, profileId: string, files: AvatarUpload): Promise<string | null> {
  let urls;
  try {
    // A relative added moments ago may still be on its way to the server, which must know them.
    if (!(await ctx.session.savedOnServer(profileId))) return MEDIA_TEXTS.cardPhotoFailed;
    urls = await ctx.avatars.upload(profileId, files);
  } catch (e) {
    return errorMessage(e, MEDIA_TEXTS.cardPhotoFailed);
  }
  const done = commitFacts(ctx, () => setCardPhoto(ctx.session.graph, { profileId, ...urls, uid: ctx.uid, now: ctx.now() }), MEDIA_TEXTS.cardPhotoSet, MEDIA_TEXTS.cardPhotoFailed);
  return done.ok ? null : done.message;
}
