/**
 * Tree actions: run one domain operation, commit it to the session and toast the outcome, all
 * through `commitEdit`. The dialogs, the details panel and the canvas call these; the card
 * buttons and keys run the commands (`commands.ts`), which open the dialogs.
 */
export { TREE_TOASTS } from './messages.ts';
export { currentYear, type Notifier, type TreeActionContext } from './context.ts';
export { commitEdit, type ActionOutcome, type Attempt, type CommitTexts } from './commit.ts';
export { TREE_COMMANDS, commandForKey, runCommand, SCREEN_COMMANDS, screenCommandForKey, type TreeCommandId, type ScreenCommandId, type ScreenKey } from './commands.ts';
export { addRelativeAction, linkSpousesAction, linkParentAction, relinkParentAction, setLinkKindsAction, type AddRelativeRequest } from './relatives.ts';
export { unlinkWithUndo } from './unlink.ts';
export { deleteWithUndo, deletableNodeIds } from './delete.ts';
export { toggleCollapse, COLLAPSE_LABELS } from './collapse.ts';
export { tidyUpAction, TIDY_TEXTS } from './tidy.ts';
export { createPersonAction, savePersonAction, linkToProfileAction, linkByEmailAction, isUnchanged } from './editPerson.ts';
export { inviteAction, inviteEffects, inviteMailto, INVITE_SUBJECT, type InviteOutcome } from './invite.ts';
