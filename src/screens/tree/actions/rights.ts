import { graphIndex } from '../../../domain/graphDraft.ts';
import { cardRights, type CardRights } from '../../../domain/permissions.ts';
import { relationsOf } from '../../../domain/relationships.ts';
import { canEditTree, canInvite, canManageTree, type TreeRole } from '../../../domain/roles.ts';
import type { Graph, Profile } from '../../../domain/types.ts';

/**
 * `cardRights` (§6, the one decision) read off the graph on screen, for the card buttons, the
 * commands and the dialogs: they offer only what the server will accept.
 */

const NONE: CardRights = { link: false, relink: false, remove: false };

/** The rights of the member over one card; none when the card is gone. */
export function rightsOf(graph: Graph, nodeId: string, uid: string): CardRights {
  const node = graphIndex(graph).nodes.get(nodeId);
  if (!node) return NONE;
  return cardRights(node, node.data.profileId ? graph.profiles[node.data.profileId] : undefined, uid);
}

/** Linking or unlinking two cards changes both people's relatives: both must be free to change. */
export function mayLink(graph: Graph, nodeId: string, otherNodeId: string, uid: string): boolean {
  return rightsOf(graph, nodeId, uid).link && rightsOf(graph, otherNodeId, uid).link;
}

/** A profile that may be chosen in Link existing or Link to profile: its relatives will change. */
export function mayLinkProfile(profile: Pick<Profile, 'ownerUid'>, uid: string): boolean {
  return cardRights(undefined, profile, uid).link;
}

/** Link to profile moves the card's relatives to another profile: each of them changes too. */
export function mayRelink(graph: Graph, nodeId: string, uid: string): boolean {
  return rightsOf(graph, nodeId, uid).relink && relationsOf(graph, nodeId).every((r) => rightsOf(graph, r.nodeId, uid).link);
}

/**
 * What the member's role in the tree lets the screens offer at all (§6 roles): `build` is every
 * change of cards and lines (card buttons, Add Relative, Unlink, Delete, moving and drawing,
 * Collapse Children, their keys); `invite` the Invite button and the pending invitations' actions;
 * `manage` the Members dialog. A viewer gets none of them, so no button can only fail.
 */
export interface TreeRights {
  build: boolean;
  invite: boolean;
  manage: boolean;
}

export function treeRights(role: TreeRole): TreeRights {
  return { build: canEditTree(role), invite: canInvite(role), manage: canManageTree(role) };
}

/**
 * Moving cards (Tidy up): any owner or editor may move any card (§6 limits links, not places), so
 * the tree offers it wherever its canvas lets cards be dragged: not while the member has locked
 * it, and never to a viewer (whose canvas drags nothing).
 */
export function mayMoveCards(canvas: { canDrag: boolean }): boolean {
  return canvas.canDrag;
}
