import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { openTree, serverGraph } from './treePage.ts';

/**
 * Evidence and memories through GEDCOM in the real app: a file with a source, a person's own
 * citation, a birth's citation, a card photo on this site and a photo reference is imported,
 * exported as 7.0 and imported again into the same tree: each import's people keep their sources
 * and citations, the references come back once per import, and the card's photo is the card's
 * photo only (it doubled as a media record on every round trip before).
 */

async function importFile(page: Page, path: string, name: string) {
  await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import GEDCOM…' }).click();
  await (await chooser).setFiles(path);
  await page.getByRole('dialog', { name: `Import ${name}?` }).getByRole('button', { name: 'Import', exact: true }).click();
  const done = page.getByRole('dialog', { name: 'Import complete' });
  await expect(done).toBeVisible({ timeout: 60_000 });
  await done.getByRole('button', { name: /Close|Done|OK/ }).first().click();
}

interface Evidence {
  profiles: Record<string, { firstName: string; photoURL: string; citations?: { sourceId: string; page: string }[]; events?: { type: string; citations?: { sourceId: string; page: string }[] }[] }>;
  sources?: Record<string, { title: string }>;
  media?: Record<string, { url: string; people: string[]; contentType: string }>;
}

test('a GEDCOM export imported again keeps sources, citations and media references, and does not double the card photo', async ({ page, createMember, signIn, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, await createMember({ firstName: 'Ada', lastName: 'King' }));
  await openTree(page);
  const file = [
    '0 HEAD', '1 GEDC', '2 VERS 7.0',
    '0 @S1@ SOUR', '1 TITL Parish register of St Mary',
    '0 @I1@ INDI', '1 NAME Mary /Lee/', '1 SEX F',
    '1 BIRT', '2 DATE 2 MAR 1901', '2 SOUR @S1@', '3 PAGE entry 34',
    '1 SOUR @S1@', '2 PAGE household 7',
    `1 OBJE`, `2 FILE ${baseURL}/files/avatars/mary/avatar_320.webp`, '3 FORM image/webp',
    '1 OBJE', '2 FILE photos/mary-1920.jpg', '3 FORM image/jpeg', '3 TITL Mary in 1920',
    '0 TRLR', '',
  ].join('\n');
  const first = test.info().outputPath('mary.ged');
  await writeFile(first, file);
  await importFile(page, first, 'mary.ged');

  const read = async () => (await serverGraph(page)).graph as unknown as Evidence;
  const marys = (g: Evidence) => Object.values(g.profiles).filter((p) => p.firstName === 'Mary');
  const cited = (g: Evidence) =>
    marys(g).map((p) => ({
      photo: p.photoURL,
      own: (p.citations ?? []).map((c) => `${g.sources?.[c.sourceId]?.title} · ${c.page}`),
      birth: (p.events?.find((e) => e.type === 'BIRT')?.citations ?? []).map((c) => `${g.sources?.[c.sourceId]?.title} · ${c.page}`),
    }));
  const once = { photo: '/files/avatars/mary/avatar_320.webp', own: ['Parish register of St Mary · household 7'], birth: ['Parish register of St Mary · entry 34'] };
  let g = await read();
  expect(cited(g)).toEqual([once]);
  expect(Object.values(g.media ?? {}).map((m) => m.url)).toEqual(['photos/mary-1920.jpg']);

  await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
  await page.getByRole('menuitem', { name: 'Export GEDCOM…' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export GEDCOM' });
  await exportDialog.getByRole('radio', { name: 'GEDCOM 7.0' }).check();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
  const text = await readFile((await (await download).path())!, 'utf8');
  expect(text).toMatch(/1 SOUR @[^@]+@\n2 PAGE household 7/);
  expect(text).toContain('2 FILE photos/mary-1920.jpg');
  const again = test.info().outputPath('again.ged');
  await writeFile(again, text);
  await importFile(page, again, 'again.ged');

  await expect.poll(async () => marys(await read()).length, { timeout: 30_000 }).toBe(2);
  g = await read();
  expect(cited(g)).toEqual([once, once]);
  // One reference per import of Mary: the card's photo is no media record.
  const media = Object.values(g.media ?? {});
  expect(media.map((m) => m.url)).toEqual(['photos/mary-1920.jpg', 'photos/mary-1920.jpg']);
  expect(new Set(media.flatMap((m) => m.people)).size).toBe(2);
});
