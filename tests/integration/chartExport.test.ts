/**
 * Issue 22: the chart export end to end in Node — the tree's own cards (PersonCards on an engine,
 * as the canvas has them) through the static renderer to PDF and SVG, and the PDF read back with
 * Debian's poppler-utils (pdftotext, pdffonts, pdfinfo).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { PDFDocument, PDFName } from 'pdf-lib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestEngine } from '../../engine/core/testing.ts';
import { exportChart, type ChartExportRequest } from '../../engine/export/exportChart.ts';
import type { FontSet } from '../../engine/export/fonts.ts';
import { cardNodeType } from '../../engine/render/nodeTypes/cardNode.ts';
import { defaultNodeType } from '../../engine/render/nodeTypes/defaultNode.ts';
import { redactGraph } from '../../src/domain/privacy.ts';
import type { TreeRole } from '../../src/domain/roles.ts';
import type { Graph } from '../../src/domain/types.ts';
import { PersonCards } from '../../src/screens/tree/canvas/personCards.ts';
import { chartModel } from '../../src/screens/tree/chart/chartModel.ts';
import { chartNodeIds } from '../../src/screens/tree/chart/scope.ts';
import { family, profile, YEAR } from '../browser/tree/fixtures.ts';
import { nodeFontSet } from '../exportFonts.ts';

const dir = mkdtempSync(join(tmpdir(), 'kinfolk-chart-'));
let fonts: FontSet;
beforeAll(async () => {
  fonts = await nodeFontSet();
});

/** A family with the dead (dates over 110 years ago) and the living (Ada, born 1990, and her own). */
function tree(): Graph {
  const g = family();
  g.profiles['pr:william'] = { ...g.profiles['pr:william']!, birthYear: '1815', death: '1893' };
  g.profiles['pr:charles'] = profile('pr:charles', { firstName: 'Charles', lastName: 'Babbage', gender: 'M', birthYear: '1791', death: '1871', spouses: ['u1'] });
  return g;
}

/** The cards as the canvas of a member with `role` has them, on an engine. */
function engineFor(graph: Graph, role: TreeRole, privacy: Record<string, unknown> = {}) {
  const built = new PersonCards({ invitationsEnabled: false, compact: false, uid: 'u1', role, isPrivate: (id) => !!privacy[id] }).build(graph);
  return new TestEngine({ nodes: built.nodes, edges: built.edges, nodeTypes: { card: cardNodeType, default: defaultNodeType } }).engine;
}

function request(graph: Graph, role: TreeRole, o: { leaveOutLiving?: boolean; format?: ChartExportRequest['format']; layout?: ChartExportRequest['layout']; privacy?: Record<string, unknown>; legend?: boolean } = {}): ChartExportRequest {
  const engine = engineFor(graph, role, o.privacy);
  const ids = chartNodeIds('all', graph, {});
  const model = chartModel(engine, ids, { title: 'Our family', subtitle: '27 November 2026', leaveOutLiving: !!o.leaveOutLiving, graph, currentYear: YEAR, role, uid: 'u1', legend: o.legend });
  return { model, theme: 'print', format: o.format ?? 'pdf', layout: o.layout ?? { kind: 'sheet' }, images: [] };
}

async function pdfFile(req: ChartExportRequest, name: string): Promise<string> {
  const out = await exportChart(req, fonts);
  const file = join(dir, name);
  writeFileSync(file, Buffer.concat(out.parts));
  return file;
}

const run = (cmd: string, ...args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });
/** pdftotext's words, one line: names split over a card's two lines join again. */
const words = (file: string) => run('pdftotext', file, '-').replace(/\s+/g, ' ');

describe('chart export to PDF, read back with poppler (issue 22)', () => {
  it('holds every name as text, embeds every font, and is one sheet the size of the chart', async () => {
    const req = request(tree(), 'owner');
    const file = await pdfFile(req, 'sheet.pdf');
    const text = words(file);
    for (const name of ['Ada Lovelace', 'William King', 'Byron King', 'Anne Milbanke', 'Charles Babbage', 'Our family', 'Born 5 March 1990']) expect(text).toContain(name);
    const fontsOut = run('pdffonts', file).split('\n').slice(2).filter(Boolean);
    expect(fontsOut.length).toBeGreaterThan(0);
    // Every font embedded: the "emb" column says yes for each.
    for (const line of fontsOut) expect(line).toMatch(/\s+yes\s+(yes|no)\s+yes\s+\d+\s+0$/);
    expect(fontsOut.join('\n')).toMatch(/Inter-(Regular|SemiBold)/);
    const info = run('pdfinfo', file);
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+[\d.]+ x [\d.]+ pts/);
  });

  it('tiles onto the paper chosen: a page map first, then numbered A4 pages', async () => {
    const req = request(tree(), 'owner', { layout: { kind: 'tiled', paper: 'A4', margin: 28, overlap: 20 } });
    // Made big enough to need several pages: the same tree spread out.
    req.model.cards = req.model.cards.map((c, i) => ({ ...c, x: c.x * 4 + i * 300 }));
    req.model.lines = [];
    const file = await pdfFile(req, 'tiled.pdf');
    const info = run('pdfinfo', '-f', '1', '-l', '99', file);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(pages).toBeGreaterThan(2);
    for (const m of info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)) expect([Number(m[1]), Number(m[2])].sort()).toEqual([595.28, 841.89]);
    const text = words(file);
    expect(text).toContain('page map');
    expect(text).toContain(`Page ${pages - 1} of ${pages - 1}`);
  });

  it('turns a chart wider than 200 in into one sheet with UserUnit', async () => {
    const req = request(tree(), 'owner');
    req.model.cards = req.model.cards.map((c, i) => ({ ...c, x: i * 5000 }));
    req.model.lines = [];
    const file = await pdfFile(req, 'wide.pdf');
    const doc = await PDFDocument.load(readFileSync(file));
    const page = doc.getPage(0);
    const unit = Number(page.node.get(PDFName.of('UserUnit'))?.toString());
    // 20,000 points and more wide: 1.41 units of 1/72 in each, the page itself under 14,400.
    expect(unit).toBeCloseTo(1.41);
    expect(page.getWidth()).toBeLessThanOrEqual(14_400);
    expect(page.getWidth() * unit).toBeGreaterThan(20_000);
    expect(run('pdfinfo', file)).toMatch(/Pages:\s+1\n/);
    expect(words(file)).toContain('Charles Babbage');
  });
});

describe('legend (issue 22)', () => {
  it('says under the chart what its lines mean, and what "Private" means when a card says it', async () => {
    const owner = words(await pdfFile(request(tree(), 'owner', { legend: true }), 'legend.pdf'));
    expect(owner).toContain('Parent and child');
    expect(owner).toContain('Partners (each couple its own colour)');
    expect(owner).not.toContain('Private:');
    const seen = redactGraph(tree(), { audienceUid: 'viewer-1', currentYear: YEAR, visibilityOf: () => 'private' });
    const viewer = words(await pdfFile(request(seen.graph, 'viewer', { privacy: seen.privacy, legend: true }), 'legend-viewer.pdf'));
    expect(viewer).toContain('Private: a living person whose details are not shared');
    // Without the choice, no legend.
    expect(words(await pdfFile(request(tree(), 'owner'), 'no-legend.pdf'))).not.toContain('Parent and child');
  });
});

describe('pages worth printing (issue 22)', () => {
  /** Two cards far apart, nothing between: most of the A4 pages over the chart would be blank. */
  function apart(o: Parameters<typeof request>[2]): ChartExportRequest {
    const req = request(tree(), 'owner', o);
    const [a, b] = req.model.cards;
    req.model.cards = [{ ...a!, x: 0, y: 0 }, { ...b!, x: 2000, y: 2000 }];
    req.model.lines = [];
    req.model.title = undefined;
    return req;
  }

  it('leaves blank pages out of a tiled PDF; the page map shows them empty', async () => {
    // 2,212 × 2,176 points: 5 × 3 A4 pages, of which the first and the two under the second card hold anything.
    const file = await pdfFile(apart({ layout: { kind: 'tiled', paper: 'A4' } }), 'blank.pdf');
    expect(run('pdfinfo', file)).toMatch(/Pages:\s+4\n/);
    const text = words(file);
    expect(text).toContain('page map (3 pages, 5 × 3, 12 empty left out)');
    expect(text).toContain('Page 3 of 3 · row 3, column 5');
    expect(text).not.toContain('of 15');
  });

  it('Print gets the same pages, as SVGs with their labels and the paper size, after the same page map', async () => {
    const out = await exportChart(apart({ format: 'pages', layout: { kind: 'tiled', paper: 'A4' } }), fonts);
    expect(out.parts).toHaveLength(4);
    expect(out.pages).toMatchObject({ width: 595.28, height: 841.89, margin: 28, map: true });
    expect(out.pages!.labels).toEqual(['', 'Page 1 of 3 · row 1, column 1', 'Page 2 of 3 · row 3, column 4', 'Page 3 of 3 · row 3, column 5']);
    const map = new TextDecoder().decode(out.parts[0]);
    expect(map).toContain('page map (3 pages, 5 × 3, 12 empty left out)');
    // Fifteen places: three numbered, twelve marked empty.
    expect(map.match(/>empty</g)).toHaveLength(12);
    for (const n of ['1', '2', '3']) expect(map).toContain(`>${n}</text>`);
    const last = new TextDecoder().decode(out.parts[3]);
    expect(last).toMatch(/viewBox="2077\.12 1531\.78 539\.28 785\.89"/);
  });

  it.each([
    ['Roll610', 1729.13],
    ['Roll914', 2590.87],
  ] as const)('on a %s roll, pages are the roll wide and the chart long', async (paper, width) => {
    const req = request(tree(), 'owner', { layout: { kind: 'tiled', paper } });
    req.model.cards = req.model.cards.map((c, i) => ({ ...c, x: i * 900, y: (i % 2) * 1200 }));
    req.model.lines = [];
    const file = await pdfFile(req, `${paper}.pdf`);
    const info = run('pdfinfo', '-f', '1', '-l', '99', file);
    const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const strips = sizes.filter(([w]) => w === width);
    expect(strips.length).toBeGreaterThanOrEqual(1);
    // Every strip as long as the chart: all the same height, taller than the cards' spread (1,200 + a card).
    for (const [, h] of strips) expect(h).toBe(strips[0]![1]);
    expect(strips[0]![1]).toBeGreaterThan(1296);
    expect(words(file)).toContain('Charles Babbage');
  });

  it('a roll strip longer than 200 in keeps its size through UserUnit', async () => {
    const req = request(tree(), 'owner', { layout: { kind: 'tiled', paper: 'Roll610' } });
    req.model.cards = req.model.cards.map((c, i) => ({ ...c, x: 0, y: i * 4000 }));
    req.model.lines = [];
    const file = await pdfFile(req, 'long-roll.pdf');
    const doc = await PDFDocument.load(readFileSync(file));
    expect(doc.getPageCount()).toBe(1);
    const page = doc.getPage(0);
    const unit = Number(page.node.get(PDFName.of('UserUnit'))?.toString());
    expect(unit).toBeGreaterThan(1);
    expect(page.getHeight()).toBeLessThanOrEqual(14_400);
    expect(page.getWidth() * unit).toBeCloseTo(1729.13, 0);
    expect(page.getHeight() * unit).toBeGreaterThan(16_000);
    expect(words(file)).toContain('Charles Babbage');
  });
});

describe('fan chart export (issue 22)', () => {
  const fan = (format: ChartExportRequest['format']): ChartExportRequest => ({
    model: { cards: [], lines: [] },
    fan: {
      span: 'full', generations: 4, colourBy: 'generation', title: 'Ancestors of Ada Lovelace',
      people: [
        { n: 1, id: 'a', name: 'Ada Lovelace', years: '1815–1852' },
        { n: 2, id: 'b', name: 'George Byron', years: '1788–1824' },
        { n: 3, id: 'c', name: 'Anne Milbanke', years: '1792–1860' },
        { n: 6, id: 'd', name: 'Ralph Milbanke', years: '' },
      ],
    },
    theme: 'print', format, layout: { kind: 'sheet' }, images: [],
  });

  it('a PDF of a fan holds its names as text in embedded fonts', async () => {
    const file = await pdfFile(fan('pdf'), 'fan.pdf');
    // pdftotext splits turned text into letters or words; in drawing order (-raw), without the breaks, the names are whole.
    const text = run('pdftotext', '-raw', file, '-').replace(/\s+/g, '');
    for (const name of ['AdaLovelace', 'GeorgeByron', 'AnneMilbanke', 'RalphMilbanke', '1792–1860']) expect(text).toContain(name);
    for (const line of run('pdffonts', file).split('\n').slice(2).filter(Boolean)) expect(line).toMatch(/\s+yes\s+(yes|no)\s+yes\s+\d+\s+0$/);
  });

  it('an SVG of a fan has every name as <text>', async () => {
    const req = fan('svg');
    const svg = Buffer.concat((await exportChart(req, fonts)).parts).toString('utf8');
    for (const name of ['Ada Lovelace', 'George Byron', 'Anne Milbanke', 'Ralph Milbanke']) expect(svg).toMatch(new RegExp(`<text [^>]*>${name}</text>`));
  });
});

describe('privacy of the living in a chart (issue 22, §6)', () => {
  const living = ['Lovelace', 'Milbanke', '1990'];

  it("a viewer's export holds only what the viewer sees: no living person's name or date", async () => {
    // The graph a viewer is sent: redacted by the server's rule.
    const seen = redactGraph(tree(), { audienceUid: 'viewer-1', currentYear: YEAR, visibilityOf: () => 'private' });
    const pdf = words(await pdfFile(request(seen.graph, 'viewer', { privacy: seen.privacy }), 'viewer.pdf'));
    const svg = Buffer.concat((await exportChart(request(seen.graph, 'viewer', { format: 'svg', privacy: seen.privacy }), fonts)).parts).toString('utf8');
    for (const text of [pdf, svg]) {
      for (const word of living) expect(text).not.toContain(word);
      expect(text).toContain('Private');
      expect(text).toContain('William King'); // the dead stay whole
    }
  });

  it('an owner may leave the living out; by default they are in', async () => {
    const out = words(await pdfFile(request(tree(), 'owner', { leaveOutLiving: true }), 'owner-private.pdf'));
    for (const word of living) expect(out).not.toContain(word);
    expect(out).toContain('Charles Babbage');
    const whole = words(await pdfFile(request(tree(), 'owner'), 'owner-whole.pdf'));
    for (const word of living) expect(whole).toContain(word);
  });
});

describe('SVG export (issue 22)', () => {
  it('writes every name as <text>', async () => {
    const svg = Buffer.concat((await exportChart(request(tree(), 'owner', { format: 'svg' }), fonts)).parts).toString('utf8');
    for (const name of ['Ada', 'Lovelace', 'William King', 'Byron King', 'Anne', 'Milbanke', 'Charles', 'Babbage']) expect(svg).toMatch(new RegExp(`<text [^>]*>[^<]*${name}[^<]*</text>`));
    expect(svg).toContain('@font-face');
  });
});
