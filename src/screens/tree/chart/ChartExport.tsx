import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { CanvasHandle } from '../../../../engine/index.ts';
import { SCREEN_COMMANDS, screenCommandForKey } from '../actions/commands.ts';
import { ChartExportDialog } from './ChartExportDialog.tsx';
import { chartUi, setChartsPerson } from './chartUi.ts';
import { ChartViewDialog } from './ChartViewDialog.tsx';

/**
 * The Export chart dialog and the charts when open, and their shortcuts on the tree screen: Export
 * chart Ctrl/Cmd+Shift+E, Charts Shift+C (on the selected card's person, else the member's own).
 */
export function ChartExport({ canvas }: { canvas: CanvasHandle | null }) {
  const { open, fan } = useSnapshot(chartUi);
  useEffect(() => setChartsPerson(() => chartsPersonOf(canvas)), [canvas]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const id = e.defaultPrevented ? undefined : screenCommandForKey(e);
      if (id !== 'exportChart' && id !== 'charts') return;
      e.preventDefault();
      SCREEN_COMMANDS[id].run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      {open && <ChartExportDialog canvas={canvas} onClose={() => (chartUi.open = false)} />}
      {fan && <ChartViewDialog key={fan} nodeId={fan} onClose={() => (chartUi.fan = null)} />}
    </>
  );
}

/** The charts' person without a choice: the selected card, else the engine's home card (the member's own), else the first card. */
export function chartsPersonOf(canvas: CanvasHandle | null): string | null {
  const engine = canvas?.engine;
  if (!engine) return null;
  const selected = [...engine.store.selectedNodes][0];
  return selected ?? engine.options.homeNodeId ?? [...engine.store.nodes.keys()][0] ?? null;
}
