import { expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { CanvasHandle } from '../../../engine/index.ts';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/styles/components.css';
import { layoutFamilies } from '../../../src/domain/layout/index.ts';
import { tidyUpAction } from '../../../src/screens/tree/actions/tidy.ts';
import { TreeCanvas } from '../../../src/screens/tree/canvas/TreeCanvas.tsx';
import { TreeContext } from '../../../src/screens/tree/treeContext.ts';
import { familyGraph } from '../../../bench/scene/familyGraph.ts';
import { openSession, treeContext, UID } from './fixtures.ts';

const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/**
 * Tidy up of a whole big tree touches thousands of cards at once: the canvas then takes the whole
 * arrays again instead of a patch (TreeCanvas's WHOLE_TREE_UPDATE). What it draws must still be
 * exactly the session's graph, the member's selection kept, and Undo likewise.
 */
it('shows a whole-tree Tidy up of 6,000 cards and its Undo exactly, keeping the selection', async () => {
  const { session } = await openSession(familyGraph(6000, UID, 'rows'));
  const ctx = treeContext(session);
  let handle: CanvasHandle | null = null;
  await render(
    <TreeContext.Provider value={ctx}>
      <div className="tree-screen" style={{ position: 'relative', width: '900px', height: '600px' }}>
        <div className="tree-canvas-area">
          <TreeCanvas compact={false} canvasRef={(h) => {
            handle = h;
          }} />
        </div>
      </div>
    </TreeContext.Provider>,
  );
  await expect.poll(() => handle?.engine.store.nodes.size).toBe(6000);
  const engine = handle!.engine;
  const chosen = session.graph.nodes[10]!.id;
  handle!.select([chosen]);

  const drawnMatchesGraph = () => session.graph.nodes.every((n) => {
    const rec = engine.store.nodes.get(n.id)!;
    return rec.x === n.position.x && rec.y === n.position.y;
  });
  const toasts: { message: string; undo?: () => void }[] = [];
  const notify = {
    success: (message: string, options?: { action?: { onClick: () => void } }) => toasts.push({ message, undo: options?.action?.onClick }),
    error: (message: string) => toasts.push({ message }),
    info: (message: string) => toasts.push({ message }),
  };
  const before = new Map(session.graph.nodes.map((n) => [n.id, n.position]));
  const outcome = await tidyUpAction({ ...ctx, notify }, [], async (input) => layoutFamilies(input));
  expect(outcome).toMatchObject({ ok: true });
  expect(outcome.ok && outcome.moved).toBeGreaterThan(5000);
  await frame();
  expect(drawnMatchesGraph()).toBe(true);
  expect([...engine.store.selectedNodes]).toEqual([chosen]);
  expect(engine.store.edges.size).toBeGreaterThan(0);

  toasts[0]!.undo!();
  await frame();
  expect(session.graph.nodes.every((n) => n.position === before.get(n.id))).toBe(true);
  expect(drawnMatchesGraph()).toBe(true);
  expect([...engine.store.selectedNodes]).toEqual([chosen]);
});
