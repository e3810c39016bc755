import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useLocation, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { CanvasHandle } from '../../../engine/index.ts';
import { backend } from '../../backend/index.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { notify } from '../../components/notify.ts';
import { useToastsClearOf } from '../../components/toastArea.ts';
import { graphIndex } from '../../domain/graphDraft.ts';
import { newProfileId } from '../../domain/ids.ts';
import { authState } from '../../state/auth.ts';
import { ownProfileState } from '../../state/ownProfile.ts';
import { noteOpenedTree, noteSeenTree } from '../../state/trees.ts';
import { openActivity } from './panels/history/historyUi.ts';
import { homeNodeId } from './canvas/homeCard.ts';
import { treeRights } from './actions/rights.ts';
import { invitationsState, loadInvitations, refreshInvitations, resetInvitations, touchesInvitations } from './invitations/pendingInvitations.ts';
import { TreeClosed } from './TreeClosed.tsx';
import { TreeTitle } from './TreeTitle.tsx';
import { TreeCanvas } from './canvas/TreeCanvas.tsx';
import { TreeDialogs } from './dialogs/TreeDialogs.tsx';
import { DiscardChangesDialog, DISCARD_TEXTS } from './guard/DiscardChangesDialog.tsx';
import { UnsavedChangesDialog } from './guard/UnsavedChangesDialog.tsx';
import { PersonDetailsPanel } from './panels/PersonDetailsPanel.tsx';
import { FindPerson } from './search/FindPerson.tsx';
import { TreeSearch } from './search/treeSearch.ts';
import { BACKUP_NOT_KEPT, indexedDbBackupStore } from './session/backupStore.ts';
import { TreeSession } from './session/treeSession.ts';
import { TreeContext, type TreeContextValue } from './treeContext.ts';
import { treeUi } from './treeUi.ts';
import { useSessionVersion } from './useSessionVersion.ts';
import { SaveStatus } from './SaveStatus.tsx';
import { TidyUpButton } from './layout/TidyUpButton.tsx';
import { UndoRedoButtons } from './UndoRedoButtons.tsx';
import { GedcomControls } from './gedcom/GedcomControls.tsx';
import './tree.css';

/** The longest a toast stays (§9: 2000–5000 ms): the member must not miss this one. */
const BACKUP_NOT_KEPT_MS = 5000;

/** The query parameter naming the tree to open (`/app/tree?tree={graphId}`); without it, the one opened last. */
export const TREE_PARAM = 'tree';
export const SHOW_PARAM = 'show';

/** What a page that sends the member to their tree may ask of it (router state). */
export interface TreeArrival {
  /** Open the member's own card's details: they just joined and land on their card. */
  showOwnCard?: boolean;
}

/**
 * §2 "Family tree canvas": one of the member's trees, saved as they work, shared live with
 * relatives. Switching trees (sidebar, Home) changes `?tree=`, which opens a fresh session.
 */
export default function TreeScreen() {
  const [params] = useSearchParams();
  const graphId = params.get(TREE_PARAM) || undefined;
  // Home's activity lines and the digest link to the tree's Activity (`&show=activity`).
  return <TreeView key={graphId ?? ''} graphId={graphId} showActivity={params.get(SHOW_PARAM) === 'activity'} />;
}

function TreeView({ graphId, showActivity }: { graphId: string | undefined; showActivity: boolean }) {
  const { user } = useSnapshot(authState);
  const uid = user!.uid;
  const arrival = (useLocation().state ?? {}) as TreeArrival;
  const [session] = useState(
    () =>
      new TreeSession({
        graphs: backend.graphs,
        uid,
        graphId,
        ownProfile: async () => ownProfileState.profile ?? (await backend.profiles.get(uid)),
        backups: indexedDbBackupStore(),
        onBackupFailed: () => notify.error(BACKUP_NOT_KEPT, { duration: BACKUP_NOT_KEPT_MS }),
        // §8: the operation's failure toast, with the server's reason underneath.
        onEditRefused: (failure, error) => notify.error(failure, { description: error.message !== failure ? error.message : undefined }),
      }),
  );
  // The people index of Find someone and Link existing, following the session's updates.
  const [search] = useState(() => new TreeSearch(session));
  useSessionVersion(session);
  const canvas = useRef<CanvasHandle>(null);
  // The toolbar's controls that act on the canvas render again once it is there.
  const [canvasHandle, setCanvasHandle] = useState<CanvasHandle | null>(null);
  const canvasRef = useCallback((h: CanvasHandle | null) => {
    canvas.current = h;
    setCanvasHandle(h);
  }, []);
  const [canvasArea, setCanvasArea] = useState<HTMLDivElement | null>(null);
  const [compact, setCompact] = useState(false);
  // 'Apply changes' and the rest of the toolbar stay clear of toasts, also when it wraps to two rows.
  const keepToastsBelowToolbar = useToastsClearOf('below');
  /** The discard confirmation is open, asked from the toolbar ('stay') or while leaving ('leave'). */
  const [discarding, setDiscarding] = useState<'stay' | 'leave' | null>(null);

  useEffect(() => {
    treeUi.detailsNodeId = null;
    treeUi.dialog = null;
    treeUi.reveal = null;
    resetInvitations();
    void session.open().then(() => {
      if (session.status !== 'ready') return;
      noteOpenedTree(session.graphId);
      if (showActivity) openActivity();
      if (treeRights(session.role).invite) void loadInvitations(backend.invitations, session.graphId);
      if (arrival.showOwnCard) treeUi.detailsNodeId = homeNodeId(session.graph, uid) ?? null;
    });
    // A relative joining on an invited card, or leaving again, arrives as a change of that card.
    const stopRefreshing = session.onGraphUpdate((update) => {
      if (!treeRights(session.role).invite) return;
      if (touchesInvitations(invitationsState.items, update, (id) => graphIndex(session.graph).nodes.get(id)?.data.profileId)) {
        void refreshInvitations(backend.invitations, session.graphId);
      }
    });
    // §4: the autosave is flushed when the page is hidden or unloaded.
    const onHide = () => document.visibilityState === 'hidden' && session.flush();
    const onPageHide = () => session.flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopRefreshing();
      session.flush();
      // What came live while the tree was open has been seen too: Home does not tell it again.
      if (session.status === 'ready') {
        noteSeenTree(session.graphId);
        void backend.graphs.markSeen(session.graphId).catch(() => undefined);
      }
      session.close();
      search.destroy();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [session, search]);

  // A big tree is indexed in idle time once it is on screen, never while it opens.
  useEffect(() => {
    if (session.status === 'ready') search.prepare();
  }, [session.status, search]);

  const ctx = useMemo<TreeContextValue>(
    () => ({
      session,
      uid,
      findFree: (desired) => canvas.current?.findFreePosition(desired) ?? desired,
      now: () => new Date().toISOString(),
      newProfileId: () => newProfileId((bytes) => crypto.getRandomValues(bytes)),
      invitationsEnabled: true,
      createInvitation: (nodeId, email, role) =>
        backend.invitations.create({ inviterUid: uid, graphUid: session.graphId, nodeId, email, role }),
      invitations: backend.invitations,
      search,
    }),
    [session, uid, search],
  );

  // Leaving the tree, or switching to another one, with unsaved changes asks first (§4).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      session.unsaved &&
      (currentLocation.pathname !== nextLocation.pathname ||
        new URLSearchParams(currentLocation.search).get(TREE_PARAM) !== new URLSearchParams(nextLocation.search).get(TREE_PARAM)),
  );

  async function applyChanges() {
    try {
      if (await session.applyChanges()) notify.success('Changes applied');
    } catch (e) {
      notify.error('Failed to apply changes', { description: e instanceof Error ? e.message : undefined });
      throw e;
    }
  }

  return (
    <TreeContext.Provider value={ctx}>
      <div className="tree-screen">
        <div className="tree-canvas-area" ref={setCanvasArea}>
          {session.status === 'ready' && <TreeCanvas compact={compact} canvasRef={canvasRef} />}
          {session.status === 'loading' && (
            <div className="tree-overlay">
              <LoadingState text="Loading your data…" />
            </div>
          )}
          {session.closedBy && <TreeClosed error={session.closedBy} />}
          {session.status === 'error' && (
            <div className="tree-overlay">
              <div className="card tree-error" role="alert">
                <h2>Your tree could not be loaded</h2>
                <p className="muted">{session.loadError?.message}</p>
                <button className="btn btn-primary" onClick={() => location.reload()}>
                  Try again
                </button>
              </div>
            </div>
          )}
          {session.status === 'ready' && <TreeTitle session={session} uid={uid} />}
          <div className="tree-toolbar" role="toolbar" aria-label="Tree" ref={keepToastsBelowToolbar}>
            <SaveStatus session={session} />
            {session.status === 'ready' && <UndoRedoButtons session={session} />}
            {session.status === 'ready' && <TidyUpButton canvas={canvasHandle} />}
            {session.status === 'ready' && <GedcomControls canvas={canvasHandle} dropTarget={canvasArea} />}
            <label className="tree-switch">
              <input type="checkbox" checked={compact} onChange={(e) => setCompact(e.target.checked)} />
              <span>
                Compact<span className="tree-switch-more"> cards</span>
              </span>
            </label>
            {session.unsaved && (
              <button className="btn btn-secondary tree-discard" onClick={() => setDiscarding('stay')}>
                {DISCARD_TEXTS.action}
              </button>
            )}
            {session.unsaved && (
              <button className="btn btn-primary tree-apply" onClick={() => applyChanges().catch(() => undefined)}>
                Apply changes
              </button>
            )}
          </div>
          {session.status === 'ready' && <FindPerson />}
          {session.status === 'ready' && <PersonDetailsPanel />}
        </div>
        {session.status === 'ready' && <TreeDialogs />}
        <UnsavedChangesDialog
          open={blocker.state === 'blocked' && !discarding}
          onStay={() => blocker.reset?.()}
          onDiscard={() => setDiscarding('leave')}
          onApplyAndLeave={async () => {
            await applyChanges().catch(() => undefined);
            if (!session.unsaved) blocker.proceed?.();
          }}
        />
        <DiscardChangesDialog
          open={!!discarding}
          onCancel={() => setDiscarding(null)}
          onDiscard={() => {
            session.discard();
            if (discarding === 'leave') blocker.proceed?.();
            setDiscarding(null);
          }}
        />
      </div>
    </TreeContext.Provider>
  );
}
