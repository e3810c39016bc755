import type { TreeSummary } from '../../backend/ports.ts';
import type { TreesState } from '../../state/trees.ts';

/**
 * Home's greeting (§2): "Welcome back, {name}." for a member who has opened a tree before,
 * "Welcome, {name}." for one who never has (issue 19, item 17: a brand-new member was welcomed
 * back). Until the trees are known the returning greeting stands, as most visits are returns.
 */
export function homeGreeting(name: string, trees: { status: TreesState['status']; trees: readonly Pick<TreeSummary, 'current'>[] }): string {
  const isNew = trees.status === 'ready' && !trees.trees.some((t) => t.current);
  return isNew ? `Welcome, ${name}.` : `Welcome back, ${name}.`;
}
