import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { treeUi } from '../../../src/screens/tree/treeUi.ts';
import { SourcesDialog } from '../../../src/screens/tree/panels/facts/SourcesDialog.tsx';
import { coupleId, type Source } from '../../../src/domain/facts/types.ts';
import { family, NOW, UID, YEAR } from './fixtures.ts';
import { parseGedcom } from '../../../src/gedcom/parse.ts';
import { gedcomToGraph } from '../../../src/gedcom/toGraph.ts';
import { mountTree } from './harness.tsx';

afterEach(() => {
  treeUi.dialog = null;
  treeUi.detailsNodeId = null;
});

const panel = () => page.getByRole('complementary', { name: 'Person details' });
const source = (id: string, fields: Partial<Source> = {}): Source => ({ id, title: 'Register', author: '', publication: '', repository: '', url: '', note: '', ...fields });

/** Ada's family with dates: her mother died 2010, she married William 2012, their son was born 2015, William died 2020. */
function datedFamily() {
  const g = family();
  g.profiles['pr:anne'] = { ...g.profiles['pr:anne']!, death: '2010-06-01' };
  g.profiles['pr:william'] = { ...g.profiles['pr:william']!, death: '2020' };
  g.profiles['pr:byronk'] = { ...g.profiles['pr:byronk']!, gender: 'M', birthYear: '2015', birthMonth: '04', birthDay: '01' };
  const cp = coupleId(UID, 'pr:william');
  g.couples = { [cp]: { id: cp, partners: [UID, 'pr:william'].sort() as [string, string], events: [{ id: 'evm', type: 'MARR', customType: '', date: 'ABT 2012', placeId: '', description: '', age: '' }] } };
  return g;
}

describe('Evidence in the details panel', () => {
  it('cites a new source on a birth, with a formatted note, and the fact shows both', async () => {
    const { session } = await mountTree();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Edit Born 5 March 1990' }).click();
    // Born has no stored event yet: its details are added.
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    await dialog.getByRole('button', { name: 'Add citation' }).click();
    const form = dialog.getByRole('group', { name: 'Add citation' });
    await form.getByLabelText('Source', { exact: true }).selectOptions('New source…');
    await form.getByLabelText('Title of the new source').fill('Birth register of Marylebone');
    await form.getByLabelText('Where in the source').fill('Entry 12');
    await form.getByLabelText('Quality').selectOptions('3 — Direct evidence');
    await form.getByLabelText('Date seen').fill('3 Feb 2024');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.element(dialog.getByTestId('dialog-citations').getByText('Birth register of Marylebone · Entry 12 · Direct evidence')).toBeVisible();

    // The note: a word in bold with the toolbar.
    const note = dialog.getByRole('textbox', { name: 'Note' });
    await note.click();
    await userEvent.keyboard('Born at home ');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await userEvent.keyboard('early');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();

    const birth = session.graph.profiles[UID]!.events!.find((e) => e.type === 'BIRT')!;
    expect(birth.note).toBe('<p>Born at home <b>early</b></p>');
    expect(birth.citations).toEqual([{ id: expect.stringMatching(/^ci/), sourceId: expect.stringMatching(/^sr/), page: 'Entry 12', date: '3 FEB 2024', quality: 3, text: '' }]);
    const events = panel().getByTestId('panel-events');
    await expect.element(events.getByTestId('note-view').getByText('early')).toBeVisible();
    expect(events.getByTestId('note-view').element().querySelector('b')?.textContent).toBe('early');
    await events.getByText('Sources (1)').click();
    await expect.element(events.getByText('Birth register of Marylebone · Entry 12 · Direct evidence')).toBeVisible();
    await expect.element(events.getByText('Seen 3 February 2024', { exact: false })).toBeVisible();
  });

  it('changes a citation’s page and quality in the event dialog', async () => {
    const g = family();
    g.sources = { sr1: source('sr1', { title: 'Census 2021' }) };
    g.profiles[UID]!.events = [{ id: 'ev1', type: 'RESI', customType: '', date: '2021', placeId: '', description: 'London', age: '', citations: [{ id: 'ci1', sourceId: 'sr1', page: 'p. 1', date: '', quality: 1, text: '' }] }];
    const { session } = await mountTree({ graph: g });
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Edit Residence 2021' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit event' });
    await dialog.getByRole('button', { name: 'Edit citation Census 2021 · p. 1 · Questionable' }).click();
    const form = dialog.getByRole('group', { name: 'Edit citation' });
    await form.getByLabelText('Where in the source').fill('Schedule 40');
    await form.getByLabelText('Quality').selectOptions('2 — Secondary evidence');
    await form.getByRole('button', { name: 'Update' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles[UID]!.events![0]!.citations).toEqual([{ id: 'ci1', sourceId: 'sr1', page: 'Schedule 40', date: '', quality: 2, text: '' }]);
  });

  it('a name and a couple carry citations and a couple a note', async () => {
    const g = family();
    g.sources = { sr1: source('sr1', { title: 'Marriage register' }) };
    const { session } = await mountTree({ graph: g });
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Add name' }).click();
    const nameDialog = page.getByRole('dialog', { name: 'Add name' });
    await nameDialog.getByLabelText('Given names').fill('Augusta Ada');
    await nameDialog.getByRole('button', { name: 'Add citation' }).click();
    await nameDialog.getByLabelText('Source', { exact: true }).selectOptions('Marriage register');
    await nameDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await nameDialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(nameDialog).not.toBeInTheDocument();
    await expect.element(panel().getByTestId('panel-names').getByText('Sources (1)')).toBeVisible();

    await panel().getByRole('button', { name: 'Sources and note of the couple with William King' }).click();
    const coupleDialog = page.getByRole('dialog', { name: 'Couple’s sources and note' });
    await coupleDialog.getByRole('textbox', { name: 'Note' }).click();
    await userEvent.keyboard('Married at St George’s');
    await coupleDialog.getByRole('button', { name: 'Add citation' }).click();
    await coupleDialog.getByLabelText('Source', { exact: true }).selectOptions('Marriage register');
    await coupleDialog.getByLabelText('Where in the source').fill('Entry 7');
    await coupleDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await coupleDialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(coupleDialog).not.toBeInTheDocument();
    const couple = session.graph.couples![coupleId(UID, 'pr:william')]!;
    expect(couple).toMatchObject({ note: '<p>Married at St George’s</p>', citations: [{ sourceId: 'sr1', page: 'Entry 7' }] });
    await expect.element(panel().getByText('Married at St George’s')).toBeVisible();
  });

  it('a couple’s shared note from a GEDCOM file (FAM NOTE @N1@) shows under the spouse', async () => {
    const file = [
      '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8',
      '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 SEX F', '1 FAMS @F1@',
      '0 @I2@ INDI', '1 NAME Tom /Lee/', '1 SEX M', '1 FAMS @F1@',
      '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 NOTE @N1@',
      '0 @N1@ NOTE Married by banns at the Old Rectory', '0 TRLR', '',
    ].join('\n');
    let n = 0;
    let k = 5001;
    const imported = gedcomToGraph(parseGedcom(new TextEncoder().encode(file)), { uid: UID, now: NOW, currentYear: YEAR, newProfileId: () => `pr:lee${n++}`, nextNodeId: () => `n${k++}` });
    const g = family();
    g.nodes.push(...imported.nodes.map((node, i) => ({ ...node, position: { x: 600 + i * 200, y: 0 } })));
    g.edges.push(...imported.edges);
    for (const p of imported.profiles) g.profiles[p.id] = p;
    g.couples = Object.fromEntries(imported.couples.map((c) => [c.id, c]));
    await mountTree({ graph: g });
    treeUi.detailsNodeId = imported.nodes.find((node) => g.profiles[node.data.profileId]!.firstName === 'Ann')!.id;
    const spouses = panel().getByRole('group', { name: 'Spouses' });
    await expect.element(spouses.getByText('Married by banns at the Old Rectory')).toBeVisible();
  });

  it('the Timeline shows the family’s events in order with her age at each', async () => {
    await mountTree({ graph: datedFamily() });
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Timeline' }).click();
    const timeline = panel().getByTestId('timeline');
    await expect.element(timeline).toBeVisible();
    const rows = [...timeline.element().querySelectorAll('li.timeline-entry')].map((li) => li.textContent);
    expect(rows).toEqual([
      '5 March 1990Born',
      '1 June 2010Death of mother Anne MilbankeAge 20',
      'about 2012Married William KingAge about 22',
      '1 April 2015Birth of son Byron KingAge 25',
      '2020Death of husband William KingAge about 30',
    ]);
    await timeline.getByRole('button', { name: 'Show Byron King' }).click();
    await expect.poll(() => treeUi.detailsNodeId).toBe('n1003');
  });
});

describe('The Sources dialog edits and deletes', () => {
  it('edits a source, deletes an unused one, and says why a cited one stays', async () => {
    const g = family();
    g.sources = { sr1: source('sr1', { title: 'Census' }), sr2: source('sr2', { title: 'Unused book' }) };
    g.profiles[UID]!.events = [{ id: 'ev1', type: 'RESI', customType: '', date: '2021', placeId: '', description: '', age: '', citations: [{ id: 'ci1', sourceId: 'sr1', page: '', date: '', quality: null, text: '' }] }];
    const { session } = await mountTree({ graph: g, children: <SourcesDialog onClose={() => {}} /> });
    const list = page.getByRole('dialog', { name: 'Sources' });
    await list.getByRole('button', { name: 'Edit source Census' }).click();
    const form = list.getByRole('form', { name: 'Edit source Census' });
    await form.getByLabelText('Title').fill('Census of 2021');
    await form.getByLabelText('Repository').fill('ONS');
    await form.getByLabelText('Link', { exact: true }).fill('ftp://nope');
    await form.getByRole('button', { name: 'Save source' }).click();
    await expect.element(form.getByText('A link must begin with http:// or https://')).toBeVisible();
    await form.getByLabelText('Link', { exact: true }).fill('https://census.example');
    await form.getByRole('button', { name: 'Save source' }).click();
    await expect.element(list.getByText('Kept at ONS')).toBeVisible();
    expect(session.graph.sources!.sr1).toMatchObject({ title: 'Census of 2021', repository: 'ONS', url: 'https://census.example' });

    await list.getByRole('button', { name: 'Delete source Census of 2021' }).click();
    await expect.element(list.getByText('1 fact cites this source: remove those citations first')).toBeVisible();
    expect(session.graph.sources!.sr1).toBeDefined();
    await list.getByRole('button', { name: 'Delete source Unused book' }).click();
    await expect.element(list.getByRole('listitem', { name: 'Unused book' })).not.toBeInTheDocument();
    expect(Object.keys(session.graph.sources!)).toEqual(['sr1']);
  });
});
