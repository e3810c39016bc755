/**
 * The tree-import bench page: the tree screen's parts (canvas, Find someone, details panel,
 * dialogs, the GEDCOM import dialog) over a TreeSession whose repository is in memory, on a tree of
 * one person, as a member who just joined has it. `bench/tree-import.ts` calls `prepare` (the
 * GEDCOM generated and planned in the import worker, not measured), then `draw`: the import's
 * last stage as the tree screen runs it (`takeBulk` of the committed change set, then the first
 * frame of the imported group), the server's answer being immediate.
 */
import { createRoot } from 'react-dom/client';
import type { CanvasHandle } from '../../engine/index.ts';
import type { GraphChangeEvent, GraphImporter, GraphRepository, LoadedGraph } from '../../src/backend/ports.ts';
import { newProfile } from '../../src/domain/profile.ts';
import type { Graph } from '../../src/domain/types.ts';
import { GraphDraft } from '../../src/domain/graphDraft.ts';
import { nodeNumber } from '../../src/domain/ids.ts';
import { firstImportNodeNumber, groupOrigin, nextXrefPrefix } from '../../src/gedcom/importPlan.ts';
import { PERSON_CARD } from '../../src/screens/tree/canvas/personCards.ts';
import { createGedcomImport } from '../../src/screens/tree/gedcom/gedcomImport.ts';
import { ImportDialog } from '../../src/screens/tree/gedcom/ImportDialog.tsx';
import type { ImportDeps } from '../../src/screens/tree/gedcom/importFlow.ts';
import { runImportWorker, type PlannedImport, type PlanRunner } from '../../src/screens/tree/gedcom/runImport.ts';
import { showGroup } from '../../src/screens/tree/gedcom/showGroup.ts';
import { FindPerson } from '../../src/screens/tree/search/FindPerson.tsx';
import { TreeSearch } from '../../src/screens/tree/search/treeSearch.ts';
import { TreeSession } from '../../src/screens/tree/session/treeSession.ts';
import { benchTreeContext } from '../tools/benchTreeContext.ts';
import { BenchTreeScreen } from '../tools/BenchTreeScreen.tsx';
import '../../src/styles/tokens.css';
import '../../src/styles/base.css';
import '../../src/styles/components.css';
import '../../src/screens/tree/tree.css';
import { generateGedcom } from '../gedcom/generate.ts';

export interface ImportBench {
  ready: boolean;
  /** Generates and plans a file of `people` (not measured); answers the people planned. */
  prepare(people: number, seed: number): Promise<number>;
  /** The draw stage of the import prepared: ms from the commit's answer to the first frame. */
  draw(): Promise<number>;
}

declare global {
  interface Window {
    __importBench?: ImportBench;
  }
}

const UID = 'u-bench';
const NOW = '2026-01-01T00:00:00.000Z';
const own = newProfile(UID, { firstName: 'Bench', lastName: 'Member', gender: 'F' }, { uid: UID, now: NOW });
const graph: Graph & { revision: number } = { nodes: [], edges: [], profiles: {}, updatedAt: NOW, version: 1, revision: 1 };

/** The server's side, in memory: saves and imports are answered at once. */
class BenchGraphs implements Pick<GraphRepository, 'load' | 'save' | 'subscribe'> {
  revision = graph.revision;
  async load(): Promise<LoadedGraph> {
    return { graphId: UID, ownerUid: UID, graph, migrations: ['spouses-v1', 'parents-children-v1'], role: 'owner', name: 'Family tree', privacy: {} };
  }
  async save() {
    return { revision: ++this.revision };
  }
  subscribe(_graphId: string, _from: number, _handlers: { onChange: (e: GraphChangeEvent) => void }) {
    return () => undefined;
  }
}

const repo = new BenchGraphs();
const session = new TreeSession({ graphs: repo, uid: UID, ownProfile: async () => own, clientId: 'bench', autosaveMs: 1e9 });
const search = new TreeSearch(session);
let handle: CanvasHandle | null = null;
const ctx = benchTreeContext(session, UID, search, () => handle);

const importer: GraphImporter = {
  async importChangeSet(_graphId, _changes, _clientId, onProgress) {
    onProgress?.({ phase: 'committing' } as Parameters<NonNullable<typeof onProgress>>[0]);
    return { revision: ++repo.revision };
  },
} as GraphImporter;

let prepared: { plan: PlannedImport; file: File } | null = null;
const replay: PlanRunner = async () => ({ plan: prepared!.plan, timings: { read: 0, parse: 0, layout: 0 } });
const silent = { success: () => undefined, error: () => undefined, info: () => undefined };
const deps = (): ImportDeps => ({ session, importer, uid: UID, now: () => NOW, siteOrigin: location.origin, runPlan: replay, firstFrame: (nodeIds) => showGroup(handle, nodeIds) });
const gedcom = createGedcomImport(deps, silent);

const setHandle = (h: CanvasHandle | null) => {
  handle = h;
};

function Screen() {
  return (
    <BenchTreeScreen ctx={ctx} onCanvas={setHandle} overCanvas={<FindPerson />}>
      <ImportDialog gedcom={gedcom} area={null} />
    </BenchTreeScreen>
  );
}

const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

async function start() {
  createRoot(document.getElementById('root')!).render(<Screen />);
  await session.open();
  search.prepare();
  while (!document.querySelector('[data-node-id]') || !handle) await frame();
  window.__importBench = {
    ready: true,
    async prepare(people, seed) {
      const file = new File([generateGedcom({ people, seed })], `generated-${people}.ged`);
      // Planned for the tree as it is, as the import flow plans it.
      const graph = session.graph;
      const next = nodeNumber(new GraphDraft(graph).nextNodeId())!;
      const request = { uid: UID, now: NOW, currentYear: 2026, siteOrigin: location.origin, xrefPrefix: nextXrefPrefix(graph), firstNodeNumber: firstImportNodeNumber(next), origin: groupOrigin(graph, PERSON_CARD.width) };
      const { plan } = await runImportWorker({ file, request }, () => undefined);
      prepared = { plan, file };
      return plan.nodeIds.length;
    },
    async draw() {
      gedcom.choose(prepared!.file);
      await gedcom.start();
      if (!gedcom.last) throw new Error('The import failed');
      return gedcom.last.timings.draw;
    },
  };
}

void start();
