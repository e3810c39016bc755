import { useState } from 'react';
import { UsersIcon } from '../../components/icons.tsx';
import { MembersDialog } from '../members/MembersDialog.tsx';
import { MEMBERS_TEXTS } from '../members/membersActions.ts';
import { treeRights } from './actions/rights.ts';
import { ROLE_LABELS } from '../../components/roleLabels.ts';
import type { TreeSession } from './session/treeSession.ts';
import { useSessionVersion } from './useSessionVersion.ts';

/**
 * Top left of the canvas: which tree this is and the member's role in it, and for its owner the
 * way to the Members dialog. A viewer reads here why nothing offers to change the tree.
 */
export function TreeTitle({ session, uid }: { session: TreeSession; uid: string }) {
  useSessionVersion(session);
  const [membersOpen, setMembersOpen] = useState(false);
  const { manage } = treeRights(session.role);
  return (
    <div className="tree-title">
      <h1 className="tree-title-name truncate" title={session.name}>
        {session.name}
      </h1>
      <span className={`role-badge${session.role === 'owner' ? ' role-badge-owner' : ''}`} data-testid="tree-role">
        {ROLE_LABELS[session.role]}
      </span>
      {manage && (
        <button type="button" className="btn btn-secondary tree-title-members" aria-label={MEMBERS_TEXTS.open} onClick={() => setMembersOpen(true)}>
          <UsersIcon size={18} /> <span className="tree-title-members-text">{MEMBERS_TEXTS.open}</span>
        </button>
      )}
      {membersOpen && <MembersDialog graphId={session.graphId} treeName={session.name} uid={uid} onClose={() => setMembersOpen(false)} />}
    </div>
  );
}
