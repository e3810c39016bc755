/**
 * `npx tsx bench/tree-open.ts [people]` (default 10,000): how long the family-tree screen takes
 * to open a large tree, through the real server, database and browser.
 *
 * Seeds a member's tree with the bench's synthetic family (one change set through the API), then
 * loads /app/tree in headless Chromium and prints: the save of the whole tree, the size of the
 * GET /api/graph answer, the time from that request's start to the first frame with cards, the
 * time from navigation to that frame, and the size of the change set that one card move sends.
 */
import { chromium } from 'playwright';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyChangeSet, type ProfilePatch } from '../src/domain/changeSet.ts';
import { emptyProfile } from '../src/domain/profile.ts';
import type { GraphEdge, GraphNode, Profile } from '../src/domain/types.ts';
import { startServer } from '../server/app.ts';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { generateFamily } from './scene/generator.ts';

const count = Number(process.argv[2] ?? 10_000);
const dataDir = await mkdtemp(join(tmpdir(), 'kinfolk-tree-open-'));
const server = await startServer({ dataDir, port: 0, host: '127.0.0.1', serveStatic: true, log: false });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });

try {
  const email = 'bench@example.com';
  const password = 'bench password 1';
  const token = await server.createInvitation({ email });
  const accepted = await fetch(`${server.url}/api/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Member', gender: 'Female', email, password }),
  });
  const cookie = accepted.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { user } = (await accepted.json()) as { user: { uid: string } };

  // The synthetic family as a graph: the first person is the member (the primary card).
  const scene = generateFamily(count, 7);
  const profileOf = (id: string) => (id === scene.people[0].id ? user.uid : `pr:${id}`);
  const now = new Date().toISOString();
  const nodes: GraphNode[] = scene.nodes.map((n, i) => ({
    id: n.id, type: 'person', position: n.position, modifiedAt: now, hidden: false,
    data: { profileId: profileOf(n.id), parentRole: '', isPrimary: i === 0 },
  }));
  const profiles = new Map<string, Profile>();
  for (const p of scene.people) {
    const id = profileOf(p.id);
    const year = p.birthYear + 80;
    profiles.set(id, {
      ...emptyProfile(id), firstName: p.firstName, lastName: p.lastName, gender: p.gender,
      birthYear: year <= new Date().getFullYear() ? String(year) : '', bio: p.bio ?? '',
      createdBy: user.uid, createdAt: now, updatedBy: user.uid, updatedAt: now,
    });
  }
  const edges: GraphEdge[] = [];
  for (const e of scene.edges) {
    const a = profiles.get(profileOf(e.source))!;
    const b = profiles.get(profileOf(e.target))!;
    if (e.data?.kind === 'spouse') {
      a.spouses.push(b.id);
      b.spouses.push(a.id);
    } else {
      a.children.push(b.id);
      b.parents.push(a.id);
      edges.push({ id: e.id, source: e.source, target: e.target, sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep', hidden: false, data: { kind: 'parent' } });
    }
  }
  const changes = emptyChangeSet(0);
  changes.nodes.upsert = nodes;
  changes.edges.upsert = edges;
  changes.profiles.upsert = [...profiles.values()].map((p): ProfilePatch => {
    if (p.id !== user.uid) return { id: p.id, create: true, set: { ...p }, add: { spouses: p.spouses, parents: p.parents, children: p.children } };
    return { id: p.id, add: { spouses: p.spouses, parents: p.parents, children: p.children } };
  });
  for (const patch of changes.profiles.upsert) if (patch.set) for (const f of ['spouses', 'parents', 'children', 'id'] as const) delete (patch.set as Record<string, unknown>)[f];
  const body = JSON.stringify({ changes, clientId: 'bench', migrations: ['spouses-v1', 'parents-children-v1'] });
  let t = performance.now();
  const saved = await fetch(`${server.url}/api/graphs/${user.uid}/changes`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie }, body,
  });
  if (!saved.ok) throw new Error(`seeding failed: ${saved.status} ${await saved.text()}`);
  const seedMs = performance.now() - t;

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  await context.addCookies(cookie.split('; ').map((c) => ({ name: c.split('=')[0], value: c.slice(c.indexOf('=') + 1), url: server.url })));
  const page = await context.newPage();
  // Warm the browser's cache of the app's code, as a returning member has it.
  await page.goto('/app/home');
  await page.getByText('Welcome back').waitFor();
  const runs: { fromRequest: number; fromNavigation: number; bytes: number }[] = [];
  for (let i = 0; i < 3; i++) {
    await page.addInitScript(() => {
      const w = window as unknown as { __firstCardFrame?: number };
      new MutationObserver((_, obs) => {
        if (document.querySelector('[data-node-id]')) {
          obs.disconnect();
          requestAnimationFrame(() => (w.__firstCardFrame = performance.now()));
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto('/app/tree');
    await page.waitForFunction(() => (window as unknown as { __firstCardFrame?: number }).__firstCardFrame !== undefined, null, { timeout: 60_000 });
    runs.push(
      await page.evaluate(() => {
        const frame = (window as unknown as { __firstCardFrame: number }).__firstCardFrame;
        const graph = performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/graph')) as PerformanceResourceTiming;
        return { fromRequest: frame - graph.requestStart, fromNavigation: frame, bytes: graph.encodedBodySize || graph.transferSize };
      }),
    );
  }

  const best = runs.reduce((a, b) => (a.fromRequest < b.fromRequest ? a : b));
  console.log(`people: ${count.toLocaleString()}`);
  console.log(`seeding the whole tree (one change set, ${(body.length / 1e6).toFixed(1)} MB): ${seedMs.toFixed(0)} ms`);
  console.log(`GET /api/graph answer: ${(best.bytes / 1e6).toFixed(1)} MB`);
  console.log(`GET /api/graph request → first frame with cards: ${runs.map((r) => r.fromRequest.toFixed(0)).join(', ')} ms`);
  console.log(`page navigation → first frame with cards: ${runs.map((r) => r.fromNavigation.toFixed(0)).join(', ')} ms`);

  // One card moved: what the save sends. The card nearest the centre, zoomed in to it.
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/changes') && sent.push(r.postData() ?? ''));
  const id = await page.evaluate(() => {
    let bestId = '', bestD = Infinity;
    for (const el of document.querySelectorAll<HTMLElement>('[data-node-id]')) {
      const r = el.getBoundingClientRect();
      const d = Math.hypot(r.x + r.width / 2 - innerWidth / 2, r.y + r.height / 2 - innerHeight / 2);
      if (d < bestD) [bestD, bestId] = [d, el.dataset.nodeId!];
    }
    return bestId;
  });
  const box = (await page.locator(`[data-node-id="${id}"]`).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 12);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + 52, { steps: 8 });
  await page.mouse.up();
  t = performance.now();
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await page.getByRole('button', { name: 'Apply changes' }).waitFor({ state: 'detached' });
  const moveSaveMs = performance.now() - t;

  console.log(`one card moved: change set of ${sent[0]?.length ?? 0} bytes, saved in ${moveSaveMs.toFixed(0)} ms (click to button gone)`);
} finally {
  await browser.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
