import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { DUPLICATES_TEXTS, openDuplicates } from '../duplicates/duplicatesUi.ts';
import '../duplicates/duplicates.css';
import { groupSummary, type ImportSummary } from '../../../gedcom/summary.ts';
import { DialogShell } from '../dialogs/DialogShell.tsx';
import type { GedcomImport, ImportView } from './gedcomImport.ts';
import { IMPORT_STAGES, type ImportStage } from './importFlow.ts';
import { GEDCOM_TEXTS } from './texts.ts';

/** Share of the whole bar each stage takes (sending a big tree takes longest). */
const WEIGHTS: Record<ImportStage, number> = { read: 0.06, parse: 0.2, layout: 0.12, draw: 0.07, send: 0.3, commit: 0.25 };

/** Once drawn, the import is on the tree while it is sent and saved: the member may look around. */
const onTree = (stage: ImportStage) => IMPORT_STAGES.indexOf(stage) > IMPORT_STAGES.indexOf('draw');

/** How far the whole import is, 0…1, from the stage and how far that stage is. */
export function overallProgress(stage: ImportStage, fraction: number): number {
  let done = 0;
  for (const s of IMPORT_STAGES) {
    if (s === stage) return done + WEIGHTS[s] * Math.min(1, Math.max(0, fraction));
    done += WEIGHTS[s];
  }
  return done;
}

/**
 * The import's dialog in each of its steps: confirm, progress, the reason it failed, the summary.
 * While the people already drawn are being sent and saved, the progress is a panel over the tree
 * (`area`), not a modal dialog, so the member can look around and search meanwhile.
 */
export function ImportDialog({ gedcom, area }: { gedcom: GedcomImport; area: HTMLElement | null }) {
  const { view } = useSnapshot(gedcom.state);
  if (!view) return null;
  const v = view as ImportView;
  switch (v.step) {
    case 'confirm':
      return (
        <DialogShell
          title={GEDCOM_TEXTS.confirmTitle(v.fileName)}
          description={GEDCOM_TEXTS.confirmGroup}
          onClose={gedcom.close}
          testId="gedcom-confirm"
          footer={
            <>
              <button type="button" className="btn btn-secondary" onClick={gedcom.close}>
                {GEDCOM_TEXTS.cancel}
              </button>
              <button type="button" className="btn btn-primary" autoFocus onClick={() => void gedcom.start()}>
                {GEDCOM_TEXTS.importButton}
              </button>
            </>
          }
        >
          <p className="field-hint gedcom-limit">{GEDCOM_TEXTS.limit}</p>
        </DialogShell>
      );
    case 'running': {
      const overall = overallProgress(v.stage, v.fraction);
      // Once the commit is asked for, the import completes (the server applies it whole or not at all).
      const cancellable = v.stage !== 'commit';
      const bar = (
        <div className="gedcom-bar" role="progressbar" aria-label={GEDCOM_TEXTS.progressTitle(v.fileName)} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(overall * 100)}>
          <span style={{ width: `${(overall * 100).toFixed(1)}%` }} />
        </div>
      );
      if (onTree(v.stage)) {
        return createPortal(
          <section className="gedcom-saving" role="region" aria-label={GEDCOM_TEXTS.savingTitle(v.fileName)} data-testid="gedcom-saving">
            <div className="gedcom-saving-head">
              <h2 className="gedcom-saving-title">{GEDCOM_TEXTS.savingTitle(v.fileName)}</h2>
              <button type="button" className="btn btn-secondary" disabled={!cancellable} onClick={gedcom.cancel}>
                {GEDCOM_TEXTS.cancel}
              </button>
            </div>
            <p className="gedcom-stage" aria-live="polite">
              {GEDCOM_TEXTS.stages[v.stage]}
            </p>
            {bar}
            <p className="field-hint">{GEDCOM_TEXTS.savingHint(v.people ?? 0)}</p>
          </section>,
          area ?? document.body,
        );
      }
      return (
        <DialogShell
          title={GEDCOM_TEXTS.progressTitle(v.fileName)}
          onClose={gedcom.close}
          testId="gedcom-progress"
          footer={
            <button type="button" className="btn btn-secondary" disabled={!cancellable} onClick={gedcom.cancel}>
              {GEDCOM_TEXTS.cancel}
            </button>
          }
        >
          <div className="gedcom-progress">
            <p className="gedcom-stage" aria-live="polite">
              {GEDCOM_TEXTS.stages[v.stage]}
            </p>
            {bar}
            <ol className="gedcom-stages">
              {IMPORT_STAGES.map((s) => (
                <li key={s} data-state={IMPORT_STAGES.indexOf(s) < IMPORT_STAGES.indexOf(v.stage) ? 'done' : s === v.stage ? 'now' : 'later'}>
                  {GEDCOM_TEXTS.stages[s].replace('…', '')}
                </li>
              ))}
            </ol>
            {v.people !== null && <p className="field-hint">{GEDCOM_TEXTS.peopleFound(v.people)}</p>}
          </div>
        </DialogShell>
      );
    }
    case 'failed':
      return (
        <DialogShell
          title={GEDCOM_TEXTS.failedTitle}
          onClose={gedcom.close}
          testId="gedcom-failed"
          footer={
            <button type="button" className="btn btn-primary" onClick={gedcom.close}>
              {GEDCOM_TEXTS.close}
            </button>
          }
        >
          <p className="gedcom-file-name">{v.fileName}</p>
          <p className="gedcom-error" role="alert">
            {v.message}
          </p>
          {!v.message.includes(GEDCOM_TEXTS.nothingImported) && <p className="tree-dialog-text">{GEDCOM_TEXTS.nothingImported}</p>}
        </DialogShell>
      );
    case 'done':
      return (
        <DialogShell
          title={GEDCOM_TEXTS.summaryTitle}
          description={GEDCOM_TEXTS.added(v.summary.people, v.summary.families)}
          onClose={gedcom.close}
          size="lg"
          testId="gedcom-summary"
          footer={
            <>
              <button type="button" className="btn btn-secondary" disabled={v.undoing !== null} onClick={() => void gedcom.undo()}>
                {v.undoing !== null ? GEDCOM_TEXTS.undoing : GEDCOM_TEXTS.undo}
              </button>
              <button type="button" className="btn btn-primary" disabled={v.undoing !== null} onClick={gedcom.close}>
                {GEDCOM_TEXTS.close}
              </button>
            </>
          }
        >
          {v.duplicates && v.duplicates.people > 0 && (
            <div className="gedcom-duplicates" data-testid="gedcom-duplicates">
              <p>{DUPLICATES_TEXTS.inImport(v.duplicates.people)}</p>
              <button
                type="button"
                className="btn btn-primary"
                disabled={v.undoing !== null}
                onClick={() => {
                  const found = v.duplicates!;
                  gedcom.close();
                  openDuplicates(found.among, found.pairs);
                }}
              >
                {DUPLICATES_TEXTS.review}
              </button>
            </div>
          )}
          <SummaryBody summary={v.summary} />
        </DialogShell>
      );
  }
}

function SummaryBody({ summary }: { summary: ImportSummary }) {
  const groups = groupSummary(summary);
  if (!groups.length) return <p className="tree-dialog-text">{GEDCOM_TEXTS.allRead}</p>;
  return (
    <div className="gedcom-summary">
      <p className="tree-dialog-text">{GEDCOM_TEXTS.changedIntro}</p>
      <div className="gedcom-groups">
        {groups.map((g) => (
          <details key={g.code} className="gedcom-group">
            <summary>
              <span>{g.title}</span>
              <span className="gedcom-count">{g.count.toLocaleString('en')}</span>
            </summary>
            <ul>
              {g.items.map((item, i) => (
                <li key={i}>{item.message}</li>
              ))}
              {g.count > g.items.length && <li className="muted">{GEDCOM_TEXTS.more(g.count - g.items.length)}</li>}
            </ul>
          </details>
        ))}
      </div>
    </div>
  );
}
