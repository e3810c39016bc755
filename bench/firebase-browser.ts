/**
 * `npx tsx bench/firebase-browser.ts [people…]` (default 10,000): the Firebase build measured end
 * to end against the emulators (Auth and Functions from firebase-tools, Firestore from Debian's
 * jar, started and built as the Firebase e2e starts them: tests/e2e/firebase/globalSetup.ts).
 *
 * For each size:
 *  - import: the bench family through the import functions (begin, chunks, commit), called
 *    in-process on the same Firestore, time to saved, split into the upload, the commit's work
 *    before its first write batch (merge, validation, the lock), the batches, and what follows
 *    the last batch (the switching transaction, dropping the chunks, the snapshot);
 *  - the first open after it (in-process `openGraph`), which finds the snapshot the commit made;
 *  - cold opens in headless Chromium: a new browser context (empty Firestore cache) signs in,
 *    then /app/tree is loaded; time from navigation to the first frame with cards, the
 *    `openGraph` callable's time, and the documents the page received from the Firestore server
 *    (its read marks, src/backend/firebase/readMarks.ts), plus the documents `openGraph` itself
 *    reads (counted in-process around the same call); then a reopen in the same context (cache warm);
 *  - one card moved through the `saveChanges` callable over HTTP (the Functions emulator, as
 *    the browser calls it), median of ten after one warm-up call.
 * The functions the browser calls are called once before its first open: in the emulator each
 * function's first call starts its worker, which a deployed function in use has done already.
 * Writes bench/results/firebase-browser.json (a size's row replaces only an earlier row of that size).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright';
import { DocumentReference, Firestore, Query } from 'firebase-admin/firestore';
import { familyGraph } from './scene/familyGraph.ts';
import { FIREBASE_IMPORT_LIMITS, FUNCTIONS_REGION } from '../src/backend/firebase/callables.ts';
import { paths, type UserDoc } from '../src/backend/firebase/paths.ts';
import { FIRESTORE_READ_MARK, type ReadMarkDetail } from '../src/backend/firebase/readMarks.ts';
import { chunkChangeSet } from '../src/domain/changeSetChunks.ts';
import { emptyChangeSet } from '../src/domain/changeSet.ts';
import { newOwnProfile } from '../src/domain/invitations.ts';
import { openGraph } from '../functions/src/callables/graphs.ts';
import { createImports } from '../functions/src/callables/imports.ts';
import { asChangeSet } from '../tests/contract/graphStore.contract.ts';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import globalSetup, { type FirebaseE2E } from '../tests/e2e/firebase/globalSetup.ts';
import { openTestbed } from '../tests/firebase/firestoreTestbed.ts';
import { markFirstCardFrame, waitForFirstCardFrame } from './tools/firstCardFrame.ts';

const counts = process.argv.slice(2).map(Number).filter((n) => n > 0);
const ms = (start: number) => Math.round(performance.now() - start);
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);

/** Documents the Admin SDK returns in this process while `fn` runs (one read per document; a query returning none bills one). */
let adminReads = 0;
function countAdminReads() {
  const docGet = DocumentReference.prototype.get;
  DocumentReference.prototype.get = async function (this: DocumentReference) {
    const snap = await docGet.call(this);
    adminReads += 1;
    return snap;
  } as typeof docGet;
  const queryGet = Query.prototype.get;
  Query.prototype.get = async function (this: Query) {
    const snap = await queryGet.call(this);
    adminReads += Math.max(1, snap.size);
    return snap;
  } as typeof queryGet;
  const getAll = Firestore.prototype.getAll;
  Firestore.prototype.getAll = async function (this: Firestore, ...refs: Parameters<typeof getAll>) {
    const snaps = await getAll.apply(this, refs);
    adminReads += snaps.length;
    return snaps;
  } as typeof getAll;
}

const stop = await globalSetup();
const site = JSON.parse(process.env.KINFOLK_FIREBASE_E2E!) as FirebaseE2E;
process.env.FIRESTORE_EMULATOR_HOST = site.hosts.firestore;
process.env.FIREBASE_AUTH_EMULATOR_HOST = site.hosts.auth;
const bed = await openTestbed();
countAdminReads();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const results: ({ people: number } & Record<string, unknown>)[] = [];

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/app\/home$/, { timeout: 300_000 });
}

/** /app/tree loaded: navigation → first frame with cards, the openGraph call, the documents read from the Firestore server. */
async function openTree(page: Page) {
  await page.evaluate(() => performance.clearMarks());
  await page.goto('/app/tree');
  await waitForFirstCardFrame(page, Number(process.env.FIRST_FRAME_TIMEOUT_MS ?? 900_000)).catch(async (e: unknown) => {
    // What the page showed instead of cards, to say why.
    await page.screenshot({ path: join(tmpdir(), 'firebase-browser-failure.png') });
    console.error(`no cards at ${page.url()}; the page said: ${(await page.locator('body').innerText()).slice(0, 500)}`);
    throw e;
  });
  // The listeners' first answers come a moment after the frame: wait for the users document's.
  await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').some((m) => (m as PerformanceMark).detail?.what === 'users document'), FIRESTORE_READ_MARK, { timeout: 120_000 }).catch(() => undefined);
  return page.evaluate((mark) => {
    const frame = (window as unknown as { __firstCardFrame: number }).__firstCardFrame;
    const open = performance.getEntriesByType('resource').find((e) => e.name.includes('/openGraph')) as PerformanceResourceTiming | undefined;
    const reads: Record<string, number> = {};
    for (const m of performance.getEntriesByName(mark, 'mark')) {
      const d = (m as PerformanceMark).detail as ReadMarkDetail;
      reads[d.what] = (reads[d.what] ?? 0) + d.documents;
    }
    return { firstFrameMs: Math.round(frame), openGraphCallMs: open ? Math.round(open.responseEnd - open.requestStart) : null, browserReads: reads };
  }, FIRESTORE_READ_MARK) as Promise<{ firstFrameMs: number; openGraphCallMs: number | null; browserReads: Record<string, number> }>;
}

/** A callable over HTTP, as the web SDK calls it; waits while the emulator is still loading the functions. */
async function call<T>(name: string, token: string, data: unknown): Promise<T> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const res = await fetch(`http://${site.hosts.functions}/${site.projectId}/${FUNCTIONS_REGION}/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ data }),
    });
    const text = await res.text();
    if (res.status === 404 && text.includes('does not exist') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2000));
      continue;
    }
    const body = JSON.parse(text) as { result?: T; error?: unknown };
    if (!res.ok || body.error) throw new Error(`${name}: ${res.status} ${JSON.stringify(body.error)}`);
    return body.result as T;
  }
}

try {
  for (const people of counts.length ? counts : [10_000]) {
    const owner = `bench${people}x${Date.now().toString(36)}`;
    const email = `${owner}@example.com`;
    const password = 'bench-password-1';
    await bed.deps.auth.createUser({ uid: owner, email, password, displayName: 'Ann Bench' });
    await bed.db.doc(paths.user(owner)).set({ graphIds: [], joinedGraphId: null } satisfies UserDoc);
    const now = new Date().toISOString();
    await bed.deps.store.transaction((tx) => tx.writeProfiles([newOwnProfile({ uid: owner, firstName: 'Ann', lastName: 'Bench', email, gender: 'F', now })]));
    await openGraph(bed.deps, owner, {});

    const family = familyGraph(people, owner, 'rows', 7, now, `${owner}-`);
    const bodies = chunkChangeSet(asChangeSet(family, owner), FIREBASE_IMPORT_LIMITS.targetChunkBytes);
    let batches = 0;
    let firstBatchAt = 0;
    let lastBatchAt = 0;
    const beforeBatch = () => {
      const t = performance.now();
      if (!batches) firstBatchAt = t;
      lastBatchAt = t;
      batches++;
    };
    const imports = createImports(bed.deps, FIREBASE_IMPORT_LIMITS, undefined, { beforeBatch });
    const importStart = performance.now();
    const { importId } = await imports.begin(owner, { graphId: owner, clientId: 'bench', chunks: bodies.length, people });
    for (const [index, body] of bodies.entries()) await imports.putChunk(owner, { graphId: owner, importId, index, body });
    const uploaded = performance.now();
    const { revision } = await imports.commit(owner, { graphId: owner, importId });
    const done = performance.now();
    const perBatch = batches > 1 ? (lastBatchAt - firstBatchAt) / (batches - 1) : 0;
    const importRow = {
      importToSavedMs: Math.round(done - importStart),
      uploadMs: Math.round(uploaded - importStart),
      beforeFirstBatchMs: Math.round(firstBatchAt - uploaded),
      batchesMs: Math.round(lastBatchAt - firstBatchAt + perBatch),
      afterLastBatchMs: Math.round(done - lastBatchAt - perBatch),
      writeBatches: batches,
      chunks: bodies.length,
      revision,
    };
    console.log(`${people}: import`, JSON.stringify(importRow));

    const firstOpenStart = performance.now();
    await openGraph(bed.deps, owner, {});
    const firstOpenWithSnapshotMs = ms(firstOpenStart);
    console.log(`${people}: first open, making the snapshot: ${firstOpenWithSnapshotMs} ms`);
    adminReads = 0;
    const opened = await openGraph(bed.deps, owner, {});
    const openGraphReads = adminReads;
    // The browser's two queries, run here too, so the figure stands even if the browser part cannot finish.
    const chunkDocs = (await bed.db.collection(paths.snapshotChunks(owner, opened.snapshot!.id)).get()).size;
    const tailDocs = (await bed.db.collection(paths.changes(owner)).where('revision', '>', opened.snapshot!.revision).get()).size;
    console.log(`${people}: cold open reads: openGraph ${openGraphReads}, snapshot chunks ${chunkDocs}, change log ${tailDocs} (the browser's listeners add the users document)`);

    const auth = (await (
      await fetch(`http://${site.hosts.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      })
    ).json()) as { idToken: string };
    // Each function's first call starts its worker in the emulator (tens of seconds here, past the
    // web SDK's 70 s callable timeout under load): started before the browser's opens, as a
    // deployed function that members use is running.
    for (const name of ['openGraph', 'listTrees', 'accountSettings']) await call(name, auth.idToken, {});
    const coldOpens = [];
    let warmOpen = null;
    for (let i = 0; i < 2; i++) {
      const context = await browser.newContext({ baseURL: site.url, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      page.on('console', (m) => m.type() === 'error' && console.error(`page: ${m.text()}`));
      await markFirstCardFrame(page);
      await signIn(page, email, password);
      coldOpens.push(await openTree(page));
      if (i === 1) warmOpen = await openTree(page);
      await context.close();
    }
    console.log(`${people}: cold opens`, JSON.stringify(coldOpens), 'warm', JSON.stringify(warmOpen));

    let base = (await openGraph(bed.deps, owner, {})).revision;
    const saves: number[] = [];
    for (let i = 0; i < 11; i++) {
      const move = emptyChangeSet(base);
      move.nodes.upsert = [{ ...family.nodes[1]!, position: { x: i * 10, y: 0 } }];
      const start = performance.now();
      base = (await call<{ revision: number }>('saveChanges', auth.idToken, { graphId: owner, changes: move, clientId: 'bench' })).revision;
      if (i > 0) saves.push(performance.now() - start);
    }
    const best = coldOpens.reduce((a, b) => (a.firstFrameMs < b.firstFrameMs ? a : b));
    const row = {
      people,
      import: importRow,
      firstOpenWithSnapshotMs,
      coldOpen: {
        navigationToFirstFrameMs: coldOpens.map((o) => o.firstFrameMs),
        openGraphCallMs: coldOpens.map((o) => o.openGraphCallMs),
        browserReads: best.browserReads,
        openGraphReads,
        documentReads: openGraphReads + Object.values(best.browserReads).reduce((a, b) => a + b, 0),
      },
      warmReopen: warmOpen,
      oneCardSaveThroughCallable: { medianMs: median(saves), minMs: Math.round(Math.min(...saves)), maxMs: Math.round(Math.max(...saves)) },
    };
    console.log(JSON.stringify(row));
    results.push(row);
  }
  const dir = join(import.meta.dirname, 'results');
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'firebase-browser.json');
  // Sizes run separately (100,000 takes long) are kept side by side: a row is replaced only by one of its size.
  const earlier = JSON.parse(await readFile(file, 'utf8').catch(() => '{"results":[]}')) as { results: { people: number }[] };
  const kept = earlier.results.filter((r) => !results.some((n) => n.people === r.people));
  const all = [...kept, ...results].sort((a, b) => a.people - b.people);
  await writeFile(file, JSON.stringify({ measuredAt: new Date().toISOString(), results: all }, null, 2) + '\n');
  console.log(`wrote ${file}`);
} finally {
  await browser.close();
  await bed.close();
  await stop?.();
}
