import { DEFAULT_DIGEST, isDigestFrequency, type DigestFrequency } from '../../src/domain/activity/types.ts';
import type { TreeSummary } from '../../src/backend/ports.ts';
import type { GraphDoc, MembersDoc, UserDoc } from '../../src/backend/firebase/paths.ts';
import { DEFAULT_VIEWER_VISIBILITY, isVisibility, type Visibility } from '../../src/domain/privacy.ts';
import { treeName, type TreeRole } from '../../src/domain/roles.ts';
import { roleIn } from './store/firestoreGraphStore.ts';

/**
 * Several trees per member on Firebase, the pure part: which tree `openGraph` opens without an id,
 * the summaries Home lists, and the order they come in (as the self-hosted server's
 * server/graphs/trees.ts decides them).
 */

/**
 * The tree opened without an id: the one opened last while still a member, else the one joined
 * last, else the member's own (made empty on first use).
 */
export function currentGraphId(uid: string, user: UserDoc | null, isMember: (graphId: string) => boolean): string {
  return openedGraphId(user, isMember) ?? uid;
}

/**
 * The tree the member opened last (joining one counts) while still a member of it; null before
 * they open any, when Home marks none "Opened last" and greets them "Welcome" (issue 19, item 17).
 */
export function openedGraphId(user: UserDoc | null, isMember: (graphId: string) => boolean): string | null {
  const last = user?.lastGraphId;
  if (last && isMember(last)) return last;
  const joined = user?.joinedGraphId;
  if (joined && isMember(joined)) return joined;
  return null;
}

export interface TreeFacts {
  graphId: string;
  graph: GraphDoc;
  members: MembersDoc | null;
  ownerName: string;
  ownerLastName: string;
  people: number;
}

/** One tree as Home lists it for `uid`, or null when they are not a member of it; `currentId` is the one they opened last, if any. */
export function treeSummary(uid: string, facts: TreeFacts, currentId: string | null): TreeSummary | null {
  const role: TreeRole | null = roleIn(facts.members, uid);
  if (!role) return null;
  return {
    graphId: facts.graphId,
    name: treeName(facts.graph.name ?? '', facts.ownerLastName),
    ownerUid: facts.graph.ownerUid,
    ownerName: facts.ownerName,
    role,
    people: facts.people,
    joinedAt: facts.members?.joinedAt?.[uid] ?? '',
    current: facts.graphId === currentId,
  };
}

/** The last opened first, then by name (then id, so the order is total). */
export function sortTrees(trees: TreeSummary[]): TreeSummary[] {
  return [...trees].sort((a, b) => Number(b.current) - Number(a.current) || a.name.localeCompare(b.name) || (a.graphId < b.graphId ? -1 : a.graphId > b.graphId ? 1 : 0));
}

/** The e-mail digest a member chose (AccountSettings.digest), off by default. */
export function digestOf(user: UserDoc | null | undefined): DigestFrequency {
  return isDigestFrequency(user?.digest) ? user.digest : DEFAULT_DIGEST;
}

/** What a member lets viewers see of the cards they claimed (AccountSettings.viewerVisibility). */
export function visibilityOf(user: UserDoc | null | undefined): Visibility {
  return isVisibility(user?.viewerVisibility) ? user.viewerVisibility : DEFAULT_VIEWER_VISIBILITY;
}
