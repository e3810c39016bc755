/**
 * The baseline: React Flow in its best configuration (onlyRenderVisibleElements), the same
 * scene, the same card (avatar, three lines, three buttons) as DOM, and the same input.
 */
import { memo, useCallback, useRef, useState } from 'react';
import {
  applyNodeChanges, ReactFlow, ReactFlowProvider, useReactFlow, type Edge, type Node, type NodeChange, type NodeProps, Handle, Position,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { CardData } from '../../engine/render/nodeTypes/cardNode.ts';
import type { BenchScene } from './scene.ts';
import type { BenchApi } from './api.ts';
import './reactflow-card.css';

type PersonNode = Node<CardData & Record<string, unknown>, 'person'>;

const ICONS: Record<string, string> = {
  plus: 'M12 6v12M6 12h12',
  trash: 'M5 7h14M10 7V5h4v2M7 7l1 12h8l1-12',
  info: 'M12 11v6M12 8v.01M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18z',
};

const PersonCard = memo(function PersonCard({ data, selected }: NodeProps<PersonNode>) {
  return (
    <div className={`rf-card${selected ? ' rf-card-selected' : ''}`}>
      <Handle type="target" position={Position.Top} id="top" />
      <Handle type="target" position={Position.Left} id="left" />
      <div className="rf-card-head">
        <img src={data.image} alt="" width={30} height={30} style={{ borderColor: data.accent }} />
        <div className="rf-card-title">{data.title}</div>
      </div>
      <div className="rf-card-line">{data.lines?.join(' · ')}</div>
      <div className="rf-card-buttons">
        {data.buttons?.map((b) => (
          <button key={b.id} type="button" aria-label={b.label} title={b.label}>
            <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true"><path d={ICONS[b.icon ?? ''] ?? ''} /></svg>
          </button>
        ))}
      </div>
      <Handle type="source" position={Position.Bottom} id="bottom" />
      <Handle type="source" position={Position.Right} id="right" />
    </div>
  );
});

const nodeTypes = { person: PersonCard };

function Inner({ scene, onReady }: { scene: BenchScene; onReady: (api: BenchApi, presentedAt: number) => void }) {
  const [nodes, setNodes] = useState<PersonNode[]>(() =>
    scene.nodes.map((n) => ({ id: n.id, type: 'person', position: n.position, width: n.width, height: n.height, selected: n.selected, data: n.data as PersonNode['data'] })),
  );
  const [edges] = useState<Edge[]>(() =>
    scene.edges.map((e) => ({
      id: e.id, source: e.source, target: e.target, sourceHandle: e.sourceHandle, targetHandle: e.targetHandle, type: e.type,
      style: { stroke: e.color ?? '#a89886', strokeDasharray: e.style?.dash?.join(' ') },
    })),
  );
  const flow = useReactFlow();
  const onNodesChange = useCallback((c: NodeChange<PersonNode>[]) => setNodes((ns) => applyNodeChanges(c, ns)), []);
  const ready = useRef(false);
  const onInit = useCallback(() => {
    if (ready.current) return;
    ready.current = true;
    const waitDrawn = () => {
      if (!document.querySelector('.react-flow__node')) return requestAnimationFrame(waitDrawn);
      requestAnimationFrame((presentedAt) =>
        onReady({
          locate: (id) => {
            const n = flow.getInternalNode(id)!;
            const p = flow.flowToScreenPosition({ x: n.internals.positionAbsolute.x + 64, y: n.internals.positionAbsolute.y + 44 });
            return p;
          },
          isEmpty: (p) => !document.elementsFromPoint(p.x, p.y).some((el) => el.closest('.react-flow__node')),
        }, presentedAt),
      );
    };
    requestAnimationFrame(waitDrawn);
  }, [flow, onReady]);
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onInit={onInit}
      onlyRenderVisibleElements
      defaultViewport={{ x: scene.viewport.x, y: scene.viewport.y, zoom: 1 }}
      minZoom={0.25}
      maxZoom={1.5}
      proOptions={{ hideAttribution: true }}
    />
  );
}

export function ReactFlowScene(props: { scene: BenchScene; onReady: (api: BenchApi, presentedAt: number) => void }) {
  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      <ReactFlowProvider>
        <Inner {...props} />
      </ReactFlowProvider>
    </div>
  );
}
