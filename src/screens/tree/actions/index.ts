/**
 * Tree actions: run one domain operation, commit it to the session, toast the outcome. The
 * dialogs, the details panel, the canvas's card buttons and keyboard commands all call these.
 */
export { TREE_TOASTS } from './messages.ts';
export { currentYear, type Notifier, type TreeActionContext } from './context.ts';
export { addRelativeAction, linkSpousesAction, type ActionOutcome, type AddRelativeRequest } from './relatives.ts';
export { unlinkWithUndo } from './unlink.ts';
export { deleteWithUndo, deletableNodeIds } from './delete.ts';
export { toggleCollapse, COLLAPSE_LABELS } from './collapse.ts';
export { createPersonAction, savePersonAction, linkToProfileAction, linkByEmailAction, isUnchanged } from './editPerson.ts';
export { inviteAction, inviteEffects, inviteMailto, INVITE_SUBJECT, type InviteOutcome } from './invite.ts';
