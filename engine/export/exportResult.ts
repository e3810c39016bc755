/**
 * What an export answers and how a page saves it, apart from the writers: the screens import this
 * (not exportChart.ts), so the PDF library and its fonts stay in the export worker's code and are
 * not loaded, parsed and run when a tree opens.
 */
import type { PrintPages } from './svgPages.ts';

/** 'pages': the chart as printed pages (one SVG each), for Print. */
export type ChartFormat = 'pdf' | 'svg' | 'png' | 'pages';

export interface ChartExportResult {
  parts: Uint8Array[];
  /** Instead of `parts`: the file as one Blob (a PNG too large for one file, as a zip of tiles). */
  blob?: Blob;
  /** Set when the file is not of the format asked for: 'zip' (the PNG's tiles and a note). */
  extension?: 'zip';
  mime: string;
  people: number;
  /** With 'pages': the paper and page labels; each part is one page's SVG. */
  pages?: PrintPages;
}

export const MIME: Record<ChartFormat, string> = { pdf: 'application/pdf', svg: 'image/svg+xml', png: 'image/png', pages: 'image/svg+xml' };

/** The file to save. */
export const resultBlob = (out: ChartExportResult) => out.blob ?? new Blob(out.parts as BlobPart[], { type: out.mime });

/** The file's size, bytes (0: nothing was written, which is never saved). */
export const resultSize = (out: ChartExportResult) => out.blob?.size ?? out.parts.reduce((n, p) => n + p.byteLength, 0);

