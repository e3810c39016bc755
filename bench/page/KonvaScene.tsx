/** The engine under test, configured as the family tree will use it. */
import { useCallback, useRef, useState } from 'react';
import { applyNodeChanges, EngineCanvas, type CanvasHandle, type NodeChange } from '../../engine/index.ts';
import type { BenchScene } from './scene.ts';
import type { BenchApi } from './api.ts';

export function KonvaScene({ scene, onReady }: { scene: BenchScene; onReady: (api: BenchApi, presentedAt: number) => void }) {
  const [nodes, setNodes] = useState(scene.nodes);
  const ref = useRef<CanvasHandle>(null);
  const ready = useRef(false);
  // The engine previews a drag itself; the app stores the positions once the drag ends.
  const onNodesChange = useCallback((changes: NodeChange[]) => {
    const settled = changes.filter((c) => c.type !== 'position' || !c.dragging);
    if (settled.length) setNodes((ns) => applyNodeChanges(settled, ns) as typeof ns);
  }, []);
  const setRef = useCallback((h: CanvasHandle | null) => {
    ref.current = h;
    if (!h || ready.current) return;
    ready.current = true;
    const waitDrawn = () => {
      if (!h.renderer || h.renderer.stats.sceneDraws === 0) return requestAnimationFrame(waitDrawn);
      requestAnimationFrame((presentedAt) =>
        onReady({
          locate: (id) => {
            const rec = h.engine.store.nodes.get(id)!;
            const v = h.engine.viewport;
            return { x: (rec.x + rec.width / 2) * v.k + v.x, y: (rec.y + rec.height / 2) * v.k + v.y };
          },
          isEmpty: (p) => {
            const v = h.engine.viewport;
            return h.engine.nodesIn({ x: (p.x - v.x) / v.k - 10, y: (p.y - v.y) / v.k - 10, width: 20, height: 20 }).length === 0;
          },
          settled: () => !h.engine.store.indexesPending,
        }, presentedAt),
      );
    };
    requestAnimationFrame(waitDrawn);
  }, [onReady]);
  return (
    <EngineCanvas
      ref={setRef}
      nodes={nodes}
      edges={scene.edges}
      preset="tree"
      theme="light"
      defaultViewport={scene.viewport}
      onNodesChange={onNodesChange}
      style={{ position: 'absolute', inset: 0 }}
    />
  );
}
