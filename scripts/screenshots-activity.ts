/**
 * `npx tsx scripts/screenshots-activity.ts [OUT_DIR]`: Home with what relatives changed since the
 * last visit (issue 24, item 3), desktop, tablet (touch) and phone, light and dark: the Hopper family (Grace the
 * owner, Ed an editor), Grace's changes saved through the API after Ed's last visit. Needs
 * `vite build` first.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { signInOn } from '../tests/e2e/fixtures.ts';
import { addNew, loadGraph, saveOk, type Tree } from '../tests/integration/graphHelpers.ts';
import { startTestServer } from '../tests/integration/helpers.ts';
import { hopperFamily, putPhoto } from '../tests/integration/sharingHelpers.ts';

const out = process.argv[2] ?? 'docs/screenshots';
await mkdir(out, { recursive: true });
const server = await startTestServer(undefined, { serveStatic: true, digests: false });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const h = await hopperFamily(server);
  const tree: Tree = { member: h.grace, graphId: h.tree.graphId, ownerUid: h.grace.uid, saved: (await loadGraph(h.grace.client)).graph, clientId: 'grace-tab' };
  const one = addNew(tree.saved, h.grace.uid, 'child', h.primary, { firstName: 'Anne', lastName: 'Hopper', birthYear: '1900' });
  const two = addNew(one.graph, h.grace.uid, 'child', h.primary, { firstName: 'Bert', lastName: 'Hopper', birthYear: '1902' });
  const three = addNew(two.graph, h.grace.uid, 'child', h.primary, { firstName: 'Clara', lastName: 'Hopper', birthYear: '1904' });
  await saveOk(tree, three.graph);
  await putPhoto(server, h.grace, h.walter.profileId);
  for (const [scheme, size] of [
    ['light', 'desktop'],
    ['dark', 'desktop'],
    ['light', 'tablet'],
    ['dark', 'tablet'],
    ['light', 'phone'],
    ['dark', 'phone'],
  ] as const) {
    const viewport = size === 'desktop' ? { width: 1440, height: 900 } : size === 'tablet' ? { width: 1024, height: 768 } : { width: 390, height: 844 };
    const context = await browser.newContext({ baseURL: server.url, viewport, colorScheme: scheme, hasTouch: size !== 'desktop', isMobile: size === 'phone' });
    const page = await context.newPage();
    await signInOn(page, h.ed);
    await page.getByTestId('home-activity').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(out, `activity-home-${size}-${scheme}.png`), fullPage: true });
    await context.close();
  }
  console.log(`screenshots of Home with activity in ${out}`);
} finally {
  await browser.close();
  await server.close();
}
