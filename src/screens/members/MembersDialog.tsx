import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useState } from 'react';
import { backend } from '../../backend/index.ts';
import type { MemberService, TreeMember } from '../../backend/ports.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ChevronDownIcon, TrashIcon } from '../../components/icons.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { MEMBER_ROLES, TREE_ROLES, type MemberRole } from '../../domain/roles.ts';
import { ROLE_LABELS } from '../../components/roleLabels.ts';
import { shortDate } from '../../components/dates.ts';
import { Modal } from '../../components/Modal.tsx';
import { changeRole, MEMBERS_TEXTS as T, removeMember, sortMembers } from './membersActions.ts';
import './members.css';

interface MembersDialogProps {
  graphId: string;
  treeName: string;
  /** The owner looking (their row has no actions). */
  uid: string;
  onClose: () => void;
  service?: MemberService;
}

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; members: TreeMember[] };

/**
 * The owner's Members dialog (§6 roles): everyone who shares the tree with their e-mail, role and
 * when they joined; the owner changes a member's role (editor or viewer) from a menu and removes a
 * member after a confirmation. Only the owner opens it: the server answers anyone else
 * permission-denied.
 */
export function MembersDialog({ graphId, treeName, uid, onClose, service = backend.members }: MembersDialogProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [removing, setRemoving] = useState<TreeMember | null>(null);

  useEffect(() => {
    let live = true;
    setLoaded({ status: 'loading' });
    service.list(graphId).then(
      (members) => live && setLoaded({ status: 'ready', members: sortMembers(members) }),
      () => live && setLoaded({ status: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [service, graphId, attempt]);

  const ctx = { service, graphId };
  const replace = (m: TreeMember) => setLoaded((l) => (l.status === 'ready' ? { ...l, members: l.members.map((x) => (x.uid === m.uid ? m : x)) } : l));
  const drop = (m: TreeMember) => setLoaded((l) => (l.status === 'ready' ? { ...l, members: l.members.filter((x) => x.uid !== m.uid) } : l));

  return (
    <Modal title={T.title} description={T.description(treeName)} size="xl" onClose={onClose} testId="members-dialog">
      {loaded.status === 'loading' && <LoadingState text={T.loading} />}
      {loaded.status === 'error' && (
        <div className="members-empty" role="alert">
          <p>{T.loadFailed}</p>
          <button type="button" className="btn btn-secondary" onClick={() => setAttempt((n) => n + 1)}>
            {T.retry}
          </button>
        </div>
      )}
      {loaded.status === 'ready' && (
        <>
          <table className="members-table">
            <thead>
              <tr>
                <th scope="col">{T.name}</th>
                <th scope="col">{T.email}</th>
                <th scope="col">{T.role}</th>
                <th scope="col">{T.joined}</th>
                <th scope="col">
                  <span className="visually-hidden">{T.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {loaded.members.map((m) => (
                <tr key={m.uid} data-testid="member-row">
                  <th scope="row" className="members-name">
                    {m.name} {m.uid === uid && <span className="muted">{T.you}</span>}
                  </th>
                  <td className="members-email">{m.email}</td>
                  <td className="members-role">
                    {m.role === 'owner' ? (
                      <span className="role-badge role-badge-owner">{ROLE_LABELS.owner}</span>
                    ) : (
                      <RoleMenu member={m} onChange={async (role) => {
                        const updated = await changeRole(ctx, m, role);
                        if (updated) replace(updated);
                      }} />
                    )}
                  </td>
                  <td className="members-joined">{shortDate(m.joinedAt)}</td>
                  <td className="members-actions">
                    {m.role !== 'owner' && (
                      <button type="button" className="btn btn-ghost btn-danger-text" aria-label={T.removeLabel(m.name)} onClick={() => setRemoving(m)}>
                        <TrashIcon size={16} /> <span className="members-remove-text">{T.remove}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {loaded.members.length <= 1 && <p className="muted members-alone">{T.alone}</p>}
          <section className="members-roles" aria-labelledby="members-roles-title">
            <h3 id="members-roles-title" className="members-roles-title">
              {T.rolesTitle}
            </h3>
            <dl className="members-roles-list">
              {TREE_ROLES.map((role) => (
                <div key={role} className="members-roles-item">
                  <dt>{ROLE_LABELS[role]}</dt>
                  <dd>{T.roleRights[role]}</dd>
                </div>
              ))}
            </dl>
          </section>
        </>
      )}
      <ConfirmDialog
        open={!!removing}
        title={removing ? T.removeTitle(removing.name) : ''}
        description={removing ? T.removeDescription(removing.name, treeName) : ''}
        confirm={T.removeConfirm}
        confirming={T.removing}
        danger
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing && (await removeMember(ctx, removing))) {
            drop(removing);
            setRemoving(null);
          }
        }}
      />
    </Modal>
  );
}

/** A member's role as a Radix menu of the two roles a member can have. */
function RoleMenu({ member, onChange }: { member: TreeMember; onChange: (role: MemberRole) => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="role-trigger" aria-label={T.changeRole(member.name)}>
        {ROLE_LABELS[member.role]} <ChevronDownIcon size={14} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu role-menu" align="start" sideOffset={4}>
          <DropdownMenu.RadioGroup value={member.role} onValueChange={(v) => onChange(v as MemberRole)}>
            {MEMBER_ROLES.map((role) => (
              <DropdownMenu.RadioItem key={role} value={role} className="menu-item role-menu-item">
                <span className="menu-radio-dot" aria-hidden="true">
                  <DropdownMenu.ItemIndicator className="menu-radio-dot-on" />
                </span>
                <span className="role-menu-text">
                  <span className="role-menu-label">{ROLE_LABELS[role]}</span>
                  <span className="role-menu-hint">{T.roleHints[role]}</span>
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
