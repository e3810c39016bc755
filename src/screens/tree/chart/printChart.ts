/**
 * Print (issue 22): the chart's pages, as the export worker wrote them (one SVG each, text as
 * text), laid into the document for printing only, with an @page rule of the chosen paper, then
 * the browser's print dialog. Chromium prints each page at that size, its SVG as vectors; the
 * pages leave the document once printing is over. Tiled pages get what the tiled PDF has: the page
 * map first, and on each page crop marks at the picture's corners and its number in the margin.
 */
import type { ChartExportResult } from '../../../../engine/export/exportChart.ts';

const ROOT_CLASS = 'chart-print';

/** A crop mark's length: most of the margin, as on the PDF's pages. */
const cropLength = (margin: number) => Math.round(margin * 0.7 * 100) / 100;

function clearPrint() {
  for (const el of document.querySelectorAll(`.${ROOT_CLASS}, style[data-chart-print]`)) el.remove();
}

export async function printPages(out: ChartExportResult): Promise<void> {
  const pages = out.pages;
  if (!pages || !out.parts.length) throw new Error('There is nothing to print.');
  clearPrint();
  const { width, height, margin } = pages;
  const style = document.createElement('style');
  style.dataset.chartPrint = '';
  style.textContent = [
    `@page { size: ${width}pt ${height}pt; margin: 0; }`,
    `@media screen { .${ROOT_CLASS} { display: none; } }`,
    `@media print {`,
    `  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; height: auto !important; overflow: visible !important; }`,
    `  body > :not(.${ROOT_CLASS}) { display: none !important; }`,
    `  .${ROOT_CLASS}-page { width: ${width}pt; height: ${height}pt; padding: ${margin}pt; box-sizing: border-box; position: relative; break-after: page; overflow: hidden; }`,
    `  .${ROOT_CLASS}-page:last-child { break-after: auto; }`,
    `  .${ROOT_CLASS}-page img { display: block; width: 100%; height: 100%; }`,
    `  .${ROOT_CLASS}-map { padding: 0; }`,
    // A crop mark: two short lines out from a corner of the picture, along its edges, into the margin.
    `  .${ROOT_CLASS}-crop { position: absolute; width: ${cropLength(margin)}pt; height: ${cropLength(margin)}pt; border: 0 solid #4d4d4d; }`,
    `  .${ROOT_CLASS}-crop.tl { left: ${margin - cropLength(margin)}pt; top: ${margin - cropLength(margin)}pt; border-right-width: 0.5pt; border-bottom-width: 0.5pt; }`,
    `  .${ROOT_CLASS}-crop.tr { right: ${margin - cropLength(margin)}pt; top: ${margin - cropLength(margin)}pt; border-left-width: 0.5pt; border-bottom-width: 0.5pt; }`,
    `  .${ROOT_CLASS}-crop.bl { left: ${margin - cropLength(margin)}pt; bottom: ${margin - cropLength(margin)}pt; border-right-width: 0.5pt; border-top-width: 0.5pt; }`,
    `  .${ROOT_CLASS}-crop.br { right: ${margin - cropLength(margin)}pt; bottom: ${margin - cropLength(margin)}pt; border-left-width: 0.5pt; border-top-width: 0.5pt; }`,
    `  .${ROOT_CLASS}-label { position: absolute; left: 0; right: 0; bottom: ${margin / 2 - 4}pt; text-align: center; font: 8pt sans-serif; color: #4d4d4d; }`,
    `}`,
  ].join('\n');
  const root = document.createElement('div');
  root.className = ROOT_CLASS;
  root.dataset.testid = 'chart-print';
  const urls: string[] = [];
  const images: HTMLImageElement[] = [];
  out.parts.forEach((part, i) => {
    const url = URL.createObjectURL(new Blob([part as BlobPart], { type: 'image/svg+xml' }));
    urls.push(url);
    const page = document.createElement('section');
    page.className = pages.map && i === 0 ? `${ROOT_CLASS}-page ${ROOT_CLASS}-map` : `${ROOT_CLASS}-page`;
    const img = new Image();
    img.alt = '';
    img.src = url;
    images.push(img);
    page.append(img);
    const label = pages.labels[i];
    if (label) {
      for (const corner of ['tl', 'tr', 'bl', 'br']) {
        const mark = document.createElement('span');
        mark.className = `${ROOT_CLASS}-crop ${corner}`;
        page.append(mark);
      }
      const p = document.createElement('p');
      p.className = `${ROOT_CLASS}-label`;
      p.textContent = label;
      page.append(p);
    }
    root.append(page);
  });
  document.head.append(style);
  document.body.append(root);
  const done = () => {
    clearPrint();
    for (const url of urls) URL.revokeObjectURL(url);
  };
  try {
    // A page goes to the printer only once its picture is ready.
    await Promise.all(images.map((img) => img.decode()));
  } catch (e) {
    done();
    throw e;
  }
  window.addEventListener('afterprint', done, { once: true });
  window.print();
}
