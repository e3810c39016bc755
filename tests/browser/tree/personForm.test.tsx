import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { ownProfileState } from '../../../src/state/ownProfile.ts';
import { openDialog, treeUi } from '../../../src/screens/tree/treeUi.ts';
import { family, NOW, UID } from './fixtures.ts';
import { mountTree } from './harness.tsx';

afterEach(() => {
  treeUi.dialog = null;
});

const toast = (text: string) => page.getByText(text, { exact: true });

describe('Create Person', () => {
  it('shows the §5 message under each field and creates nothing until they are fixed', async () => {
    const { session } = await mountTree();
    const before = session.graph;
    openDialog({ kind: 'createPerson', nodeId: 'n1001', relation: 'child' });
    const dialog = page.getByRole('dialog', { name: 'Create Person' });
    await expect.element(dialog.getByText('A new child of Ada Lovelace.')).toBeVisible();
    await expect.element(dialog.getByLabelText('Last name')).toHaveValue('Lovelace');
    await expect.element(dialog.getByLabelText('Birth date')).toHaveAttribute('placeholder', 'e.g. 10 Feb 1840, abt 1850');
    await dialog.getByLabelText('First name').fill('Anne');
    await dialog.getByLabelText('Birth date').fill('soon');
    await dialog.getByLabelText('Death date').fill('31 Feb 1840');
    await dialog.getByLabelText('Photo URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.element(dialog.getByText('Enter a date such as 10 Feb 1840, abt 1850, bet 1840 and 1845 or before May 1900', { exact: true })).toBeVisible();
    await expect.element(dialog.getByText('Invalid date', { exact: true })).toBeVisible();
    await expect.element(dialog.getByText('Enter a valid image URL', { exact: true })).toBeVisible();
    await expect.element(dialog.getByLabelText('Birth date')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(dialog.getByLabelText('Death date')).toHaveAttribute('aria-invalid', 'true');
    expect(session.graph).toBe(before);

    // Messages follow the input once shown; the date reads back in words as it is typed.
    await dialog.getByLabelText('Birth date').fill('2027');
    await expect.element(dialog.getByText('Enter a year no later than 2026', { exact: true })).toBeVisible();
    // An ancestor may be born before 1900 (the floor is the own profile page's only).
    await dialog.getByLabelText('Birth date').fill('1899');
    await expect.element(dialog.getByLabelText('Birth date')).not.toHaveAttribute('aria-invalid', 'true');
    await expect.element(dialog.getByText('Reads as: 1899', { exact: true })).toBeVisible();
    await dialog.getByLabelText('Birth date').fill('bet 1850 and 1840');
    await expect.element(dialog.getByText('The first date must come before the second', { exact: true })).toBeVisible();
    await dialog.getByLabelText('Birth date').fill('29/2/2023');
    await expect.element(dialog.getByText('Invalid date', { exact: true }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(session.graph).toBe(before);

    await dialog.getByLabelText('Birth date').fill('28/2/2023');
    await expect.element(dialog.getByText('Reads as: 28 February 2023', { exact: true })).toBeVisible();
    await dialog.getByLabelText('Death date').fill('2024-01-31');
    await expect.element(dialog.getByText('Reads as: 31 January 2024', { exact: true })).toBeVisible();
    await dialog.getByLabelText('Photo URL').fill('https://example.com/anne.jpg');
    await dialog.getByLabelText('Gender').selectOptions('F');
    await dialog.getByLabelText("Mother's maiden name").fill('  Milbanke ');
    await dialog.getByLabelText('Bio').fill('Second child.');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.element(toast('Person added')).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles['pr:new1']).toMatchObject({
      id: 'pr:new1',
      firstName: 'Anne',
      lastName: 'Lovelace',
      gender: 'F',
      birthYear: '2023',
      birthMonth: '02',
      birthDay: '28',
      birthDateText: '',
      death: '2024-01-31',
      mothersMaidenName: 'Milbanke',
      bio: 'Second child.',
      photoURL: 'https://example.com/anne.jpg',
      createdBy: UID,
      createdAt: NOW,
      parents: [UID],
    });
    expect(session.graph.profiles[UID]!.children).toEqual(['pr:byronk', 'pr:new1']);
    expect(session.graph.edges.map((e) => e.id)).toContain('e-n1001-n1006');
  });

  it('takes a date as genealogists write it: "abt 1850" is kept as GEDCOM text and shows "about 1850"', async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'createPerson', nodeId: 'n1001', relation: 'child' });
    const dialog = page.getByRole('dialog', { name: 'Create Person' });
    await dialog.getByLabelText('First name').fill('Anne');
    await dialog.getByLabelText('Birth date').fill('abt 1850');
    await expect.element(dialog.getByText('Reads as: about 1850', { exact: true })).toBeVisible();
    await dialog.getByLabelText('Death date').fill('before May 1900');
    await expect.element(dialog.getByText('Reads as: before May 1900', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles['pr:new1']).toMatchObject({ birthYear: '', birthMonth: '', birthDay: '', birthDateText: 'ABT 1850', death: '', deathDateText: 'BEF MAY 1900' });

    openDialog({ kind: 'editPerson', nodeId: 'n1006' });
    const edit = page.getByRole('dialog', { name: 'Edit Person' });
    await expect.element(edit.getByLabelText('Birth date')).toHaveValue('about 1850');
    await expect.element(edit.getByLabelText('Death date')).toHaveValue('before May 1900');
    await expect.element(edit.getByRole('checkbox', { name: 'Deceased' })).toBeChecked();
  });

  it("a new spouse toasts 'Person added' (it was made here, not linked); gender offers Male, Female or none", async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'createPerson', nodeId: 'n1005', relation: 'spouse' });
    const dialog = page.getByRole('dialog', { name: 'Create Person' });
    const gender = dialog.getByLabelText('Gender');
    await expect.element(gender).toHaveValue('');
    expect([...(gender.element() as HTMLSelectElement).options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Not specified'],
      ['M', 'Male'],
      ['F', 'Female'],
    ]);
    await dialog.getByLabelText('First name').fill('Georgiana');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.element(toast('Person added')).toBeVisible();
    expect(session.graph.profiles['pr:charles']!.spouses).toEqual([UID, 'pr:new1']);
  });

  it('Cancel and Escape create nothing', async () => {
    const { session } = await mountTree();
    const before = session.graph;
    openDialog({ kind: 'createPerson', nodeId: 'n1001', relation: 'child' });
    const dialog = page.getByRole('dialog', { name: 'Create Person' });
    await dialog.getByLabelText('First name').fill('Nobody');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    openDialog({ kind: 'createPerson', nodeId: 'n1001', relation: 'child' });
    await dialog.getByLabelText('First name').fill('Nobody');
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(treeUi.dialog).toBeNull();
    expect(session.graph).toBe(before);
  });
});

describe('Edit Person', () => {
  it('saves edited fields, stamping updatedBy and updatedAt', async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'editPerson', nodeId: 'n1002' });
    const dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await expect.element(dialog.getByLabelText('First name')).toHaveValue('William');
    await expect.element(dialog.getByLabelText('Gender')).toHaveValue('M');
    await dialog.getByLabelText('Birth date').fill('1905');
    await dialog.getByLabelText('Bio').fill('Earl of Lovelace.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast('Profile updated')).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles['pr:william']).toMatchObject({ birthYear: '1905', bio: 'Earl of Lovelace.', updatedBy: UID, updatedAt: NOW, createdBy: UID });
    expect(session.graph.profiles['pr:william']!.spouses).toEqual([UID]);
  });

  it('shows an imported date in words, keeps it while other fields change, and replaces it with a date typed in', async () => {
    const graph = family();
    Object.assign(graph.profiles['pr:william']!, { birthDateText: 'ABT 1805', deathDateText: 'BET 1890 AND 1893' });
    const { session } = await mountTree({ graph });
    openDialog({ kind: 'editPerson', nodeId: 'n1002' });
    let dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await expect.element(dialog.getByLabelText('Birth date')).toHaveValue('about 1805');
    await expect.element(dialog.getByLabelText('Death date')).toHaveValue('between 1890 and 1893');
    await dialog.getByLabelText('Bio').fill('Earl.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles['pr:william']).toMatchObject({ bio: 'Earl.', birthDateText: 'ABT 1805', deathDateText: 'BET 1890 AND 1893' });

    openDialog({ kind: 'editPerson', nodeId: 'n1002' });
    dialog = page.getByRole('dialog', { name: 'Edit Person' });
    // An ancestor's year before 1900 is taken on the tree.
    await dialog.getByLabelText('Birth date').fill('1805');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles['pr:william']).toMatchObject({ birthYear: '1805', birthDateText: '', deathDateText: 'BET 1890 AND 1893' });
  });

  it('an imported date the app cannot read is kept as written until it is changed', async () => {
    const graph = family();
    Object.assign(graph.profiles['pr:william']!, { birthDateText: 'Spring 1805' });
    const { session } = await mountTree({ graph });
    openDialog({ kind: 'editPerson', nodeId: 'n1002' });
    const dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await expect.element(dialog.getByLabelText('Birth date')).toHaveValue('Spring 1805');
    await expect.element(dialog.getByText('Kept as written: not a date the app can read.', { exact: true })).toBeVisible();
    await dialog.getByLabelText('Bio').fill('Earl.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles['pr:william']).toMatchObject({ bio: 'Earl.', birthDateText: 'Spring 1805' });
  });

  it('issue 20: "Deceased" ticked without a date saves the person as deceased; a typed date ticks it; unticked, living again', async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'editPerson', nodeId: 'n1002' });
    let dialog = page.getByRole('dialog', { name: 'Edit Person' });
    const box = () => dialog.getByRole('checkbox', { name: 'Deceased' });
    await expect.element(box()).not.toBeChecked();
    await dialog.getByLabelText('Death date').fill('1852');
    await expect.element(box()).toBeChecked();
    await expect.element(box()).toBeDisabled();
    await dialog.getByLabelText('Death date').fill('');
    await expect.element(box()).not.toBeChecked();
    await box().click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles['pr:william']!.death).toBe('Y');

    openDialog({ kind: 'editPerson', nodeId: 'n1002' });
    dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await expect.element(dialog.getByLabelText('Death date')).toHaveValue('');
    await expect.element(box()).toBeChecked();
    await box().click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles['pr:william']!.death).toBe('');
  });

  it("saving without a change says 'No changes to save'", async () => {
    const { session } = await mountTree();
    const before = session.graph;
    openDialog({ kind: 'editPerson', nodeId: 'n1002' });
    const dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast('No changes to save')).toBeVisible();
    expect(session.graph).toBe(before);
  });

  it('a profile the member may not edit opens read-only and says who can edit it', async () => {
    const { session } = await mountTree();
    const before = session.graph;
    openDialog({ kind: 'editPerson', nodeId: 'n1004' });
    const dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await expect.element(dialog.getByText('Read only: only Mary Somerville can edit these details.')).toBeVisible();
    for (const label of ['First name', 'Last name', 'Gender', 'Birth date', 'Death date', "Mother's maiden name", 'Bio', 'Photo URL'])
      await expect.element(dialog.getByLabelText(label)).toBeDisabled();
    await expect.element(dialog.getByLabelText("Mother's maiden name")).toHaveValue('Noel');
    expect(dialog.getByRole('button', { name: 'Save' }).query()).toBeNull();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    expect(session.graph).toBe(before);
  });

  it('a claimed profile is its owner’s alone, even for the member who added it', async () => {
    const g = family();
    g.profiles['pr:charles'] = { ...g.profiles['pr:charles']!, ownerUid: 'u2' };
    await mountTree({ graph: g });
    openDialog({ kind: 'editPerson', nodeId: 'n1005' });
    const dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await expect.element(dialog.getByText('Read only: only Mary Somerville can edit these details.')).toBeVisible();
    await expect.element(dialog.getByLabelText('First name')).toBeDisabled();
  });

  it('the own profile is editable (header store and browser copy follow) but cannot be re-linked', async () => {
    localStorage.removeItem(`profile:${UID}`);
    const { session } = await mountTree();
    openDialog({ kind: 'editPerson', nodeId: 'n1001' });
    const dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await dialog.getByLabelText('Bio').fill('Mathematician.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast('Profile updated')).toBeVisible();
    expect(session.graph.profiles[UID]!.bio).toBe('Mathematician.');
    expect(ownProfileState.profile?.bio).toBe('Mathematician.');
    expect(JSON.parse(localStorage.getItem(`profile:${UID}`)!).bio).toBe('Mathematician.');

    openDialog({ kind: 'editPerson', nodeId: 'n1001' });
    await expect.element(dialog.getByLabelText('First name')).toBeEnabled();
    await dialog.getByRole('tab', { name: 'Link to profile' }).click();
    await expect.element(dialog.getByText('Your own profile cannot be re-linked', { exact: true })).toBeVisible();
    expect(dialog.getByLabelText('Find by email').query()).toBeNull();
  });

  it("links the card to a profile found by e-mail, ignoring case: 'Linked to profile {name}'", async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'editPerson', nodeId: 'n1005' });
    const dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await dialog.getByRole('tab', { name: 'Link to profile' }).click();
    await dialog.getByLabelText('Find by email').fill('nobody@example.com');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expect.element(toast('No profile found with that email')).toBeVisible();
    expect(session.graph.nodes.find((n) => n.id === 'n1005')!.data.profileId).toBe('pr:charles');

    // Its own e-mail: linking a person to itself is ignored.
    const before = session.graph;
    await dialog.getByLabelText('Find by email').fill('Charles@Example.com');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expect.element(dialog.getByText('This card already shows that profile.')).toBeVisible();
    expect(session.graph).toBe(before);

    await dialog.getByLabelText('Find by email').fill('  LORD.BYRON@example.COM ');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    await expect.element(toast('Linked to profile George Byron')).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.nodes.find((n) => n.id === 'n1005')!.data.profileId).toBe('pr:byron');
    expect(session.graph.profiles['pr:byron']!.spouses).toEqual([UID]);
    expect(session.graph.profiles[UID]!.spouses).toEqual(['pr:william', 'pr:byron']);
    expect(session.graph.profiles['pr:byron']).toMatchObject({ updatedBy: UID, updatedAt: NOW });
  });

  it('links the card to a profile chosen from the search; people on the tree, and members (§6), are not offered', async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'editPerson', nodeId: 'n1003' });
    const dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await dialog.getByRole('tab', { name: 'Link to profile' }).click();
    const listbox = dialog.getByRole('listbox', { name: 'Choose a profile' });
    await expect.element(listbox.getByRole('option').first()).toBeVisible();
    expect(listbox.getByRole('option').elements().map((o) => o.querySelector('.profile-option-name')!.textContent)).toEqual(['George Byron']);
    await listbox.getByRole('option', { name: /George Byron/ }).click();
    await expect.element(toast('Linked to profile George Byron')).toBeVisible();
    expect(session.graph.nodes.find((n) => n.id === 'n1003')!.data.profileId).toBe('pr:byron');
    expect(session.graph.profiles['pr:byron']!.parents).toEqual([UID, 'pr:william']);
    expect(session.graph.profiles['pr:byronk']!.parents).toEqual([]);
  });

  it('a person another member has claimed cannot be pointed at another profile (§6)', async () => {
    await mountTree({ graph: family() });
    openDialog({ kind: 'editPerson', nodeId: 'n1004' });
    const dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await dialog.getByRole('tab', { name: 'Link to profile' }).click();
    await expect.element(dialog.getByText('You may not re-link this person')).toBeVisible();
    expect(dialog.getByLabelText('Find by email').query()).toBeNull();
  });
});
