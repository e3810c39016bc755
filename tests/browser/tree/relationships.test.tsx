import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { LIST_BOX_MAX_HEIGHT } from '../../../src/domain/timing.ts';
import { openDialog, treeUi } from '../../../src/screens/tree/treeUi.ts';
import { parentEdge } from '../../../src/domain/relationships.ts';
import { family, profile, UID, withManyProfiles } from './fixtures.ts';
import { mountTree } from './harness.tsx';

afterEach(() => {
  treeUi.dialog = null;
  treeUi.detailsNodeId = null;
});

const toast = (text: string) => page.getByText(text, { exact: true });

describe('Add Relative', () => {
  it('a parent needs Mother or Father: Create stays disabled and says so until one is chosen', async () => {
    await mountTree();
    openDialog({ kind: 'addRelative', nodeId: 'n1002' });
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await expect.element(dialog.getByText('Add a child, a parent, a spouse or a sibling of William King.')).toBeVisible();
    await expect.element(dialog.getByRole('radio', { name: 'Child' })).toBeChecked();
    await expect.element(dialog.getByRole('button', { name: 'Create' })).toBeEnabled();
    await dialog.getByRole('radio', { name: 'Parent' }).click();
    await expect.element(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await expect.element(dialog.getByText('Please choose a Parent type (Mother or Father)', { exact: true })).toBeVisible();
    await dialog.getByRole('radio', { name: 'Father' }).click();
    expect(dialog.getByText('Please choose a Parent type (Mother or Father)').query()).toBeNull();
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(treeUi.dialog).toEqual({ kind: 'createPerson', nodeId: 'n1002', relation: 'parent', parentRole: 'father' });
  });

  it("'Add new' opens Create Person prefilled for the relation and adds the new father", async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'addRelative', nodeId: 'n1002' });
    const add = page.getByRole('dialog', { name: 'Add Relative' });
    await add.getByRole('radio', { name: 'Parent' }).click();
    await add.getByRole('radio', { name: 'Father' }).click();
    await add.getByRole('button', { name: 'Create' }).click();
    const create = page.getByRole('dialog', { name: 'Create Person' });
    await expect.element(create.getByText('A new father of William King.')).toBeVisible();
    await expect.element(create.getByLabelText('Gender')).toHaveValue('M');
    await expect.element(create.getByLabelText('Gender')).toBeDisabled();
    await expect.element(create.getByLabelText('Last name')).toHaveValue('King');
    await create.getByLabelText('First name').fill('Peter');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect.element(toast('Person added')).toBeVisible();
    await expect.element(create).not.toBeInTheDocument();
    const father = session.graph.nodes.find((n) => n.data.profileId === 'pr:new1')!;
    expect(father).toMatchObject({ id: 'n1006', data: { parentRole: 'father', isPrimary: false } });
    expect(session.graph.edges.some((e) => e.id === `e-n1006-n1002`)).toBe(true);
    expect(session.graph.profiles['pr:new1']).toMatchObject({ firstName: 'Peter', lastName: 'King', gender: 'M', createdBy: UID, children: ['pr:william'] });
    expect(session.graph.profiles['pr:william']!.parents).toEqual(['pr:new1']);
    expect(session.unsaved).toBe(true);
  });

  it('offers a parent only while the person has fewer than 2, and explains', async () => {
    await mountTree();
    openDialog({ kind: 'addRelative', nodeId: 'n1003' });
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await expect.element(dialog.getByRole('radio', { name: 'Parent' })).toBeDisabled();
    await expect.element(dialog.getByText('Byron King already has 2 parents. A person can have at most 2 parents.')).toBeVisible();
  });

  it("'Link existing' links the chosen profile as a spouse, by keyboard", async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'addRelative', nodeId: 'n1002' });
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await dialog.getByRole('radio', { name: 'Spouse' }).click();
    await dialog.getByRole('tab', { name: 'Link existing' }).click();
    const box = dialog.getByRole('combobox', { name: 'Search people' });
    await box.fill('byron');
    const options = dialog.getByRole('option');
    await expect.element(options).toHaveLength(2);
    expect(options.elements().map((o) => o.querySelector('.profile-option-name')?.textContent)).toEqual(['Byron King', 'George Byron']);
    await expect.element(options.nth(1)).toHaveTextContent('Lord.Byron@Example.com');
    await expect.element(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect.element(box).toHaveAttribute('aria-activedescendant', options.nth(1).element().id);
    await userEvent.keyboard('{Enter}');
    await expect.element(toast('Spouse linked')).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.profiles['pr:william']!.spouses).toContain('pr:byron');
    expect(session.graph.profiles['pr:byron']!.spouses).toEqual(['pr:william']);
    expect(session.graph.nodes.some((n) => n.data.profileId === 'pr:byron')).toBe(true);
  });

  it("'Link existing' toasts the domain's refusal and changes nothing", async () => {
    const { session } = await mountTree();
    const before = session.graph;
    openDialog({ kind: 'addRelative', nodeId: 'n1001' });
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await dialog.getByRole('tab', { name: 'Link existing' }).click();
    await dialog.getByRole('combobox').fill('byron king');
    await dialog.getByRole('option', { name: /Byron King/ }).click();
    await expect.element(toast('They are already linked that way')).toBeVisible();
    expect(session.graph).toBe(before);
    await expect.element(dialog).toBeVisible();
  });

  it('a grandparent linked as the child of a grandchild is refused before sending, by name (issue 19)', async () => {
    // Byron King gets a son, Ralph; Ralph's Add Relative then tries Ada (his grandmother) as his child.
    const g = family();
    g.profiles['pr:ralph'] = profile('pr:ralph', { firstName: 'Ralph', lastName: 'King', parents: ['pr:byronk'] });
    g.profiles['pr:byronk'] = { ...g.profiles['pr:byronk']!, children: ['pr:ralph'] };
    g.nodes.push({ ...g.nodes.find((n) => n.id === 'n1003')!, id: 'n1006', position: { x: 100, y: 400 }, data: { profileId: 'pr:ralph', parentRole: '', isPrimary: false } });
    g.edges.push(parentEdge('n1003', 'n1006'));
    const { session } = await mountTree({ graph: g });
    const before = session.graph;
    openDialog({ kind: 'addRelative', nodeId: 'n1006' });
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await dialog.getByRole('tab', { name: 'Link existing' }).click();
    await dialog.getByRole('combobox').fill('ada');
    await dialog.getByRole('option', { name: /Ada Lovelace/ }).click();
    await expect.element(toast("Ada Lovelace can't be their own ancestor.")).toBeVisible();
    expect(session.graph).toBe(before);
  });

  it('lists at most 50 results in a list box at most 280 px high that scrolls', async () => {
    await mountTree({ graph: withManyProfiles(family(), 120) });
    openDialog({ kind: 'addRelative', nodeId: 'n1001' });
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await dialog.getByRole('tab', { name: 'Link existing' }).click();
    const listbox = dialog.getByRole('listbox');
    await expect.element(listbox.getByRole('option').nth(49)).toBeInTheDocument();
    expect(listbox.getByRole('option').elements()).toHaveLength(50);
    await expect.element(dialog.getByText('Showing the first 50 matches. Type more of a name to narrow the list.')).toBeVisible();
    const el = listbox.element() as HTMLElement;
    expect(el.getBoundingClientRect().height).toBeLessThanOrEqual(LIST_BOX_MAX_HEIGHT);
    expect(getComputedStyle(el).maxHeight).toBe('280px');
    expect(el.scrollHeight).toBeGreaterThan(el.clientHeight);
    // The active option scrolls into view as the keyboard moves down the list.
    await dialog.getByRole('combobox').click();
    for (let i = 0; i < 12; i++) await userEvent.keyboard('{ArrowDown}');
    const active = listbox.getByRole('option').nth(12).element().getBoundingClientRect();
    const frame = el.getBoundingClientRect();
    expect(active.bottom).toBeLessThanOrEqual(frame.bottom + 1);
    // Words are found by their beginning: 110 to 119, not 011 (two letters are too few to look inside words).
    await dialog.getByRole('combobox').fill('person 11');
    await expect.element(listbox.getByRole('option')).toHaveLength(10);
    expect(dialog.getByText(/Showing the first 50/).query()).toBeNull();
    await dialog.getByRole('combobox').fill('nobody at all');
    await expect.element(dialog.getByText('No one matches that search.')).toBeVisible();
  });
});

describe('Add Relative: families as couples (issue 20, item 6)', () => {
  it('a child is had with the most recent spouse by default; another spouse or no one can be chosen', async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'addRelative', nodeId: 'n1001' });
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await expect.element(dialog.getByRole('radio', { name: 'Charles Babbage' })).toBeChecked();
    await expect.element(dialog.getByRole('radio', { name: 'William King' })).not.toBeChecked();
    await dialog.getByRole('radio', { name: 'William King' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(treeUi.dialog).toEqual({ kind: 'createPerson', nodeId: 'n1001', relation: 'child', otherParentProfileId: 'pr:william' });
    const create = page.getByRole('dialog', { name: 'Create Person' });
    await create.getByLabelText('First name').fill('Annabella');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect.element(toast('Person added')).toBeVisible();
    expect(session.graph.profiles['pr:new1']!.parents).toEqual([UID, 'pr:william']);

    openDialog({ kind: 'addRelative', nodeId: 'n1001' });
    await dialog.getByRole('radio', { name: 'Only Ada Lovelace' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(treeUi.dialog).toEqual({ kind: 'createPerson', nodeId: 'n1001', relation: 'child' });
  });

  it('a second parent: "They are a couple" is ticked by default and can be unticked', async () => {
    await mountTree();
    openDialog({ kind: 'addRelative', nodeId: 'n1001' });
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await dialog.getByRole('radio', { name: 'Parent' }).click();
    await dialog.getByRole('radio', { name: 'Father' }).click();
    const box = dialog.getByRole('checkbox', { name: 'They are a couple' });
    await expect.element(box).toBeChecked();
    await expect.element(dialog.getByText('Anne Milbanke and the new father become spouses.')).toBeVisible();
    await box.click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    expect(treeUi.dialog).toEqual({ kind: 'createPerson', nodeId: 'n1001', relation: 'parent', parentRole: 'father', couple: false });
  });

  it('Sibling is offered only with a parent on the tree, and says why', async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'addRelative', nodeId: 'n1002' });
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await expect.element(dialog.getByRole('radio', { name: 'Sibling' })).toBeDisabled();
    await expect
      .element(dialog.getByText('William King has no parents on the tree yet. Add a parent first: a sibling is added as a child of their parents.'))
      .toBeVisible();
    openDialog({ kind: 'addRelative', nodeId: 'n1003' });
    await dialog.getByRole('radio', { name: 'Sibling' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    const create = page.getByRole('dialog', { name: 'Create Person' });
    await expect.element(create.getByText('A new sibling of Byron King.')).toBeVisible();
    await create.getByLabelText('First name').fill('Ralph');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect.element(toast('Person added')).toBeVisible();
    expect(session.graph.profiles['pr:new1']!.parents).toEqual([UID, 'pr:william']);
  });
});

describe('Parent links', () => {
  it("sets how a child is each parent's on Save, with Undo; a claimed parent's link is read-only", async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'parentLinks', nodeId: 'n1003' });
    const dialog = page.getByRole('dialog', { name: 'Parent links' });
    await expect.element(dialog.getByText('How Byron King is the child of each parent. Each line to a parent is drawn to match.')).toBeVisible();
    const toWilliam = dialog.getByTestId('parent-link-n1002');
    await expect.element(toWilliam.getByRole('radio', { name: 'Birth' })).toBeChecked();
    await expect.element(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await toWilliam.getByRole('radio', { name: 'Adopted' }).click();
    await dialog.getByTestId('parent-link-n1001').getByRole('radio', { name: 'Step' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast('Parent links saved')).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.edges.find((e) => e.id === 'e-n1002-n1003')!.data).toEqual({ kind: 'parent', pedigree: 'adopted' });
    expect(session.graph.edges.find((e) => e.id === 'e-n1001-n1003')!.data).toEqual({ kind: 'parent', pedigree: 'step' });
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.element(toast('Parent links change undone')).toBeVisible();
    expect(session.graph.edges.find((e) => e.id === 'e-n1002-n1003')!.data).toEqual({ kind: 'parent' });
    expect(session.graph.edges.find((e) => e.id === 'e-n1001-n1003')!.data).toEqual({ kind: 'parent' });

    openDialog({ kind: 'parentLinks', nodeId: 'n1001' });
    const own = page.getByRole('dialog', { name: 'Parent links' }).getByTestId('parent-link-n1004');
    await expect.element(own.getByRole('radio', { name: 'Step' })).toBeDisabled();
    await expect.element(own.getByText("You may not change this person's relatives")).toBeVisible();
  });
});

describe('Link spouse', () => {
  it('confirms linking the two cards as spouses', async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'linkSpouse', nodeId: 'n1002', otherNodeId: 'n1005' });
    const dialog = page.getByRole('dialog', { name: 'Link spouse' });
    await expect.element(dialog.getByText('Link William King and Charles Babbage as spouses?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Link spouses' }).click();
    await expect.element(toast('Spouse linked')).toBeVisible();
    expect(session.graph.profiles['pr:william']!.spouses).toContain('pr:charles');
    expect(session.graph.profiles['pr:charles']!.spouses).toContain('pr:william');
    expect(session.graph.nodes).toHaveLength(5);
  });

  it('Cancel links nothing; an existing marriage is refused', async () => {
    const { session } = await mountTree();
    const before = session.graph;
    openDialog({ kind: 'linkSpouse', nodeId: 'n1001', otherNodeId: 'n1002' });
    const dialog = page.getByRole('dialog', { name: 'Link spouse' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph).toBe(before);
    openDialog({ kind: 'linkSpouse', nodeId: 'n1001', otherNodeId: 'n1002' });
    await dialog.getByRole('button', { name: 'Link spouses' }).click();
    await expect.element(toast('They are already linked that way')).toBeVisible();
    expect(session.graph).toBe(before);
  });
});

describe('Unlink person', () => {
  it('lists every relationship with names and refuses spouses who share children', async () => {
    const { session } = await mountTree();
    const before = session.graph;
    openDialog({ kind: 'unlink', nodeId: 'n1001' });
    const dialog = page.getByRole('dialog', { name: 'Unlink person' });
    const radios = dialog.getByRole('radio');
    await expect.element(radios.nth(2)).toBeVisible();
    // Anne Milbanke has joined (claimed by u2): her relationships are hers to change (§6).
    expect(radios.elements().map((r) => r.getAttribute('aria-label'))).toEqual([
      'Child: Byron King',
      'Spouse: William King',
      'Spouse: Charles Babbage',
    ]);
    await dialog.getByRole('radio', { name: 'Spouse: William King' }).click();
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await expect.element(toast('Cannot unlink spouses that share children. Remove child relationships first.')).toBeVisible();
    expect(session.graph).toBe(before);
    await expect.element(dialog).toBeVisible();
  });

  it("unlinking a spouse removes the lone card; 'Undo' puts everything back", async () => {
    const { session } = await mountTree();
    const before = session.graph;
    openDialog({ kind: 'unlink', nodeId: 'n1001' });
    const dialog = page.getByRole('dialog', { name: 'Unlink person' });
    await dialog.getByRole('radio', { name: 'Spouse: Charles Babbage' }).click();
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await expect.element(toast('Spouse unlinked and cleaned up')).toBeVisible();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(session.graph.nodes.map((n) => n.id)).not.toContain('n1005');
    expect(session.graph.profiles[UID]!.spouses).toEqual(['pr:william']);
    expect(session.graph.profiles['pr:charles']).toBeDefined();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.element(toast('Unlink undone')).toBeVisible();
    expect(session.graph.nodes).toEqual(before.nodes);
    expect(session.graph.profiles).toEqual(before.profiles);
  });

  it("a parent or child link toasts 'Relationship unlinked' and can be preselected", async () => {
    const { session } = await mountTree();
    openDialog({ kind: 'unlink', nodeId: 'n1003', relation: { kind: 'parent', nodeId: 'n1001' } });
    const dialog = page.getByRole('dialog', { name: 'Unlink person' });
    await expect.element(dialog.getByRole('radio', { name: 'Parent: Ada Lovelace' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await expect.element(toast('Relationship unlinked')).toBeVisible();
    expect(session.graph.edges.map((e) => e.id)).not.toContain('e-n1001-n1003');
    expect(session.graph.profiles[UID]!.children).toEqual([]);
    expect(session.graph.profiles['pr:byronk']!.parents).toEqual(['pr:william']);
    expect(session.graph.nodes.map((n) => n.id)).toContain('n1003');
  });

  it('says so when there is nothing to unlink', async () => {
    const g = family();
    g.profiles['pr:byron'] = { ...g.profiles['pr:byron']! };
    g.nodes.push({ id: 'n1006', type: 'person', position: { x: 600, y: 0 }, modifiedAt: '', hidden: false, data: { profileId: 'pr:byron', parentRole: '', isPrimary: false } });
    await mountTree({ graph: g });
    openDialog({ kind: 'unlink', nodeId: 'n1006' });
    const dialog = page.getByRole('dialog', { name: 'Unlink person' });
    await expect.element(dialog.getByText('George Byron has no spouse, parent or child to unlink.')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Unlink' }).query()).toBeNull();
  });
});

describe('Delete person', () => {
  it("deletes after confirmation; 'Undo' restores the person, edges and references", async () => {
    const { session } = await mountTree();
    const before = session.graph;
    treeUi.detailsNodeId = 'n1003';
    openDialog({ kind: 'delete', nodeIds: ['n1003'] });
    const dialog = page.getByRole('dialog', { name: 'Delete person' });
    await expect.element(dialog.getByText('Delete Byron King?')).toBeVisible();
    await expect.element(
      dialog.getByText('This permanently deletes the person, their relationships and their profile from the tree. You can undo it for a few seconds afterwards.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.element(toast('Person deleted')).toBeVisible();
    expect(session.graph.nodes.map((n) => n.id)).not.toContain('n1003');
    expect(session.graph.edges.filter((e) => e.target === 'n1003')).toEqual([]);
    expect(session.graph.profiles['pr:byronk']).toBeUndefined();
    expect(session.graph.profiles[UID]!.children).toEqual([]);
    expect(session.graph.profiles['pr:william']!.children).toEqual([]);
    expect(treeUi.detailsNodeId).toBeNull();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.element(toast('Deletion undone')).toBeVisible();
    expect(session.graph.nodes).toEqual(before.nodes);
    expect(session.graph.edges).toEqual(before.edges);
    expect(session.graph.profiles).toEqual(before.profiles);
  });

  it('deletes a selection, skipping the primary person, and undoes all of it', async () => {
    const { session } = await mountTree();
    const before = session.graph;
    openDialog({ kind: 'delete', nodeIds: ['n1001', 'n1003', 'n1005'] });
    const dialog = page.getByRole('dialog', { name: 'Delete person' });
    await expect.element(dialog.getByText('Delete these 2 people?')).toBeVisible();
    const list = dialog.getByRole('list', { name: 'People to delete' });
    expect(list.getByRole('listitem').elements().map((li) => li.textContent)).toEqual(['Byron King', 'Charles Babbage']);
    await expect.element(dialog.getByText('Ada Lovelace is skipped: the primary person cannot be deleted.')).toBeVisible();
    await expect.element(
      dialog.getByText('This permanently deletes these people, their relationships and their profiles from the tree. You can undo it for a few seconds afterwards.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.element(toast('Person deleted')).toBeVisible();
    expect(session.graph.nodes.map((n) => n.id)).toEqual(['n1001', 'n1002', 'n1004']);
    expect(session.graph.profiles[UID]!.spouses).toEqual(['pr:william']);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.element(toast('Deletion undone')).toBeVisible();
    expect(session.graph.nodes).toEqual(before.nodes);
    expect(session.graph.edges).toEqual(before.edges);
    expect(session.graph.profiles).toEqual(before.profiles);
  });

  it('the primary person alone cannot be deleted', async () => {
    const { session } = await mountTree();
    const before = session.graph;
    openDialog({ kind: 'delete', nodeIds: ['n1001'] });
    const dialog = page.getByRole('dialog', { name: 'Delete person' });
    await expect.element(dialog.getByText('There is no one here that can be deleted.')).toBeVisible();
    await expect.element(dialog.getByText('Ada Lovelace is skipped: the primary person cannot be deleted.')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Delete' }).query()).toBeNull();
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    expect(session.graph).toBe(before);
  });
});
