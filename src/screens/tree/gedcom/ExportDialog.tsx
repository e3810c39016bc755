import { useState } from 'react';
import { download } from '../../../components/download.ts';
import { notify } from '../../../components/notify.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import { exportsWhole } from '../../../domain/privacy.ts';
import { cardName, displayName } from '../../../domain/labels.ts';
import { authState } from '../../../state/auth.ts';
import { ChoiceGroup } from '../../../components/ChoiceGroup.tsx';
import { treeRights } from '../actions/rights.ts';
import { DialogShell } from '../dialogs/DialogShell.tsx';
import { useTree } from '../treeContext.ts';
import { runExportWorker, type ExportRunner } from './runExport.ts';
import { GEDCOM_TEXTS } from './texts.ts';

type Scope = 'all' | 'ancestors' | 'descendants';
type Version = '7.0' | '5.5.1';

/** A file name from words: lower case, hyphens, no characters a file system minds. */
export function exportFileName(scope: Scope, name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return scope === 'all' ? 'family-tree.ged' : `${scope}-of-${slug || 'person'}.ged`;
}

/**
 * Export GEDCOM (issue 9): the whole tree, or the ancestors or descendants of the selected person,
 * as GEDCOM 7.0 or 5.5.1, written in a worker (a progress bar on big trees) and downloaded. An
 * owner or editor exports everyone whole unless they leave living people out (issue 19); a viewer's
 * file holds living people as "Private" (`exportsWhole`).
 */
export function ExportDialog({ selected, onClose, run = runExportWorker }: { selected: string | null; onClose(): void; run?: ExportRunner }) {
  const { session, uid } = useTree();
  const graph = session.graph;
  const node = selected ? graphIndex(graph).nodes.get(selected) : undefined;
  const name = node ? cardName(graph.profiles[node.data.profileId]) : '';
  const [scope, setScope] = useState<Scope>('all');
  const [version, setVersion] = useState<Version>('7.0');
  const mayChoose = treeRights(session.role).build;
  const [leaveOutLiving, setLeaveOutLiving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  async function exportNow() {
    setProgress(0);
    const file = exportFileName(scope, name);
    try {
      // GEDCOM writes everyone's events: the ones the open left out are loaded first.
      await session.loadEvents();
      const out = await run(
        {
          graph: session.graph,
          options: {
            version,
            scope: scope === 'all' || !node ? { kind: 'all' } : { kind: scope, nodeId: node.id },
            siteOrigin: location.origin,
            currentYear: new Date().getFullYear(),
            ...(exportsWhole(session.role, leaveOutLiving) ? {} : { audienceUid: uid }),
          },
          source: 'KINFOLK',
          submitter: displayName(authState.user ?? {}),
        },
        setProgress,
      );
      download(new Blob([out.text], { type: 'text/plain;charset=utf-8' }), file);
      notify.success(GEDCOM_TEXTS.exported(out.people, file));
      onClose();
    } catch (e) {
      console.error(e);
      notify.error(GEDCOM_TEXTS.exportFailed, { description: e instanceof Error ? e.message : undefined });
      setProgress(null);
    }
  }

  const busy = progress !== null;
  const people = new Set(graph.nodes.map((n) => n.data.profileId).filter(Boolean)).size;
  return (
    <DialogShell
      title={GEDCOM_TEXTS.exportTitle}
      description={GEDCOM_TEXTS.exportDescription}
      onClose={() => !busy && onClose()}
      testId="gedcom-export"
      footer={
        <>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
            {GEDCOM_TEXTS.cancel}
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void exportNow()}>
            {busy ? GEDCOM_TEXTS.exporting : GEDCOM_TEXTS.exportButton}
          </button>
        </>
      }
    >
      <div className="gedcom-export">
        <ChoiceGroup<Scope>
          label={GEDCOM_TEXTS.scope}
          value={scope}
          onChange={setScope}
          choices={[
            { value: 'all', label: GEDCOM_TEXTS.wholeTree(people) },
            { value: 'ancestors', label: GEDCOM_TEXTS.ancestors(name || '…'), disabled: !node, hint: node ? undefined : GEDCOM_TEXTS.selectFirst },
            { value: 'descendants', label: GEDCOM_TEXTS.descendants(name || '…'), disabled: !node },
          ]}
        />
        <ChoiceGroup<Version>
          label={GEDCOM_TEXTS.format}
          value={version}
          onChange={setVersion}
          choices={[
            { value: '7.0', label: GEDCOM_TEXTS.v70, hint: GEDCOM_TEXTS.v70Hint },
            { value: '5.5.1', label: GEDCOM_TEXTS.v551, hint: GEDCOM_TEXTS.v551Hint },
          ]}
        />
        {mayChoose ? (
          <label className="gedcom-living">
            <input type="checkbox" checked={leaveOutLiving} disabled={busy} onChange={(e) => setLeaveOutLiving(e.target.checked)} aria-describedby="gedcom-living-hint" />
            <span>
              <span className="gedcom-living-label">{GEDCOM_TEXTS.leaveOutLiving}</span>
              <span className="field-hint" id="gedcom-living-hint">
                {GEDCOM_TEXTS.leaveOutLivingHint}
              </span>
            </span>
          </label>
        ) : (
          <p className="field-hint">{GEDCOM_TEXTS.viewerPrivacy}</p>
        )}
        {busy && (
          <div className="gedcom-bar" role="progressbar" aria-label={GEDCOM_TEXTS.exporting} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
            <span style={{ width: `${(progress * 100).toFixed(1)}%` }} />
          </div>
        )}
      </div>
    </DialogShell>
  );
}
