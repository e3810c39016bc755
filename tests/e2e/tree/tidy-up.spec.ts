import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { card, fitView, openTree, serverGraph, toast } from './treePage.ts';
import { seedFamily, TEN_PEOPLE, type SeedFamily } from './seedFamily.ts';

/**
 * Tidy up (issue 9, item 3) in Chromium against the real server: the whole tree or a selected
 * branch is laid out, saved as one change, and one Undo puts every card back.
 */

const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 15_000 });

/** The ten-person family thrown about: cards on top of each other, children above parents. */
function messy(primary: { first: string; last: string }): SeedFamily {
  const family = TEN_PEOPLE(primary);
  const spots: [number, number][] = [[0, 0], [40, 30], [-500, 400], [620, -80], [60, 10], [-300, -300], [300, -420], [-20, 500], [900, 200], [450, 60]];
  return { ...family, people: family.people.map((p, i) => ({ ...p, at: spots[i]! })) };
}

type Positions = Record<string, { x: number; y: number }>;

async function positions(page: Page): Promise<Positions> {
  const { graph } = await serverGraph(page);
  return Object.fromEntries(graph.nodes.map((n) => [n.id, n.position]));
}

function overlaps(at: Positions): number {
  const list = Object.values(at);
  let pairs = 0;
  for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) if (Math.abs(list[i]!.x - list[j]!.x) < 140 && Math.abs(list[i]!.y - list[j]!.y) < 100) pairs++;
  return pairs;
}

async function seededTree(page: Page, member: { firstName: string; lastName: string }) {
  await openTree(page);
  await seedFamily(page, messy({ first: member.firstName, last: member.lastName }));
  await openTree(page);
  await fitView(page);
}

test.describe('Tidy up', () => {
  test('lays out the whole tree in one saved change; one Undo puts every card back', async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'King' });
    await signIn(page, member);
    await seededTree(page, member);
    const before = await positions(page);
    expect(overlaps(before)).toBeGreaterThan(0);
    const revision = (await serverGraph(page)).graph.revision;

    const button = page.getByRole('button', { name: 'Tidy up' });
    await button.hover();
    await expect(page.getByRole('tooltip')).toContainText('Lay out the whole tree (Shift+T)');
    await button.click();
    const done = toast(page, 'Tree tidied up');
    await expect(done).toBeVisible();
    await saved(page);
    const after = await positions(page);
    expect(overlaps(after)).toBe(0);
    expect(after).not.toEqual(before);
    // Parents above their children, the couple side by side.
    const { graph } = await serverGraph(page);
    expect(graph.revision).toBe(revision + 1);
    for (const e of graph.edges.filter((x) => x.data.kind === 'parent')) expect(after[e.source]!.y).toBeLessThan(after[e.target]!.y);
    await expect(card(page, 'Ada King')).toBeAttached();

    await done.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Tidy up undone')).toBeVisible();
    await saved(page);
    await expect.poll(() => positions(page), { timeout: 15_000 }).toEqual(before);
  });

  test('Shift+T with a card selected tidies its branch and leaves the rest', async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'King' });
    await signIn(page, member);
    await seededTree(page, member);
    const before = await positions(page);
    const { graph } = await serverGraph(page);
    const idOf = (first: string) => graph.nodes.find((n) => graph.profiles[n.data.profileId]!.firstName === first)!.id;

    const george = card(page, 'George Hale');
    await george.focus();
    await page.keyboard.press('Enter');
    await expect(george).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Shift+T');
    await expect(toast(page, 'Branch tidied up')).toBeVisible();
    await saved(page);
    const after = await positions(page);
    // George, his wife Lily and their son Oliver moved; Ada's family stayed.
    for (const first of ['Ada', 'William', 'Margaret', 'Thomas', 'Byron']) expect(after[idOf(first)]).toEqual(before[idOf(first)]);
    expect(after[idOf('Oliver')]!.y).toBe(after[idOf('George')]!.y + 160);
    expect(after[idOf('Lily')]!.y).toBe(after[idOf('George')]!.y);
    expect(Math.abs(after[idOf('Lily')]!.x - after[idOf('George')]!.x)).toBe(180);
  });

  test('is not offered on a locked canvas', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Ada', lastName: 'King' }));
    await openTree(page);
    await expect(page.getByRole('button', { name: 'Tidy up' })).toBeVisible();
    await page.getByRole('button', { name: 'Toggle interactivity' }).click();
    await expect(page.getByRole('button', { name: 'Tidy up' })).toHaveCount(0);
  });

  test.describe('on a touch tablet', () => {
    test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

    test('a tap on the 44 px button tidies the tree', async ({ page, createMember, signIn }) => {
      const member = await createMember({ firstName: 'Ada', lastName: 'King' });
      await signIn(page, member);
      await seededTree(page, member);
      const button = page.getByRole('button', { name: 'Tidy up' });
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await expect(toast(page, 'Tree tidied up')).toBeVisible();
      await saved(page);
      expect(overlaps(await positions(page))).toBe(0);
    });
  });
});
