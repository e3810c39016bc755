import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { toast as sonner } from 'sonner';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/styles/components.css';
import type { AccountSettings, TreeSummary } from '../../../src/backend/ports.ts';
import { Toaster } from '../../../src/components/Toaster.tsx';
import { AppError } from '../../../src/domain/errors.ts';
import { DigestCard } from '../../../src/screens/account/DigestCard.tsx';
import { FamilyActivity } from '../../../src/screens/home/FamilyActivity.tsx';
import { clearTrees, treesState } from '../../../src/state/trees.ts';

/** Home's "What's new in your family" and the Account's digest choice (issue 24, item 3). */

const summary = (s: Partial<{ added: number; photos: number; edited: number }>) => ({ added: 0, removed: 0, edited: 0, photos: 0, other: 0, ...s });
const tree = (graphId: string, name: string, count: number, lines: [string, ReturnType<typeof summary>][]): TreeSummary => ({
  graphId,
  name,
  ownerUid: 'o',
  ownerName: 'Owner',
  role: 'editor',
  people: 9,
  joinedAt: '',
  current: false,
  activity: { since: '2026-05-01T00:00:00.000Z', count, lines: lines.map(([name, s], i) => ({ actorUid: `u${i}`, name, summary: s, changes: 1, lastAt: '2026-05-02T00:00:00.000Z' })) },
});

function home() {
  const router = createMemoryRouter([{ path: '*', element: <FamilyActivity /> }], { initialEntries: ['/app/home'] });
  return render(<RouterProvider router={router} />);
}

afterEach(() => {
  clearTrees();
  sonner.dismiss();
});

describe("What's new in your family", () => {
  it('one sentence per relative for each tree with news, each leading to its Activity, with the badge', async () => {
    treesState.status = 'ready';
    treesState.trees = [
      tree('g1', 'Hopper family tree', 4, [
        ['Klaus', summary({ added: 3, photos: 1 })],
        ['Ed Hopper', summary({ edited: 1 })],
      ]),
      tree('g2', 'Quiet family tree', 0, []),
    ];
    await home();
    const link = page.getByRole('link', { name: 'Klaus added 3 people and a photo' });
    await expect.element(link).toHaveAttribute('href', '/app/tree?tree=g1&show=activity');
    await expect.element(page.getByRole('link', { name: 'Ed Hopper edited a person' })).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'See the activity of Hopper family tree' })).toBeVisible();
    await expect.element(page.getByText('4 changes since your last visit')).toBeInTheDocument();
    expect(page.getByText('Quiet family tree').elements()).toHaveLength(0);
  });

  it('nothing new anywhere: the empty state', async () => {
    treesState.status = 'ready';
    treesState.trees = [tree('g2', 'Quiet family tree', 0, [])];
    await home();
    await expect.element(page.getByText('Nothing new since your last visit.')).toBeVisible();
  });
});

describe('the e-mail digest choice', () => {
  function account(initial: AccountSettings['digest']) {
    const a = {
      saved: [] as Partial<AccountSettings>[],
      failWith: null as Error | null,
      settings: async (): Promise<AccountSettings> => ({ viewerVisibility: 'name', digest: initial }),
      updateSettings: async (changes: Partial<AccountSettings>): Promise<AccountSettings> => {
        if (a.failWith) throw a.failWith;
        a.saved.push(changes);
        return { viewerVisibility: 'name', digest: changes.digest ?? initial };
      },
    };
    return a;
  }

  it('Off by default; choosing Weekly saves it at once', async () => {
    const a = account('off');
    await render(
      <>
        <DigestCard account={a} />
        <Toaster />
      </>,
    );
    await expect.element(page.getByRole('radio', { name: 'Off' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('radio', { name: 'Weekly' }).click();
    await expect.element(page.getByRole('listitem').filter({ hasText: 'Digest choice saved' })).toBeVisible();
    expect(a.saved).toEqual([{ digest: 'weekly' }]);
  });

  it('a refusal puts the earlier choice back', async () => {
    const a = account('daily');
    a.failWith = new AppError('unavailable', 'The server could not be reached.');
    await render(
      <>
        <DigestCard account={a} />
        <Toaster />
      </>,
    );
    await page.getByRole('radio', { name: 'Off' }).click();
    await expect.element(page.getByRole('listitem').filter({ hasText: 'Failed to save your digest choice' })).toBeVisible();
    await expect.element(page.getByRole('radio', { name: 'Daily' })).toHaveAttribute('aria-checked', 'true');
  });
});
