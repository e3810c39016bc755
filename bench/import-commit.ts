/**
 * `npx tsx bench/import-commit.ts [people] [--seed N] [--json FILE] [--cpu-prof DIR]` (default
 * 100,000 people): the server's side of a GEDCOM import with its facts, without a browser. The
 * seeded generator's file (bench/gedcom/generate.ts) is planned here as the tree screen plans it
 * (planImport: cards, lines, profiles with their events and other names, places, couples), then
 * sent through the bulk path (the HTTP adapter, chunked) to the server in a process of its own.
 * Prints the plan's size, the send and the commit, the server's CPU (more telling than wall time on a shared machine) and peak memory; then the bytes
 * of the open's answer (GET /api/graph, compact and compressed, as the browser asks for it).
 * `--cpu-prof DIR` writes the server's CPU profile there; `--no-facts` leaves the events, other
 * names, places and couples out (the import as it was before issue 20), to compare.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createHttpGraphImporter } from '../src/backend/http/httpGraphImport.ts';
import { GRAPH_COLUMNS_TYPE } from '../src/backend/graphColumns.ts';
import { chunkChangeSet } from '../src/domain/changeSetChunks.ts';
import { newProfileId } from '../src/domain/ids.ts';
import { planImport } from '../src/gedcom/importPlan.ts';
import { generateGedcom } from './gedcom/generate.ts';
import { seededRandom } from './scene/random.ts';
import { startBenchServer } from './tools/serverProcess.ts';
import { benchMember } from './tools/benchMember.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const people = Number(args.find((a, i) => /^\d+$/.test(a) && !['--json', '--seed', '--cpu-prof'].includes(args[i - 1]!)) ?? 100_000);
const seed = Number(option('--seed') ?? 1);
const jsonFile = option('--json');
const profileDir = option('--cpu-prof');
const facts = !args.includes('--no-facts');

const work = await mkdtemp(join(tmpdir(), 'kinfolk-import-commit-'));
const server = await startBenchServer(join(work, 'data'), profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : []);
try {
  const email = 'bench@example.com';
  const { uid, cookie } = await benchMember(server.url, await server.createInvitation(email), email);
  const random = seededRandom(seed + 1);
  const fill = (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    return bytes;
  };
  let t = performance.now();
  const plan = planImport(new TextEncoder().encode(generateGedcom({ people, seed })), {
    uid,
    now: new Date().toISOString(),
    currentYear: new Date().getFullYear(),
    siteOrigin: server.url,
    xrefPrefix: 'I',
    firstNodeNumber: 1000,
    origin: { x: 0, y: 400 },
    newProfileId: () => newProfileId(fill),
    random,
  });
  const planMs = performance.now() - t;
  const { changes } = plan;
  if (!facts) {
    for (const p of changes.profiles.upsert) delete p.events, delete p.names;
    delete changes.places;
    delete changes.couples;
  }
  const events = changes.profiles.upsert.reduce((n, p) => n + (p.events?.upsert.length ?? 0), 0) + (changes.couples?.upsert ?? []).reduce((n, c) => n + c.events.length, 0);
  const megabytes = chunkChangeSet(changes).reduce((n, c) => n + c.length, 0) / 1e6;
  console.log(`planned ${people.toLocaleString('en')} people (seed ${seed}) in ${(planMs / 1000).toFixed(1)} s: ${events.toLocaleString('en')} events, ${(changes.places?.upsert.length ?? 0).toLocaleString('en')} places, ${(changes.couples?.upsert.length ?? 0).toLocaleString('en')} couples; ${megabytes.toFixed(1)} MB of chunks`);

  const withCookie: typeof fetch = (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), Cookie: cookie } });
  const importer = createHttpGraphImporter({ baseUrl: server.url, fetch: withCookie });
  await server.usage();
  let committing = 0;
  t = performance.now();
  await importer.importChangeSet(uid, changes, 'bench', (p) => p.phase === 'committing' && !committing && (committing = performance.now()));
  const totalMs = performance.now() - t;
  const sendMs = committing - t;
  const { peakRssMB, cpuMs, mainThreadCpuMs } = await server.usage();
  console.log(`send ${(sendMs / 1000).toFixed(1)} s, commit ${((totalMs - sendMs) / 1000).toFixed(1)} s, → saved ${(totalMs / 1000).toFixed(1)} s; server CPU ${(cpuMs / 1000).toFixed(1)} s (${(mainThreadCpuMs / 1000).toFixed(1)} s main thread), peak RSS ${peakRssMB.toFixed(0)} MB`);
  // The open's answer as the browser asks for it (compact form, compressed): bytes on the wire.
  const open = async () => {
    const started = performance.now();
    const bytes = await new Promise<number>((done, fail) => {
      const req = request(`${server.url}/api/graph`, { headers: { Cookie: cookie, Accept: `${GRAPH_COLUMNS_TYPE}, application/json;q=0.9`, 'Accept-Encoding': 'gzip, br' } }, (res) => {
        let n = 0;
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => ((n += c.length), res.statusCode !== 200 && parts.push(c)));
        res.on('end', () => {
          if (res.statusCode === 200) return done(n);
          // The refusal's own words, so a failed open says why.
          const body = Buffer.concat(parts);
          const encoding = res.headers['content-encoding'];
          const text = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString().slice(0, 500);
          fail(new Error(`GET /api/graph: ${res.statusCode} ${text}`));
        });
      });
      req.on('error', fail);
      req.end();
    });
    return { bytes, ms: performance.now() - started };
  };
  const opens = [await open(), await open()];
  console.log(`GET /api/graph: ${opens.map((o) => `${(o.bytes / 1e6).toFixed(2)} MB in ${o.ms.toFixed(0)} ms`).join(', ')} (the first reads the tree whole, the second its snapshot)`);
  if (jsonFile) {
    await mkdir('bench/results', { recursive: true });
    const figures = { people, seed, facts, events, places: changes.places?.upsert.length ?? 0, chunkMB: Number(megabytes.toFixed(1)), sendMs: Math.round(sendMs), commitMs: Math.round(totalMs - sendMs), savedMs: Math.round(totalMs), serverCpuMs: Math.round(cpuMs), serverMainThreadCpuMs: Math.round(mainThreadCpuMs), serverPeakRssMB: Math.round(peakRssMB), openBytes: opens[1]!.bytes, openServerMs: opens.map((o) => Math.round(o.ms)) };
    await writeFile(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
  }
} finally {
  await server.close();
  await rm(work, { recursive: true, force: true });
}
