import { expect, test } from '../fixtures.ts';
import type { Page } from '@playwright/test';
import { addNewRelative, card, fitView, openTree, pressCardButton, serverGraph } from './treePage.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('unlinking, deleting and undo', () => {
  test('spouses who share a child cannot be unlinked; a child link can, and Undo brings it back', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Anna', lastName: 'Berg' }));
    await openTree(page);
    await addNewRelative(page, 'Anna Berg', 'Spouse', { firstName: 'Otto', lastName: 'Berg', gender: 'M' });
    // Ida is Anna's alone at first (not the couple's, which Add Relative would make her by default).
    await addNewRelative(page, 'Anna Berg', 'Child', { firstName: 'Ida', lastName: 'Berg', gender: 'F' }, { otherParent: 'Only Anna Berg' });
    await fitView(page);
    // Otto becomes Ida's second parent through Link existing.
    await pressCardButton(page, 'Ida Berg', 'Add Relative');
    const add = page.getByRole('dialog', { name: 'Add Relative' });
    await add.getByRole('radio', { name: 'Parent' }).check();
    await add.getByRole('radio', { name: 'Father' }).check();
    await add.getByRole('tab', { name: 'Link existing' }).click();
    await add.getByRole('combobox').fill('otto');
    await add.getByRole('option', { name: /Otto Berg/ }).click();
    await expect(toast(page, 'Linked successfully').last()).toBeVisible();

    await pressCardButton(page, 'Anna Berg', 'Unlink person');
    const unlink = page.getByRole('dialog', { name: 'Unlink person' });
    await unlink.getByRole('radio', { name: /Spouse.*Otto Berg/ }).check();
    await unlink.getByRole('button', { name: 'Unlink', exact: true }).click();
    await expect(toast(page, 'Cannot unlink spouses that share children. Remove child relationships first.')).toBeVisible();

    // The dialog stays open after a refusal, so another relationship can be chosen.
    await unlink.getByRole('radio', { name: /Child.*Ida Berg/ }).check();
    await unlink.getByRole('button', { name: 'Unlink', exact: true }).click();
    const unlinked = toast(page, 'Relationship unlinked');
    await expect(unlinked).toBeVisible();
    await unlinked.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Unlink undone')).toBeVisible();
    // Unlink then Undo is no change at all; whether the link was autosaved before the unlink (a
    // busy machine) or not, the tree ends up saved with both parent links.
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await serverGraph(page)).graph.edges.filter((e) => e.data.kind === 'parent').length, { timeout: 15_000 }).toBe(2);
  });

  test('Backspace on a selection asks to delete; Undo restores the person and their links', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Karl', lastName: 'Lund' }));
    await openTree(page);
    await addNewRelative(page, 'Karl Lund', 'Child', { firstName: 'Eva', lastName: 'Lund', gender: 'F' });
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(toast(page, 'Changes applied')).toBeVisible();
    await fitView(page);

    const eva = card(page, 'Eva Lund');
    await eva.focus();
    await page.keyboard.press('Enter'); // select
    await expect(eva).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Backspace');
    const dialog = page.getByRole('dialog', { name: 'Delete person' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Delete Eva Lund?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    const deleted = toast(page, 'Person deleted');
    await expect(deleted).toBeVisible();
    await expect(card(page, 'Eva Lund')).toHaveCount(0);
    await deleted.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Deletion undone')).toBeVisible();
    await expect(card(page, 'Eva Lund')).toBeAttached();

    // Deleted for good this time, through the card's own button, and saved.
    await pressCardButton(page, 'Eva Lund', 'Delete person');
    await page.getByRole('dialog', { name: 'Delete person' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(page.getByRole('button', { name: 'Apply changes' })).toHaveCount(0);
    const { graph } = await serverGraph(page);
    expect(graph.nodes.map((n) => n.id)).toEqual(['n1001']);
    expect(graph.edges).toEqual([]);
    const karl = graph.profiles[graph.nodes[0].data.profileId];
    expect(karl.children).toEqual([]);
    expect(Object.keys(graph.profiles)).toHaveLength(1);
  });

  test('dragging a card with the mouse saves its new place as one small change', async ({ page, createMember, signIn }) => {
    await signIn(page, await createMember({ firstName: 'Sofia', lastName: 'Kovalevskaya' }));
    await openTree(page);
    await addNewRelative(page, 'Sofia Kovalevskaya', 'Child', { firstName: 'Sonya', lastName: 'Kovalevskaya' });
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(toast(page, 'Changes applied')).toBeVisible();
    await fitView(page);
    const before = (await serverGraph(page)).graph.nodes.find((n) => n.id === 'n1002')!.position;

    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/changes') && sent.push(r.postData() ?? ''));
    const box = (await card(page, 'Sonya Kovalevskaya').boundingBox())!;
    await page.mouse.move(box.x + 60, box.y + 30);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 60 + i * 15, box.y + 30 + i * 6);
    await page.mouse.up();
    await page.getByRole('button', { name: 'Apply changes' }).click();
    await expect(toast(page, 'Changes applied').last()).toBeVisible();

    const after = (await serverGraph(page)).graph.nodes.find((n) => n.id === 'n1002')!.position;
    expect(after.x).toBeGreaterThan(before.x + 50);
    expect(after.y).toBeGreaterThan(before.y + 20);
    expect(sent).toHaveLength(1);
    const body = JSON.parse(sent[0]) as { changes: { nodes: { upsert: { id: string }[] }; edges: { upsert: unknown[] }; profiles: { upsert: unknown[] } } };
    expect(body.changes.nodes.upsert.map((n) => n.id)).toEqual(['n1002']);
    expect(body.changes.edges.upsert).toEqual([]);
    expect(body.changes.profiles.upsert).toEqual([]);
  });
});
