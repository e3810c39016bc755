import type { TreeRole } from '../domain/roles.ts';

/** A member's role in a tree as the screens name it (Home, the switcher, the tree's title, Members, invitations). */
export const ROLE_LABELS: Record<TreeRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };
