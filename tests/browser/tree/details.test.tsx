import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { openDialog, treeUi } from '../../../src/screens/tree/treeUi.ts';
import { family, UID } from './fixtures.ts';
import { mountTree, tick } from './harness.tsx';
import { deletePerson } from '../../../src/domain/relationships.ts';

const settle = (el: HTMLElement) => Promise.all(el.getAnimations().map((a) => a.finished));

afterEach(() => {
  treeUi.dialog = null;
  treeUi.detailsNodeId = null;
});

describe('Profile details dialog', () => {
  it('shows the 100 px round avatar, name, Born, gender, maiden name and bio', async () => {
    await mountTree();
    openDialog({ kind: 'profileDetails', nodeId: 'n1004' });
    const dialog = page.getByRole('dialog', { name: 'Profile details' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByRole('heading', { name: 'Anne Milbanke' })).toBeVisible();
    await expect.element(dialog.getByTestId('details-born')).toHaveTextContent(/^—$/);
    await expect.element(dialog.getByTestId('details-gender')).toHaveTextContent(/^Female$/);
    await expect.element(dialog.getByText("Mother's maiden name")).toBeVisible();
    await expect.element(dialog.getByText('Noel', { exact: true })).toBeVisible();
    const img = dialog.getByRole('img', { name: 'Anne Milbanke' }).element() as HTMLImageElement;
    expect(img.offsetWidth).toBe(100);
    expect(img.offsetHeight).toBe(100);
    expect(getComputedStyle(img).borderRadius).toBe('50%');
  });

  it("falls back to 'Unnamed' and hides the optional lines; birth label by filled parts", async () => {
    const g = family();
    g.profiles['pr:byronk'] = { ...g.profiles['pr:byronk']!, firstName: '', lastName: '', birthYear: '2015', birthMonth: '07' };
    await mountTree({ graph: g });
    openDialog({ kind: 'profileDetails', nodeId: 'n1003' });
    const dialog = page.getByRole('dialog', { name: 'Profile details' });
    await expect.element(dialog.getByRole('heading', { name: 'Unnamed' })).toBeVisible();
    await expect.element(dialog.getByTestId('details-born')).toHaveTextContent(/^July 2015$/);
    await expect.element(dialog.getByTestId('details-gender')).toHaveTextContent(/^—$/);
    expect(dialog.getByText("Mother's maiden name").query()).toBeNull();
  });

  it('closes with its close button and with a click on the backdrop', async () => {
    await mountTree();
    openDialog({ kind: 'profileDetails', nodeId: 'n1001' });
    const dialog = page.getByRole('dialog', { name: 'Profile details' });
    await expect.element(dialog.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect.element(dialog.getByTestId('details-born')).toHaveTextContent(/^5 March 1990$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(treeUi.dialog).toBeNull();

    openDialog({ kind: 'profileDetails', nodeId: 'n1001' });
    await expect.element(dialog).toBeVisible();
    await page.getByTestId('dialog-backdrop').click({ position: { x: 10, y: 10 } });
    await expect.element(dialog).not.toBeInTheDocument();
  });
});

describe('Person details panel', () => {
  it('shows photo, name, Born, Gender, maiden name, Died and Bio with dash fallbacks', async () => {
    const g = family();
    g.profiles[UID] = { ...g.profiles[UID]!, death: '2070', bio: 'Wrote the first program.', mothersMaidenName: '' };
    await mountTree({ graph: g });
    treeUi.detailsNodeId = 'n1001';
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await expect.element(panel.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect.element(panel.getByRole('img', { name: 'Ada Lovelace' })).toBeVisible();
    await expect.element(panel.getByTestId('panel-born')).toHaveTextContent(/^5 March 1990$/);
    await expect.element(panel.getByTestId('panel-gender')).toHaveTextContent(/^Female$/);
    await expect.element(panel.getByTestId('panel-maiden')).toHaveTextContent(/^—$/);
    await expect.element(panel.getByTestId('panel-died')).toHaveTextContent(/^2070$/);
    await expect.element(panel.getByTestId('panel-bio')).toHaveTextContent(/^Wrote the first program\.$/);
    // The labels of the summary; the Events list below says Born and Died again, with their places.
    const terms = [...panel.element().querySelectorAll('.person-panel-details dt')];
    expect(terms.map((t) => t.textContent)).toEqual(['Born', 'Gender', "Mother's maiden name", 'Died', 'Bio']);
    for (const t of terms) expect((t as HTMLElement).offsetHeight).toBeGreaterThan(0);
  });

  it('slides in from the right, 320–360 px wide, full height, scrollable', async () => {
    await page.viewport(1200, 800);
    await mountTree();
    treeUi.detailsNodeId = 'n1001';
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await expect.element(panel).toBeVisible();
    const el = panel.element() as HTMLElement;
    // It slides in: an animation runs; measure where it comes to rest.
    expect(el.getAnimations().length).toBeGreaterThan(0);
    await settle(el);
    const area = page.getByTestId('tree-area').element().getBoundingClientRect();
    const box = el.getBoundingClientRect();
    expect(box.width).toBeGreaterThanOrEqual(320);
    expect(box.width).toBeLessThanOrEqual(360);
    expect(Math.round(box.right)).toBe(Math.round(area.right));
    expect(Math.round(box.height)).toBe(Math.round(area.height));
    expect(getComputedStyle(el).overflowY).toBe('auto');
    // 'Apply changes' (the tree toolbar) moves left of the panel instead of hiding under it.
    const toolbar = page.getByTestId('tree-toolbar').element() as HTMLElement;
    expect(parseFloat(getComputedStyle(toolbar).right)).toBeCloseTo(box.width + 12, 0);
  });

  it('is a bottom sheet on a narrow screen', async () => {
    await page.viewport(390, 800);
    await mountTree();
    treeUi.detailsNodeId = 'n1001';
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await expect.element(panel).toBeVisible();
    await settle(panel.element() as HTMLElement);
    const area = page.getByTestId('tree-area').element().getBoundingClientRect();
    const box = (panel.element() as HTMLElement).getBoundingClientRect();
    expect(Math.round(box.bottom)).toBe(Math.round(area.bottom));
    expect(Math.round(box.width)).toBe(Math.round(area.width));
    expect(box.height).toBeLessThan(area.height);
    await page.viewport(1200, 800);
  });

  it("'Collapse Children' hides the descendants; 'Expand Children' restores them", async () => {
    const { session } = await mountTree();
    treeUi.detailsNodeId = 'n1001';
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await panel.getByRole('button', { name: 'Collapse Children' }).click();
    await expect.element(panel.getByRole('button', { name: 'Expand Children' })).toBeVisible();
    expect(session.graph.nodes.find((n) => n.id === 'n1003')!.hidden).toBe(true);
    expect(session.graph.edges.find((e) => e.id === 'e-n1001-n1003')!.hidden).toBe(true);
    expect(session.unsaved).toBe(true);
    await panel.getByRole('button', { name: 'Expand Children' }).click();
    await expect.element(panel.getByRole('button', { name: 'Collapse Children' })).toBeVisible();
    expect(session.graph.nodes.find((n) => n.id === 'n1003')!.hidden).toBe(false);
    expect(session.graph.edges.every((e) => !e.hidden)).toBe(true);
  });

  it('Collapse is disabled for a person without children on the tree', async () => {
    await mountTree();
    treeUi.detailsNodeId = 'n1005';
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await expect.element(panel.getByRole('button', { name: 'Collapse Children' })).toBeDisabled();
    await expect.element(panel.getByText('No children on the tree yet.')).toBeVisible();
  });

  it('opens Edit and Add Relative, and closes with its button and Escape', async () => {
    await mountTree();
    treeUi.detailsNodeId = 'n1002';
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await panel.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(treeUi.dialog).toEqual({ kind: 'editPerson', nodeId: 'n1002' });
    await expect.element(page.getByRole('dialog', { name: 'Edit Person' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    await panel.getByRole('button', { name: 'Add Relative' }).click();
    expect(treeUi.dialog).toEqual({ kind: 'addRelative', nodeId: 'n1002' });
    treeUi.dialog = null;
    await tick();
    await panel.getByRole('button', { name: 'Close details' }).click();
    expect(treeUi.detailsNodeId).toBeNull();
    await expect.element(panel).not.toBeInTheDocument();

    treeUi.detailsNodeId = 'n1002';
    await expect.element(panel).toBeVisible();
    await panel.getByRole('heading', { name: 'William King' }).click();
    await userEvent.keyboard('{Escape}');
    expect(treeUi.detailsNodeId).toBeNull();
  });

  it('disappears when its person is deleted', async () => {
    const { session } = await mountTree();
    treeUi.detailsNodeId = 'n1005';
    const panel = page.getByRole('complementary', { name: 'Person details' });
    await expect.element(panel).toBeVisible();
    const deleted = deletePerson(session.graph, 'n1005');
    if (!deleted.ok) throw new Error(deleted.message);
    session.apply(deleted);
    await expect.element(panel).not.toBeInTheDocument();
  });
});
