import type { ReactNode } from 'react';
import type { CanvasHandle } from '../../engine/index.ts';
import { TreeCanvas } from '../../src/screens/tree/canvas/TreeCanvas.tsx';
import { TreeDialogs } from '../../src/screens/tree/dialogs/TreeDialogs.tsx';
import { PersonDetailsPanel } from '../../src/screens/tree/panels/PersonDetailsPanel.tsx';
import { SaveStatus } from '../../src/screens/tree/SaveStatus.tsx';
import { TreeContext, type TreeContextValue } from '../../src/screens/tree/treeContext.ts';
import { useSessionVersion } from '../../src/screens/tree/useSessionVersion.ts';

/**
 * The tree screen's real parts for the bench pages (tree-edit, tree-import): canvas, save status,
 * details panel and dialogs over the bench's session, the page's own extras in the toolbar, the
 * canvas area and the screen.
 */
export function BenchTreeScreen({ ctx, onCanvas, toolbar, overCanvas, children }: {
  ctx: TreeContextValue;
  onCanvas: (handle: CanvasHandle | null) => void;
  toolbar?: ReactNode;
  overCanvas?: ReactNode;
  children?: ReactNode;
}) {
  const { session } = ctx;
  useSessionVersion(session);
  const ready = session.status === 'ready';
  return (
    <TreeContext.Provider value={ctx}>
      <div className="tree-screen" style={{ height: '100vh' }}>
        <div className="tree-canvas-area">
          {ready && <TreeCanvas compact={false} canvasRef={onCanvas} />}
          <div className="tree-toolbar">
            <SaveStatus session={session} />
            {toolbar}
          </div>
          {ready && overCanvas}
          {ready && <PersonDetailsPanel />}
        </div>
        {ready && <TreeDialogs />}
        {children}
      </div>
    </TreeContext.Provider>
  );
}
