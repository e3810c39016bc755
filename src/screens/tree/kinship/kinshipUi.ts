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
} as const;

/**
 * Whether "How are we related?" is open, and on whom: the card it was opened from (the details
 * panel's person, or the selected card from the menu), asked against the member's own person.
 */
export const kinshipUi = proxy({ open: false, nodeId: null as string | null, firstNodeId: null as string | null });

/** Opens the dialog on a card; with `firstNodeId` (two cards selected) asked between those two. */
export function openKinship(nodeId: string | null, firstNodeId: string | null = null) {
  kinshipUi.nodeId = nodeId;
  kinshipUi.firstNodeId = firstNodeId;
  kinshipUi.open = true;
}
