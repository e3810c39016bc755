import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { signInOn } from '../fixtures.ts';

/**
 * Driving the tree the way a keyboard or screen-reader user does: through the engine's
 * accessibility mirror, where every card in view is a focusable element named after the person,
 * with the card's buttons inside it.
 */
export function card(page: Page, name: string): Locator {
  return page.locator(`[data-node-id][aria-label="${name}"]`);
}

/** The whole tree in view (the mirror holds only the cards in view). */
export async function fitView(page: Page) {
  await page.getByRole('button', { name: 'Fit view' }).click();
  await viewShown(page);
}

/**
 * The cards' places on screen are the view's: the accessibility mirror follows the view a frame
 * or more later, and a point read from it before then (a line's middle) is where the view was.
 * Waits until two readings, each two frames after the last, agree.
 */
export async function viewShown(page: Page) {
  const boxes = () =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(JSON.stringify([...document.querySelectorAll('[data-node-id]')].map((e) => e.getBoundingClientRect())))),
          ),
        ),
    );
  let last = await boxes();
  await expect
    .poll(async () => {
      const now = await boxes();
      const same = now === last;
      last = now;
      return same;
    })
    .toBe(true);
}

export async function openTree(page: Page) {
  await page.goto('/app/tree');
  await expect(page.getByText('Loading your data…')).toHaveCount(0, { timeout: 15_000 });
  // The mirror's cards come a frame or more after the load: on a busy 2-core machine that has
  // taken over 10 s (the card was there in the failure's screenshot), so wait up to 30 s for it.
  await expect(page.locator('[data-node-id]').first()).toBeAttached({ timeout: 30_000 });
}

export async function pressCardButton(page: Page, name: string, button: string) {
  const target = card(page, name).getByRole('button', { name: button, exact: true });
  await target.focus();
  await page.keyboard.press('Enter');
}

export interface NewPerson {
  firstName: string;
  lastName: string;
  gender?: 'M' | 'F';
  /** A birth date as typed into the form's one date input ('1931', 'abt 1850', '10 Feb 1840'). */
  birthYear?: string;
}

/**
 * Add Relative → relation → Add new → Create Person → Create. A child of someone with a spouse is
 * the most recent spouse's too unless `otherParent` names the choice to take instead (another
 * spouse, or 'Only {name}').
 */
export async function addNewRelative(page: Page, of: string, relation: 'Child' | 'Spouse' | 'Mother' | 'Father' | 'Sibling', person: NewPerson, options: { otherParent?: string } = {}) {
  await pressCardButton(page, of, 'Add Relative');
  const dialog = page.getByRole('dialog', { name: 'Add Relative' });
  await expect(dialog).toBeVisible();
  if (relation === 'Mother' || relation === 'Father') {
    await dialog.getByRole('radio', { name: 'Parent' }).check();
    await dialog.getByRole('radio', { name: relation }).check();
  } else {
    await dialog.getByRole('radio', { name: relation }).check();
  }
  if (options.otherParent) await dialog.getByRole('radio', { name: options.otherParent, exact: true }).check();
  await dialog.getByRole('button', { name: 'Create', exact: true }).click();
  const form = page.getByRole('form', { name: 'Create Person' });
  await form.getByLabel('First name').fill(person.firstName);
  await form.getByLabel('Last name').fill(person.lastName);
  if (person.gender) await form.getByLabel('Gender').selectOption(person.gender);
  if (person.birthYear) await form.getByLabel('Birth date').fill(person.birthYear);
  await form.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page, `${person.firstName} ${person.lastName}`)).toBeAttached();
}

/** The graph as the server has it, through the member's own session cookie. */
export async function serverGraph(page: Page) {
  const res = await page.request.get('/api/graph');
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    graphId: string;
    graph: {
      revision: number;
      nodes: { id: string; position: { x: number; y: number }; data: { profileId: string; isPrimary: boolean } }[];
      edges: { id: string; source: string; target: string; sourceHandle: string; targetHandle: string; data: { kind: string } }[];
      profiles: Record<string, { firstName: string; lastName: string; gender: string; spouses: string[]; parents: string[]; children: string[]; birthYear: string }>;
    };
  };
}

export function nameOf(g: Awaited<ReturnType<typeof serverGraph>>['graph'], nodeId: string) {
  const node = g.nodes.find((n) => n.id === nodeId)!;
  const p = g.profiles[node.data.profileId];
  return `${p.firstName} ${p.lastName}`;
}

/** A second browser (its own cookies and storage), signed in as a member. */
export async function signInAs(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signInOn(page, { email, password });
  return page;
}

/**
 * Apply saves at once. The 3 s autosave may have saved first when the steps before ran slowly (a
 * busy machine): then there is nothing left to apply, and the saved state is the same.
 */
export async function applyOrAutosaved(page: Page) {
  const apply = page.getByRole('button', { name: 'Apply changes' });
  if (await apply.count()) await apply.click({ timeout: 5_000 }).catch(() => undefined);
  await expect(apply).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
}

/** A toast by its text. */
export const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Clicks a person's card (the whole tree in view) and waits for their details panel. */
export async function openDetails(page: Page, name: string) {
  await fitView(page);
  const box = (await card(page, name).boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + 20);
  const panel = page.getByRole('complementary', { name: 'Person details' });
  await expect(panel.getByRole('heading', { name })).toBeVisible();
  return panel;
}
