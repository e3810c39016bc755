/** Renders the tree dialogs and the details panel in the test page, with the app's styles and toaster. */
import type { ReactNode } from 'react';
import { render } from 'vitest-browser-react';
import { toast as sonner } from 'sonner';
import { page } from 'vitest/browser';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/styles/components.css';
import { Toaster } from '../../../src/components/Toaster.tsx';
import { TreeDialogs } from '../../../src/screens/tree/dialogs/TreeDialogs.tsx';
import { PersonDetailsPanel } from '../../../src/screens/tree/panels/PersonDetailsPanel.tsx';
import { TreeContext, type TreeContextValue } from '../../../src/screens/tree/treeContext.ts';
import { treeUi } from '../../../src/screens/tree/treeUi.ts';
import type { Graph } from '../../../src/domain/types.ts';
import type { PrivacyReason } from '../../../src/domain/privacy.ts';
import type { TreeRole } from '../../../src/domain/roles.ts';
import { openSession, treeContext } from './fixtures.ts';

/** `children` go in the tree area, over the panel (the search box, say). */
export async function mountTree(
  opts: { graph?: Graph; context?: Partial<TreeContextValue>; children?: ReactNode; role?: TreeRole; privacy?: Record<string, PrivacyReason> } = {},
) {
  treeUi.dialog = null;
  treeUi.detailsNodeId = null;
  // Toasts of earlier tests are still active in sonner's store and a new Toaster replays them.
  sonner.dismiss();
  const { repo, session } = await openSession(opts.graph, { role: opts.role, privacy: opts.privacy });
  const tree = treeContext(session, opts.context);
  const screen = await render(
    <TreeContext.Provider value={tree}>
      <div className="tree-screen" style={{ position: 'relative', width: '100%', height: '640px', overflow: 'hidden' }} data-testid="tree-area">
        <div className="tree-toolbar" data-testid="tree-toolbar" style={{ position: 'absolute', top: 12 }} />
        {opts.children}
        <PersonDetailsPanel />
      </div>
      <TreeDialogs />
      <Toaster />
    </TreeContext.Provider>,
  );
  return { repo, session, tree, screen };
}

/** The toast region's text, for exact toast assertions. */
export function toast(text: string) {
  return page.getByRole('listitem').filter({ hasText: text });
}

/** Waits for React and valtio to settle after a store write outside React. */
export const tick = () => new Promise((r) => setTimeout(r, 0));
