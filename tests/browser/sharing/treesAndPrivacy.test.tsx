import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { toast as sonner } from 'sonner';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/styles/components.css';
import '../../../src/styles/shell.css';
import type { AccountSettings, TreeSummary } from '../../../src/backend/ports.ts';
import { TreeSwitcher } from '../../../src/app/shell/TreeSwitcher.tsx';
import { Toaster } from '../../../src/components/Toaster.tsx';
import { AppError } from '../../../src/domain/errors.ts';
import { TreeList } from '../../../src/screens/home/TreeList.tsx';
import { ProfilePrivacy } from '../../../src/screens/profile/ProfilePrivacy.tsx';
import { clearTrees, treesState } from '../../../src/state/trees.ts';

const tree = (graphId: string, name: string, role: TreeSummary['role'], people: number, current = false): TreeSummary => ({
  graphId,
  name,
  ownerUid: role === 'owner' ? 'u1' : 'u2',
  ownerName: role === 'owner' ? 'Charles Babbage' : 'Grace Hopper',
  role,
  people,
  joinedAt: '',
  current,
});

afterEach(() => {
  clearTrees();
  sonner.dismiss();
});

function withTrees(trees: TreeSummary[]) {
  treesState.uid = 'u1';
  treesState.status = 'ready';
  treesState.trees = trees;
}

async function routed(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/app/home', element },
      { path: '/app/tree', element: <p>the tree</p> },
    ],
    { initialEntries: ['/app/home'] },
  );
  await render(<RouterProvider router={router} />);
  return router;
}

describe('several trees', () => {
  it('Home lists them: name, role, people, who shares it; the last opened marked', async () => {
    withTrees([tree('g2', 'Hopper family tree', 'viewer', 5, true), tree('u1', 'Babbage family tree', 'owner', 1)]);
    await routed(<TreeList uid="u1" />);
    const rows = page.getByTestId('home-tree');
    await expect.element(rows.nth(0)).toHaveTextContent('Hopper family treeViewer · 5 people · Shared by Grace HopperOpened last');
    await expect.element(rows.nth(1)).toHaveTextContent('Babbage family treeOwner · 1 person');
    // Only the owner reaches Members from here.
    expect(page.getByRole('button', { name: /^Members of/ }).elements()).toHaveLength(1);
    await expect.element(page.getByRole('link', { name: 'Open Babbage family tree' })).toHaveAttribute('href', '/app/tree?tree=u1');
  });

  it('Home: a list that cannot be loaded says so and offers to try again', async () => {
    treesState.uid = 'u1';
    treesState.status = 'error';
    await routed(<TreeList uid="u1" />);
    await expect.element(page.getByText('Your family trees could not be loaded right now.')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('the sidebar switch shows only for two trees or more, and opens the one chosen', async () => {
    withTrees([tree('u1', 'Babbage family tree', 'owner', 1, true)]);
    const router = await routed(<TreeSwitcher />);
    expect(page.getByRole('button', { name: /Switch family tree/ }).elements()).toHaveLength(0);
    treesState.trees = [...treesState.trees, tree('g2', 'Hopper family tree', 'viewer', 5)];
    await page.getByRole('button', { name: 'Switch family tree: Babbage family tree' }).click();
    const items = page.getByRole('menuitemradio');
    await expect.element(items.nth(0)).toHaveAttribute('aria-checked', 'true');
    await expect.element(items.nth(1)).toHaveTextContent('Hopper family treeViewer · 5 people');
    await items.nth(1).click();
    await expect.element(page.getByText('the tree')).toBeVisible();
    expect(router.state.location.search).toBe('?tree=g2');
  });
});

describe('what viewers see of me (profile page)', () => {
  function account(initial: AccountSettings['viewerVisibility']) {
    const a = {
      saved: [] as AccountSettings[],
      failWith: null as Error | null,
      settings: async () => ({ viewerVisibility: initial, digest: 'off' as const }),
      updateSettings: async (changes: Partial<AccountSettings>) => {
        if (a.failWith) throw a.failWith;
        const next = { viewerVisibility: changes.viewerVisibility ?? initial, digest: 'off' as const };
        a.saved.push(next);
        return next;
      },
    };
    return a;
  }

  it('shows the choice and saves another at once', async () => {
    const a = account('name');
    await render(
      <>
        <ProfilePrivacy account={a} />
        <Toaster />
      </>,
    );
    await expect.element(page.getByRole('radio', { name: 'My name only' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('radio', { name: 'Nothing' }).click();
    await expect.element(page.getByRole('listitem').filter({ hasText: 'Privacy choice saved' })).toBeVisible();
    expect(a.saved).toEqual([{ viewerVisibility: 'private', digest: 'off' }]);
  });

  it('a refusal puts the earlier choice back and says why', async () => {
    const a = account('everything');
    a.failWith = new AppError('unavailable', 'The server could not be reached.');
    await render(
      <>
        <ProfilePrivacy account={a} />
        <Toaster />
      </>,
    );
    await page.getByRole('radio', { name: 'Nothing' }).click();
    await expect.element(page.getByRole('listitem').filter({ hasText: 'Failed to save your privacy choice' })).toBeVisible();
    await expect.element(page.getByRole('radio', { name: 'Everything' })).toHaveAttribute('aria-checked', 'true');
  });
});
