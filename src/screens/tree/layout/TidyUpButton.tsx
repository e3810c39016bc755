import * as Tooltip from '@radix-ui/react-tooltip';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import type { CanvasHandle } from '../../../../engine/index.ts';
import { runCommand } from '../actions/commands.ts';
import { mayMoveCards } from '../actions/rights.ts';
import { tidyUpAction, TIDY_TEXTS } from '../actions/tidy.ts';
import { useTree } from '../treeContext.ts';
import { treeUi } from '../treeUi.ts';
import { runLayout, type LayoutRunner } from './runLayout.ts';

/** From this many cards on, the button shows how far the layout is. */
export const TIDY_PROGRESS_FROM = 2000;

const NOTHING = '';

const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/**
 * The tree toolbar's "Tidy up" (issue 9, item 3): runs the `tidyUp` command on the selected
 * cards (none: the whole tree), and carries out every Tidy up the command asks for, its key
 * (Shift+T) included. Offered only while the member may move cards (not on a locked canvas);
 * busy, with the layout's progress on big trees, until the edit is made.
 */
export function TidyUpButton({ canvas, run = runLayout }: { canvas: CanvasHandle | null; run?: LayoutRunner }) {
  const ctx = useTree();
  const engine = canvas?.engine;
  const state = useSyncExternalStore(
    (cb) => engine?.subscribe(cb) ?? (() => undefined),
    () => (engine ? `${mayMoveCards(engine) ? 'm' : ''}${engine.store.selectedNodes.size ? 's' : ''}` : NOTHING),
  );
  const movable = state.includes('m');
  const branch = state.includes('s');
  const { tidy } = useSnapshot(treeUi);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    if (!tidy) return;
    treeUi.tidy = null;
    if (busy.current || !engine || !mayMoveCards(engine)) return;
    busy.current = true;
    const big = ctx.session.graph.nodes.length >= TIDY_PROGRESS_FROM;
    setProgress(0);
    // The busy button is drawn before the main thread reads the tree for the layout.
    void afterPaint()
      .then(() => tidyUpAction(ctx, tidy.nodeIds, run, big ? setProgress : undefined))
      .finally(() => {
        busy.current = false;
        setProgress(null);
      });
  }, [tidy, ctx, engine, run]);

  if (!movable) return null;
  const working = progress !== null;
  const hint = `${branch ? TIDY_TEXTS.branchHint : TIDY_TEXTS.treeHint} (${TIDY_TEXTS.shortcut})`;
  return (
    <Tooltip.Root delayDuration={300}>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          className="btn btn-secondary tree-tidy"
          aria-keyshortcuts="Shift+T"
          aria-busy={working}
          disabled={working}
          onClick={() => runCommand('tidyUp', [...(engine?.store.selectedNodes ?? [])])}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <rect x="9" y="3" width="6" height="5" rx="1" />
            <rect x="3" y="16" width="6" height="5" rx="1" />
            <rect x="15" y="16" width="6" height="5" rx="1" />
            <path d="M12 8v4M6 16v-2h12v2" />
          </svg>
          <span className="tree-tidy-label">{working ? TIDY_TEXTS.busy : TIDY_TEXTS.label}</span>
          {working && progress > 0 && (
            <span className="tree-tidy-progress" role="progressbar" aria-label={TIDY_TEXTS.busy} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
              <span style={{ width: `${Math.round(progress * 100)}%` }} />
            </span>
          )}
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tooltip" sideOffset={6}>
          {hint}
          <Tooltip.Arrow className="tooltip-arrow" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
