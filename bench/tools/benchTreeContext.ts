import type { CanvasHandle } from '../../engine/index.ts';
import type { TreeSearch } from '../../src/screens/tree/search/treeSearch.ts';
import type { TreeSession } from '../../src/screens/tree/session/treeSession.ts';
import type { TreeContextValue } from '../../src/screens/tree/treeContext.ts';

const NO_INVITATIONS = () => Promise.reject(new Error('No invitations in the bench'));

/**
 * The tree screen's context for the bench pages (tree-edit, tree-import): the real session and
 * search over an in-memory repository, free places from the mounted canvas, and no invitations.
 */
export function benchTreeContext(session: TreeSession, uid: string, search: TreeSearch, canvas: () => CanvasHandle | null): TreeContextValue {
  let ids = 0;
  return {
    session,
    uid,
    findFree: (p) => canvas()?.findFreePosition(p) ?? p,
    now: () => new Date().toISOString(),
    newProfileId: () => `pr:bench${++ids}`,
    invitationsEnabled: true,
    createInvitation: NO_INVITATIONS,
    invitations: { list: async () => [], renewLink: NO_INVITATIONS, resend: NO_INVITATIONS, revoke: async () => undefined },
    search,
  };
}
