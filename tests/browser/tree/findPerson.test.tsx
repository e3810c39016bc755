import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createPersonAction, savePersonAction } from '../../../src/screens/tree/actions/editPerson.ts';
import { FindPerson } from '../../../src/screens/tree/search/FindPerson.tsx';
import { openDialog, treeUi } from '../../../src/screens/tree/treeUi.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { family, NOW, profile } from './fixtures.ts';
import { mountTree } from './harness.tsx';

afterEach(() => {
  treeUi.dialog = null;
  treeUi.detailsNodeId = null;
  treeUi.reveal = null;
});

/** The family of fixtures.ts and two more people on cards, with the accents search folds. */
function familyWithAccents(): Graph {
  const g = family();
  const add = (nodeId: string, id: string, fields: Parameters<typeof profile>[1], x: number) => {
    g.profiles[id] = profile(id, fields);
    g.nodes.push({ id: nodeId, type: 'person', position: { x, y: 400 }, modifiedAt: NOW, hidden: false, data: { profileId: id, parentRole: '', isPrimary: false } });
  };
  add('n1006', 'pr:jurgen', { firstName: 'Jürgen', lastName: 'Müller', birthYear: '1845' }, 0);
  add('n1007', 'pr:lukasz', { firstName: 'Łukasz', lastName: 'Strauß', birthYear: '1901' }, 200);
  return g;
}

const box = () => page.getByRole('combobox', { name: 'Find someone' });
const options = () => page.getByRole('listbox', { name: 'Find someone' }).getByRole('option');
const names = () => options().elements().map((o) => o.querySelector('.profile-option-name')?.textContent);

describe('Find someone', () => {
  it('finds people on the tree while typing, folding accents, in any word order, by birth year', async () => {
    await mountTree({ graph: familyWithAccents(), children: <FindPerson /> });
    await box().fill('mueller');
    await expect.element(options()).toHaveLength(1);
    await expect.element(options().first()).toHaveTextContent('Jürgen Müller');
    await expect.element(options().first()).toHaveTextContent('Born 1845');
    await box().fill('strauss lukasz');
    await expect.element(options().first()).toHaveTextContent('Łukasz Strauß');
    await box().fill('king');
    await expect.poll(names).toEqual(['Byron King', 'William King']);
    // Parents tell namesakes apart.
    await expect.element(options().first()).toHaveTextContent('Child of Ada Lovelace and William King');
    await box().fill('18');
    await expect.poll(names).toEqual(['Jürgen Müller']);
    // George Byron has a profile but no card: nothing to fly to, so not offered here.
    await box().fill('byron');
    await expect.poll(names).toEqual(['Byron King']);
    await box().fill('nobody here');
    await expect.element(page.getByText('No one matches that search.')).toBeVisible();
    expect(options().elements()).toHaveLength(0);
  });

  it('chooses with the arrow keys and Enter: the card is revealed and its details open', async () => {
    await mountTree({ graph: familyWithAccents(), children: <FindPerson /> });
    await box().click();
    await userEvent.keyboard('king');
    await expect.poll(names).toEqual(['Byron King', 'William King']);
    await expect.element(box()).toHaveAttribute('aria-expanded', 'true');
    await expect.element(options().first()).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(options().nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect.element(box()).toHaveAttribute('aria-activedescendant', options().nth(1).element().id);
    await userEvent.keyboard('{Enter}');
    expect(treeUi.reveal?.nodeId).toBe('n1002');
    expect(treeUi.detailsNodeId).toBe('n1002');
    await expect.element(page.getByRole('complementary', { name: 'Person details' })).toHaveTextContent('William King');
    await expect.element(box()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens with Ctrl+K anywhere and with / outside fields; Escape closes it and gives the focus back', async () => {
    await mountTree({ graph: familyWithAccents(), children: <FindPerson /> });
    const outside = document.createElement('button');
    outside.textContent = 'Somewhere on the tree';
    document.body.append(outside);
    outside.focus();
    await userEvent.keyboard('{Control>}k{/Control}');
    await expect.element(box()).toHaveFocus();
    await userEvent.keyboard('ada');
    await expect.poll(names).toEqual(['Ada Lovelace']);
    await userEvent.keyboard('{Escape}');
    await expect.element(box()).toHaveValue('');
    await expect.element(box()).not.toHaveFocus();
    expect(document.activeElement).toBe(outside);
    expect(options().elements()).toHaveLength(0);

    await userEvent.keyboard('/');
    await expect.element(box()).toHaveFocus();
    // In the box itself a slash is typed, not a shortcut.
    await userEvent.keyboard('a/b');
    await expect.element(box()).toHaveValue('a/b');
    outside.remove();
  });

  it('leaves the keys alone while a dialog is open', async () => {
    await mountTree({ graph: familyWithAccents(), children: <FindPerson /> });
    const requests = treeUi.findRequest;
    openDialog({ kind: 'editPerson', nodeId: 'n1002' });
    const dialog = page.getByRole('dialog', { name: 'Edit Person' });
    await dialog.getByLabelText('First name').click();
    await userEvent.keyboard('{Control>}k{/Control}');
    await expect.element(dialog.getByLabelText('First name')).toHaveFocus();
    expect(treeUi.findRequest).toBe(requests);
  });

  it('follows edits: a renamed person is found by the new name, not the old', async () => {
    const { tree } = await mountTree({ graph: familyWithAccents(), children: <FindPerson /> });
    await box().fill('william');
    await expect.poll(names).toEqual(['William King']);
    const p = tree.session.graph.profiles['pr:william']!;
    savePersonAction(tree, 'n1002', { firstName: 'Wilhelm', lastName: p.lastName, gender: p.gender, birthYear: '', birthMonth: '', birthDay: '', death: '', mothersMaidenName: '', bio: '' });
    await box().fill('willia');
    await expect.element(page.getByText('No one matches that search.')).toBeVisible();
    await box().fill('wilhelm');
    await expect.poll(names).toEqual(['Wilhelm King']);
  });

  it('on a phone it is an icon button that opens the box across the top', async () => {
    await mountTree({
      graph: familyWithAccents(),
      children: (
        <div className="tree-canvas-area" style={{ position: 'relative', width: 390, height: 600, containerType: 'size' }}>
          <FindPerson />
        </div>
      ),
    });
    const toggle = page.getByRole('button', { name: 'Find someone (Ctrl K)' });
    const boxShown = () => getComputedStyle(document.querySelector('.tree-find-box')!).display !== 'none';
    await expect.element(toggle).toBeVisible();
    expect(boxShown()).toBe(false);
    await toggle.click();
    await expect.element(box()).toBeVisible();
    await expect.element(box()).toHaveFocus();
    const rect = (box().element().closest('.tree-find') as HTMLElement).getBoundingClientRect();
    const area = (document.querySelector('.tree-canvas-area') as HTMLElement).getBoundingClientRect();
    expect(rect.width).toBeGreaterThan(area.width - 40);
    await userEvent.keyboard('ada');
    await expect.poll(names).toEqual(['Ada Lovelace']);
    await options().first().click();
    expect(treeUi.reveal?.nodeId).toBe('n1001');
    await expect.poll(boxShown).toBe(false);
    await expect.element(toggle).toBeVisible();
  });
});

describe("'Link existing' asks the same index", () => {
  it('finds by folded names in any order, people without a card too, and people added since', async () => {
    const { tree } = await mountTree({ graph: familyWithAccents(), children: <FindPerson /> });
    // The tree's search builds the index first; the dialog then asks the same one.
    await box().fill('ada');
    await expect.poll(names).toEqual(['Ada Lovelace']);
    expect(tree.search.built).toBe(true);
    createPersonAction(tree, { nodeId: 'n1002', kind: 'child', fields: { firstName: 'Zoë', lastName: 'Ångström' } });

    openDialog({ kind: 'addRelative', nodeId: 'n1002' });
    const dialog = page.getByRole('dialog', { name: 'Add Relative' });
    await dialog.getByRole('radio', { name: 'Spouse' }).click();
    await dialog.getByRole('tab', { name: 'Link existing' }).click();
    const search = dialog.getByRole('combobox', { name: 'Search people' });
    const found = () => dialog.getByRole('option').elements().map((o) => o.querySelector('.profile-option-name')?.textContent);
    await search.fill('mueller jur');
    await expect.poll(found).toEqual(['Jürgen Müller']);
    // George Byron has no card: Link existing offers him (the tree's search does not).
    await search.fill('byron george');
    await expect.poll(found).toEqual(['George Byron']);
    await search.fill('aangstroem');
    await expect.poll(found).toEqual(['Zoë Ångström']);
    // The person themselves and a profile another member claimed are not offered.
    await search.fill('william');
    await expect.element(dialog.getByText('No one matches that search.')).toBeVisible();
    await search.fill('milbanke');
    await expect.element(dialog.getByText('No one matches that search.')).toBeVisible();
  });
});

