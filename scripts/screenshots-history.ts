/**
 * `npx tsx scripts/screenshots-history.ts [OUT_DIR]`: the history (issue 24): a person's history
 * in the details panel (desktop light and dark), the tree's Activity, a revert's preview and
 * Recently deleted. The tree and its changes are saved through the API first (as Ada, the
 * owner). Needs `vite build` first.
 */
import type { Page } from 'playwright';
import { join } from 'node:path';
import { diffGraphs } from '../src/domain/changeSet.ts';
import { deletePerson } from '../src/domain/relationships.ts';
import type { Graph } from '../src/domain/types.ts';
import { addNew } from '../tests/integration/graphHelpers.ts';
import { MEMBER, openScreenshotSite, signIn } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? 'docs/screenshots');
const { out, server, browser } = site;

async function seed(): Promise<void> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page);
  const loaded = await (await page.request.get('/api/graph')).json();
  const graphId: string = loaded.graphId;
  const uid: string = loaded.ownerUid;
  let saved: Graph = loaded.graph;
  const save = async (next: Graph) => {
    const res = await page.request.post(`/api/graphs/${graphId}/changes`, { data: { changes: diffGraphs(saved, next), clientId: 'shots' } });
    if (!res.ok()) throw new Error(await res.text());
    saved = { ...next, revision: (await res.json()).revision };
  };
  const primary = { id: 'n1001', type: 'person' as const, position: { x: 0, y: 0 }, modifiedAt: '', hidden: false, data: { profileId: uid, parentRole: '' as const, isPrimary: true } };
  await save({ ...saved, nodes: [primary] });
  const byron = addNew(saved, uid, 'child', 'n1001', { firstName: 'Byron', lastName: 'King', gender: 'M' });
  await save(byron.graph);
  const anna = addNew(saved, uid, 'child', 'n1001', { firstName: 'Annabella', lastName: 'King', gender: 'F' });
  await save(anna.graph);
  const set = (id: string, fields: Record<string, string>) => ({ ...saved, profiles: { ...saved.profiles, [id]: { ...saved.profiles[id]!, ...fields } } });
  await save(set(byron.profileId, { birthYear: '1836', birthMonth: '05', birthDay: '12' }));
  await save(set(byron.profileId, { bio: 'Viscount Ockham; served in the Royal Navy.' }));
  await save(set(byron.profileId, { bio: 'Viscount Ockham; served in the Royal Navy, then worked as a shipwright.', death: '1862' }));
  const ralph = addNew(saved, uid, 'child', 'n1001', { firstName: 'Ralph', lastName: 'King', gender: 'M' });
  await save(ralph.graph);
  const gone = deletePerson(saved, anna.nodeId);
  if (!gone.ok) throw new Error(gone.message);
  await save(gone.graph);
  await context.close();
}

async function openTree(scheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, colorScheme: scheme });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/app/tree');
  await page.locator('[data-node-id]').first().waitFor({ state: 'attached', timeout: 120_000 });
  await page.getByRole('button', { name: 'Fit view' }).click();
  await page.waitForTimeout(600);
  return page;
}

async function personHistory(scheme: 'light' | 'dark') {
  const page = await openTree(scheme);
  const byron = page.locator('[data-node-id][aria-label="Byron King"]');
  const box = (await byron.boundingBox())!;
  await page.mouse.click(box.x + 20, box.y + 20);
  const panel = page.getByRole('complementary', { name: 'Person details' });
  await panel.waitFor();
  await panel.getByTestId('person-history-toggle').click();
  await panel.getByTestId('person-history').waitFor();
  await panel.evaluate((el) => el.scrollTo(0, el.querySelector<HTMLElement>('.history-person')!.offsetTop - 16));
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(out, `history-person-desktop-${scheme}.png`) });
  await page.context().close();
}

async function dialogs() {
  const page = await openTree('light');
  const menu = async (item: string) => {
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await page.getByRole('menuitem', { name: item }).click();
  };
  await menu('Activity…');
  const activity = page.getByTestId('activity-dialog');
  await activity.getByTestId('activity-list').locator('li').first().waitFor();
  await page.screenshot({ path: join(out, 'history-activity-desktop-light.png') });
  await activity.getByRole('button', { name: /^Revert the change of/ }).nth(2).click();
  await page.getByTestId('revert-dialog').getByRole('button', { name: 'Revert' }).waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, 'history-revert-preview-desktop-light.png') });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await menu('Recently deleted…');
  await page.getByTestId('deleted-list').waitFor();
  await page.screenshot({ path: join(out, 'history-recently-deleted-desktop-light.png') });
  await page.context().close();
}

try {
  await seed();
  await personHistory('light');
  await personHistory('dark');
  await dialogs();
  console.log(`screenshots of ${MEMBER.firstName}'s tree's history in ${out}`);
} finally {
  await site.close();
}
