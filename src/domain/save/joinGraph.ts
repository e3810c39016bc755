import { applyProfilePatch, diffProfile, emptyChangeSet, type ProfilePatch } from '../changeSet.ts';
import { RELATION_FIELDS } from '../profile.ts';
import { rekeyedCouples } from './rekeyCouples.ts';
import type { MemberRole } from '../roles.ts';
import type { GraphNode, Profile } from '../types.ts';
import { AppError } from '../errors.ts';
import type { GraphStoreTransaction, Publication } from './graphStore.ts';
import { propagatePatches } from './propagate.ts';
import { beforeOf } from '../history/before.ts';
import { historyEntry } from '../history/entry.ts';
import { profilesBefore, readerOf } from '../history/record.ts';
import { claimBaseOf } from './releaseCards.ts';
import { GRAPH_NOT_FOUND } from './saveChangeSet.ts';

export interface JoinInput {
  graphId: string;
  nodeId: string;
  uid: string;
  firstName: string;
  lastName: string;
  email: string;
  gender: Profile['gender'];
  now: string;
  /** The role the invitation gives. */
  role: MemberRole;
}

/**
 * Accepting an invitation that names a graph and a node (inside the accept transaction): the new
 * member joins the graph and the invited person becomes theirs. Their own profile id is their uid,
 * so the node's profile is re-keyed to it: the details relatives entered stay, the e-mail, owner,
 * the names they typed and the gender they chose (even "Prefer not to say": their own say wins
 * over what relatives guessed) are set, and every list naming the old id is updated (read through the
 * profiles listing it, not the whole graph). What the card held is recorded as its `ClaimBase`. Without a usable node (removed since, or already
 * claimed) they join with `fallback`, a fresh profile. Returns what to publish after the commit.
 */
export async function joinGraph(tx: GraphStoreTransaction, input: JoinInput, fallback: Profile): Promise<Publication[]> {
  const head = (await tx.lockGraphs([input.graphId])).get(input.graphId);
  if (!head) {
    await tx.writeProfiles([fallback]);
    return [];
  }
  const lookup = tx.lookup(head.id);
  const [node] = await lookup.nodes([input.nodeId]);
  const oldId = node?.data.profileId ?? '';
  const [old] = oldId ? await lookup.profiles([oldId]) : [];
  const claimable = !!old && !old.ownerUid && old.id !== head.ownerUid && old.id !== input.uid;
  const listing = claimable ? await lookup.profilesListing([oldId]) : [];
  const couples = claimable ? await rekeyedCouples(lookup, old!, input.uid) : null;

  const stamp = { updatedBy: input.uid, updatedAt: input.now };
  const own: Profile = claimable
    ? {
        ...old!,
        id: input.uid,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        gender: input.gender,
        ownerUid: input.uid,
        ...stamp,
      }
    : { ...fallback, ...stamp };

  const changes = emptyChangeSet(head.revision);
  changes.profiles.upsert.push(diffProfile(undefined, own)!);
  const written: Profile[] = [own];
  if (node && (claimable || !oldId)) {
    const moved: GraphNode = { ...node, modifiedAt: input.now, data: { ...node.data, profileId: input.uid } };
    changes.nodes.upsert.push(moved);
  }
  if (claimable) {
    for (const p of [...listing].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      if (p.id === oldId) continue;
      const patch: ProfilePatch = { id: p.id };
      for (const f of RELATION_FIELDS) {
        if (!p[f].includes(oldId)) continue;
        (patch.remove ??= {})[f] = [oldId];
        (patch.add ??= {})[f] = [input.uid];
      }
      if (!patch.remove) continue;
      changes.profiles.upsert.push(patch);
      written.push(applyProfilePatch(p, patch)!);
    }
    changes.profiles.remove.push(oldId);
    if (couples?.remove.length) changes.couples = couples;
  }

  await tx.writeChanges(head.id, changes, written);
  if (claimable) await tx.setClaimBase(input.uid, claimBaseOf(old!));
  await tx.addMember(head.id, input.uid, input.role);
  const event = { revision: head.revision + 1, changes, clientId: 'invitation', actorUid: input.uid };
  await tx.appendChange(head.id, event);
  await tx.appendHistory(head.id, historyEntry(event, beforeOf(readerOf({ nodes: node ? [node] : [], profiles: [old, ...listing] }), changes), input.now));
  return [{ graphId: head.id, event }];
}

export interface MemberJoinInput {
  graphId: string;
  nodeId: string;
  uid: string;
  /** The member's sign-in address, which the claimed card takes. */
  email: string;
  now: string;
  role: MemberRole;
}

/**
 * "Sign in to accept": an existing member joins the graph of an invitation (inside the accept
 * transaction). Their own profile already exists, with relatives of its own in other trees, so
 * the card is not re-keyed to their uid (that would mix the relatives of several trees in one
 * profile's lists): the card's profile becomes theirs (ownerUid, their e-mail, and their own
 * profile's names and gender, their say winning over what relatives entered), and every graph
 * showing it gets the patch. A card claimed or removed meanwhile: they join without one.
 * Returns what to publish after the commit; throws not-found when the graph is gone.
 */
export async function joinAsMember(tx: GraphStoreTransaction, input: MemberJoinInput): Promise<Publication[]> {
  const first = await tx.lookup(input.graphId).nodes([input.nodeId]);
  const oldId = first[0]?.data.profileId ?? '';
  const showing = oldId ? await tx.graphsShowing([oldId]) : new Map<string, Set<string>>();
  const heads = await tx.lockGraphs([input.graphId, ...showing.keys()]);
  const head = heads.get(input.graphId);
  if (!head) throw new AppError('not-found', GRAPH_NOT_FOUND);
  await tx.addMember(head.id, input.uid, input.role);

  const lookup = tx.lookup(head.id);
  const [node] = await lookup.nodes([input.nodeId]);
  const [old] = node?.data.profileId ? await lookup.profiles([node.data.profileId]) : [];
  if (!old || old.ownerUid || old.id === head.ownerUid || old.id === input.uid) return [];
  const own = (await tx.profiles([input.uid])).get(input.uid);
  const set: ProfilePatch['set'] = {
    ownerUid: input.uid,
    email: input.email,
    ...(own ? { firstName: own.firstName, lastName: own.lastName, gender: own.gender } : {}),
    updatedBy: input.uid,
    updatedAt: input.now,
  };
  const patch: ProfilePatch = { id: old.id, set };
  const changes = emptyChangeSet(head.revision);
  changes.profiles.upsert.push(patch);
  await tx.writeChanges(head.id, changes, [applyProfilePatch(old, patch)!]);
  await tx.setClaimBase(old.id, claimBaseOf(old));
  const by = { clientId: 'invitation', actorUid: input.uid };
  const event = { revision: head.revision + 1, changes, ...by };
  await tx.appendChange(head.id, event);
  const before = (id: string) => (id === old.id ? old : undefined);
  await tx.appendHistory(head.id, historyEntry(event, profilesBefore(changes, before), input.now));
  const elsewhere = await propagatePatches(tx, heads, showing, [patch], head.id, { ...by, at: input.now, before });
  return [{ graphId: head.id, event }, ...elsewhere];
}
