import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { treeUi } from '../../../src/screens/tree/treeUi.ts';
import { mountTree, toast } from './harness.tsx';
import { NOW, UID } from './fixtures.ts';
import { SourcesDialog } from '../../../src/screens/tree/panels/facts/SourcesDialog.tsx';
import { addPersonEvent, type EventFields } from '../../../src/domain/facts/eventOps.ts';
import type { Source } from '../../../src/domain/facts/types.ts';

afterEach(() => {
  treeUi.dialog = null;
  treeUi.detailsNodeId = null;
});

const panel = () => page.getByRole('complementary', { name: 'Person details' });

describe('Sources and citations in the details panel', () => {
  it('adds an event with a citation of a new source, shows it under the event, and Undo takes the source back', async () => {
    const { session } = await mountTree();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    await dialog.getByLabelText('Type').selectOptions('Occupation');
    await dialog.getByLabelText('Description').fill('Translator');
    await dialog.getByRole('button', { name: 'Add citation' }).click();
    const form = dialog.getByRole('group', { name: 'Add citation' });
    // No source chosen: the form says so and adds nothing.
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.element(form.getByText('Choose a source or give a new one a title')).toBeVisible();
    await form.getByLabelText('Source', { exact: true }).selectOptions('New source…');
    await form.getByLabelText('Title of the new source').fill('Letters of Lovelace');
    await form.getByLabelText('Where in the source').fill('Letter 12');
    await form.getByLabelText('Quality').selectOptions('3 — Direct evidence');
    await form.getByLabelText('Transcribed text').fill('my translation of Menabrea');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.element(dialog.getByTestId('dialog-citations').getByText('Letters of Lovelace · Letter 12 · Direct evidence')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();

    const sources = page.getByTestId('fact-sources');
    await expect.element(sources.getByText('Sources (1)')).toBeVisible();
    await sources.getByText('Sources (1)').click();
    await expect.element(sources.getByText('Letters of Lovelace · Letter 12 · Direct evidence')).toBeVisible();
    await expect.element(sources.getByText('my translation of Menabrea')).toBeVisible();
    const [source] = Object.values(session.graph.sources!);
    expect(source).toMatchObject({ title: 'Letters of Lovelace', author: '' });
    expect(session.graph.profiles[UID]!.events!.at(-1)!.citations).toEqual([
      { id: expect.stringMatching(/^ci/), sourceId: source!.id, page: 'Letter 12', date: '', quality: 3, text: 'my translation of Menabrea' },
    ]);

    await toast('Event added').getByRole('button', { name: 'Undo' }).click();
    await expect.element(page.getByTestId('fact-sources')).not.toBeInTheDocument();
    expect(session.graph.sources).toEqual({});
  });

  it('a second event cites the source the tree has', async () => {
    const { session } = await mountTree();
    treeUi.detailsNodeId = 'n1001';
    for (const [description, choose] of [['Translator', 'New source…'], ['Author', 'Letters of Lovelace']] as const) {
      await panel().getByRole('button', { name: 'Add event' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add event' });
      await dialog.getByLabelText('Type').selectOptions('Occupation');
      await dialog.getByLabelText('Description').fill(description);
      await dialog.getByRole('button', { name: 'Add citation' }).click();
      const form = dialog.getByRole('group', { name: 'Add citation' });
      await form.getByLabelText('Source', { exact: true }).selectOptions(choose);
      if (choose === 'New source…') await form.getByLabelText('Title of the new source').fill('Letters of Lovelace');
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.element(dialog).not.toBeInTheDocument();
    }
    expect(Object.keys(session.graph.sources!)).toHaveLength(1);
    const cited = session.graph.profiles[UID]!.events!.map((e) => e.citations?.[0]?.sourceId);
    expect(new Set(cited).size).toBe(1);
  });

  it('the Sources dialog lists each source, its note made safe, and what it supports', async () => {
    const { session } = await mountTree({ children: <SourcesDialog onClose={() => {}} /> });
    const list = page.getByRole('dialog', { name: 'Sources' });
    await expect.element(list.getByText('No sources yet.', { exact: false })).toBeVisible();
    const source: Source = { id: 'sr1', title: 'Letters of Lovelace', author: 'Ada', publication: '', repository: 'Bodleian Library', url: 'https://example.org/l', note: '<p>Kept <b>whole</b><img src=x onerror="window.__xss=1"></p>' };
    const fields: EventFields = { type: 'OCCU', customType: '', date: '', place: '', description: 'Translator', age: '', newSources: [source], citations: [{ id: 'ci1', sourceId: 'sr1', page: 'Letter 12', date: '', quality: 2, text: '' }] };
    const r = addPersonEvent(session.graph, { profileId: UID, fields, uid: UID, now: NOW, random: () => 0.5 });
    if (!r.ok) throw new Error(r.message);
    session.apply(r);
    const item = list.getByRole('listitem', { name: 'Letters of Lovelace' });
    await expect.element(item.getByText('Letters of Lovelace — Ada')).toBeVisible();
    await expect.element(item.getByText('Kept at Bodleian Library')).toBeVisible();
    await expect.element(item.getByText('whole')).toBeVisible();
    expect(item.element().querySelector('img')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    await item.getByText('Supports 1 fact').click();
    await expect.element(item.getByText(/: Occupation · Letter 12$/)).toBeVisible();
  });
});
