import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { EngineCanvas, type CanvasHandle, type Connection, type DeleteRequest, type EngineEdge, type EngineNode, type NodeChange } from '../../../../engine/index.ts';
import { useSnapshot } from 'valtio';
import { commandForKey, runCommand, type TreeCommandId } from '../actions/commands.ts';
import { linkParentAction, relinkParentAction } from '../actions/relatives.ts';
import { treeRights } from '../actions/rights.ts';
import { useSessionRole } from '../useSessionVersion.ts';
import { openDialog, treeUi } from '../treeUi.ts';
import { useTree } from '../treeContext.ts';
import { connectionIntent } from './connections.ts';
import { homeNodeId, loadView, saveView } from './homeCard.ts';
import { PersonCards, type CardButtonId } from './personCards.ts';

interface TreeCanvasProps {
  compact: boolean;
  canvasRef: Ref<CanvasHandle>;
}

/**
 * The family tree on the engine. The engine gets every card once, when the tree opens; after that
 * each update of the session's graph reaches it as a patch of the cards and lines it touched
 * (`PersonCards`), so React does no work per edit here. The engine owns positions and selection:
 * it previews a drag itself and the session is told once, on drop, and nothing it already has is
 * handed back to it.
 */
export const TreeCanvas = memo(function TreeCanvas({ compact, canvasRef }: TreeCanvasProps) {
  const ctx = useTree();
  const { session } = ctx;
  const role = useSessionRole(session);
  // A viewer neither moves nor links cards: nothing of it could be saved (§6 roles).
  const { build } = treeRights(role);
  const options = useMemo(
    // Privacy changes only with the profile it hides, which refreshes the card: read at drawing time.
    () => ({ invitationsEnabled: ctx.invitationsEnabled, compact, uid: ctx.uid, role, isPrivate: (id: string) => !!session.privacy[id] }),
    [ctx.invitationsEnabled, compact, ctx.uid, role, session],
  );
  const [cards] = useState(() => new PersonCards(options));
  const [initial] = useState(() => cards.build(session.graph));
  // Issue 12: the tree opens where the member left it, else on their own card (`homeNodeId`).
  const [home] = useState(() => homeNodeId(session.graph, ctx.uid));
  const [savedView] = useState(() => loadView(ctx.uid, session.graphId) ?? undefined);
  const onViewportSettled = useCallback((t: { x: number; y: number; k: number }) => saveView(ctx.uid, session.graphId, t), [ctx.uid, session]);
  const handle = useRef<CanvasHandle | null>(null);

  // Every later update, as a patch. Subscribed before any event can run after the first render;
  // should the graph have changed in between, the engine gets the arrays again.
  useLayoutEffect(() => {
    if (cards.graph !== session.graph) {
      const all = cards.build(session.graph);
      handle.current?.engine.setNodes(all.nodes);
      handle.current?.engine.setEdges(all.edges);
    }
    return session.onGraphUpdate((update) => {
      const patch = cards.update(session.graph, update);
      const h = handle.current;
      if (!h) return;
      h.engine.patch(patch);
      // A relative added off-screen is brought into view, so the member sees what they made.
      const added = update.added[update.added.length - 1];
      if (added) bringIntoView(h, added);
    });
  }, [session, cards]);

  const shownOptions = useRef(options);
  useEffect(() => {
    if (shownOptions.current === options) return;
    shownOptions.current = options;
    handle.current?.engine.patch(cards.setOptions(session.graph, options));
  }, [options, cards, session]);

  // Opening the details panel over the card that was clicked: slide the view so the card stays
  // visible beside it (it covers a third of a tablet's canvas).
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
      for (const c of changes) {
        if (c.type !== 'position') continue;
        if (c.dragging) dragging = true;
        else moves.set(c.id, c.position);
      }
      if (dragging) session.setDragging(true);
      if (moves.size) {
        session.moveNodes(moves);
        session.setDragging(false);
      }
    },
    [session],
  );

  // Backspace reaches the engine first, which asks here; the Delete person dialog does the removal
  // (with undo), so the engine removes nothing itself.
  const onBeforeDelete = useCallback(
    ({ nodes }: DeleteRequest) => {
      if (build) runCommand('delete', nodes.map((n) => n.id));
      return false;
    },
    [build],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      const command = commandForKey(e.key);
      const h = handle.current;
      if (!command || !build || e.defaultPrevented || !h) return;
      if ((e.target as HTMLElement).closest('input, textarea, select, [contenteditable="true"]')) return;
      const focused = (e.target as HTMLElement).closest<HTMLElement>('[data-node-id]')?.dataset.nodeId;
      const selected = [...h.engine.store.selectedNodes];
      const nodeIds = selected.length ? selected : focused ? [focused] : [];
      if (!nodeIds.length) return;
      e.preventDefault();
      runCommand(command, nodeIds);
    },
    [build],
  );

  const onConnect = useCallback(
    (c: Connection) => {
      const intent = connectionIntent(c);
      if (!intent) return;
      if (intent.kind === 'spouse') return openDialog({ kind: 'linkSpouse', nodeId: intent.nodeId, otherNodeId: intent.otherNodeId });
      linkParentAction(ctx, intent);
    },
    [ctx],
  );

  const onReconnect = useCallback(
    (old: EngineEdge, c: Connection) => {
      const intent = connectionIntent(c);
      if (!intent || intent.kind !== 'parent' || (old.data as { kind?: string } | undefined)?.kind !== 'parent') return;
      relinkParentAction(ctx, old, intent);
    },
    [ctx],
  );

  const onNodeButton = useCallback((node: EngineNode, button: string) => runCommand(BUTTON_COMMANDS[button as CardButtonId], [node.id]), []);

  const onNodeClick = useCallback((node: EngineNode) => {
    treeUi.detailsNodeId = node.id;
  }, []);

  return (
    <div className="tree-canvas" onKeyDown={onKeyDown}>
      <EngineCanvas
        ref={setHandle}
        nodes={initial.nodes}
        edges={initial.edges}
        preset="tree"
        fitView={!savedView}
        defaultViewport={savedView}
        homeNodeId={home}
        homeLabel="Me"
        onViewportSettled={onViewportSettled}
        nodesDraggable={build}
        nodesConnectable={build}
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
    </div>
  );
});

const BUTTON_COMMANDS: Record<CardButtonId, TreeCommandId> = {
  invite: 'invite',
  addRelative: 'addRelative',
  unlink: 'unlink',
  delete: 'delete',
  details: 'details',
};

function bringIntoView(h: CanvasHandle, nodeId: string) {
  const rec = h.engine.store.nodes.get(nodeId);
  if (!rec) return;
  const { x, y, k } = h.getViewport();
  const { width, height } = h.engine.size;
  const left = rec.x * k + x;
  const top = rec.y * k + y;
  const inView = left >= 0 && top >= 0 && left + rec.width * k <= width && top + rec.height * k <= height;
  if (!inView) h.engine.centreOn({ x: rec.x + rec.width / 2, y: rec.y + rec.height / 2 });
}
