import { expect, test } from '../fixtures.ts';
import { addNewRelative, applyOrAutosaved, card, fitView, nameOf, openTree, pressCardButton, serverGraph } from './treePage.ts';

test.describe('building a family on the tree', () => {
  test("opening an empty tree shows 'Loading your data…', then one primary card, saved at once", async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Ada', lastName: 'Lovelace' });
    await signIn(page, member);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/graph', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/app/tree');
    await expect(page.getByText('Loading your data…')).toBeVisible();
    release();
    await expect(card(page, 'Ada Lovelace')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);
    await expect.poll(async () => (await serverGraph(page)).graph.nodes.map((n) => [n.id, n.data.isPrimary])).toEqual([['n1001', true]]);
    // The primary person has no Delete button, and no Unlink without relatives.
    await expect(card(page, 'Ada Lovelace').getByRole('button', { name: 'Delete person' })).toHaveCount(0);
    await expect(card(page, 'Ada Lovelace').getByRole('button', { name: 'Unlink person' })).toHaveCount(0);
  });

  test('three generations with spouses, saved, and there after a reload', async ({ page, createMember, signIn }) => {
    // Five Add Relative journeys and a reload: over 60 s on this 2-core machine, like the other long journeys.
    test.setTimeout(120_000);
    const member = await createMember({ firstName: 'Clara', lastName: 'Okafor' });
    await signIn(page, member);
    await openTree(page);

    await addNewRelative(page, 'Clara Okafor', 'Mother', { firstName: 'Rose', lastName: 'Whitfield', birthYear: '1931' });
    await expect(page.getByRole('button', { name: 'Apply changes' })).toBeVisible();
    await addNewRelative(page, 'Clara Okafor', 'Father', { firstName: 'Arthur', lastName: 'Whitfield' });
    await addNewRelative(page, 'Clara Okafor', 'Spouse', { firstName: 'James', lastName: 'Okafor', gender: 'M' });
    await addNewRelative(page, 'Clara Okafor', 'Child', { firstName: 'Sam', lastName: 'Okafor', gender: 'M', birthYear: '1990' });
    await addNewRelative(page, 'Clara Okafor', 'Child', { firstName: 'Ivy', lastName: 'Okafor', gender: 'F' });

    // A third parent is not offered.
    await pressCardButton(page, 'Clara Okafor', 'Add Relative');
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await expect(dialog.getByRole('radio', { name: 'Parent' })).toBeDisabled();
    await expect(dialog.getByText(/already has 2 parents/)).toBeVisible();
    await page.keyboard.press('Escape');

    await applyOrAutosaved(page);

    const { graph } = await serverGraph(page);
    expect(graph.nodes).toHaveLength(6);
    const byName = Object.fromEntries(graph.nodes.map((n) => [nameOf(graph, n.id), n]));
    const parentEdges = graph.edges.filter((e) => e.data.kind === 'parent');
    const pairs = parentEdges.map((e) => `${nameOf(graph, e.source)} → ${nameOf(graph, e.target)}`).sort();
    // Clara's children are hers and James's (her spouse, the default other parent).
    expect(pairs).toEqual([
      'Arthur Whitfield → Clara Okafor',
      'Clara Okafor → Ivy Okafor',
      'Clara Okafor → Sam Okafor',
      'James Okafor → Ivy Okafor',
      'James Okafor → Sam Okafor',
      'Rose Whitfield → Clara Okafor',
    ]);
    for (const e of parentEdges) {
      expect(e.id).toBe(`e-${e.source}-${e.target}`);
      expect([e.sourceHandle, e.targetHandle]).toEqual(['bottom', 'top']);
    }
    expect(graph.nodes.map((n) => n.id).sort()).toEqual(['n1001', 'n1002', 'n1003', 'n1004', 'n1005', 'n1006']);
    const clara = graph.profiles[byName['Clara Okafor'].data.profileId];
    const james = byName['James Okafor'].data.profileId;
    expect(clara.spouses).toEqual([james]);
    expect(graph.profiles[james].spouses).toEqual([byName['Clara Okafor'].data.profileId]);
    // Adding a mother and then a father made them a couple.
    expect(graph.profiles[byName['Rose Whitfield'].data.profileId].spouses).toEqual([byName['Arthur Whitfield'].data.profileId]);
    expect(graph.profiles[byName['Rose Whitfield'].data.profileId]).toMatchObject({ gender: 'F', birthYear: '1931' });
    expect(graph.profiles[byName['Arthur Whitfield'].data.profileId].gender).toBe('M');
    // Mother above-left, father above-right, children below.
    const pos = (n: string) => byName[n].position;
    expect(pos('Rose Whitfield').x).toBeLessThan(pos('Clara Okafor').x);
    expect(pos('Arthur Whitfield').x).toBeGreaterThan(pos('Clara Okafor').x);
    expect(pos('Rose Whitfield').y).toBeLessThan(pos('Clara Okafor').y);
    expect(pos('Sam Okafor').y).toBeGreaterThan(pos('Clara Okafor').y);

    await page.reload();
    await openTree(page);
    for (const name of ['Rose Whitfield', 'Arthur Whitfield', 'James Okafor', 'Sam Okafor', 'Ivy Okafor']) await expect(card(page, name)).toBeAttached();
    await expect(card(page, 'Rose Whitfield').getByRole('button', { name: 'Unlink person' })).toHaveCount(1);
  });

  test('the side panel shows details and collapses children', async ({ page, createMember, signIn }) => {
    const member = await createMember({ firstName: 'Grace', lastName: 'Hopper' });
    await signIn(page, member);
    await openTree(page);
    await addNewRelative(page, 'Grace Hopper', 'Child', { firstName: 'Ann', lastName: 'Hopper' });
    await addNewRelative(page, 'Ann Hopper', 'Child', { firstName: 'Bea', lastName: 'Hopper' });

    await fitView(page);
    const grace = card(page, 'Grace Hopper');
    const box = (await grace.boundingBox())!;
    await page.mouse.click(box.x + 20, box.y + 20);
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    await panel.getByRole('button', { name: 'Collapse Children' }).click();
    await expect(card(page, 'Ann Hopper')).toHaveCount(0);
    await expect(card(page, 'Bea Hopper')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Expand Children' }).click();
    await expect(card(page, 'Ann Hopper')).toBeAttached();
    await expect(card(page, 'Bea Hopper')).toBeAttached();
  });

  test('on a tablet, the details panel never hides the card it describes', async ({ page, createMember, signIn }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, await createMember({ firstName: 'Vera', lastName: 'Rubin' }));
    await openTree(page);
    await addNewRelative(page, 'Vera Rubin', 'Spouse', { firstName: 'Robert', lastName: 'Rubin', gender: 'M' });
    await fitView(page);
    const robert = card(page, 'Robert Rubin');
    const before = (await robert.boundingBox())!;
    await page.mouse.click(before.x + 20, before.y + 20);
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await expect(panel.getByRole('heading', { name: 'Robert Rubin' })).toBeVisible();
    const panelBox = (await panel.boundingBox())!;
    await expect.poll(async () => {
      const box = (await robert.boundingBox())!;
      return box.x + box.width <= panelBox.x;
    }).toBe(true);
  });
});
