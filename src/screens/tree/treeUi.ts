import { proxy } from 'valtio';
import type { Relation, RelativeKind } from '../../domain/relationships.ts';

/**
 * Which panel and dialog of the tree screen is open. Small and flat on purpose: the graph itself
 * lives in TreeSession, never in a proxy.
 */
export type TreeDialog =
  | { kind: 'addRelative'; nodeId: string }
  | {
      kind: 'createPerson';
      nodeId: string;
      relation: RelativeKind;
      parentRole?: 'mother' | 'father';
      /** A child's other parent (a spouse's profile), chosen in Add Relative; absent for a single parent. */
      otherParentProfileId?: string;
      /** A second parent: whether the two parents are a couple (absent: yes). */
      couple?: boolean;
    }
  | { kind: 'editPerson'; nodeId: string }
  | { kind: 'linkSpouse'; nodeId: string; otherNodeId: string }
  | { kind: 'unlink'; nodeId: string; relation?: Relation }
  | { kind: 'delete'; nodeIds: string[] }
  | { kind: 'invite'; nodeId: string }
  | { kind: 'profileDetails'; nodeId: string }
  | { kind: 'parentLinks'; nodeId: string }
  /** The tree's places, and one place to edit (issue 20, item 3). */
  | { kind: 'places' }
  | { kind: 'place'; placeId: string };

/** A Tidy up asked for by its button or key (`seq` tells two requests for the same cards apart). */
export interface TidyRequest {
  nodeIds: string[];
  seq: number;
}

export interface TreeUi {
  dialog: TreeDialog | null;
  detailsNodeId: string | null;
  tidy: TidyRequest | null;
  /** Bumped to open the search box and put the focus in it (Find someone, Ctrl+K or /). */
  findRequest: number;
  /** A card to fly to and select, with the details open (a search result was chosen). */
  reveal: { nodeId: string; seq: number } | null;
  /** A couple to show in the details panel (its line was clicked): the partner of the panel's person. */
  coupleFocus: { partnerProfileId: string; seq: number } | null;
}

export const treeUi = proxy<TreeUi>({
  dialog: null,
  detailsNodeId: null,
  tidy: null,
  findRequest: 0,
  reveal: null,
  coupleFocus: null,
});

let tidySeq = 0;

/** Asks the tree's Tidy up control to lay out these cards' branch (none: the whole tree). */
export function requestTidy(nodeIds: readonly string[]) {
  treeUi.tidy = { nodeIds: [...nodeIds], seq: ++tidySeq };
}

export function openDialog(dialog: TreeDialog) {
  treeUi.dialog = dialog;
}

export function closeDialog() {
  treeUi.dialog = null;
}

/** Opens the search box on the tree and focuses it. */
export function openFind() {
  treeUi.findRequest++;
}

/**
 * Shows a person found by search: the canvas flies to their card and selects it, and the details
 * panel opens, as a tap on the card would.
 */
export function revealPerson(nodeId: string) {
  treeUi.detailsNodeId = nodeId;
  treeUi.reveal = { nodeId, seq: (treeUi.reveal?.seq ?? 0) + 1 };
}

/** Opens a couple's events: the details of the person on one card, scrolled to their couple with the other. */
export function showCouple(nodeId: string, partnerProfileId: string) {
  treeUi.detailsNodeId = nodeId;
  treeUi.coupleFocus = { partnerProfileId, seq: (treeUi.coupleFocus?.seq ?? 0) + 1 };
}
