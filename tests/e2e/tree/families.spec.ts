import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { addNewRelative, card, fitView, nameOf, openTree, serverGraph } from './treePage.ts';

/** Families as couples (issue "Facts a genealogist can trust", item 6), through the screens to the server. */

/** Saves now; the 3 s autosave may have saved first on a busy machine, which comes to the same. */
async function saveNow(page: Page) {
  const apply = page.getByRole('button', { name: 'Apply changes' });
  if (await apply.count()) await apply.click({ timeout: 5_000 }).catch(() => undefined);
  await expect(apply).toHaveCount(0);
  await expect(page.getByText('All changes saved')).toBeVisible();
}

type ServerGraph = Awaited<ReturnType<typeof serverGraph>>['graph'];
const nodeNamed = (g: ServerGraph, name: string) => g.nodes.find((n) => nameOf(g, n.id) === name)!;
const parentsOf = (g: ServerGraph, name: string) =>
  g.edges
    .filter((e) => e.data.kind === 'parent' && e.target === nodeNamed(g, name).id)
    .map((e) => nameOf(g, e.source))
    .sort();

test.describe('families as couples', () => {
  test("a child added to someone with a spouse is the couple's; a sibling shares both; a second spouse goes beside", async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Eva', lastName: 'Lind' }));
    await openTree(page);
    await addNewRelative(page, 'Eva Lind', 'Spouse', { firstName: 'Nils', lastName: 'Lind', gender: 'M' });
    await addNewRelative(page, 'Eva Lind', 'Child', { firstName: 'Tove', lastName: 'Lind', gender: 'F' });
    await fitView(page);
    await addNewRelative(page, 'Tove Lind', 'Sibling', { firstName: 'Kai', lastName: 'Lind', gender: 'M' });
    await fitView(page);
    await addNewRelative(page, 'Eva Lind', 'Spouse', { firstName: 'Ola', lastName: 'Berg', gender: 'M' });
    await saveNow(page);

    const { graph } = await serverGraph(page);
    expect(parentsOf(graph, 'Tove Lind')).toEqual(['Eva Lind', 'Nils Lind']);
    expect(parentsOf(graph, 'Kai Lind')).toEqual(['Eva Lind', 'Nils Lind']);
    const profile = (name: string) => graph.profiles[nodeNamed(graph, name).data.profileId];
    expect(profile('Nils Lind').children).toEqual([nodeNamed(graph, 'Tove Lind').data.profileId, nodeNamed(graph, 'Kai Lind').data.profileId]);
    expect(profile('Tove Lind').parents.sort()).toEqual([nodeNamed(graph, 'Eva Lind').data.profileId, nodeNamed(graph, 'Nils Lind').data.profileId].sort());
    // The second spouse is in Eva's row, on the other side from Nils.
    const at = (name: string) => nodeNamed(graph, name).position;
    expect(at('Ola Berg').y).toBe(at('Eva Lind').y);
    expect(Math.sign(at('Ola Berg').x - at('Eva Lind').x)).toBe(-Math.sign(at('Nils Lind').x - at('Eva Lind').x));
  });

  test('a parent link marked Adopted is saved; adding a mother and a father makes them a couple', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Liv', lastName: 'Holm' }));
    await openTree(page);
    await addNewRelative(page, 'Liv Holm', 'Mother', { firstName: 'Siv', lastName: 'Holm' });
    await addNewRelative(page, 'Liv Holm', 'Father', { firstName: 'Bo', lastName: 'Holm' });
    await fitView(page);

    const liv = (await card(page, 'Liv Holm').boundingBox())!;
    await page.mouse.click(liv.x + 20, liv.y + 20);
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await panel.getByRole('button', { name: 'Parent links' }).click();
    const dialog = page.getByRole('dialog', { name: 'Parent links' });
    const toBo = dialog.getByRole('radiogroup', { name: 'Child of Bo Holm by' });
    await expect(toBo.getByRole('radio', { name: 'Birth' })).toBeChecked();
    await toBo.getByRole('radio', { name: 'Adopted' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Parent links saved' })).toBeVisible();
    await saveNow(page);

    const { graph } = await serverGraph(page);
    const id = (name: string) => nodeNamed(graph, name).id;
    const data = (from: string) => (graph.edges.find((e) => e.id === `e-${id(from)}-${id('Liv Holm')}`)!.data as { kind: string; pedigree?: string });
    expect(data('Bo Holm')).toEqual({ kind: 'parent', pedigree: 'adopted' });
    expect(data('Siv Holm')).toEqual({ kind: 'parent' });
    expect(graph.profiles[nodeNamed(graph, 'Siv Holm').data.profileId].spouses).toEqual([nodeNamed(graph, 'Bo Holm').data.profileId]);

    // Kept after a reload, and shown as chosen.
    await page.reload();
    await openTree(page);
    await fitView(page);
    const again = (await card(page, 'Liv Holm').boundingBox())!;
    await page.mouse.click(again.x + 20, again.y + 20);
    await panel.getByRole('button', { name: 'Parent links' }).click();
    await expect(dialog.getByRole('radiogroup', { name: 'Child of Bo Holm by' }).getByRole('radio', { name: 'Adopted' })).toBeChecked();
  });
});
