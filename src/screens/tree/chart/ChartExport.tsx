import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { CanvasHandle } from '../../../../engine/index.ts';
import { SCREEN_COMMANDS, screenCommandForKey } from '../actions/commands.ts';
import { ChartExportDialog } from './ChartExportDialog.tsx';
import { chartUi } from './chartUi.ts';
import { ChartViewDialog } from './ChartViewDialog.tsx';

/** The Export chart dialog and the fan chart when open, and the export's shortcut (Ctrl/Cmd+Shift+E) on the tree screen. */
export function ChartExport({ canvas }: { canvas: CanvasHandle | null }) {
  const { open, fan } = useSnapshot(chartUi);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || screenCommandForKey(e) !== 'exportChart') return;
      e.preventDefault();
      SCREEN_COMMANDS.exportChart.run();
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
