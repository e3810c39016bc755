import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { drawOps } from '../../../../engine/export/canvas.ts';
import { clampGenerations, FAN_MAX_GENERATIONS, FAN_MIN_GENERATIONS, fanHit, fanRelation, fanSlot, type FanColourBy, type FanSpan } from '../../../../engine/export/fan.ts';
import { buildFanScene, type FanScene } from '../../../../engine/export/fanScene.ts';
import type { ChartExportRequest, ChartFormat } from '../../../../engine/export/exportChart.ts';
import { darkTheme, lightTheme } from '../../../../engine/index.ts';
import { Modal } from '../../../components/Modal.tsx';
import { notify } from '../../../components/notify.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import { cardName } from '../../../domain/labels.ts';
import { redactGraph } from '../../../domain/privacy.ts';
import { treeRights } from '../actions/rights.ts';
import { useTree } from '../treeContext.ts';
import { nameSlug } from './ChartExportDialog.tsx';
import { download } from './download.ts';
import { fanModel } from './fanModel.ts';
import { printPages } from './printChart.ts';
import { ChartExportCancelled, runChartWorker, type ChartExportRunner } from './runChartExport.ts';
import { CHART_TEXTS, FAN_TEXTS as T } from './texts.ts';
import './chart.css';

/** The smallest name drawn on screen, CSS pixels. */
export const MIN_TEXT_PX = 4;

function usePrefersDark(): boolean {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  const [dark, setDark] = useState(() => !!query?.matches);
  useEffect(() => {
    if (!query) return;
    const on = () => setDark(query.matches);
    query.addEventListener('change', on);
    return () => query.removeEventListener('change', on);
  }, [query]);
  return dark;
}

/** Text widths as the screen's canvas draws them (the app's Inter). */
function screenMeasure(family: string) {
  const ctx = document.createElement('canvas').getContext('2d')!;
  return (text: string, size: number, weight: number) => {
    ctx.font = `${weight} ${size}px ${family}`;
    return ctx.measureText(text).width;
  };
}

/** Where the scene sits in the canvas box: scale and offset that fit it whole, centred. */
function fitOf(scene: FanScene, w: number, h: number) {
  const scale = Math.min(w / scene.width, h / scene.height);
  return { scale, ox: (w - scene.width * scale) / 2, oy: (h - scene.height * scale) / 2 };
}

/**
 * The fan chart view (issue 22): a person's ancestors in rings on a canvas, drawn from the same
 * scene the exports write. Clicking a person puts them in the middle; every person is also a
 * button (visually hidden, its slot ringed while it has the focus) for keyboard and screen-reader
 * users. Saves the fan as PDF, SVG or PNG through the export worker, or prints it.
 */
export function FanChartDialog({ nodeId, onClose, run = runChartWorker }: { nodeId: string; onClose(): void; run?: ChartExportRunner }) {
  const { session } = useTree();
  const graph = session.graph;
  const start = graphIndex(graph).nodes.get(nodeId)?.data.profileId ?? null;
  const [root, setRoot] = useState(start);
  // A half fan is wide and low: on a portrait screen the full circle fills it better.
  const [span, setSpan] = useState<FanSpan>(() => (window.innerHeight > window.innerWidth ? 'full' : 'half'));
  const [generations, setGenerations] = useState(5);
  const [colourBy, setColourBy] = useState<FanColourBy>('branch');
  const [focus, setFocus] = useState<number | null>(null);
  const mayChooseLiving = treeRights(session.role).build;
  const [leaveOutLiving, setLeaveOutLiving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const dark = usePrefersDark();
  const theme = dark ? darkTheme : lightTheme;
  const measure = useMemo(() => screenMeasure(theme.fontFamily), [theme.fontFamily]);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  // A state, not a ref: the dialog's portal mounts its content after this component's first effects.
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [box, setBox] = useState({ w: 0, h: 0 });

  // With "Leave out living people" the fan (and so what it saves) shows the tree as anyone may see it.
  const profiles = useMemo(
    () => (mayChooseLiving && leaveOutLiving ? redactGraph(graph, { audienceUid: '', currentYear: new Date().getFullYear(), visibilityOf: () => 'private' }).graph.profiles : graph.profiles),
    [graph, mayChooseLiving, leaveOutLiving],
  );
  // The name as the fan shows it: "Private" for a living person left out (the file's title and name too).
  const name = cardName(root ? profiles[root] : undefined);
  const model = useMemo(() => (root ? fanModel(profiles, root, { span, generations, colourBy }) : null), [profiles, root, span, generations, colourBy]);
  const scene = useMemo(() => (model ? buildFanScene(model, { theme, measure, margin: 16, focus }) : null), [model, theme, measure, focus]);

  useLayoutEffect(() => {
    if (!stage) return;
    const ro = new ResizeObserver(() => setBox({ w: stage.clientWidth, h: stage.clientHeight }));
    ro.observe(stage);
    setBox({ w: stage.clientWidth, h: stage.clientHeight });
    return () => ro.disconnect();
  }, [stage]);

  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !scene || !box.w || !box.h) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(box.w * dpr);
    canvas.height = Math.round(box.h * dpr);
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = scene.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    const { scale, ox, oy } = fitOf(scene, box.w, box.h);
    // Names under 4 CSS px cannot be read (the outer rings of 8–10 generations on a small screen):
    // they are left out of the picture, and turned text is what costs a frame most. The list of
    // people still names everyone, and the files draw them all.
    drawOps(ctx, scene.ops, { x: -ox / scale, y: -oy / scale, w: box.w / scale, h: box.h / scale, scale: scale * dpr, minText: MIN_TEXT_PX * dpr }, new Map(), theme.fontFamily);
    // End-to-end tests find a slot's middle on screen here (a canvas has no elements to click).
    (window as unknown as { __kinfolkFan?: unknown }).__kinfolkFan = {
      pointOf(n: number) {
        const s = fanSlot(n, scene.rings, span);
        if (!s) return null;
        const r = s.generation ? (s.r0 + s.r1) / 2 : 0, m = (s.a0 + s.a1) / 2;
        const rect = canvas.getBoundingClientRect();
        return { x: rect.left + ox + (scene.centre.x + r * Math.cos(m)) * scale, y: rect.top + oy + (scene.centre.y + r * Math.sin(m)) * scale };
      },
    };
    return () => void delete (window as unknown as { __kinfolkFan?: unknown }).__kinfolkFan;
  }, [scene, box, theme.fontFamily, span]);

  function personAt(e: React.MouseEvent<HTMLCanvasElement>) {
    if (!scene || !model) return null;
    const rect = e.currentTarget.getBoundingClientRect();
    const { scale, ox, oy } = fitOf(scene, box.w, box.h);
    const n = fanHit((e.clientX - rect.left - ox) / scale - scene.centre.x, (e.clientY - rect.top - oy) / scale - scene.centre.y, scene.rings, span);
    return n === null ? null : (model.people.find((p) => p.n === n) ?? null);
  }

  async function save(format: ChartFormat | 'print') {
    if (!model) return;
    const controller = (abort.current = new AbortController());
    setProgress(0);
    const date = new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
    const fan = { ...model, title: CHART_TEXTS.ancestors(name), subtitle: date };
    // Paper gets the print look; a picture the look on screen.
    const look = format === 'pdf' || format === 'print' ? 'print' : dark ? 'dark' : 'light';
    const req: ChartExportRequest = { model: { cards: [], lines: [] }, fan, theme: look, format: format === 'print' ? 'pages' : format, layout: { kind: 'sheet' }, images: [] };
    try {
      const out = await run(req, setProgress, controller.signal);
      if (format === 'print') await printPages(out);
      else {
        const file = `fan-chart-of-${nameSlug(name)}.${format}`;
        download(new Blob(out.parts as BlobPart[], { type: out.mime }), file);
        notify.success(CHART_TEXTS.exported(file));
      }
    } catch (e) {
      if (e instanceof ChartExportCancelled) notify.info(CHART_TEXTS.cancelled);
      else notify.error(CHART_TEXTS.failed, { description: e instanceof Error ? e.message : undefined });
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  const busy = progress !== null;
  return (
    <Modal title={T.title(name)} description={T.description} size="xl" className="fan-dialog" onClose={() => (busy ? abort.current?.abort() : onClose())} testId="fan-chart">
      <div className="fan-tools">
        <label className="fan-tool">
          <span className="field-label">{T.shape}</span>
          <select className="field-select" value={span} onChange={(e) => setSpan(e.currentTarget.value as FanSpan)}>
            <option value="half">{T.half}</option>
            <option value="full">{T.full}</option>
          </select>
        </label>
        <label className="fan-tool">
          <span className="field-label">{T.generations}</span>
          <select className="field-select" value={generations} onChange={(e) => setGenerations(clampGenerations(Number(e.currentTarget.value)))}>
            {Array.from({ length: FAN_MAX_GENERATIONS - FAN_MIN_GENERATIONS + 1 }, (_, i) => FAN_MIN_GENERATIONS + i).map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        <label className="fan-tool">
          <span className="field-label">{T.colours}</span>
          <select className="field-select" value={colourBy} onChange={(e) => setColourBy(e.currentTarget.value as FanColourBy)}>
            <option value="branch">{T.byBranch}</option>
            <option value="generation">{T.byGeneration}</option>
          </select>
        </label>
        {mayChooseLiving && (
          <label className="chart-export-check fan-living">
            <input type="checkbox" checked={leaveOutLiving} onChange={(e) => setLeaveOutLiving(e.currentTarget.checked)} />
            {CHART_TEXTS.leaveOutLiving}
          </label>
        )}
        {start && root !== start && (
          <button type="button" className="btn btn-secondary fan-back" onClick={() => setRoot(start)}>
            {T.back(cardName(profiles[start]))}
          </button>
        )}
      </div>
      <div className="fan-stage" ref={setStage}>
        <canvas
          ref={canvasRef}
          className="fan-canvas"
          data-testid="fan-canvas"
          aria-hidden="true"
          onClick={(e) => {
            const p = personAt(e);
            if (p && p.n !== 1) setRoot(p.id);
          }}
          onMouseMove={(e) => (e.currentTarget.style.cursor = personAt(e) ? 'pointer' : 'default')}
        />
        <ul className="visually-hidden" aria-label={T.people}>
          {model?.people.map((p) => (
            <li key={p.n}>
              <button
                type="button"
                aria-current={p.n === 1 ? 'true' : undefined}
                onFocus={() => setFocus(p.n)}
                onBlur={() => setFocus(null)}
                onClick={() => p.n !== 1 && setRoot(p.id)}
              >
                {T.person(p.name, p.years, p.n === 1 ? T.centre : fanRelation(p.n))}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {busy && (
        <div className="chart-bar" role="progressbar" aria-label={CHART_TEXTS.exporting} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
          <span style={{ width: `${(progress * 100).toFixed(1)}%` }} />
        </div>
      )}
      <div className="tree-dialog-footer fan-footer">
        {(['pdf', 'svg', 'png'] as const).map((f) => (
          <button key={f} type="button" className="btn btn-secondary" disabled={busy || !model} onClick={() => void save(f)}>
            {T.exportAs(f.toUpperCase())}
          </button>
        ))}
        <button type="button" className="btn btn-primary" disabled={busy || !model} onClick={() => void save('print')}>
          {T.print}
        </button>
      </div>
    </Modal>
  );
}
