import { PROFILE_PAGE_MESSAGES } from '../../profile/messages.ts';

/**
 * Every toast the tree's dialogs and panel show, verbatim from docs/PRODUCT.md (§5, §8). Dialog
 * copy and hints (§2) live next to their component.
 */
export const TREE_TOASTS = {
  linked: 'Linked successfully',
  personAdded: 'Person added',
  spouseLinked: 'Spouse linked',
  linkRelativeFailed: 'Failed to link relative',
  linkSpouseFailed: 'Failed to link spouse',
  spouseUnlinked: 'Spouse unlinked and cleaned up',
  relationshipUnlinked: 'Relationship unlinked',
  unlinkFailed: 'Failed to unlink relationship',
  unlinkUndone: 'Unlink undone',
  personDeleted: 'Person deleted',
  deleteFailed: 'Failed to delete person',
  deletionUndone: 'Deletion undone',
  invalidInviteEmail: 'Please enter a valid email address',
  invitationCreated: 'Invitation created. We opened your mail app with a prefilled invite.',
  invitationFailed: 'Failed to create invitation',
  profileUpdated: PROFILE_PAGE_MESSAGES.updated,
  profileSaveFailed: PROFILE_PAGE_MESSAGES.saveFailedToast,
  noChanges: PROFILE_PAGE_MESSAGES.noChanges,
  undo: 'Undo',
  linkKindSet: 'Parent links saved',
  linkKindFailed: 'Failed to save parent links',
  linkKindUndone: 'Parent links change undone',
} as const;
