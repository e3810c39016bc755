import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createHttpGraphImporter } from '../../src/backend/http/httpGraphImport.ts';
import { importTooLarge, IMPORT_LIMITS, type ImportLimits } from '../../src/domain/changeSetChunks.ts';
import { newProfileId, nodeNumber } from '../../src/domain/ids.ts';
import { GraphDraft } from '../../src/domain/graphDraft.ts';
import { NOT_A_MEMBER } from '../../src/domain/permissions.ts';
import type { Graph } from '../../src/domain/types.ts';
import { firstImportNodeNumber, groupOrigin, importRemoval, nextXrefPrefix, planImport } from '../../src/gedcom/importPlan.ts';
import { createMember, useTestServer, type Client, type Member } from './helpers.ts';
import { loadGraph, openStream, openTree, randomFill } from './graphHelpers.ts';
import { generateGedcom } from '../../bench/gedcom/generate.ts';

const generated = (people: number) => new TextEncoder().encode(generateGedcom({ people, seed: 3 }));

/** Lower than the real limits so a generated file crosses them; the real ones are stated in the same words. */
const LIMITS: ImportLimits = { ...IMPORT_LIMITS, people: 4000 };
const site = useTestServer({ server: { importLimits: LIMITS } });

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/gedcom/${name}`, import.meta.url)));

function importer(client: Client) {
  const withCookie: typeof fetch = (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: `kin_session=${client.cookie}` } });
  return createHttpGraphImporter({ baseUrl: client.base, fetch: withCookie, retryMs: 10 });
}

/** The change set the tree screen sends for a file, planned against the member's tree as stored. */
function plan(member: Member, graph: Graph, file: string | Uint8Array) {
  return planImport(typeof file === 'string' ? fixture(file) : file, {
    uid: member.uid,
    now: new Date().toISOString(),
    currentYear: new Date().getFullYear(),
    siteOrigin: site.server.url,
    xrefPrefix: nextXrefPrefix(graph),
    firstNodeNumber: firstImportNodeNumber(nodeNumber(new GraphDraft(graph).nextNodeId())!),
    origin: groupOrigin(graph, 132),
    newProfileId: () => newProfileId(randomFill),
    random: Math.random,
  });
}

describe('GEDCOM import through the bulk path', () => {
  it('a file of the samples goes in whole as one revision, every person valid for the server, and one removal takes it out again', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    const before = await loadGraph(owner.client);
    const p = plan(owner, before.graph, 'TGC55C.ged');
    const { revision } = await importer(owner.client).importChangeSet(tree.graphId, p.changes, 'import-tab');
    expect(revision).toBe(before.graph.revision + 1);
    const after = await loadGraph(owner.client);
    expect(after.graph.nodes).toHaveLength(before.graph.nodes.length + p.summary.people);
    // Dates of any age and dates kept as written are accepted as they came.
    const profiles = Object.values(after.graph.profiles);
    expect(profiles.some((x) => x.birthDateText)).toBe(true);
    expect(profiles.some((x) => x.birthYear && Number(x.birthYear) < 1900)).toBe(true);

    const undo = await importer(owner.client).importChangeSet(tree.graphId, importRemoval(after.graph, p), 'import-tab');
    expect(undo.revision).toBe(revision + 1);
    const undone = await loadGraph(owner.client);
    expect(undone.graph.nodes).toEqual(before.graph.nodes);
    expect(Object.keys(undone.graph.profiles).sort()).toEqual(Object.keys(before.graph.profiles).sort());
  });

  it('is impossible into a tree the member does not belong to: refused, nothing written', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    const stranger = await createMember(site.server);
    const before = await loadGraph(owner.client);
    const p = plan(stranger, before.graph, 'Harry_Potter.ged');
    await expect(importer(stranger.client).importChangeSet(tree.graphId, p.changes, 'x')).rejects.toMatchObject({ code: 'permission-denied', message: NOT_A_MEMBER });
    expect((await loadGraph(owner.client)).graph).toEqual(before.graph);
  });

  it('over the limit, refused with the stated message (the same words the import dialog states before)', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    const before = await loadGraph(owner.client);
    const p = plan(owner, before.graph, generated(LIMITS.people + 1));
    expect(p.summary.people).toBeGreaterThan(LIMITS.people);
    // Sent anyway (an adapter that did not check first): the server counts and refuses the whole.
    const res = await owner.client.post(`/api/graphs/${tree.graphId}/imports`, { clientId: 'x', chunks: 1, people: p.summary.people });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid-argument', message: importTooLarge(LIMITS) });
    expect(importTooLarge(IMPORT_LIMITS)).toBe('An import can bring in at most 150,000 people and 250 MB. Split the file and import it in parts.');
    expect((await loadGraph(owner.client)).graph).toEqual(before.graph);
  });

  it('is one step on the live stream, and a big one is a reload rather than the whole change set on every stream', async () => {
    const owner = await createMember(site.server);
    const tree = await openTree(owner);
    const before = await loadGraph(owner.client);
    const stream = await openStream(owner.client, `/api/graphs/${tree.graphId}/events?since=${before.graph.revision}`);
    try {
      const p = plan(owner, before.graph, generated(3500));
      const { revision } = await importer(owner.client).importChangeSet(tree.graphId, p.changes, 'import-tab');
      const event = await stream.next((e) => e.event === 'change' || e.event === 'reload');
      expect(event).toMatchObject({ event: 'reload', id: String(revision) });
    } finally {
      stream.close();
    }
  });
});
