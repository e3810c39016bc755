import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { EngineCanvas, TOUCH_TRAY, type CanvasHandle, type Connection, type DeleteRequest, type EngineEdge, type EngineNode, type NodeChange } from '../../../../engine/index.ts';
import { useSnapshot } from 'valtio';
import { commandForKey, commandTargets, runCommand, TREE_COMMANDS, type TreeCommand, type TreeCommandId } from '../actions/commands.ts';
import { linkParentAction, relinkParentAction } from '../actions/relatives.ts';
import { treeRights } from '../actions/rights.ts';
import { useSessionRole } from '../useSessionVersion.ts';
import { openDialog, showCouple, treeUi } from '../treeUi.ts';
import { useTree } from '../treeContext.ts';
import { connectionIntent } from './connections.ts';
import { coupleLineLabel, partnersOfLine } from './coupleLines.ts';
import { homeNodeId, loadView, saveView } from './homeCard.ts';
import { freeArea, viewClearOfPanel, type Box } from './panelClearance.ts';
import { PersonCards, type CardButtonId } from './personCards.ts';
import { realIdle } from '../search/treeSearch.ts';
import { everyoneUi, relationToMe, wantEveryone } from '../kinship/everyone.ts';

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
  // Relationships on cards (issue 24): each new answer is new options, so every card is made again.
  const { onCards, version: relations } = useSnapshot(everyoneUi);
  useEffect(() => {
    if (onCards) wantEveryone();
  }, [onCards]);
  const options = useMemo(
    // Privacy changes only with the profile it hides, which refreshes the card: read at drawing time.
    () => ({
      invitationsEnabled: ctx.invitationsEnabled,
      compact,
      uid: ctx.uid,
      role,
      isPrivate: (id: string) => !!session.privacy[id],
      relationOf: onCards && relations ? (id: string) => (session.privacy[id] ? '' : relationToMe(id)) : undefined,
    }),
    [ctx.invitationsEnabled, compact, ctx.uid, role, session, onCards, relations],
  );
  const [cards] = useState(() => new PersonCards(options));
  const [initial] = useState(() => cards.build(session.graph));
  useEffect(() => void realIdle.request(() => cards.settle()), [cards]);
  // Issue 12: the tree opens where the member left it, else on their own card (`homeNodeId`).
  const [home] = useState(() => homeNodeId(session.graph, ctx.uid));
  const [savedView] = useState(() => loadView(ctx.uid, session.graphId) ?? undefined);
  const root = useRef<HTMLDivElement>(null);
  /** The card a flight (a search result chosen) goes to: it gets the focus when the view settles. */
  const focusOnSettle = useRef<string | null>(null);
  const onViewportSettled = useCallback(
    (t: { x: number; y: number; k: number }) => {
      saveView(ctx.uid, session.graphId, t);
      const nodeId = focusOnSettle.current;
      focusOnSettle.current = null;
      if (nodeId) focusWhenShown(root.current, nodeId);
    },
    [ctx.uid, session],
  );
  const handle = useRef<CanvasHandle | null>(null);

  // Every later update, as a patch. Subscribed before any event can run after the first render;
  // should the graph have changed in between, the engine gets the arrays again.
  useLayoutEffect(() => {
    if (cards.graph !== session.graph) {
      const all = cards.build(session.graph);
      handle.current?.engine.setNodes(all.nodes);
      handle.current?.engine.setEdges(all.edges);
    }
    let couples = session.graph.couples;
    return session.onGraphUpdate((update) => {
      const h = handle.current;
      if (session.graph.couples !== couples) {
        couples = session.graph.couples;
        h?.engine.refreshEdgeLabels();
      }
      // An update touching much of a big tree (Tidy up) is cheaper as the whole arrays again.
      if (update.nodes.length >= WHOLE_TREE_UPDATE) {
        const all = cards.build(session.graph);
        realIdle.request(() => cards.settle());
        if (!h) return;
        const selected = [...h.engine.store.selectedNodes];
        h.engine.setNodes(all.nodes);
        h.engine.setEdges(all.edges);
        if (selected.length) h.select(selected.filter((id) => h.engine.store.nodes.has(id)));
        return;
      }
      const patch = cards.update(session.graph, update);
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

  // A person chosen in Find someone: select their card and fly to it, at a readable zoom, into the
  // middle of what the details panel and the toolbar leave free; it gets the focus once there.
  const { detailsNodeId, reveal } = useSnapshot(treeUi);
  useEffect(() => {
    const h = handle.current;
    if (!h || !reveal || !h.engine.store.nodes.has(reveal.nodeId)) return;
    const frame = requestAnimationFrame(() => {
      h.engine.select([reveal.nodeId]);
      const free = freeOfPanel(h);
      const target = h.engine.viewOfNode(reveal.nodeId, { x: free.x + free.width / 2, y: free.y + free.height / 2 });
      if (!target) return;
      focusOnSettle.current = reveal.nodeId;
      h.engine.flyTo(target, { animate: !matchMedia('(prefers-reduced-motion: reduce)').matches });
    });
    return () => cancelAnimationFrame(frame);
  }, [reveal]);

  // Opening the details panel over the card that was clicked: slide the view so the card and the
  // cards beside it stay in sight next to it (the panel covers a third of a tablet's canvas, the
  // sheet the lower part of a phone's). A flight to the card (Find someone) already goes there.
  useEffect(() => {
    const h = handle.current;
    const rec = detailsNodeId ? h?.engine.store.nodes.get(detailsNodeId) : undefined;
    if (!h || !rec) return;
    const frame = requestAnimationFrame(() => {
      if (h.engine.flying) return;
      const tray = trayRoom(h);
      const next = viewClearOfPanel(rec, h.getViewport(), freeOfPanel(h, tray), tray);
      if (next) h.setViewport(next);
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

  // The card commands with keys that change the tree (Delete, Tidy up): none for a viewer (§6
  // roles); How are we related? (read-only) for everyone.
  const onKeyDown = useCallback(
    (e: KeyboardEvent) => {
      const command = commandForKey(e);
      const h = handle.current;
      if (!command || e.defaultPrevented || !h) return;
      if (!build && !(TREE_COMMANDS[command] as TreeCommand).readOnly) return;
      if ((e.target as HTMLElement).closest('input, textarea, select, [contenteditable="true"]')) return;
      const focused = (e.target as HTMLElement).closest<HTMLElement>('[data-node-id]')?.dataset.nodeId;
      const nodeIds = commandTargets(command, [...h.engine.store.selectedNodes], focused);
      if (!nodeIds) return;
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

  // A couple's line shows their marriage; clicking it opens their events (coupleLines.ts).
  const edgeLabel = useCallback((edge: EngineEdge) => coupleLineLabel(session.graph, edge), [session]);
  const onEdgeClick = useCallback(
    (edge: EngineEdge) => {
      const partners = partnersOfLine(session.graph, edge);
      if (partners) showCouple(edge.source, partners[1]);
    },
    [session],
  );

  return (
    <div ref={root} className="tree-canvas" onKeyDown={onKeyDown}>
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
        onEdgeClick={onEdgeClick}
        edgeLabel={edgeLabel}
        onError={(code, message) => console.warn(`Canvas error ${code}: ${message}`)}
        style={{ position: 'absolute', inset: 0 }}
      />
    </div>
  );
});

/** From this many cards touched at once, the engine gets the whole arrays instead of a patch. */
const WHOLE_TREE_UPDATE = 5000;

const BUTTON_COMMANDS: Record<CardButtonId, TreeCommandId> = {
  invite: 'invite',
  addRelative: 'addRelative',
  unlink: 'unlink',
  delete: 'delete',
  details: 'details',
};

/** Room a card needs, with its margins, at the zooms a tap or a flight to it happen at (about 1). */
const CARD_ROOM = 128;

/** Screen room under the selected card for its touch tray (a row of 44 px buttons and the gap above it), when it has one. */
function trayRoom(h: CanvasHandle): number {
  const { offset, button, pad } = TOUCH_TRAY;
  return h.engine.touchTray ? offset + button + 2 * pad : 0;
}

/**
 * The part of the canvas the details panel and the toolbar leave free (`freeArea`), as it is laid
 * out now; `extra` is room the card needs besides itself (its touch tray).
 */
function freeOfPanel(h: CanvasHandle, extra = 0): Box {
  const canvas = document.querySelector('.tree-canvas-area')?.getBoundingClientRect();
  if (!canvas) return { x: 0, y: 0, ...h.engine.size };
  const toolbar = document.querySelector('.tree-toolbar')?.getBoundingClientRect();
  return freeArea(canvas, restingBox(document.querySelector<HTMLElement>('.person-panel'), canvas), toolbar, CARD_ROOM + extra);
}

/**
 * Where the panel comes to rest in the canvas area: its layout box, not its box on screen, which
 * its slide-in animation still shifts when it has just opened.
 */
function restingBox(panel: HTMLElement | null, canvas: Box): Box | undefined {
  if (!panel) return undefined;
  return { x: canvas.x + panel.offsetLeft, y: canvas.y + panel.offsetTop, width: panel.offsetWidth, height: panel.offsetHeight };
}

/** Focuses a card's element in the accessibility mirror once the mirror has it (a few frames at most). */
function focusWhenShown(root: HTMLElement | null, nodeId: string, frames = 10) {
  requestAnimationFrame(() => {
    const el = root?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(nodeId)}"]`);
    if (el) el.focus({ preventScroll: true });
    else if (frames > 0) focusWhenShown(root, nodeId, frames - 1);
  });
}

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
