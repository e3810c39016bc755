import { expect, test } from '../fixtures.ts';
import { openDetails, openTree, serverGraph, toast } from './treePage.ts';

/**
 * Evidence and memories, items 1–2 on a person as a whole: a formatted note (bold) and a citation
 * of a new source, given in the details panel, saved to the server, and shown again after a reload.
 */

test('a person’s note with bold and a citation are shown in the details, saved, and there after a reload', async ({ page, createMember, signIn }) => {
  test.setTimeout(120_000);
  await signIn(page, await createMember({ firstName: 'Ada', lastName: 'King' }));
  await openTree(page);
  const panel = await openDetails(page, 'Ada King');
  const section = panel.getByTestId('panel-person-evidence');
  await expect(section.getByText('No note or sources yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Edit note and sources' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sources and note' });
  await dialog.getByRole('textbox', { name: 'Note' }).click();
  await page.keyboard.type('Wrote the first ');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('program');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' for the engine.');
  await dialog.getByRole('button', { name: 'Add citation' }).click();
  const form = dialog.getByRole('group', { name: 'Add citation' });
  await form.getByLabel('Source', { exact: true }).selectOption({ label: 'New source…' });
  await form.getByLabel('Title of the new source').fill('Sketch of the Analytical Engine');
  await form.getByLabel('Where in the source').fill('Note G');
  await form.getByLabel('Quality').selectOption({ label: '3 — Direct evidence' });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Sources and note updated')).toBeVisible();

  const shown = async (p: typeof panel) => {
    const s = p.getByTestId('panel-person-evidence');
    await expect(s.locator('b', { hasText: 'program' })).toBeVisible();
    await expect(s.getByText('Wrote the first')).toBeVisible();
    await expect(s.getByText('Sketch of the Analytical Engine · Note G · Direct evidence')).toBeVisible();
  };
  await shown(panel);

  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(toast(page, 'Changes applied')).toBeVisible();
  await expect
    .poll(async () => {
      const { graph } = await serverGraph(page);
      const ada = Object.values(graph.profiles).find((p) => p.firstName === 'Ada') as unknown as { note?: string; bio: string; citations?: { page: string }[] };
      return { note: ada.note, bio: ada.bio, pages: (ada.citations ?? []).map((c) => c.page) };
    }, { timeout: 15_000 })
    .toEqual({ note: '<p>Wrote the first <b>program</b> for the engine.</p>', bio: '', pages: ['Note G'] });

  await page.reload();
  await shown(await openDetails(page, 'Ada King'));
});
