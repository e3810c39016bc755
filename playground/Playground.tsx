/**
 * The engine on its own page: a generated family tree (`?n=` people, default 40) with every
 * interaction of the engine, a theme switch, snapping, the tree/generic viewport presets, an
 * event log, and "Add Relative" placing a new card through the overlap search.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  addEdge, applyEdgeChanges, applyNodeChanges, CARD_SIZE, darkTheme, EngineCanvas, lightTheme, reconnectEdge,
  type CanvasHandle, type CardData, type Connection, type EdgeChange, type EngineEdge, type EngineNode, type NodeChange,
} from '../engine/index.ts';
import { generateFamily } from '../bench/scene/generator.ts';
import { avatarUrl } from '../bench/scene/avatars.ts';

type CardNode = EngineNode<CardData>;

const demoNodes = (x: number, y: number): EngineNode[] => [
  { id: 'note', type: 'default', position: { x, y }, data: { label: 'A default node' } },
];

export function Playground() {
  const params = new URLSearchParams(location.search);
  const count = Number(params.get('n') ?? 40);
  const scene = useMemo(() => generateFamily(count, 7, { buttons: 'full' }), [count]);
  const [nodes, setNodes] = useState<EngineNode[]>(() => [...scene.nodes, ...demoNodes(scene.nodes[0].position.x - 250, -110)]);
  const [edges, setEdges] = useState<EngineEdge[]>(() => [
    ...scene.edges,
    { id: 'e-note', source: 'note', target: scene.nodes[0].id, targetHandle: 'left', type: 'default', markerEnd: 'arrowclosed' },
  ]);
  const [dark, setDark] = useState(() => matchMedia('(prefers-color-scheme: dark)').matches);
  const [snap, setSnap] = useState(false);
  const [preset, setPreset] = useState<'tree' | 'generic'>('tree');
  const [log, setLog] = useState<string[]>([]);
  const [details, setDetails] = useState<CardNode | null>(null);
  const canvas = useRef<CanvasHandle>(null);
  const say = useCallback((line: string) => setLog((l) => [line, ...l].slice(0, 6)), []);

  // The engine previews drags itself; the app stores positions when a drag ends.
  const onNodesChange = useCallback((changes: NodeChange[]) => {
    const settled = changes.filter((c) => c.type !== 'position' || !c.dragging);
    if (settled.length) setNodes((ns) => applyNodeChanges(settled, ns));
    const removed = changes.filter((c) => c.type === 'remove').length;
    if (removed) say(`Deleted ${removed} card${removed > 1 ? 's' : ''}`);
  }, [say]);
  const onEdgesChange = useCallback((changes: EdgeChange[]) => setEdges((es) => applyEdgeChanges(changes, es)), []);
  const onConnect = useCallback((c: Connection) => {
    setEdges((es) => addEdge({ ...c, type: 'smoothstep' }, es));
    say(`Connected ${c.source} → ${c.target}`);
  }, [say]);
  const onReconnect = useCallback((old: EngineEdge, c: Connection) => {
    setEdges((es) => reconnectEdge(old, c, es));
    say(`Reconnected ${old.id}`);
  }, [say]);

  const addRelative = useCallback((parent: CardNode) => {
    const engine = canvas.current!.engine;
    const rec = engine.store.nodes.get(parent.id)!;
    const position = engine.findFreePosition({ x: rec.x, y: rec.y + 160 });
    const id = `n${Date.now() % 1e7}`;
    const child: CardNode = {
      id, type: 'card', position, width: CARD_SIZE.width, height: CARD_SIZE.height,
      data: { title: 'New relative', lines: ['Born —', 'Unknown'], image: avatarUrl('X', 0), buttons: parent.data.buttons },
    };
    setNodes((ns) => [...ns, child]);
    setEdges((es) => [...es, { id: `e-${parent.id}-${id}`, source: parent.id, target: id, sourceHandle: 'bottom', targetHandle: 'top', type: 'smoothstep' }]);
    say(`Added a relative of ${parent.data.title} at ${position.x}, ${position.y}`);
  }, [say]);

  const onNodeButton = useCallback((node: EngineNode, button: string) => {
    const card = node as CardNode;
    if (button === 'add') addRelative(card);
    else if (button === 'details') setDetails(card);
    else if (button === 'delete') {
      setNodes((ns) => ns.filter((n) => n.id !== node.id));
      setEdges((es) => es.filter((e) => e.source !== node.id && e.target !== node.id));
      say(`Deleted ${card.data.title}`);
    } else say(`${button} pressed on ${card.data.title}`);
  }, [addRelative, say]);

  return (
    <div className={`pg ${dark ? 'pg-dark' : ''}`}>
      <header className="pg-bar">
        <div className="pg-brand">
          <span className="pg-mark" aria-hidden="true" />
          <span>Kinfolk</span>
          <span className="pg-sub">canvas engine playground · {count.toLocaleString()} people</span>
        </div>
        <div className="pg-tools" role="group" aria-label="Playground options">
          <label className="pg-switch"><input type="checkbox" checked={snap} onChange={(e) => setSnap(e.target.checked)} /> Snap to grid</label>
          <select value={preset} onChange={(e) => setPreset(e.target.value as 'tree' | 'generic')} aria-label="Viewport preset">
            <option value="tree">Tree viewport (0.25–1.5)</option>
            <option value="generic">Generic viewport (0.5–2)</option>
          </select>
          <button type="button" onClick={() => setDark((d) => !d)}>{dark ? 'Light' : 'Dark'} theme</button>
        </div>
      </header>
      <main className="pg-main">
        <EngineCanvas
          ref={canvas}
          nodes={nodes}
          edges={edges}
          preset={preset}
          theme={dark ? darkTheme : lightTheme}
          snapToGrid={snap}
          fitView
          ariaLabel="Family tree"
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          onReconnect={onReconnect}
          onNodeButton={onNodeButton}
          onNodeClick={(n) => say(`Clicked ${(n as CardNode).data.title ?? n.id}`)}
          onError={(code, message) => say(`Error ${code}: ${message}`)}
          style={{ position: 'absolute', inset: 0 }}
        />
        {log.length > 0 && (
          <ol className="pg-log" aria-label="Event log" aria-live="polite">
            {log.map((l, i) => <li key={`${i}-${l}`}>{l}</li>)}
          </ol>
        )}
        {details && (
          <aside className="pg-details" aria-label="Profile details">
            <button type="button" className="pg-close" aria-label="Close" onClick={() => setDetails(null)}>×</button>
            {details.data.image && <img src={details.data.image} alt="" width={100} height={100} />}
            <h2>{details.data.title}</h2>
            {details.data.lines?.map((l) => <p key={l}>{l}</p>)}
            {details.data.detail && <p className="pg-bio">{details.data.detail}</p>}
          </aside>
        )}
      </main>
    </div>
  );
}
