import { expect, test } from '../fixtures.ts';
import { openDetails, openTree, serverGraph, toast } from './treePage.ts';

/**
 * Evidence and memories, item 1, in the real app: an event added with a citation of a new source,
 * seen under the event, saved to the server with its source, and there again after a reload.
 */

test('an event with a citation of a new source is shown under the event and saved with its source', async ({ page, createMember, signIn }) => {
  await signIn(page, await createMember({ firstName: 'Ada', lastName: 'King' }));
  await openTree(page);
  const panel = await openDetails(page, 'Ada King');
  await panel.getByRole('button', { name: 'Add event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add event' });
  await dialog.getByLabel('Type').selectOption({ label: 'Occupation' });
  await dialog.getByLabel('Description').fill('Translator');
  await dialog.getByRole('button', { name: 'Add citation' }).click();
  const form = dialog.getByRole('group', { name: 'Add citation' });
  await form.getByLabel('Source', { exact: true }).selectOption({ label: 'New source…' });
  await form.getByLabel('Title of the new source').fill('Letters of Lovelace');
  await form.getByLabel('Where in the source').fill('Letter 12');
  await form.getByLabel('Quality').selectOption({ label: '3 — Direct evidence' });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Event added')).toBeVisible();

  const sources = panel.getByTestId('fact-sources');
  await sources.getByText('Sources (1)').click();
  await expect(sources.getByText('Letters of Lovelace · Letter 12 · Direct evidence')).toBeVisible();

  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(toast(page, 'Changes applied')).toBeVisible();
  await expect
    .poll(async () => {
      const { graph } = await serverGraph(page);
      const g = graph as typeof graph & { sources?: Record<string, { id: string; title: string }> };
      const own = Object.values(graph.profiles).find((p) => p.firstName === 'Ada') as { events?: { citations?: { sourceId: string; page: string }[] }[] };
      const cited = own.events?.[0]?.citations?.[0];
      return { titles: Object.values(g.sources ?? {}).map((s) => s.title), page: cited?.page, named: !!cited && !!g.sources?.[cited.sourceId] };
    }, { timeout: 15_000 })
    .toEqual({ titles: ['Letters of Lovelace'], page: 'Letter 12', named: true });

  await page.reload();
  const again = await openDetails(page, 'Ada King');
  await again.getByTestId('fact-sources').getByText('Sources (1)').click();
  await expect(again.getByTestId('fact-sources').getByText('Letters of Lovelace · Letter 12 · Direct evidence')).toBeVisible();
});
