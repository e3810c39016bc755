import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { advanceMeasure } from '../../../../engine/export/advanceMeasure.ts';
import { drawOps } from '../../../../engine/export/canvas.ts';
import { clampGenerations, FAN_MAX_GENERATIONS, FAN_MIN_GENERATIONS, fanHit, fanRelation, fanSlot, type FanColourBy, type FanSpan } from '../../../../engine/export/fan.ts';
import { buildFanScene, type FanScene } from '../../../../engine/export/fanScene.ts';
import type { ChartExportRequest } from '../../../../engine/export/exportChart.ts';
import { resultBlob, resultSize, type ChartFormat } from '../../../../engine/export/exportResult.ts';
import { clampLineageGenerations, LINEAGE_MAX_GENERATIONS, LINEAGE_MIN_GENERATIONS, lineageHit, lineageRelation, type LineageLayout } from '../../../../engine/export/lineage.ts';
import type { Scene } from '../../../../engine/export/ops.ts';
import { buildScene } from '../../../../engine/export/scene.ts';
import { darkTheme, lightTheme } from '../../../../engine/index.ts';
import { Modal } from '../../../components/Modal.tsx';
import { notify } from '../../../components/notify.ts';
import { graphIndex } from '../../../domain/graphDraft.ts';
import { cardName } from '../../../domain/labels.ts';
import { redactGraph } from '../../../domain/privacy.ts';
import { treeRights } from '../actions/rights.ts';
import { useTree } from '../treeContext.ts';
import { nameSlug, PAPERS, paperLabel, savedName, type Pages } from './ChartExportDialog.tsx';
import { download } from '../../../components/download.ts';
import { fanModel, fanYears } from './fanModel.ts';
import { fetchImages } from './images.ts';
import { LINEAGE_SIZES, lineageModel } from './lineageModel.ts';
import { printPages } from './printChart.ts';
import { ChartExportCancelled, runChartWorker, type ChartExportRunner } from './runChartExport.ts';
import { CHART_TEXTS, CHART_VIEW_TEXTS as V, FAN_TEXTS as T } from './texts.ts';
import './chart.css';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

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

/** Text widths as the screen's canvas draws them (the app's Inter), each character measured once. */
function screenMeasure(family: string) {
  const ctx = document.createElement('canvas').getContext('2d')!;
  return advanceMeasure((text, size, weight) => {
    ctx.font = `${weight} ${size}px ${family}`;
    return ctx.measureText(text).width;
  });
}

/** Room around a chart view's drawing, world units. */
const VIEW_MARGIN = 16;

export type ChartKind = 'fan' | LineageLayout;
const KINDS: ChartKind[] = ['fan', 'pedigree', 'descendants', 'hourglass'];

/** The photos and avatars of the cards drawn, loaded for the screen's canvas (a card without keeps its ring). */
function useImages(urls: readonly string[]): ReadonlyMap<string, HTMLImageElement> {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, HTMLImageElement>>(new Map());
  const key = [...new Set(urls)].sort().join('\n');
  useEffect(() => {
    let live = true;
    const wanted = key ? key.split('\n') : [];
    void Promise.all(
      wanted.map(async (url) => {
        const img = new Image();
        img.src = url;
        try {
          await img.decode();
          return [url, img] as const;
        } catch {
          return null;
        }
      }),
    ).then((got) => live && setLoaded(new Map(got.filter((g): g is readonly [string, HTMLImageElement] => !!g))));
    return () => void (live = false);
  }, [key]);
  return loaded;
}

/** Where the scene sits in the canvas box: scale and offset that fit it whole, centred. */
function fitOf(scene: Scene, w: number, h: number) {
  const scale = Math.min(w / scene.width, h / scene.height);
  return { scale, ox: (w - scene.width * scale) / 2, oy: (h - scene.height * scale) / 2 };
}

/**
 * The chart view (issue 22): a person's fan chart (ancestors in rings), pedigree, descendants or
 * hourglass on a canvas, drawn from the same scene the exports write (the cards by the tree's own
 * card code). Clicking a person puts them in the chart's care; every person is also a button
 * (visually hidden, its slot or card ringed while it has the focus) for keyboard and
 * screen-reader users. Saves the chart as PDF, SVG or PNG through the export worker, or prints it,
 * on one sheet or tiled pages.
 */
export function ChartViewDialog({ nodeId, onClose, run = runChartWorker, initialKind = 'fan' }: { nodeId: string; onClose(): void; run?: ChartExportRunner; initialKind?: ChartKind }) {
  const { session } = useTree();
  const graph = session.graph;
  const start = graphIndex(graph).nodes.get(nodeId)?.data.profileId ?? null;
  const [root, setRoot] = useState(start);
  // A half fan is wide and low: on a portrait screen the full circle fills it better.
  const [span, setSpan] = useState<FanSpan>(() => (window.innerHeight > window.innerWidth ? 'full' : 'half'));
  const [kind, setKind] = useState<ChartKind>(initialKind);
  const [generations, setGenerations] = useState(initialKind === 'fan' ? 5 : 4);
  const [pages, setPages] = useState<Pages>('sheet');
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

  // With "Leave out living people" the chart (and so what it saves) shows the tree as anyone may see it.
  const { profiles, privacy } = useMemo(() => {
    if (!(mayChooseLiving && leaveOutLiving)) return { profiles: graph.profiles, privacy: session.privacy as Readonly<Record<string, unknown>> };
    const r = redactGraph(graph, { audienceUid: '', currentYear: new Date().getFullYear(), visibilityOf: () => 'private' });
    return { profiles: r.graph.profiles, privacy: r.privacy as Readonly<Record<string, unknown>> };
  }, [graph, session.privacy, mayChooseLiving, leaveOutLiving]);
  // The name as the fan shows it: "Private" for a living person left out (the file's title and name too).
  const name = cardName(root ? profiles[root] : undefined);
  const model = useMemo(() => (root && kind === 'fan' ? fanModel(profiles, root, { span, generations, colourBy }) : null), [profiles, root, kind, span, generations, colourBy]);
  const lineage = useMemo(
    () => (root && kind !== 'fan' ? lineageModel(profiles, root, kind, generations, (p) => !!privacy[p]) : null),
    [profiles, privacy, root, kind, generations],
  );
  const images = useImages(useMemo(() => lineage?.model.cards.map((c) => c.data.image ?? '').filter(Boolean) ?? [], [lineage]));
  const lineageScene = useMemo(() => (lineage ? buildScene(lineage.model, { theme, measure, margin: VIEW_MARGIN }) : null), [lineage, theme, measure]);
  const scene = useMemo((): Scene | FanScene | null => {
    if (model) return buildFanScene(model, { theme, measure, margin: VIEW_MARGIN, focus });
    if (!lineageScene || !lineage) return null;
    const place = focus === null ? undefined : lineage.chart.places[focus];
    if (!place) return lineageScene;
    // The focused card ringed, as the tree's canvas rings it.
    const x = place.x + VIEW_MARGIN - 4, y = place.y + VIEW_MARGIN - 4, w = LINEAGE_SIZES.cardWidth + 8, h = LINEAGE_SIZES.cardHeight + 8;
    return { ...lineageScene, ops: [...lineageScene.ops, { kind: 'shape', shapes: [{ kind: 'rect', x, y, w, h, r: 12 }], fill: null, stroke: theme.focusRing, lineWidth: 3, dash: [], box: [x - 2, y - 2, x + w + 2, y + h + 2] }] };
  }, [model, lineage, lineageScene, theme, measure, focus]);
  const people = useMemo(() => {
    if (model) return model.people.map((p) => ({ key: p.n, id: p.id, label: T.person(p.name, p.years, p.n === 1 ? T.centre : fanRelation(p.n)), centre: p.n === 1 }));
    return (lineage?.chart.places ?? []).map((p, i) => {
      const profile = profiles[p.id];
      const where =
        p.side === 'root' ? (kind === 'hourglass' ? T.centre : V.first) : p.side === 'partner' ? V.partnerOf(cardName(profiles[p.partnerOf ?? ''])) : lineageRelation(p.side, p.generation);
      return { key: i, id: p.id, label: T.person(cardName(profile), profile ? fanYears(profile) : '', where), centre: p.side === 'root' };
    });
  }, [model, lineage, profiles, kind]);

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
    drawOps(ctx, scene.ops, { x: -ox / scale, y: -oy / scale, w: box.w / scale, h: box.h / scale, scale: scale * dpr, minText: MIN_TEXT_PX * dpr }, images, theme.fontFamily);
    const rect = () => canvas.getBoundingClientRect();
    // End-to-end tests find a slot's or a card's middle on screen here (a canvas has no elements to click).
    (window as unknown as { __kinfolkFan?: unknown }).__kinfolkFan = {
      pointOf(n: number) {
        if (!('rings' in scene)) {
          const p = lineage?.chart.places[n];
          if (!p) return null;
          const r = rect();
          return { x: r.left + ox + (p.x + VIEW_MARGIN + LINEAGE_SIZES.cardWidth / 2) * scale, y: r.top + oy + (p.y + VIEW_MARGIN + LINEAGE_SIZES.cardHeight / 2) * scale };
        }
        const s = fanSlot(n, scene.rings, span);
        if (!s) return null;
        const r = s.generation ? (s.r0 + s.r1) / 2 : 0, m = (s.a0 + s.a1) / 2;
        const r0 = rect();
        return { x: r0.left + ox + (scene.centre.x + r * Math.cos(m)) * scale, y: r0.top + oy + (scene.centre.y + r * Math.sin(m)) * scale };
      },
    };
    return () => void delete (window as unknown as { __kinfolkFan?: unknown }).__kinfolkFan;
  }, [scene, box, theme.fontFamily, span, images, lineage]);

  /** The person under the pointer, and whether they are the one the chart is of. */
  function personAt(e: React.MouseEvent<HTMLCanvasElement>): { id: string; centre: boolean } | null {
    if (!scene) return null;
    const rect = e.currentTarget.getBoundingClientRect();
    const { scale, ox, oy } = fitOf(scene, box.w, box.h);
    const x = (e.clientX - rect.left - ox) / scale, y = (e.clientY - rect.top - oy) / scale;
    if (lineage) {
      const p = lineageHit(lineage.chart, x - VIEW_MARGIN, y - VIEW_MARGIN, LINEAGE_SIZES);
      return p && { id: p.id, centre: p.side === 'root' };
    }
    if (!model || !('rings' in scene)) return null;
    const n = fanHit(x - scene.centre.x, y - scene.centre.y, scene.rings, span);
    const p = n === null ? null : model.people.find((q) => q.n === n);
    return p ? { id: p.id, centre: p.n === 1 } : null;
  }

  function chooseKind(next: ChartKind) {
    setKind(next);
    setFocus(null);
    setGenerations((g) => (next === 'fan' ? clampGenerations(g) : clampLineageGenerations(g)));
  }

  async function save(format: ChartFormat | 'print') {
    if (!model && !lineage) return;
    const controller = (abort.current = new AbortController());
    setProgress(0);
    const date = new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
    // Paper gets the print look; a picture the look on screen.
    const look = format === 'pdf' || format === 'print' ? 'print' : dark ? 'dark' : 'light';
    const layout = pages === 'sheet' ? ({ kind: 'sheet' } as const) : ({ kind: 'tiled', paper: pages } as const);
    const file = `${V.file[kind]}-of-${nameSlug(name)}.${format === 'print' ? 'pdf' : format}`;
    const base = { theme: look, format: format === 'print' ? 'pages' : format, layout, fileName: file } as const;
    try {
      let req: ChartExportRequest;
      if (model) req = { ...base, model: { cards: [], lines: [] }, fan: { ...model, title: CHART_TEXTS.ancestors(name), subtitle: date }, images: [] };
      else {
        const title = kind === 'pedigree' ? CHART_TEXTS.ancestors(name) : kind === 'descendants' ? CHART_TEXTS.descendants(name) : CHART_TEXTS.hourglass(name);
        const cards = lineage!.model.cards;
        // Photos and avatars are loaded before the worker writes a page (a fifth of the bar).
        const imageFiles = await fetchImages(cards.map((c) => c.data.image ?? '').filter(Boolean), (f) => setProgress(f * 0.2), controller.signal);
        if (controller.signal.aborted) throw new ChartExportCancelled();
        req = { ...base, model: { ...lineage!.model, title, subtitle: date }, images: [], imageFiles };
      }
      const out = await run(req, (f) => setProgress(model ? f : 0.2 + 0.8 * f), controller.signal);
      if (!resultSize(out)) throw new Error(CHART_TEXTS.nothingWritten);
      if (format === 'print') await printPages(out);
      else {
        const saved = savedName(file, out);
        download(resultBlob(out), saved);
        notify.success(CHART_TEXTS.exported(saved), { description: out.extension === 'zip' ? CHART_TEXTS.tiles : undefined });
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
    <Modal
      title={kind === 'fan' ? T.title(name) : V.title[kind](name)}
      description={kind === 'fan' ? T.description : V.description[kind]}
      size="xl"
      className="fan-dialog"
      onClose={() => (busy ? abort.current?.abort() : onClose())}
      testId="chart-view"
    >
      <div className="fan-tools">
        <label className="fan-tool">
          <span className="field-label">{V.chart}</span>
          <select className="field-select" value={kind} onChange={(e) => chooseKind(e.currentTarget.value as ChartKind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {V[k]}
              </option>
            ))}
          </select>
        </label>
        {kind === 'fan' && (
          <label className="fan-tool">
            <span className="field-label">{T.shape}</span>
            <select className="field-select" value={span} onChange={(e) => setSpan(e.currentTarget.value as FanSpan)}>
              <option value="half">{T.half}</option>
              <option value="full">{T.full}</option>
            </select>
          </label>
        )}
        <label className="fan-tool">
          <span className="field-label">{T.generations}</span>
          <select
            className="field-select"
            value={generations}
            onChange={(e) => setGenerations(kind === 'fan' ? clampGenerations(Number(e.currentTarget.value)) : clampLineageGenerations(Number(e.currentTarget.value)))}
          >
            {(kind === 'fan' ? range(FAN_MIN_GENERATIONS, FAN_MAX_GENERATIONS) : range(LINEAGE_MIN_GENERATIONS, LINEAGE_MAX_GENERATIONS)).map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
        {kind === 'fan' && (
          <label className="fan-tool">
            <span className="field-label">{T.colours}</span>
            <select className="field-select" value={colourBy} onChange={(e) => setColourBy(e.currentTarget.value as FanColourBy)}>
              <option value="branch">{T.byBranch}</option>
              <option value="generation">{T.byGeneration}</option>
            </select>
          </label>
        )}
        <label className="fan-tool">
          <span className="field-label">{V.pages}</span>
          <select className="field-select" value={pages} onChange={(e) => setPages(e.currentTarget.value as Pages)}>
            <option value="sheet">{CHART_TEXTS.sheet}</option>
            {PAPERS.map((p) => (
              <option key={p} value={p}>
                {paperLabel(p)}
              </option>
            ))}
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
            if (p && !p.centre) setRoot(p.id);
          }}
          onMouseMove={(e) => (e.currentTarget.style.cursor = personAt(e) ? 'pointer' : 'default')}
        />
        <ul className="visually-hidden" aria-label={kind === 'fan' ? T.people : V.people}>
          {people.map((p) => (
            <li key={p.key}>
              <button type="button" aria-current={p.centre ? 'true' : undefined} onFocus={() => setFocus(p.key)} onBlur={() => setFocus(null)} onClick={() => !p.centre && setRoot(p.id)}>
                {p.label}
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
          <button key={f} type="button" className="btn btn-secondary" disabled={busy || !scene} onClick={() => void save(f)}>
            {T.exportAs(f.toUpperCase())}
          </button>
        ))}
        <button type="button" className="btn btn-primary" disabled={busy || !scene} onClick={() => void save('print')}>
          {T.print}
        </button>
      </div>
    </Modal>
  );
}
