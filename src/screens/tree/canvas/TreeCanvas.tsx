import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { EngineCanvas, type CanvasHandle, type Connection, type DeleteRequest, type EngineEdge, type EngineNode, type NodeChange } from '../../../../engine/index.ts';
import { notify } from '../../../components/notify.ts';
import { TREE_TOASTS } from '../actions/messages.ts';
import { useSnapshot } from 'valtio';
import { openDialog, treeUi } from '../treeUi.ts';
import { useTree } from '../treeContext.ts';
import { useSessionVersion } from '../useSessionVersion.ts';
import { connectionIntent, linkParent, relinkParent } from './connections.ts';
import { PersonCardCache, relatedNodeIds, type CardButtonId } from './personCards.ts';

interface TreeCanvasProps {
  compact: boolean;
  canvasRef: Ref<CanvasHandle>;
}

/**
 * The family tree on the engine. The engine previews drags itself; the session is told once, on
 * drop, so a drag costs nothing per pointer move outside the engine. Selection is kept here and
 * handed to the engine on the cards.
 */
export function TreeCanvas({ compact, canvasRef }: TreeCanvasProps) {
  const ctx = useTree();
  const { session } = ctx;
  useSessionVersion(session);
  const graph = session.graph;
  const cache = useRef<PersonCardCache>(null);
  cache.current ??= new PersonCardCache();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const selectedRef = useRef<ReadonlySet<string>>(selected);

  const related = useMemo(() => relatedNodeIds(graph), [graph]);
  const options = useMemo(() => ({ invitationsEnabled: ctx.invitationsEnabled, compact, related }), [ctx.invitationsEnabled, compact, related]);
  const nodes = useMemo(() => cache.current!.nodes(graph, selected, options), [graph, selected, options]);
  const edges = useMemo(() => cache.current!.edges(graph), [graph]);

  // A relative added off-screen is brought into view, so the member sees what they made.
  const handle = useRef<CanvasHandle | null>(null);
  const added = session.addedByLastEdit;
  useEffect(() => {
    const h = handle.current;
    const id = added[added.length - 1];
    const rec = id ? h?.engine.store.nodes.get(id) : undefined;
    if (!h || !rec) return;
    const { x, y, k } = h.getViewport();
    const { width, height } = h.engine.size;
    const left = rec.x * k + x;
    const top = rec.y * k + y;
    const inView = left >= 0 && top >= 0 && left + rec.width * k <= width && top + rec.height * k <= height;
    if (!inView) h.engine.centreOn({ x: rec.x + rec.width / 2, y: rec.y + rec.height / 2 });
  }, [added, nodes]);
  // Opening the details panel over the card that was clicked: slide the view so the card stays
  // visible beside the panel (it covers a third of a tablet's canvas).
  const { detailsNodeId } = useSnapshot(treeUi);
  useEffect(() => {
    const h = handle.current;
    const rec = detailsNodeId ? h?.engine.store.nodes.get(detailsNodeId) : undefined;
    if (!h || !rec) return;
    const frame = requestAnimationFrame(() => {
      const panel = document.querySelector('.person-panel')?.getBoundingClientRect();
      const canvasLeft = document.querySelector('.tree-canvas-area')?.getBoundingClientRect().left ?? 0;
      const { x, y, k } = h.getViewport();
      // A bottom sheet (narrow screens) starts at the left edge and covers no column of the canvas.
      const free = panel && panel.left > canvasLeft ? panel.left - canvasLeft : h.engine.size.width;
      const right = (rec.x + rec.width) * k + x;
      if (right <= free - 16) return;
      const cx = (rec.x + rec.width / 2) * k;
      h.setViewport({ x: free / 2 - cx, y, k });
    });
    return () => cancelAnimationFrame(frame);
  }, [detailsNodeId]);
  const setHandle = useCallback(
    (h: CanvasHandle | null) => {
      handle.current = h;
      if (typeof canvasRef === 'function') canvasRef(h);
      else if (canvasRef) (canvasRef as { current: CanvasHandle | null }).current = h;
    },
    [canvasRef],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange[]) => {
      const moves = new Map<string, { x: number; y: number }>();
      let dragging = false;
      let selection: Set<string> | null = null;
      for (const c of changes) {
        if (c.type === 'position') {
          if (c.dragging) dragging = true;
          else moves.set(c.id, c.position);
        } else if (c.type === 'select') {
          selection ??= new Set(selectedRef.current);
          if (c.selected) selection.add(c.id);
          else selection.delete(c.id);
        }
      }
      if (dragging) session.setDragging(true);
      if (moves.size) {
        session.moveNodes(moves);
        session.setDragging(false);
      }
      if (selection) {
        selectedRef.current = selection;
        setSelected(selection);
      }
    },
    [session],
  );
  const onBeforeDelete = useCallback(({ nodes: doomed }: DeleteRequest) => {
    if (doomed.length) openDialog({ kind: 'delete', nodeIds: doomed.map((n) => n.id) });
    // The Delete person dialog does the removal (with undo); the engine removes nothing itself.
    return false;
  }, []);

  const onConnect = useCallback(
    (c: Connection) => {
      const intent = connectionIntent(c);
      if (!intent) return;
      if (intent.kind === 'spouse') return openDialog({ kind: 'linkSpouse', nodeId: intent.nodeId, otherNodeId: intent.otherNodeId });
      const result = linkParent(session.graph, intent.parentNodeId, intent.childNodeId, ctx.now(), ctx.findFree);
      if (!result.ok) return notify.error(result.message);
      session.apply(result);
      notify.success(TREE_TOASTS.linked);
    },
    [session, ctx],
  );

  const onReconnect = useCallback(
    (old: EngineEdge, c: Connection) => {
      const intent = connectionIntent(c);
      if (!intent || intent.kind !== 'parent' || (old.data as { kind?: string } | undefined)?.kind !== 'parent') return;
      const result = relinkParent(session.graph, old, intent, ctx.now(), ctx.findFree);
      if (!result.ok) return notify.error(result.message);
      session.apply(result);
      notify.success(TREE_TOASTS.linked);
    },
    [session, ctx],
  );

  const onNodeButton = useCallback((node: EngineNode, button: string) => {
    const nodeId = node.id;
    switch (button as CardButtonId) {
      case 'invite':
        return openDialog({ kind: 'invite', nodeId });
      case 'addRelative':
        return openDialog({ kind: 'addRelative', nodeId });
      case 'unlink':
        return openDialog({ kind: 'unlink', nodeId });
      case 'delete':
        return openDialog({ kind: 'delete', nodeIds: [nodeId] });
      case 'details':
        return openDialog({ kind: 'profileDetails', nodeId });
    }
  }, []);

  const onNodeClick = useCallback((node: EngineNode) => {
    treeUi.detailsNodeId = node.id;
  }, []);

  return (
    <EngineCanvas
      ref={setHandle}
      nodes={nodes}
      edges={edges}
      preset="tree"
      fitView
      ariaLabel="Family tree"
      onNodesChange={onNodesChange}
      onConnect={onConnect}
      onReconnect={onReconnect}
      onBeforeDelete={onBeforeDelete}
      onNodeButton={onNodeButton}
      onNodeClick={onNodeClick}
      onError={(code, message) => console.warn(`Canvas error ${code}: ${message}`)}
      style={{ position: 'absolute', inset: 0 }}
    />
  );
}
