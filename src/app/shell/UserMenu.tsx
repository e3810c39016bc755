import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router-dom';
import { backend } from '../../backend/index.ts';
import { MemberAvatar } from '../../components/avatar/MemberAvatar.tsx';
import { ChevronDownIcon, SettingsIcon, SignOutIcon, UserIcon } from '../../components/icons.tsx';
import { notify } from '../../components/notify.ts';
import { AUTH_MESSAGES } from '../../domain/validation/auth.ts';
import { userDisplayName } from '../../components/userName.ts';
import type { AuthUser } from '../../domain/types.ts';

/** §1: avatar, name, e-mail, View Profile, Account settings, Sign Out. */
export function UserMenu({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const name = userDisplayName(user);

  async function signOut() {
    try {
      await backend.auth.signOut();
      navigate('/');
    } catch {
      notify.error(AUTH_MESSAGES.authError);
    }
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="user-menu-trigger" aria-label={`Account menu for ${name}`}>
        <MemberAvatar size={32} />
        <span className="user-menu-name">{name}</span>
        <ChevronDownIcon size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
          <DropdownMenu.Label className="menu-label">
            <MemberAvatar size={40} />
            <span style={{ display: 'grid', minWidth: 0 }}>
              <strong className="truncate">{name}</strong>
              <span className="muted truncate" style={{ fontSize: 'var(--text-sm)' }}>
                {user.email}
              </span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={() => navigate('/app/profile')}>
            <UserIcon size={18} /> View Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={() => navigate('/app/account')}>
            <SettingsIcon size={18} /> Account settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={signOut}>
            <SignOutIcon size={18} /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
