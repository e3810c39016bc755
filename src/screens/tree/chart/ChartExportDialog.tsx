import { useRef, useState } from 'react';
import type { ChartExportRequest } from '../../../../engine/export/exportChart.ts';
import { resultBlob, resultSize, type ChartFormat } from '../../../../engine/export/exportResult.ts';
import type { ChartThemeName } from '../../../../engine/export/themes.ts';
import type { Paper } from '../../../../engine/export/tiling.ts';
import type { CanvasHandle } from '../../../../engine/index.ts';
import { ChoiceGroup } from '../../../components/ChoiceGroup.tsx';
import { notify } from '../../../components/notify.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import { cardName } from '../../../domain/labels.ts';
import { treeRights } from '../actions/rights.ts';
import { DialogShell } from '../dialogs/DialogShell.tsx';
import { useTree } from '../treeContext.ts';
import { chartModel } from './chartModel.ts';
import { download } from '../../../components/download.ts';
import { printPages } from './printChart.ts';
import { fetchImages } from './images.ts';
import { ChartExportCancelled, runChartWorker, type ChartExportRunner } from './runChartExport.ts';
import { chartNodeIds, type ChartScope } from './scope.ts';
import { CHART_TEXTS as T } from './texts.ts';
import './chart.css';

export type Pages = 'sheet' | Paper;
export const PAPERS: Paper[] = ['A4', 'Letter', 'A3', 'A2', 'A1', 'A0', 'Roll610', 'Roll914'];
export const paperLabel = (p: Paper) => (p === 'Roll610' ? T.roll(610, 24) : p === 'Roll914' ? T.roll(914, 36) : T.tiled(p));

/** A person's name as part of a file name: lower case, accents dropped, hyphens. */
export const nameSlug = (name: string) => name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'person';

/** A file name from the scope and person. */
export function chartFileName(scope: ChartScope, name: string, format: ChartFormat): string {
  const base = scope === 'ancestors' || scope === 'descendants' || scope === 'hourglass' ? `${scope}-of-${nameSlug(name)}` : scope === 'all' ? 'family-tree' : `family-tree-${scope}`;
  return `${base}.${format}`;
}

/** The name a file is saved under: a PNG too large for one file comes as a zip of its tiles. */
export const savedName = (file: string, out: { extension?: string }) => (out.extension ? file.replace(/\.[a-z]+$/, `.${out.extension}`) : file);

/**
 * Export chart (issue 22): the whole tree, the view, the selection, or ancestors, descendants or
 * both of the selected person, as PDF, SVG or PNG, written in a worker with a progress bar and
 * Stop. A viewer's export is the tree as they have it (already redacted by the server).
 */
export function ChartExportDialog({ canvas, onClose, run = runChartWorker }: { canvas: CanvasHandle | null; onClose(): void; run?: ChartExportRunner }) {
  const { session, uid } = useTree();
  const graph = session.graph;
  const engine = canvas?.engine;
  const selection = engine ? [...engine.store.selectedNodes] : [];
  const person = selection[0] ?? null;
  const node = person ? graphIndex(graph).nodes.get(person) : undefined;
  const name = node ? cardName(graph.profiles[node.data.profileId]) : '';
  const mayChooseLiving = treeRights(session.role).build;
  const [format, setFormat] = useState<ChartFormat>('pdf');
  const [scope, setScope] = useState<ChartScope>('all');
  const [generations, setGenerations] = useState(4);
  const [theme, setTheme] = useState<ChartThemeName>('print');
  const [pages, setPages] = useState<Pages>('A4');
  const [heading, setHeading] = useState(true);
  const [legend, setLegend] = useState(false);
  const [leaveOutLiving, setLeaveOutLiving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const shown = graph.nodes.filter((n) => !n.hidden).length;

  /** Writes the file and saves it, or (Print) writes the pages and opens the print dialog. */
  async function exportNow(print = false) {
    if (!engine) return;
    const ids = chartNodeIds(scope, graph, { person, generations, selection, view: engine.nodesIn() });
    if (!ids.size) return notify.error(T.failed, { description: T.empty });
    const controller = (abort.current = new AbortController());
    setProgress(0);
    const file = chartFileName(scope, name, print ? 'pdf' : format);
    try {
      const date = new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
      const model = chartModel(engine, ids, {
        title: heading ? (scope === 'ancestors' || scope === 'descendants' || scope === 'hourglass' ? T[scope](name) : T.defaultTitle) : undefined,
        subtitle: heading ? date : undefined,
        leaveOutLiving: mayChooseLiving && leaveOutLiving,
        legend,
        graph,
        currentYear: new Date().getFullYear(),
        role: session.role,
        uid,
      });
      if (!model.cards.length) throw new Error(T.empty);
      const imageFiles = await fetchImages(model.cards.map((c) => c.data.image).filter((u): u is string => !!u), (f) => setProgress(f * 0.2), controller.signal);
      if (controller.signal.aborted) throw new ChartExportCancelled();
      const req: ChartExportRequest = { model, theme, format: print ? 'pages' : format, layout: pages === 'sheet' ? { kind: 'sheet' } : { kind: 'tiled', paper: pages }, images: [], imageFiles, fileName: file };
      const out = await run(req, (f) => setProgress(0.2 + f * 0.8), controller.signal);
      if (!resultSize(out)) throw new Error(T.nothingWritten);
      if (print) {
        // The dialog goes first: what the print dialog shows is the pages alone.
        onClose();
        return await printPages(out);
      }
      const saved = savedName(file, out);
      download(resultBlob(out), saved);
      notify.success(T.exported(saved), { description: out.extension === 'zip' ? T.tiles : undefined });
      onClose();
    } catch (e) {
      setProgress(null);
      if (e instanceof ChartExportCancelled) return notify.info(T.cancelled);
      console.error(e);
      notify.error(T.failed, { description: e instanceof Error ? e.message : undefined });
    } finally {
      abort.current = null;
    }
  }

  const busy = progress !== null;
  const needsPerson = !node;
  return (
    <DialogShell
      title={T.title}
      description={T.description}
      onClose={() => !busy && onClose()}
      testId="chart-export"
      footer={
        <>
          {busy ? (
            <button type="button" className="btn btn-secondary" onClick={() => abort.current?.abort()}>
              {T.stop}
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {T.cancel}
            </button>
          )}
          <button type="button" className="btn btn-secondary" disabled={busy || !engine} onClick={() => void exportNow(true)}>
            {T.printButton}
          </button>
          <button type="button" className="btn btn-primary" disabled={busy || !engine} onClick={() => void exportNow()}>
            {busy ? T.exporting : T.export}
          </button>
        </>
      }
    >
      <div className="chart-export">
        <ChoiceGroup<ChartFormat>
          label={T.format}
          value={format}
          onChange={setFormat}
          columns={3}
          choices={[
            { value: 'pdf', label: T.pdf, hint: T.pdfHint },
            { value: 'svg', label: T.svg, hint: T.svgHint },
            { value: 'png', label: T.png, hint: T.pngHint },
          ]}
        />
        <ChoiceGroup<ChartScope>
          label={T.scope}
          value={scope}
          onChange={setScope}
          choices={[
            { value: 'all', label: T.all(shown) },
            { value: 'view', label: T.view },
            { value: 'selection', label: T.selection(selection.length), disabled: !selection.length },
            { value: 'ancestors', label: T.ancestors(name || '…'), disabled: needsPerson, hint: needsPerson ? T.selectFirst : undefined },
            { value: 'descendants', label: T.descendants(name || '…'), disabled: needsPerson },
            { value: 'hourglass', label: T.hourglass(name || '…'), disabled: needsPerson },
          ]}
        />
        {(scope === 'ancestors' || scope === 'descendants' || scope === 'hourglass') && (
          <label className="chart-export-row">
            <span className="field-label">{T.generations}</span>
            <input type="number" className="field-input chart-export-generations" min={1} max={30} value={generations} onChange={(e) => setGenerations(Math.max(1, Math.min(30, Number(e.currentTarget.value) || 1)))} />
          </label>
        )}
        <ChoiceGroup<ChartThemeName>
          label={T.theme}
          value={theme}
          onChange={setTheme}
          columns={3}
          choices={[
            { value: 'light', label: T.light },
            { value: 'dark', label: T.dark },
            { value: 'print', label: T.print, hint: T.printHint },
          ]}
        />
        <label className="chart-export-row">
          <span className="field-label">{T.paper}</span>
          <select className="field-select" value={pages} onChange={(e) => setPages(e.currentTarget.value as Pages)} aria-describedby="chart-pages-hint">
            <option value="sheet">{T.sheet}</option>
            {PAPERS.map((p) => (
              <option key={p} value={p}>
                {paperLabel(p)}
              </option>
            ))}
          </select>
          <small id="chart-pages-hint" className="chart-export-hint">
            {T.pagesHint}
          </small>
        </label>
        <label className="chart-export-check">
          <input type="checkbox" checked={heading} onChange={(e) => setHeading(e.currentTarget.checked)} />
          {T.heading}
        </label>
        <label className="chart-export-check">
          <input type="checkbox" checked={legend} onChange={(e) => setLegend(e.currentTarget.checked)} />
          {T.legend}
        </label>
        {mayChooseLiving && (
          <label className="chart-export-check">
            <input type="checkbox" checked={leaveOutLiving} onChange={(e) => setLeaveOutLiving(e.currentTarget.checked)} />
            <span>
              {T.leaveOutLiving}
              <small className="chart-export-hint">{T.leaveOutLivingHint}</small>
            </span>
          </label>
        )}
        {busy && (
          <div className="chart-bar" role="progressbar" aria-label={T.exporting} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
            <span style={{ width: `${(progress * 100).toFixed(1)}%` }} />
          </div>
        )}
      </div>
    </DialogShell>
  );
}
