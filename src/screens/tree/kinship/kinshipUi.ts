import { proxy } from 'valtio';

export const KINSHIP_UI_TEXTS = {
  title: 'How are we related?',
  command: 'How are we related?',
  panelButton: 'How are we related?',
  description: 'Choose two people to see how they are related and the line that joins them.',
  first: 'First person',
  second: 'Second person',
  change: 'Change',
  choose: 'Choose someone',
  searchFirst: 'Search for the first person',
  searchSecond: 'Search for the second person',
  you: 'you',
  commonAncestors: 'Common ancestors',
  path: 'How the line goes',
  also: 'Also related through',
  alsoAs: 'Also:',
  showOnTree: 'Show on tree',
  close: 'Close',
  notOnTree: 'Not all of these people have a card on the tree.',
  /** The bar over the tree while a line is shown on it. */
  pathBar: 'The line on the tree',
  backToAnswer: 'Details',
  clearPath: 'Clear',
  clearPathLabel: 'Clear the line from the tree',
  /** The file menu's switch for the cards' relationship line. */
  onCards: 'Relationships on cards',
  /** Find someone's results: what the person is to the member. */
  you_: 'You',
} as const;

/**
 * Whether "How are we related?" is open, and on whom: the card it was opened from (the details
 * panel's person, or the selected card from the menu), asked against the member's own person.
 */
export const kinshipUi = proxy({
  open: false,
  nodeId: null as string | null,
  firstNodeId: null as string | null,
  /** The two people by profile, when the dialog opens again on the answer it showed ("Details"). */
  people: null as { a: string; b: string } | null,
  /** The line shown on the tree (highlighted) with its sentence, until cleared. */
  shown: null as { sentence: string; a: string; b: string } | null,
});

/** Opens the dialog on a card; with `firstNodeId` (two cards selected) asked between those two. */
export function openKinship(nodeId: string | null, firstNodeId: string | null = null) {
  kinshipUi.nodeId = nodeId;
  kinshipUi.firstNodeId = firstNodeId;
  kinshipUi.people = null;
  kinshipUi.open = true;
}

/** Opens the dialog again on two people (the line shown on the tree). */
export function reopenKinship(a: string, b: string) {
  kinshipUi.people = { a, b };
  kinshipUi.open = true;
}

/**
 * How are we related? as a card command (commands.ts): two cards selected, between those two (the
 * first selected first); one, against the member; none, the dialog asks for both.
 */
export function kinshipOnCards(nodeIds: readonly string[]) {
  if (nodeIds.length >= 2) openKinship(nodeIds[1]!, nodeIds[0]!);
  else openKinship(nodeIds[0] ?? null);
}
