import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SwitchIcon } from '../../components/icons.tsx';
import type { TreeSummary } from '../../backend/ports.ts';
import { ROLE_LABELS } from '../../components/roleLabels.ts';
import { currentTree, treePath, treesState } from '../../state/trees.ts';

export const SWITCHER_TEXTS = {
  label: 'Switch family tree',
  short: 'Trees',
  people: (n: number) => (n === 1 ? '1 person' : `${n.toLocaleString('en-GB')} people`),
} as const;

/** "Editor · 12 people": a tree's line under its name in the lists. */
export function treeLine(tree: Pick<TreeSummary, 'role' | 'people'>): string {
  return `${ROLE_LABELS[tree.role]} · ${SWITCHER_TEXTS.people(tree.people)}`;
}

/**
 * The sidebar's switch between the trees a member belongs to (shown once they have two): a Radix
 * menu of the trees, the current one checked; choosing one opens it on the tree screen (and the
 * server remembers it as the one to open next time).
 */
export function TreeSwitcher() {
  const { trees } = useSnapshot(treesState);
  const navigate = useNavigate();
  if (trees.length < 2) return null;
  const current = currentTree(trees as TreeSummary[])!;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="tree-switcher" aria-label={`${SWITCHER_TEXTS.label}: ${current.name}`}>
        <SwitchIcon />
        <span className="tree-switcher-text">
          <span className="tree-switcher-name truncate">{current.name}</span>
          <span className="tree-switcher-short">{SWITCHER_TEXTS.short}</span>
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu tree-switcher-menu" side="bottom" align="start" sideOffset={6}>
          <DropdownMenu.Label className="menu-heading">{SWITCHER_TEXTS.label}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={current.graphId} onValueChange={(id) => navigate(treePath(id))}>
            {trees.map((t) => (
              <DropdownMenu.RadioItem key={t.graphId} value={t.graphId} className="menu-item tree-switcher-item">
                <span className="menu-radio-dot" aria-hidden="true">
                  <DropdownMenu.ItemIndicator className="menu-radio-dot-on" />
                </span>
                <span className="tree-switcher-item-text">
                  <span className="tree-switcher-item-name">{t.name}</span>
                  <span className="tree-switcher-item-line">{treeLine(t)}</span>
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
