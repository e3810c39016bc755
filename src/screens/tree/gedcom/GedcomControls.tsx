import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import type { CanvasHandle } from '../../../../engine/index.ts';
import { backend } from '../../../backend/index.ts';
import { notify } from '../../../components/notify.ts';
import { treeRights } from '../actions/rights.ts';
import { ChartExport } from '../chart/ChartExport.tsx';
import { COMMAND_SHORTCUTS, runCommand, SCREEN_COMMANDS } from '../actions/commands.ts';
import { openChartExport, openCharts } from '../chart/chartUi.ts';
import { CHART_TEXTS, FAN_TEXTS } from '../chart/texts.ts';
import { SOURCES_TEXTS, SourcesDialog } from '../panels/facts/SourcesDialog.tsx';
import { useTree } from '../treeContext.ts';
import { openDialog } from '../treeUi.ts';
import { PLACE_DIALOG_TEXTS } from '../dialogs/PlaceDialogs.tsx';
import { KINSHIP_UI_TEXTS, KinshipControl } from '../kinship/KinshipDialog.tsx';
import { everyoneUi } from '../kinship/everyone.ts';
import { DuplicatesControl } from '../duplicates/DuplicatesDialog.tsx';
import { DUPLICATES_TEXTS, openDuplicates } from '../duplicates/duplicatesUi.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { HistoryControl } from '../panels/history/HistoryControl.tsx';
import { openActivity, openDeleted } from '../panels/history/historyUi.ts';
import { HISTORY_TEXTS } from '../panels/history/texts.ts';
import { attachFileDrop } from './fileDrop.ts';
import { createGedcomImport, type GedcomImport } from './gedcomImport.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { runImportWorker, type PlanRunner } from './runImport.ts';
import { showGroup } from './showGroup.ts';
import { GEDCOM_TEXTS } from './texts.ts';
import './gedcom.css';

/** The file picker takes GEDCOM files; the parser decides what a file really is. */
const ACCEPT = '.ged,.gedcom,.GED,text/plain,application/x-gedcom';

interface GedcomControlsProps {
  canvas: CanvasHandle | null;
  /** The tree's canvas area: files dropped on it are imported. */
  dropTarget: HTMLElement | null;
  runPlan?: PlanRunner;
}

/**
 * The tree toolbar's GEDCOM menu (Import GEDCOM… for the tree's owner and editors, Export
 * GEDCOM…), the file picker, dropping a file on the canvas, and the import and export dialogs
 * (issue 9).
 */
export function GedcomControls({ canvas, dropTarget, runPlan = runImportWorker }: GedcomControlsProps) {
  const tree = useTree();
  const { onCards } = useSnapshot(everyoneUi);
  const canvasRef = useRef(canvas);
  canvasRef.current = canvas;
  const [gedcom] = useState<GedcomImport>(() =>
    createGedcomImport(
      () => ({
        session: tree.session,
        importer: backend.imports,
        uid: tree.uid,
        now: tree.now,
        siteOrigin: location.origin,
        runPlan,
        firstFrame: (nodeIds) => showGroup(canvasRef.current, nodeIds),
      }),
      notify,
    ),
  );
  const input = useRef<HTMLInputElement>(null);
  const [dropping, setDropping] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [listingSources, setListingSources] = useState(false);
  // §6 roles: an import adds people, which only the tree's owner and editors do; anyone exports.
  const mayImport = treeRights(tree.session.role).build;

  useEffect(() => {
    if (!dropTarget || !mayImport) return;
    const drop = attachFileDrop(dropTarget, { onOver: setDropping, onFile: (f) => gedcom.choose(f), onMany: () => notify.info(GEDCOM_TEXTS.oneFile) });
    return () => drop.destroy();
  }, [dropTarget, gedcom, mayImport]);

  // The bench and the end-to-end tests read the last import's stage times here.
  useEffect(() => {
    (window as unknown as { __kinfolkGedcom?: GedcomImport }).__kinfolkGedcom = gedcom;
  }, [gedcom]);

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="btn btn-secondary tree-gedcom" aria-label={GEDCOM_TEXTS.menuLabel}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
            <path d="M14 3v5h5M9 13l3 3 3-3M12 16v-6" />
          </svg>
          <span className="tree-gedcom-label">{GEDCOM_TEXTS.menu}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            {mayImport && (
              <DropdownMenu.Item className="menu-item" onSelect={() => input.current?.click()}>
                {GEDCOM_TEXTS.importCommand}
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item className="menu-item" onSelect={() => setExporting(true)}>
              {GEDCOM_TEXTS.exportCommand}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item" onSelect={openChartExport} aria-keyshortcuts="Control+Shift+E">
              {CHART_TEXTS.command}
              <span className="menu-item-shortcut" aria-hidden="true">
                {SCREEN_COMMANDS.exportChart.shortcut(isMac)}
              </span>
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item" onSelect={() => openCharts()} aria-keyshortcuts="Shift+C">
              {FAN_TEXTS.command}
              <span className="menu-item-shortcut" aria-hidden="true">
                {SCREEN_COMMANDS.charts.shortcut(isMac)}
              </span>
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item" onSelect={() => runCommand('kinship', [...(canvas?.engine.store.selectedNodes ?? [])])} aria-keyshortcuts="Shift+R">
              {KINSHIP_UI_TEXTS.command}
              <span className="menu-item-shortcut" aria-hidden="true">
                {COMMAND_SHORTCUTS.kinship}
              </span>
            </DropdownMenu.Item>
            <DropdownMenu.CheckboxItem className="menu-item" checked={onCards} onCheckedChange={(on) => (everyoneUi.onCards = on)}>
              {KINSHIP_UI_TEXTS.onCards}
              {/* A switch drawn in both states: a check mark alone left "off" looking like a plain command. */}
              <span className="menu-item-switch" aria-hidden="true" />
            </DropdownMenu.CheckboxItem>
            <DropdownMenu.Item className="menu-item" onSelect={() => setListingSources(true)}>
              {SOURCES_TEXTS.command}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item" onSelect={openActivity}>
              {HISTORY_TEXTS.activityCommand}
            </DropdownMenu.Item>
            {mayImport && (
              <DropdownMenu.Item className="menu-item" onSelect={openDeleted}>
                {HISTORY_TEXTS.deletedCommand}
              </DropdownMenu.Item>
            )}
            {/* The tree's places, to correct and merge: owners' and editors' (issue 20, item 3). */}
            {mayImport && (
              <DropdownMenu.Item className="menu-item" onSelect={() => openDialog({ kind: 'places' })}>
                {PLACE_DIALOG_TEXTS.command}
              </DropdownMenu.Item>
            )}
            {/* Merging changes the tree: owners' and editors' (issue 24, item 5). */}
            {mayImport && (
              <DropdownMenu.Item className="menu-item" onSelect={() => openDuplicates()}>
                {DUPLICATES_TEXTS.command}
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        data-testid="gedcom-file"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) gedcom.choose(file);
        }}
      />
      {dropping &&
        dropTarget &&
        createPortal(
          <div className="gedcom-drop" aria-hidden="true">
            <p>{GEDCOM_TEXTS.drop}</p>
          </div>,
          dropTarget,
        )}
      <ImportDialog gedcom={gedcom} area={dropTarget} />
      <ChartExport canvas={canvas} />
      <KinshipControl canvas={canvas} area={dropTarget} />
      <HistoryControl />
      <DuplicatesControl canvas={canvas} />
      {listingSources && <SourcesDialog onClose={() => setListingSources(false)} />}
      {exporting && <ExportDialog selected={selectedPerson(canvas)} onClose={() => setExporting(false)} />}
    </>
  );
}

const isMac = typeof navigator !== 'undefined' && /Mac|iP(hone|ad)/.test(navigator.platform);

/** The person the ancestors and descendants exports start from: the selected card, if one is. */
function selectedPerson(canvas: CanvasHandle | null): string | null {
  const selected = canvas?.engine.store.selectedNodes;
  return selected && selected.size ? [...selected][0]! : null;
}

