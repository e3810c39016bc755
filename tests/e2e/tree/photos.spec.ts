import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, signInOn, test, uniqueEmail } from '../fixtures.ts';
import { addNewRelative, applyOrAutosaved, openDetails, openTree, serverGraph, toast } from './treePage.ts';

/**
 * Evidence and memories, items 3 and 4 (photos), in the real app: two photos uploaded to a living
 * relative, one made the card's photo through the crop dialog, both in the details panel's grid
 * and viewer (arrows, Escape), one also in the member's own profile Photos tab; a viewer of the
 * tree sees none of the living relative's photos.
 */

const picture = (background: string) => sharp({ create: { width: 640, height: 480, channels: 3, background } }).jpeg().toBuffer();

async function addPhoto(page: Page, panel: ReturnType<Page['getByRole']>, title: string, name: string, background: string, options: { alsoOf?: string; onCard?: boolean } = {}) {
  await panel.getByRole('button', { name: 'Add photo or document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a photo or document' });
  await dialog.getByTestId('media-file').setInputFiles({ name, mimeType: 'image/jpeg', buffer: await picture(background) });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Date').fill('12 Jun 2015');
  if (options.alsoOf) await dialog.getByRole('checkbox', { name: options.alsoOf }).check();
  if (options.onCard) await dialog.getByTestId('media-use-on-card').check();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Photo added').first()).toBeVisible();
}

test('two photos of a relative, one the card photo, in the Photos grid and viewer; a viewer does not see a living person\'s photos', async ({ page, browser, baseURL, createMember, signIn }) => {
  // A long story in one test (two members, uploads, a crop): more than the default minute.
  test.setTimeout(300_000);
  await signIn(page, await createMember({ firstName: 'Ada', lastName: 'King' }));
  await openTree(page);
  await addNewRelative(page, 'Ada King', 'Child', { firstName: 'Lena', lastName: 'King', birthYear: '1990' });
  await addNewRelative(page, 'Ada King', 'Spouse', { firstName: 'Vera', lastName: 'King' });
  const panel = await openDetails(page, 'Lena King');

  await test.step('a file that is not what its name says is refused and the form keeps what was typed', async () => {
    await panel.getByRole('button', { name: 'Add photo or document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a photo or document' });
    await dialog.getByTestId('media-file').setInputFiles({ name: 'lake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await dialog.getByLabel('Title').fill('Kept title');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The file is not what its name says. Choose the file again, or save it in its real format.');
    await expect(dialog.getByLabel('Title')).toHaveValue('Kept title');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('the first photo becomes the card photo through the crop dialog', async () => {
    await addPhoto(page, panel, 'Lena at the lake', 'lake.jpg', '#3b6e8f', { onCard: true });
    const crop = page.getByRole('dialog', { name: 'Adjust your photo' });
    await expect(crop).toBeVisible();
    await crop.getByRole('button', { name: 'Use photo' }).click();
    await expect(toast(page, 'Card photo updated')).toBeVisible();
  });

  await test.step('the second is of Lena and her mother', async () => {
    await addPhoto(page, panel, 'Graduation', 'graduation.jpg', '#8f3b5a', { alsoOf: 'Ada King' });
  });

  await test.step('the grid and the viewer: arrows and Escape', async () => {
    const grid = panel.getByTestId('media-grid');
    await expect(grid.getByTestId('media-tile')).toHaveCount(2);
    await expect(panel.getByRole('heading', { name: 'Photos and documents (2)' })).toBeVisible();
    await grid.getByRole('button', { name: 'Open Lena at the lake' }).click();
    const viewer = page.getByTestId('media-viewer');
    await expect(viewer.getByRole('heading', { name: 'Lena at the lake' })).toBeVisible();
    await expect(viewer.getByText('12 June 2015')).toBeVisible();
    await expect.poll(() => viewer.getByTestId('media-viewer-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByRole('heading', { name: 'Graduation' })).toBeVisible();
    await expect(viewer.getByText('In it: Lena King, Ada King')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByRole('heading', { name: 'Lena at the lake' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
  });

  const saved = await test.step('saved on the server with the card photo', async () => {
    await applyOrAutosaved(page);
    let found: { graphId: string; lenaId: string; veraNode: string; thumbs: string[] } | undefined;
    await expect
      .poll(async () => {
        const { graphId, graph } = await serverGraph(page);
        const g = graph as typeof graph & { media?: Record<string, { title: string; people: string[]; thumb: string }> };
        const lena = Object.entries(graph.profiles).find(([, p]) => p.firstName === 'Lena');
        const vera = Object.entries(graph.profiles).find(([, p]) => p.firstName === 'Vera');
        const media = Object.values(g.media ?? {});
        if (lena && vera) found = { graphId, lenaId: lena[0], veraNode: graph.nodes.find((n) => n.data.profileId === vera[0])!.id, thumbs: media.map((m) => m.thumb) };
        return { titles: media.map((m) => m.title).sort(), photo: ((lena?.[1] ?? {}) as { photoURL?: string }).photoURL?.startsWith('/files/profiles/') };
      }, { timeout: 15_000 })
      .toEqual({ titles: ['Graduation', 'Lena at the lake'], photo: true });
    return found!;
  });

  await test.step('the member\'s own Photos tab shows the photo she is in', async () => {
    await page.goto('/app/profile');
    await page.getByRole('tab', { name: 'Photos' }).click();
    const tab = page.getByTestId('profile-photos');
    await expect(tab.getByTestId('media-tile')).toHaveCount(1);
    await expect(tab.getByRole('button', { name: 'Open Graduation' })).toBeVisible();
  });

  await test.step('a viewer sees none of living Lena\'s photos', async () => {
    const email = uniqueEmail('viewer');
    await createMember({ email, firstName: 'Vera', lastName: 'King' });
    const invited = await page.request.post('/api/invitations', { data: { graphUid: saved.graphId, nodeId: saved.veraNode, email, role: 'viewer' } });
    expect(invited.status(), await invited.text()).toBe(200);
    const { token } = (await invited.json()) as { token: string };
    const viewer = await (await browser.newContext({ baseURL })).newPage();
    await signInOn(viewer, { email, password: 'correct horse battery' });
    const joined = await viewer.request.post(`/api/invitations/${token}/join`, { headers: { Origin: baseURL! } });
    expect(joined.status(), await joined.text()).toBe(200);
    await openTree(viewer);
    const theirPanel = await openDetails(viewer, 'Private');
    await expect(theirPanel.getByTestId('panel-private')).toBeVisible();
    await expect(theirPanel.getByTestId('person-media').getByText('No photos or documents yet.')).toBeVisible();
    for (const thumb of saved.thumbs) expect((await viewer.request.get(thumb)).status()).toBe(404);
    await viewer.context().close();
  });
});
