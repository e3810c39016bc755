import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GraphImporter, ImportProgress } from '../../../src/backend/ports.ts';
import { AppError } from '../../../src/domain/errors.ts';
import { applyChangeSet, emptyChangeSet, type ChangeSet } from '../../../src/domain/changeSet.ts';
import { chunkChangeSet, chunked, isChunked, joinChunkBodies } from '../../../src/domain/changeSetChunks.ts';
import { emptyProfile } from '../../../src/domain/profile.ts';
import type { Graph } from '../../../src/domain/types.ts';
import { planImport } from '../../../src/gedcom/importPlan.ts';
import { createGedcomImport } from '../../../src/screens/tree/gedcom/gedcomImport.ts';
import type { ImportDeps, ImportSession } from '../../../src/screens/tree/gedcom/importFlow.ts';
import { ImportFileError, type PlanRunner } from '../../../src/screens/tree/gedcom/runImport.ts';
import type { Notifier } from '../../../src/screens/tree/actions/context.ts';
import { seeded } from '../gedcom/graphHelpers.ts';

const NOW = '2026-03-01T12:00:00.000Z';
const harry = new Uint8Array(readFileSync(new URL('../../fixtures/gedcom/Harry_Potter.ged', import.meta.url)));

/** The plan as the worker makes it, in place. */
const inPlace: PlanRunner = async ({ request }, onProgress) => {
  let k = 0;
  const plan = planImport(harry, { ...request, newProfileId: () => `pr:${(k++).toString(16).padStart(32, '0')}`, random: seeded(1) }, onProgress);
  return { plan, timings: { read: 1, parse: 2, layout: 3 } };
};

/**
 * As the real worker and its runner answer: the lines' and profiles' chunk bodies before the
 * layout, then the plan holding every body, those first (small bodies here, so there are many).
 */
const asWorker: PlanRunner = async ({ request }, onProgress, _signal, onBodies) => {
  let k = 0;
  let early: string[] = [];
  const plan = planImport(harry, { ...request, newProfileId: () => `pr:${(k++).toString(16).padStart(32, '0')}`, random: seeded(1) }, onProgress, (linesAndProfiles) => {
    early = chunkChangeSet(linesAndProfiles, 2000);
    onBodies?.(early);
  });
  const cards = emptyChangeSet(0);
  cards.nodes = plan.changes.nodes;
  const late = chunked(cards, 2000);
  return { plan: { ...plan, changes: { ...late, bodies: [...early, ...late.bodies] } }, timings: { read: 1, parse: 2, layout: 3 } };
};

/** The session's part, over a graph the "server" (the importer below) changes. */
function setup(options: { importer?: Partial<GraphImporter>; runPlan?: PlanRunner } = {}) {
  const own = { ...emptyProfile('u-me'), firstName: 'Me', ownerUid: 'u-me', createdBy: 'u-me' };
  let graph: Graph = {
    nodes: [{ id: 'n1001', type: 'person', position: { x: 0, y: 0 }, modifiedAt: NOW, hidden: false, data: { profileId: 'u-me', parentRole: '', isPrimary: true } }],
    edges: [],
    profiles: { 'u-me': own },
    updatedAt: NOW,
    version: 1,
    revision: 1,
  };
  const taken: { revision: number; changes: ChangeSet }[] = [];
  const shown: ChangeSet[] = [];
  const dropped: ChangeSet[] = [];
  const session: ImportSession = {
    get graph() {
      return graph;
    },
    graphId: 'u-me',
    clientId: 'tab',
    save: async () => undefined,
    beginBulk: () => ({ settle: () => undefined }),
    takeBulk(changes, revision) {
      taken.push({ revision, changes });
      graph = { ...applyChangeSet(graph, changes), revision };
    },
    showBulk(changes) {
      shown.push(changes);
      graph = applyChangeSet(graph, changes);
      return {
        confirm: (revision) => {
          taken.push({ revision, changes });
          graph = { ...graph, revision };
        },
        drop: (removal) => {
          dropped.push(removal);
          graph = applyChangeSet(graph, removal);
        },
      };
    },
  };
  const sent: ChangeSet[] = [];
  const importer: GraphImporter = {
    async importChangeSet(_graphId, changes, _clientId, onProgress?: (p: ImportProgress) => void) {
      sent.push(isChunked(changes) ? await joinChunkBodies(changes.bodies) : changes);
      onProgress?.({ phase: 'sending', sent: 0.5 });
      onProgress?.({ phase: 'committing', sent: 1 });
      return { revision: 1 + sent.length };
    },
    ...options.importer,
  };
  const toasts: { kind: string; message: string; action?: () => void }[] = [];
  const notify: Notifier = {
    success: (message, o) => toasts.push({ kind: 'success', message, action: o?.action?.onClick }),
    error: (message) => toasts.push({ kind: 'error', message }),
    info: (message) => toasts.push({ kind: 'info', message }),
  };
  const deps: ImportDeps = { session, importer, uid: 'u-me', now: () => NOW, siteOrigin: 'https://kin.example', runPlan: options.runPlan ?? inPlace, firstFrame: async () => undefined };
  const gedcom = createGedcomImport(() => deps, notify);
  const file = new File([harry], 'Harry_Potter.ged');
  return { gedcom, file, sent, taken, shown, dropped, toasts, graph: () => graph };
}

describe('the import dialog (createGedcomImport)', () => {
  it('confirm → running → the summary; closing it offers Undo, which removes the whole import', async () => {
    const { gedcom, file, sent, taken, toasts, graph } = setup();
    gedcom.choose(file);
    expect(gedcom.state.view).toEqual({ step: 'confirm', fileName: 'Harry_Potter.ged' });
    await gedcom.start();
    expect(gedcom.state.view).toMatchObject({ step: 'done', fileName: 'Harry_Potter.ged', undoing: null });
    expect(graph().nodes).toHaveLength(24);
    expect(taken[0]!.revision).toBe(2);
    // The session's copy is stamped as the server stamps.
    expect(Object.values(graph().profiles).filter((p) => p.id !== 'u-me').every((p) => p.updatedAt === NOW && p.createdAt === NOW)).toBe(true);

    gedcom.close();
    expect(gedcom.state.view).toBeNull();
    expect(toasts).toEqual([{ kind: 'success', message: '23 people and 7 families were added to your tree.', action: expect.any(Function) }]);
    toasts[0]!.action!();
    await expect.poll(() => toasts.length).toBe(2);
    expect(toasts[1]).toMatchObject({ kind: 'success', message: 'Import undone' });
    expect(sent[1]!.nodes.remove).toHaveLength(23);
    expect(graph().nodes.map((n) => n.id)).toEqual(['n1001']);
  });

  it('a plan answered as chunk bodies (as the worker does) is sent as such and gives the session the same change set', async () => {
    const direct = setup();
    direct.gedcom.choose(direct.file);
    await direct.gedcom.start();
    const viaWorker = setup({ runPlan: asWorker });
    viaWorker.gedcom.choose(viaWorker.file);
    await viaWorker.gedcom.start();
    expect(viaWorker.gedcom.state.view).toMatchObject({ step: 'done', undoing: null });
    expect(viaWorker.sent[0]).toEqual(direct.sent[0]);
    expect(viaWorker.taken[0]!.changes).toEqual(direct.taken[0]!.changes);
    expect(viaWorker.graph()).toEqual(direct.graph());
  });

  it('a file the worker refuses ends in the reason, with nothing sent', async () => {
    const runPlan: PlanRunner = async () => {
      throw new ImportFileError('Line 1: this is not a GEDCOM file: it must start with "0 HEAD" but starts with "x".', 1);
    };
    const { gedcom, file, sent } = setup({ runPlan });
    gedcom.choose(file);
    await gedcom.start();
    expect(gedcom.state.view).toEqual({ step: 'failed', fileName: 'Harry_Potter.ged', message: 'Line 1: this is not a GEDCOM file: it must start with "0 HEAD" but starts with "x".' });
    expect(sent).toEqual([]);
  });

  it.each([
    ['objects', inPlace],
    ['chunk bodies', asWorker],
  ])('cancelled while sending a plan of %s: nothing imported, said once', async (_kind, runPlan) => {
    let cancelNow!: () => void;
    const importer: Partial<GraphImporter> = {
      importChangeSet: (_g, _c, _id, onProgress, o) =>
        new Promise((_resolve, reject) => {
          onProgress?.({ phase: 'sending', sent: 0.1 });
          o?.signal?.addEventListener('abort', () => reject(new AppError('failed-precondition', 'The import was cancelled. Nothing was imported.')));
          cancelNow();
        }),
    };
    const { gedcom, file, toasts, graph } = setup({ importer, runPlan });
    cancelNow = () => gedcom.cancel();
    gedcom.choose(file);
    await gedcom.start();
    expect(gedcom.state.view).toBeNull();
    expect(toasts).toEqual([{ kind: 'info', message: 'Import cancelled. Nothing was imported.', action: undefined }]);
    expect(graph().nodes).toHaveLength(1);
  });

  it('the people are on screen while the import is sent and saved; a refused commit takes them off again', async () => {
    let answer!: { resolve: (r: { revision: number }) => void; reject: (e: Error) => void };
    const importer: Partial<GraphImporter> = {
      importChangeSet: (_g, _c, _id, onProgress) =>
        new Promise((resolve, reject) => {
          onProgress?.({ phase: 'sending', sent: 0.4 });
          answer = { resolve, reject };
        }),
    };
    for (const outcome of ['saved', 'refused'] as const) {
      const { gedcom, file, graph, shown, dropped, taken } = setup({ importer, runPlan: asWorker });
      gedcom.choose(file);
      const started = gedcom.start();
      // Drawn before the server answered: the summary waits for the commit.
      await expect.poll(() => gedcom.state.view).toMatchObject({ step: 'running', stage: 'send', fraction: 0.4, people: 23 });
      expect(graph().nodes).toHaveLength(24);
      expect(shown).toHaveLength(1);
      expect(taken).toEqual([]);
      if (outcome === 'saved') {
        answer.resolve({ revision: 5 });
        await started;
        expect(gedcom.state.view).toMatchObject({ step: 'done' });
        expect(taken.map((t) => t.revision)).toEqual([5]);
        expect(graph().nodes).toHaveLength(24);
      } else {
        answer.reject(new AppError('invalid-argument', 'This tree cannot take the import.'));
        await started;
        expect(gedcom.state.view).toMatchObject({ step: 'failed', message: 'This tree cannot take the import.' });
        expect(dropped[0]!.nodes.remove).toHaveLength(23);
        expect(graph().nodes.map((n) => n.id)).toEqual(['n1001']);
        expect(Object.keys(graph().profiles)).toEqual(['u-me']);
      }
    }
  });

  it('over the server limit: its message, nothing imported', async () => {
    const importer: Partial<GraphImporter> = {
      importChangeSet: async () => {
        throw new AppError('invalid-argument', 'An import can bring in at most 150,000 people and 250 MB. Split the file and import it in parts.');
      },
    };
    const { gedcom, file, graph } = setup({ importer });
    gedcom.choose(file);
    await gedcom.start();
    expect(gedcom.state.view).toMatchObject({ step: 'failed', message: 'An import can bring in at most 150,000 people and 250 MB. Split the file and import it in parts.' });
    expect(graph().nodes).toHaveLength(1);
  });
});
