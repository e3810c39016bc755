import { findProfileByEmail, linkNodeToProfile, normalisePersonFields, savePerson, EDIT_PERSON_MESSAGES, type PersonFields } from '../../../domain/editPerson.ts';
import { linkedToProfileMessage } from '../../../domain/labels.ts';
import { newProfile } from '../../../domain/profile.ts';
import type { RelativeKind } from '../../../domain/relationships.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import type { ParentRole, Profile } from '../../../domain/types.ts';
import { commitEdit, type ActionOutcome } from './commit.ts';
import { notifier, type TreeActionContext } from './context.ts';
import { TREE_TOASTS } from './messages.ts';
import { addRelativeAction } from './relatives.ts';
import { mayLinkProfile, mayRelink } from './rights.ts';
import { RIGHTS_MESSAGES } from '../../../domain/permissions.ts';

/**
 * Create Person (§2 "Modals"): a new profile (fresh 'pr:' id, created by the member) added as the
 * chosen relative of the card; toasts as Add Relative does.
 */
export function createPersonAction(
  ctx: TreeActionContext,
  req: { nodeId: string; kind: RelativeKind; parentRole?: ParentRole; otherParentProfileId?: string; couple?: boolean; fields: PersonFields },
): ActionOutcome<{ nodeId: string; profileId: string }> {
  const profile = newProfile(ctx.newProfileId(), normalisePersonFields(req.fields), { uid: ctx.uid, now: ctx.now() });
  const { fields: _fields, ...relative } = req;
  const result = addRelativeAction(ctx, { ...relative, person: { newProfile: profile } });
  return result.ok ? { ...result, profileId: profile.id } : result;
}

/** True when saving `fields` would change nothing on the profile (after trimming and padding). */
export function isUnchanged(profile: Profile, fields: PersonFields): boolean {
  const normalised = normalisePersonFields(fields) as Record<string, string>;
  return Object.keys(normalised).every((k) => (profile as unknown as Record<string, string>)[k] === normalised[k]);
}

/**
 * Edit Person's save (§4): stamps updatedBy/updatedAt through the domain. Nothing changed → info
 * 'No changes to save'; success → 'Profile updated'; failure → 'Failed to save profile'.
 */
export function savePersonAction(ctx: TreeActionContext, nodeId: string, fields: PersonFields): ActionOutcome<{ changed: boolean }> {
  const graph = ctx.session.graph;
  const node = graphIndex(graph).nodes.get(nodeId);
  const profile = node ? graph.profiles[node.data.profileId] : undefined;
  if (profile && isUnchanged(profile, fields)) {
    notifier(ctx).info(TREE_TOASTS.noChanges);
    return { ok: true, changed: false };
  }
  const done = commitEdit(ctx, () => savePerson(ctx.session.graph, { nodeId, fields, uid: ctx.uid, now: ctx.now() }), {
    success: TREE_TOASTS.profileUpdated,
    failure: TREE_TOASTS.profileSaveFailed,
    refusal: () => TREE_TOASTS.profileSaveFailed,
  });
  return done.ok ? { ok: true, changed: true } : done;
}

/**
 * Links a card to an existing profile (§4 Edit person). Linking to the profile it already shows
 * is ignored (`linked: false`, no toast); the own profile cannot be re-linked (domain message).
 */
export function linkToProfileAction(ctx: TreeActionContext, nodeId: string, profileId: string): ActionOutcome<{ linked: boolean }> {
  const graph = ctx.session.graph;
  const target = graph.profiles[profileId];
  // The card's relatives move to the chosen profile: all of them must be free to change (§6).
  const node = graphIndex(graph).nodes.get(nodeId);
  const allowed = !node || node.data.isPrimary || node.data.profileId === profileId || (mayRelink(graph, nodeId, ctx.uid) && (!target || mayLinkProfile(target, ctx.uid)));
  const link = () => linkNodeToProfile(graph, { nodeId, profileId, ownUid: ctx.uid, uid: ctx.uid, now: ctx.now() });
  const done = commitEdit(ctx, () => (allowed ? link() : { ok: false as const, message: RIGHTS_MESSAGES.relink }), {
    success: (result) => (result.linked ? linkedToProfileMessage(result.graph.profiles[profileId]!) : undefined),
    failure: TREE_TOASTS.linkRelativeFailed,
  });
  return done.ok ? { ok: true, linked: done.result.linked } : done;
}

/** Link by e-mail: case-insensitive exact match, else 'No profile found with that email'. */
export function linkByEmailAction(ctx: TreeActionContext, nodeId: string, email: string): ActionOutcome<{ linked: boolean }> {
  const found = findProfileByEmail(ctx.session.graph.profiles, email);
  if (!found) {
    notifier(ctx).error(EDIT_PERSON_MESSAGES.noProfileWithEmail);
    return { ok: false, message: EDIT_PERSON_MESSAGES.noProfileWithEmail };
  }
  return linkToProfileAction(ctx, nodeId, found.id);
}
