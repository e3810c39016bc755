import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { addCoupleEvent, addPersonEvent, type EventFields } from '../../../src/domain/facts/eventOps.ts';
import type { FactsOutcome } from '../../../src/domain/facts/factsResult.ts';
import { addName } from '../../../src/domain/facts/names.ts';
import { coupleId } from '../../../src/domain/facts/types.ts';
import { FindPerson } from '../../../src/screens/tree/search/FindPerson.tsx';
import { treeUi } from '../../../src/screens/tree/treeUi.ts';
import { NOW, UID } from './fixtures.ts';
import { mountTree, toast } from './harness.tsx';

afterEach(() => {
  treeUi.dialog = null;
  treeUi.detailsNodeId = null;
});

const panel = () => page.getByRole('complementary', { name: 'Person details' });

/**
 * Ada born at Kensington Palace, a mathematician, nicknamed; married to William at the Chapel Royal.
 * Put on the open session by the facts operations themselves: until the model's save path carries
 * events, names, places and couples, a loaded graph comes without them.
 */
async function mountFacts(opts: Parameters<typeof mountTree>[0] = {}) {
  const mounted = await mountTree(opts);
  const { session } = mounted;
  let n = 0;
  const ctx = () => ({ uid: UID, now: NOW, random: () => ((n++ * 13) % 36) / 36 });
  const take = <T,>(r: FactsOutcome<T>) => {
    if (!r.ok) throw new Error(r.message);
    session.apply(r);
    return r;
  };
  const fields = (type: EventFields['type'], date: string, place: string, description = ''): EventFields => ({ type, customType: '', date, place, description, age: '' });
  take(addPersonEvent(session.graph, { profileId: UID, fields: fields('OCCU', '2015', '', 'Mathematician'), ...ctx() }));
  take(addPersonEvent(session.graph, { profileId: UID, fields: fields('BIRT', '', 'Kensington Palace, London, England'), ...ctx() }));
  take(addCoupleEvent(session.graph, { partners: [UID, 'pr:william'], fields: fields('MARR', '8 JUL 1835', 'Chapel Royal, London, England'), ...ctx() }));
  take(addName(session.graph, { profileId: UID, fields: { kind: 'nickname', prefix: '', given: '', surnamePrefix: '', surname: '', suffix: '', nickname: 'Enchantress of Numbers' }, ...ctx() }));
  const placeId = (name: string) => Object.values(session.graph.places!).find((p) => p.name === name)!.id;
  return { ...mounted, placeId };
}

describe('Person details: events, names, relatives', () => {
  it('lists the events in date order with their places, the other names, and the relatives with the couple’s events', async () => {
    await mountFacts();
    treeUi.detailsNodeId = 'n1001';
    const events = panel().getByTestId('panel-events');
    await expect.element(events).toBeVisible();
    const items = events.getByRole('listitem').elements().map((li) => li.querySelector('.facts-text')!.textContent);
    expect(items).toEqual(['Born 5 March 1990Kensington Palace, London, England', 'Occupation 2015Mathematician']);
    await expect.element(panel().getByTestId('panel-names')).toHaveTextContent('“Enchantress of Numbers”Nickname');
    const spouses = panel().getByRole('group', { name: 'Spouses' });
    await expect.element(spouses.getByRole('button', { name: 'William King', exact: true })).toBeVisible();
    await expect.element(spouses.getByText('Chapel Royal, London, England')).toBeVisible();
    await expect.element(spouses.getByText('Married')).toBeVisible();
    await expect.element(panel().getByRole('group', { name: 'Parents' }).getByRole('button', { name: 'Anne Milbanke' })).toBeVisible();
    await expect.element(panel().getByRole('group', { name: 'Children' }).getByRole('button', { name: 'Byron King' })).toBeVisible();
  });

  it('a relative’s name flies to their card and opens their details', async () => {
    await mountFacts();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('group', { name: 'Children' }).getByRole('button', { name: 'Byron King' }).click();
    expect(treeUi.reveal?.nodeId).toBe('n1003');
    await expect.element(panel().getByRole('heading', { name: 'Byron King' })).toBeVisible();
    // Byron's siblings: none; his parents are Ada and William.
    await expect.element(panel().getByRole('group', { name: 'Parents' }).getByRole('button', { name: 'Ada Lovelace' })).toBeVisible();
  });

  it('adds an occupation at a new place: the dialog, the panel, the graph, and Undo', async () => {
    const { session } = await mountFacts();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    await expect.element(dialog).toBeVisible();
    await dialog.getByLabelText('Type').selectOptions('Occupation');
    await dialog.getByLabelText('Date').fill('ABT 1850');
    await dialog.getByRole('combobox', { name: 'Place' }).fill('Ockham Park, Surrey, England');
    await dialog.getByLabelText('Description').fill('Translator');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(toast('Event added')).toBeVisible();
    await expect.element(panel().getByTestId('panel-events').getByText('Ockham Park, Surrey, England')).toBeVisible();
    const places = Object.values(session.graph.places!);
    expect(places.map((p) => p.name).sort()).toEqual(['Chapel Royal', 'England', 'Kensington Palace', 'London', 'Ockham Park', 'Surrey']);
    const added = session.graph.profiles[UID]!.events!.at(-1)!;
    expect(added).toMatchObject({ type: 'OCCU', date: 'ABT 1850', description: 'Translator' });

    await toast('Event added').getByRole('button', { name: 'Undo' }).click();
    await expect.element(panel().getByText('Ockham Park, Surrey, England')).not.toBeInTheDocument();
    expect(Object.keys(session.graph.places!)).toHaveLength(4);
  });

  it('suggests the tree’s places while typing, and a chosen one is used as it is', async () => {
    const { session, placeId } = await mountFacts();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    await dialog.getByLabelText('Type').selectOptions('Residence');
    const place = dialog.getByRole('combobox', { name: 'Place' });
    await place.fill('kens');
    await expect.element(dialog.getByRole('option', { name: 'Kensington Palace, London, England' })).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect.element(place).toHaveValue('Kensington Palace, London, England');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles[UID]!.events!.at(-1)!.placeId).toBe(placeId('Kensington Palace'));
    expect(Object.keys(session.graph.places!)).toHaveLength(4);
  });

  it('edits and deletes an event', async () => {
    const { session } = await mountFacts();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Edit Occupation 2015' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit event' });
    await expect.element(dialog.getByLabelText('Description')).toHaveValue('Mathematician');
    await dialog.getByLabelText('Description').fill('Analyst');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(panel().getByText('Analyst')).toBeVisible();
    await panel().getByRole('button', { name: 'Delete Occupation 2015' }).click();
    await expect.element(toast('Event deleted')).toBeVisible();
    expect(session.graph.profiles[UID]!.events!.map((e) => e.type)).toEqual(['BIRT']);
  });

  it('a custom event needs its type', async () => {
    await mountFacts();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    await dialog.getByLabelText('Type').selectOptions('Custom…');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('Say what the event is');
    await dialog.getByLabelText('Custom type').fill('Graduation');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(panel().getByText('Graduation')).toBeVisible();
  });

  it('adds a marriage from a spouse row, making the couple', async () => {
    const { session } = await mountFacts();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Add marriage with Charles Babbage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add marriage' });
    await expect.element(dialog.getByLabelText('Type')).toHaveValue('MARR');
    await dialog.getByLabelText('Date').fill('1850');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.couples![coupleId(UID, 'pr:charles')]!.events).toMatchObject([{ type: 'MARR', date: '1850' }]);
    await expect.element(panel().getByRole('group', { name: 'Spouses' }).getByText('1850')).toBeVisible();
  });

  it('adds, edits and removes another name', async () => {
    const { session } = await mountFacts();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Add name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add name' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog.getByRole('alert')).toHaveTextContent('Enter at least one part of the name');
    await dialog.getByLabelText('Kind').selectOptions('Birth name');
    await dialog.getByLabelText('Given names').fill('Augusta Ada');
    await dialog.getByLabelText('Surname', { exact: true }).fill('Byron');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(panel().getByTestId('panel-names').getByText('Augusta Ada Byron')).toBeVisible();
    await panel().getByRole('button', { name: 'Edit name Augusta Ada Byron' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit name' });
    await edit.getByLabelText('Prefix', { exact: true }).fill('Hon.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.element(panel().getByText('Hon. Augusta Ada Byron')).toBeVisible();
    await panel().getByRole('button', { name: 'Delete name Hon. Augusta Ada Byron' }).click();
    await expect.element(panel().getByText('Hon. Augusta Ada Byron')).not.toBeInTheDocument();
    expect(session.graph.profiles[UID]!.names!.map((n) => n.nickname)).toEqual(['Enchantress of Numbers']);
  });

  it('Escape in a dialog closes the dialog, not the panel', async () => {
    await mountFacts();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Add event' }).click();
    await expect.element(page.getByRole('dialog', { name: 'Add event' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog', { name: 'Add event' })).not.toBeInTheDocument();
    await expect.element(panel()).toBeVisible();
  });

  it('Escape in the place suggestions closes them and keeps the dialog and what was typed', async () => {
    await mountFacts();
    treeUi.detailsNodeId = 'n1001';
    await panel().getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    const place = dialog.getByRole('combobox', { name: 'Place' });
    await place.fill('kens');
    await expect.element(dialog.getByRole('option', { name: 'Kensington Palace, London, England' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog.getByRole('option', { name: 'Kensington Palace, London, England' })).not.toBeInTheDocument();
    await expect.element(dialog).toBeVisible();
    await expect.element(place).toHaveValue('kens');
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it('offers no event or name buttons on a person the member may not edit', async () => {
    await mountFacts();
    treeUi.detailsNodeId = 'n1004';
    await expect.element(panel().getByRole('heading', { name: 'Anne Milbanke' })).toBeVisible();
    expect(panel().getByRole('button', { name: 'Add event' }).query()).toBeNull();
    expect(panel().getByRole('button', { name: 'Add name' }).query()).toBeNull();
    await expect.element(panel().getByText('No events yet.')).toBeVisible();
  });

  it('a viewer sees the facts and no buttons to change them', async () => {
    await mountFacts({ role: 'viewer' });
    treeUi.detailsNodeId = 'n1002';
    await expect.element(panel().getByRole('group', { name: 'Spouses' }).getByText('Chapel Royal, London, England')).toBeVisible();
    expect(panel().getByRole('button', { name: /^Add marriage/ }).query()).toBeNull();
  });
});

describe('Find someone by other names and places', () => {
  const box = () => page.getByRole('combobox', { name: 'Find someone' });
  const options = () => page.getByRole('listbox', { name: 'Find someone' }).getByRole('option');

  it('finds by a nickname and by a place, saying why; "born in" keeps births only', async () => {
    await mountFacts({ children: <FindPerson /> });
    await box().fill('enchantress');
    await expect.element(options()).toHaveLength(1);
    await expect.element(options().first()).toHaveTextContent('Ada Lovelace');
    await expect.element(options().first()).toHaveTextContent('Nickname “Enchantress of Numbers”');
    // The Chapel Royal is the couple's: both partners are found, each saying so.
    await box().fill('chapel royal');
    await expect.element(options()).toHaveLength(2);
    await expect.element(options().first()).toHaveTextContent('Married in Chapel Royal, London, England');
    await box().fill('kensington');
    await expect.element(options()).toHaveLength(1);
    await expect.element(options().first()).toHaveTextContent('Born in Kensington Palace, London, England');
    await box().fill('born in london');
    await expect.element(options()).toHaveLength(1);
    await expect.element(options().first()).toHaveTextContent('Born in London, England');
    await box().fill('died in london');
    await expect.element(page.getByText('No one matches that search.')).toBeVisible();
  });

  it('finds a place added in the panel at once', async () => {
    await mountFacts({ children: <FindPerson /> });
    treeUi.detailsNodeId = 'n1002';
    await panel().getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    await dialog.getByRole('combobox', { name: 'Place' }).fill('Ockham Park, Surrey');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    await box().fill('ockham');
    await expect.element(options().first()).toHaveTextContent('William King');
    await expect.element(options().first()).toHaveTextContent('Lived in Ockham Park, Surrey');
  });
});
