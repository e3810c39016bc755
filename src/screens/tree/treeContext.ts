import { createContext, useContext } from 'react';
import type { InvitationLink, InvitationService } from '../../backend/ports.ts';
import type { FindFree } from '../../domain/placement.ts';
import type { MemberRole } from '../../domain/roles.ts';
import type { TreeSession } from './session/treeSession.ts';
import type { TreeSearch } from './search/treeSearch.ts';

/**
 * What the tree's panels and dialogs need from the screen: the open session (read `graph`, call
 * `apply` with a domain operation's result), the acting member, the canvas's overlap search for
 * placing new relatives (§9), and the people index searches share.
 */
export interface TreeContextValue {
  session: TreeSession;
  uid: string;
  findFree: FindFree;
  now: () => string;
  newProfileId: () => string;
  /** §2: the Invite button shows only when invitations are enabled. */
  invitationsEnabled: boolean;
  createInvitation(nodeId: string, email: string, role: MemberRole): Promise<InvitationLink>;
  /** The open tree's pending invitations: the details panel's Copy link, Resend and Revoke. */
  invitations: Pick<InvitationService, 'list' | 'renewLink' | 'resend' | 'revoke'>;
  /** The tree's people index (Find someone, Link existing). */
  search: TreeSearch;
}

export const TreeContext = createContext<TreeContextValue | null>(null);

export function useTree(): TreeContextValue {
  const value = useContext(TreeContext);
  if (!value) throw new Error('useTree outside the tree screen');
  return value;
}
