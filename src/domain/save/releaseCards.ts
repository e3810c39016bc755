import { applyProfilePatch, diffProfile, emptyChangeSet, type ChangeSet, type ProfilePatch } from '../changeSet.ts';
import { PERSONAL_FIELDS, RELATION_FIELDS, type ProfileScalars, type ScalarField } from '../profile.ts';
import type { Group } from '../entityKinds.ts';
import type { Couple } from '../facts/types.ts';
import { rekeyedCouples } from './rekeyCouples.ts';
import type { GraphNode, Profile } from '../types.ts';
import { beforeOf } from '../history/before.ts';
import { historyEntry } from '../history/entry.ts';
import { readerOf } from '../history/record.ts';
import type { ClaimBase, GraphStoreTransaction, Publication } from './graphStore.ts';

/**
 * What a member who deletes their account lets the trees keep of what they wrote on the cards
 * they claimed: the name only, or nothing (the card stays, "Unnamed", so the family around it
 * keeps its shape). What the tree's editors entered stays either way.
 */
export type CardConsent = 'keep-name' | 'remove';

export interface ReleaseInput {
  uid: string;
  /** The cards they claimed besides their own profile (ownerUid = uid, 'pr:' ids). */
  claimedIds: readonly string[];
  consent: CardConsent;
  /** A fresh 'pr:' id for their own profile, which cannot keep their uid once the account is gone. */
  newOwnId: string;
  now: string;
}

const NAME_FIELDS: readonly ScalarField[] = ['firstName', 'lastName'];
/** Theirs whatever the card held before: the sign-in address, and photos (their files go with the account). */
const ALWAYS_GO: readonly ScalarField[] = ['email', 'photoURL', 'photoURLSmall'];

/**
 * What a released card holds (issue 19): the tree's editors' entries stay, and only what the
 * member wrote about themselves goes, as their consent says. After a claim only the member edits
 * the card (§6), so a field that differs from `base` (the card as the editors left it when it was
 * claimed) is theirs and goes back to the editors' value ('' where they entered none, and for a
 * card the member made themselves, which has no base). The name is kept ('keep-name') or emptied
 * ('remove': "Unnamed"); the e-mail, the photo and the owner always go.
 */
export function releasedFields(p: Profile, consent: CardConsent, base: ClaimBase | undefined, stamp: { updatedBy: string; updatedAt: string }): Partial<ProfileScalars> {
  const set: Partial<ProfileScalars> = { ownerUid: '', ...stamp };
  for (const f of PERSONAL_FIELDS) {
    const name = NAME_FIELDS.includes(f);
    if (name && consent === 'keep-name') continue;
    const value = name || ALWAYS_GO.includes(f) ? '' : (base?.[f] ?? '');
    if ((p[f] ?? '') !== value) (set as Record<string, string>)[f] = value;
  }
  return set;
}

/** The personal fields of a card as it is claimed: its `ClaimBase`. */
export function claimBaseOf(p: Profile): ClaimBase {
  const base: ClaimBase = {};
  for (const f of PERSONAL_FIELDS) if (p[f]) base[f] = p[f];
  return base;
}

/**
 * Account deletion, inside its transaction: every card the member claimed goes back to an
 * unclaimed card in every graph showing it, with their consent applied. Their own profile (id =
 * their uid) is re-keyed to `newOwnId` in each of those graphs, the cards and the relatives'
 * lists following it, as accepting an invitation re-keyed a card the other way. Each graph gets
 * one change set as its next revision. Returns what to publish after the commit.
 */
export async function releaseCards(tx: GraphStoreTransaction, input: ReleaseInput): Promise<Publication[]> {
  const ids = [input.uid, ...input.claimedIds];
  const showing = await tx.graphsShowing(ids);
  const heads = await tx.lockGraphs([...showing.keys()]);
  const stamp = { updatedBy: input.uid, updatedAt: input.now };
  const stored = await tx.profiles(ids);
  const bases = await tx.claimBases(ids);
  const publications: Publication[] = [];

  // Every read before any write (as a Firestore transaction needs): a relative shown in two
  // graphs is read unpatched for each, so each graph gets its own patch of them.
  const plans: { graphId: string; shown: ReadonlySet<string>; nodes: GraphNode[]; listing: Profile[]; couples: Group<Couple> | null }[] = [];
  for (const [graphId, shown] of [...showing].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!heads.has(graphId)) continue;
    const lookup = tx.lookup(graphId);
    const mine = shown.has(input.uid);
    const nodes = mine ? await lookup.nodesShowing([input.uid]) : [];
    const listing = mine ? (await lookup.profilesListing([input.uid])).filter((p) => p.id !== input.uid).sort((a, b) => (a.id < b.id ? -1 : 1)) : [];
    const own = stored.get(input.uid);
    const couples = mine && own ? await rekeyedCouples(lookup, own, input.newOwnId) : null;
    plans.push({ graphId, shown, nodes, listing, couples });
  }

  for (const { graphId, shown, nodes, listing, couples } of plans) {
    const head = heads.get(graphId)!;
    const changes: ChangeSet = emptyChangeSet(head.revision);
    const patches = new Map<string, ProfilePatch>();
    for (const id of input.claimedIds) {
      const p = stored.get(id);
      if (p && shown.has(id)) patches.set(id, { id, set: releasedFields(p, input.consent, bases.get(id), stamp) });
    }
    const own = stored.get(input.uid);
    let released: Profile | null = null;
    if (own && shown.has(input.uid)) {
      released = { ...applyProfilePatch(own, { id: own.id, set: releasedFields(own, input.consent, bases.get(own.id), stamp) })!, id: input.newOwnId };
      for (const node of nodes) changes.nodes.upsert.push({ ...node, modifiedAt: input.now, data: { ...node.data, profileId: input.newOwnId } });
      for (const p of listing) {
        const patch = patches.get(p.id) ?? { id: p.id };
        for (const f of RELATION_FIELDS) {
          if (!p[f].includes(input.uid)) continue;
          (patch.remove ??= {})[f] = [input.uid];
          (patch.add ??= {})[f] = [input.newOwnId];
        }
        if (patch.remove) patches.set(p.id, patch);
      }
      changes.profiles.remove.push(input.uid);
      if (couples?.remove.length) changes.couples = couples;
    }
    const before = new Map(listing.map((p) => [p.id, p]));
    const written: Profile[] = [...patches.values()].map((patch) => applyProfilePatch(stored.get(patch.id) ?? before.get(patch.id), patch)!);
    changes.profiles.upsert = [...(released ? [diffProfile(undefined, released)!] : []), ...patches.values()];
    if (released) written.unshift(released);
    if (!changes.profiles.upsert.length) continue;
    await tx.writeChanges(graphId, changes, written);
    const event = { revision: head.revision + 1, changes, clientId: 'account-deleted', actorUid: input.uid };
    await tx.appendChange(graphId, event);
    await tx.appendHistory(graphId, historyEntry(event, beforeOf(readerOf({ nodes, profiles: [...stored.values(), ...listing] }), changes), input.now));
    publications.push({ graphId, event });
  }
  // Released, the cards are nobody's: what they held when claimed no longer matters.
  for (const id of bases.keys()) await tx.setClaimBase(id, null);
  return publications;
}
