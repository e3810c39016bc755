import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { CanvasHandle } from '../../../../engine/index.ts';
import { SCREEN_COMMANDS, screenCommandForKey } from '../actions/commands.ts';
import { ChartExportDialog } from './ChartExportDialog.tsx';
import { chartUi } from './chartUi.ts';

/** The Export chart dialog when open, and its shortcut (Ctrl/Cmd+Shift+E) on the tree screen. */
export function ChartExport({ canvas }: { canvas: CanvasHandle | null }) {
  const { open } = useSnapshot(chartUi);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || screenCommandForKey(e) !== 'exportChart') return;
      e.preventDefault();
      SCREEN_COMMANDS.exportChart.run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return open ? <ChartExportDialog canvas={canvas} onClose={() => (chartUi.open = false)} /> : null;
}
