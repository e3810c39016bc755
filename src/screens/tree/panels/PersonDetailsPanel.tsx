import { useRef, useState } from 'react';
import { useToastsClearOf } from '../../../components/toastArea.ts';
import { useSnapshot } from 'valtio';
import { Avatar } from '../../../components/avatar/Avatar.tsx';
import { PRIVATE_AVATAR_URI } from '../../../components/avatar/privateAvatar.ts';
import { CloseIcon, LockIcon } from '../../../components/icons.tsx';
import { hasCollapsedChildren } from '../../../domain/collapse.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import { isParentEdge } from '../../../domain/graphQueries.ts';
import { birthLabel, deathLabel, genderLabel, orDash } from '../../../domain/labels.ts';
import { PRIVACY_TEXTS } from '../../../domain/privacy.ts';
import { COLLAPSE_LABELS, toggleCollapse } from '../actions/collapse.ts';
import { runCommand } from '../actions/commands.ts';
import { treeRights } from '../actions/rights.ts';
import { canEditProfile } from '../../../domain/permissions.ts';
import { InvitationSection } from '../invitations/InvitationSection.tsx';
import { invitationFor, invitationsState } from '../invitations/pendingInvitations.ts';
import { personOf, useTreeGraph } from '../dialogs/useTreeGraph.ts';
import { PersonFacts } from './facts/PersonFacts.tsx';
import { PersonPhotos } from './media/PersonPhotos.tsx';
import { useTree } from '../treeContext.ts';
import { treeUi } from '../treeUi.ts';
import { openFanChart } from '../chart/chartUi.ts';
import { FAN_TEXTS } from '../chart/texts.ts';
import { KINSHIP_UI_TEXTS } from '../kinship/kinshipUi.ts';
import '../dialogs/dialogs.css';
import { ghostClickGuard } from './ghostClicks.ts';
import './panels.css';

export const DETAILS_PANEL_TEXTS = {
  label: 'Person details',
  born: 'Born',
  gender: 'Gender',
  maidenName: "Mother's maiden name",
  died: 'Died',
  bio: 'Bio',
  edit: 'Edit',
  addRelative: 'Add Relative',
  parentLinks: 'Parent links',
  close: 'Close details',
  noChildren: 'No children on the tree yet.',
  private: 'Private',
} as const;

export function closeDetails() {
  treeUi.detailsNodeId = null;
}

/**
 * The side details panel of §2, shown while `treeUi.detailsNodeId` names a card: photo, name,
 * Born, Gender, Mother's maiden name, Died, Bio, 'Collapse Children' (or 'Expand Children' while
 * they are hidden), with Edit and Add Relative shortcuts. It slides in from the right over the
 * canvas (a bottom sheet on narrow screens); the tree screen's container must be positioned.
 * What it offers follows the member's role (§6): a viewer gets no button that changes the tree
 * (Edit only on their own card); a person shown private says why; a card's pending invitation
 * shows to those who may invite, with Copy link, Resend and Revoke. Below the details: the person's
 * events, other names and relatives (`PersonFacts`), editable by those who may edit the person.
 */
export function PersonDetailsPanel() {
  const { detailsNodeId } = useSnapshot(treeUi);
  const graph = useTreeGraph();
  const person = personOf(graph, detailsNodeId);
  if (!person) return null;
  return <PanelBody key={person.node.id} nodeId={person.node.id} />;
}

function PanelBody({ nodeId }: { nodeId: string }) {
  const tree = useTree();
  const graph = useTreeGraph();
  const person = personOf(graph, nodeId)!;
  const ref = useRef<HTMLElement>(null);
  const [ghostClicks] = useState(ghostClickGuard);
  const keepToastsClear = useToastsClearOf('beside');
  const p = person.profile;
  const collapsed = hasCollapsedChildren(graph, nodeId);
  const index = graphIndex(graph);
  const hasChildren = [...(index.edgesByNode.get(nodeId) ?? [])].some((id) => {
    const e = index.edges.get(id)!;
    return e.source === nodeId && isParentEdge(e);
  });
  const field = (v: string | undefined) => orDash(v ?? '');
  const role = tree.session.role;
  const rights = treeRights(role);
  // Owners and editors open any card's details (read-only where §6 says so); a viewer only their own.
  const mayEditPerson = !!p && canEditProfile(p, tree.uid, role);
  const showEdit = rights.build || mayEditPerson;
  const privateReason = p ? tree.session.privacy[p.id] : undefined;
  const { items } = useSnapshot(invitationsState);
  // Once someone claimed the card (through this invitation or another), nothing is pending for it.
  const invitation = rights.invite && !p?.ownerUid ? invitationFor(items as typeof invitationsState.items, nodeId) : undefined;

  return (
    <aside
      ref={(el) => {
        ref.current = el;
        keepToastsClear(el);
      }}
      className="person-panel"
      aria-label={DETAILS_PANEL_TEXTS.label}
      tabIndex={-1}
      data-testid="person-details-panel"
      onPointerDownCapture={ghostClicks.onPointerDownCapture}
      onClickCapture={ghostClicks.onClickCapture}
      onKeyDown={(e) => {
        // A dialog opened from the panel is a child in React, not in the page: its Escape is its own.
        if (e.key === 'Escape' && e.currentTarget.contains(e.target as Node)) {
          e.stopPropagation();
          closeDetails();
        }
      }}
    >
      <button type="button" className="icon-btn person-panel-close" aria-label={DETAILS_PANEL_TEXTS.close} onClick={closeDetails}>
        <CloseIcon />
      </button>
      <div className="person-panel-head">
        <Avatar src={p?.photoURL || p?.photoURLSmall || (privateReason ? PRIVATE_AVATAR_URI : '')} gender={p?.gender} seed={person.seed} size={112} alt={person.name} />
        <h2 className="person-panel-name">{person.name}</h2>
      </div>
      {privateReason && (
        <p className="person-panel-private" data-testid="panel-private">
          <LockIcon size={18} />
          <span>{PRIVACY_TEXTS[privateReason]}</span>
        </p>
      )}
      {/* Everyone may look at a fan chart; editing and adding need their rights. */}
      <div className="person-panel-actions">
        {showEdit && (
          <button type="button" className="btn btn-secondary" onClick={() => runCommand('edit', [nodeId])}>
            {DETAILS_PANEL_TEXTS.edit}
          </button>
        )}
        {rights.build && (
          <button type="button" className="btn btn-secondary" onClick={() => runCommand('addRelative', [nodeId])}>
            {DETAILS_PANEL_TEXTS.addRelative}
          </button>
        )}
        {rights.build && p && p.parents.length > 0 && (
          <button type="button" className="btn btn-secondary" onClick={() => runCommand('parentLinks', [nodeId])}>
            {DETAILS_PANEL_TEXTS.parentLinks}
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={() => openFanChart(nodeId)}>
          {FAN_TEXTS.panelButton}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => runCommand('kinship', [nodeId])}>
          {KINSHIP_UI_TEXTS.panelButton}
        </button>
      </div>
      {invitation && (
        <InvitationSection invitation={invitation} now={tree.now()} ctx={{ service: tree.invitations, personName: person.name }} />
      )}
      <dl className="detail-list person-panel-details">
        <div>
          <dt>{DETAILS_PANEL_TEXTS.born}</dt>
          <dd data-testid="panel-born">{field(p ? birthLabel(p) : '')}</dd>
        </div>
        <div>
          <dt>{DETAILS_PANEL_TEXTS.gender}</dt>
          <dd data-testid="panel-gender">{genderLabel(p?.gender ?? '')}</dd>
        </div>
        <div>
          <dt>{DETAILS_PANEL_TEXTS.maidenName}</dt>
          <dd data-testid="panel-maiden">{field(p?.mothersMaidenName)}</dd>
        </div>
        <div>
          <dt>{DETAILS_PANEL_TEXTS.died}</dt>
          <dd data-testid="panel-died">{field(p ? deathLabel(p) : '')}</dd>
        </div>
        <div className="person-panel-bio">
          <dt>{DETAILS_PANEL_TEXTS.bio}</dt>
          <dd data-testid="panel-bio">{field(p?.bio)}</dd>
        </div>
      </dl>
      {p && <PersonFacts graph={graph} profile={p} canEdit={mayEditPerson} />}
      {p && <PersonPhotos graph={graph} profile={p} />}
      {rights.build && (
        <div className="person-panel-footer">
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={!hasChildren}
            aria-describedby={hasChildren ? undefined : `${nodeId}-no-children`}
            onClick={() => toggleCollapse(tree, nodeId)}
          >
            {collapsed ? COLLAPSE_LABELS.expand : COLLAPSE_LABELS.collapse}
          </button>
          {!hasChildren && (
            <p className="field-hint" id={`${nodeId}-no-children`}>
              {DETAILS_PANEL_TEXTS.noChildren}
            </p>
          )}
        </div>
      )}
    </aside>
  );
}
