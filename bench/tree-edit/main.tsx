/**
 * The tree-edit bench page: `?persons=N&layout=rows|tidy` (see bench/scene/familyGraph.ts). The real tree canvas, details panel and dialogs over a
 * TreeSession whose repository is in memory (so only the client's work is measured), zoomed to
 * 1 on a card of a middle generation. `bench/tree-edit.ts` calls the functions on
 * `window.__treeBench` and measures the main thread around each.
 */
import { createRoot } from 'react-dom/client';
import type { CanvasHandle } from '../../engine/index.ts';
import type { ChangeSet } from '../../src/domain/changeSet.ts';
import { emptyChangeSet } from '../../src/domain/changeSet.ts';
import { newProfile } from '../../src/domain/profile.ts';
import type { Graph } from '../../src/domain/types.ts';
import type { GraphChangeEvent, GraphRepository, LoadedGraph } from '../../src/backend/ports.ts';
import { addRelativeAction, tidyUpAction } from '../../src/screens/tree/actions/index.ts';
import { runLayout, type LayoutRunner } from '../../src/screens/tree/layout/runLayout.ts';
import { TreeSession } from '../../src/screens/tree/session/treeSession.ts';
import { TreeSearch } from '../../src/screens/tree/search/treeSearch.ts';
import { benchTreeContext } from '../tools/benchTreeContext.ts';
import { BenchTreeScreen } from '../tools/BenchTreeScreen.tsx';
import { useSessionVersion } from '../../src/screens/tree/useSessionVersion.ts';
import '../../src/styles/tokens.css';
import '../../src/styles/base.css';
import '../../src/styles/components.css';
import '../../src/screens/tree/tree.css';
import { familyGraph } from '../scene/familyGraph.ts';

export interface TreeBench {
  ready: boolean;
  persons: number;
  openMs: number;
  /** Cards and lines the last scene frame drew. */
  drawn(): { cards: number; edges: number };
  /** Drops the centre card 20 px to the right of where it is (the engine's drop callback). */
  move(): void;
  /** Adds a new child to the centre card through the Add Relative action. */
  addChild(): void;
  /** Another member moved a card in view and edited its bio: one live change event. */
  receive(): void;
  /** Tidy up of the whole tree (layout in its worker), with the time of each phase. */
  tidy(): Promise<TidyTimes>;
}

export interface TidyTimes {
  /** Main thread: which cards, the layout's input. */
  planMs: number;
  /** The worker: from the request to the answer back on the main thread. */
  layoutMs: number;
  /** Main thread: the edit (session, cards, engine) and its toast. */
  commitMs: number;
  /** Until the next frame is drawn. */
  frameMs: number;
  moved: number;
}

declare global {
  interface Window {
    __treeBench?: TreeBench;
  }
}

const UID = 'u-bench';
const params = new URLSearchParams(location.search);
const persons = Number(params.get('persons') ?? 1000);
const graph = familyGraph(persons, UID, params.get('layout') === 'tidy' ? 'tidy' : 'rows');

/** The server's side, in memory: saves are answered at once, live events come from the bench. */
class BenchGraphs implements Pick<GraphRepository, 'load' | 'save' | 'subscribe'> {
  revision = graph.revision;
  deliver: ((e: GraphChangeEvent) => void) | null = null;
  async load(): Promise<LoadedGraph> {
    return { graphId: UID, ownerUid: UID, graph, migrations: ['spouses-v1', 'parents-children-v1'], role: 'owner', name: 'Family tree', privacy: {} };
  }
  async save() {
    return { revision: ++this.revision };
  }
  // Either signature of the port (handlers object or callback), so the page measures both the
  // code before and after the live-update contract changed.
  subscribe(_graphId: string, a: unknown, b?: unknown) {
    const handlers = (typeof a === 'function' ? { onChange: a } : b) as { onChange: (e: GraphChangeEvent) => void };
    this.deliver = handlers.onChange;
    return () => (this.deliver = null);
  }
}

const repo = new BenchGraphs();
const session = new TreeSession({ graphs: repo, uid: UID, ownProfile: async () => graph.profiles[UID]!, clientId: 'bench', autosaveMs: 1e9 });
let handle: CanvasHandle | null = null;
const ctx = benchTreeContext(session, UID, new TreeSearch(session), () => handle);

const setHandle = (h: CanvasHandle | null) => {
  handle = h;
};

function Screen() {
  // The toolbar's Apply button follows the session, as on the tree screen.
  useSessionVersion(session);
  return <BenchTreeScreen ctx={ctx} onCanvas={setHandle} toolbar={session.unsaved && <button className="btn btn-primary">Apply changes</button>} />;
}

/** A card of the middle generation, near the middle of its row. */
function centreCard(g: Graph): string {
  const ys = [...new Set(g.nodes.map((n) => n.position.y))].sort((a, b) => a - b);
  const y = ys[Math.floor(ys.length / 2)];
  const row = g.nodes.filter((n) => n.position.y === y).sort((a, b) => a.position.x - b.position.x);
  return row[Math.floor(row.length / 2)]!.id;
}

const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

async function start() {
  const t0 = performance.now();
  createRoot(document.getElementById('root')!).render(<Screen />);
  await session.open();
  while (!document.querySelector('[data-node-id]')) await frame();
  const openMs = performance.now() - t0;
  while (!handle) await frame();
  const centreId = centreCard(session.graph);
  const rec = handle.engine.store.nodes.get(centreId)!;
  handle.engine.centreOn({ x: rec.x + rec.width / 2, y: rec.y + rec.height / 2 }, 1);
  await frame();

  // A neighbour of the centre card, in view, that only "another member" changes.
  const nearId = handle.engine.nodesIn().find((id) => id !== centreId)!;
  let near = session.graph.nodes.find((n) => n.id === nearId)!;
  let remoteX = 0;
  window.__treeBench = {
    ready: true,
    persons,
    openMs,
    drawn: () => ({ cards: handle!.renderer!.stats.drawnCards, edges: handle!.renderer!.stats.drawnEdges }),
    move() {
      const r = handle!.engine.store.nodes.get(centreId)!;
      handle!.engine.moveNodes(new Map([[centreId, { x: r.x + 20, y: r.y }]]), false);
    },
    addChild() {
      const profile = newProfile(ctx.newProfileId(), { firstName: 'New', lastName: 'Child' }, { uid: UID, now: ctx.now() });
      const result = addRelativeAction(ctx, { nodeId: centreId, kind: 'child', person: { newProfile: profile } });
      if (!result.ok) throw new Error(result.message);
    },
    receive() {
      const changes: ChangeSet = emptyChangeSet(session.revision);
      near = { ...near, position: { x: near.position.x, y: near.position.y + (remoteX++ % 2 ? -10 : 10) } };
      changes.nodes.upsert.push(near);
      changes.profiles.upsert.push({ id: near.data.profileId, set: { bio: `Edited ${remoteX}` } });
      repo.deliver!({ revision: ++repo.revision, changes, clientId: 'someone-else', actorUid: 'u-other' });
    },
    async tidy() {
      const t0 = performance.now();
      let asked = 0, answered = 0;
      const run: LayoutRunner = async (input, onProgress) => {
        asked = performance.now();
        const result = await runLayout(input, onProgress);
        answered = performance.now();
        return result;
      };
      const outcome = await tidyUpAction(ctx, [], run);
      const committed = performance.now();
      await frame();
      if (!outcome.ok) throw new Error(outcome.message);
      return { planMs: asked - t0, layoutMs: answered - asked, commitMs: committed - answered, frameMs: performance.now() - committed, moved: outcome.moved };
    },
  };
}

void start();
