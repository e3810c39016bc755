import { readFile } from 'node:fs/promises';
import { loadFontFiles } from '../engine/export/fontFiles.ts';
import { FontSet } from '../engine/export/fonts.ts';

/** The export's fonts read from node_modules, for tests and the bench. */
export async function nodeFontSet(): Promise<FontSet> {
  return new FontSet(await loadFontFiles(async (name) => new Uint8Array(await readFile(new URL(`../node_modules/@fontsource/inter/files/${name}`, import.meta.url)))));
}
