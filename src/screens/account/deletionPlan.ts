import type { ClaimedCardChoice, OwnedTreeChoice, TreeMember, TreeSummary } from '../../backend/ports.ts';

/**
 * Deleting one's account (issue 11 "One's own data"): the member chooses what stays of the card
 * they claimed, and what becomes of each tree they own: handed to another member of it, or
 * deleted. Nothing is sent until every choice is made and the password typed.
 */

/** A tree the member owns, with the members it could be handed to (everyone else in it). */
export interface OwnedTree {
  tree: Pick<TreeSummary, 'graphId' | 'name' | 'people'>;
  heirs: TreeMember[];
}

/** A choice for one owned tree, as the form holds it: the heir may still be unchosen (''). */
export type TreeDecision = { action: 'transfer'; toUid: string } | { action: 'delete' };

export interface DeletionDraft {
  card: ClaimedCardChoice | '';
  trees: Record<string, TreeDecision | undefined>;
  password: string;
}

export const DELETION_PROBLEMS = {
  card: 'Choose what stays of your card.',
  tree: (name: string) => `Choose what becomes of the ${name}.`,
  heir: (name: string) => `Choose who takes over the ${name}.`,
  password: 'Enter your password to confirm.',
} as const;

/** The members a tree can be handed to: everyone but the member leaving, editors first, then by name. */
export function heirsOf(members: readonly TreeMember[], uid: string): TreeMember[] {
  const rank = (m: TreeMember) => (m.role === 'editor' ? 0 : 1);
  return members.filter((m) => m.uid !== uid).sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

/** A tree nobody else belongs to can only be deleted: that is its choice from the start. */
export function initialDraft(owned: readonly OwnedTree[]): DeletionDraft {
  const trees: DeletionDraft['trees'] = {};
  for (const o of owned) if (!o.heirs.length) trees[o.tree.graphId] = { action: 'delete' };
  return { card: '', trees, password: '' };
}

/** The first choice still missing, in the order the form asks, or null when it may be sent. */
export function deletionProblem(draft: DeletionDraft, owned: readonly OwnedTree[]): string | null {
  if (!draft.card) return DELETION_PROBLEMS.card;
  for (const o of owned) {
    const d = draft.trees[o.tree.graphId];
    if (!d) return DELETION_PROBLEMS.tree(o.tree.name);
    if (d.action === 'transfer' && !o.heirs.some((h) => h.uid === d.toUid)) return DELETION_PROBLEMS.heir(o.tree.name);
  }
  if (!draft.password) return DELETION_PROBLEMS.password;
  return null;
}

/** The request the server takes (`AccountService.deleteAccount`), once `deletionProblem` is null. */
export function deletionRequest(draft: DeletionDraft, owned: readonly OwnedTree[]): { password: string; card: ClaimedCardChoice; trees: OwnedTreeChoice[] } {
  if (deletionProblem(draft, owned)) throw new Error('The deletion is not complete');
  const trees = owned.map((o): OwnedTreeChoice => {
    const d = draft.trees[o.tree.graphId]!;
    return d.action === 'transfer' ? { graphId: o.tree.graphId, action: 'transfer', toUid: d.toUid } : { graphId: o.tree.graphId, action: 'delete' };
  });
  return { password: draft.password, card: draft.card as ClaimedCardChoice, trees };
}

/** How many people go with the trees chosen for deletion (the warning says it). */
export function peopleDeleted(draft: DeletionDraft, owned: readonly OwnedTree[]): number {
  return owned.reduce((n, o) => (draft.trees[o.tree.graphId]?.action === 'delete' ? n + o.tree.people : n), 0);
}
