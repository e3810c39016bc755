/**
 * `npx tsx scripts/screenshots-features.ts [OUT_DIR] [SIZE]`: the screens of issues 20–24 in one
 * run, at desktop (1440 × 900), tablet (1024 × 768, touch) and phone (390 × 844, touch), light
 * and dark, for looking at them together: the details panel (events, relatives with a couple's
 * shared note, "Note and sources", Timeline, Photos, History), the evidence dialog, the Sources
 * and Places dialogs, "How are we related?"'s bar and the cards' relationship line, the
 * duplicates review and its merge, Activity, Recently deleted, the charts, the Export chart
 * dialog and the Account's digest. The ten-person family around Ada and a small GEDCOM file (a
 * family with sources, citations, notes and a duplicate) are seeded once. Named
 * `{screen}-{size}-{theme}.png`. Needs `vite build` first.
 */
import type { Locator, Page } from 'playwright';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seedFamily, TEN_PEOPLE } from '../tests/e2e/tree/seedFamily.ts';
import { MEMBER, SCREEN_SIZES, openScreenshotSite, signIn, card, panel, settled } from './screenshotSite.ts';

const site = await openScreenshotSite(process.argv[2] ?? '/tmp/shots-polish');
const only = process.argv[3];
const { out, server, browser } = site;

const LEE_FAMILY = [
  '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8',
  '0 @S1@ SOUR', '1 TITL Parish register of St Mary the Virgin, Great Snoring, Norfolk', '1 AUTH Church of England', '1 REPO @R1@',
  '0 @R1@ REPO', '1 NAME Norfolk Record Office',
  '0 @S2@ SOUR', '1 TITL Census of England and Wales, 1881',
  '0 @I1@ INDI', '1 NAME Annabel Christabel /Leeward-Fotheringham/', '1 SEX F',
  '1 BIRT', '2 DATE 2 MAR 1851', '2 PLAC Great Snoring, North Norfolk, Norfolk, England', '2 SOUR @S1@', '3 PAGE Baptisms 1851, folio 12, entry 34', '3 QUAY 3', '3 DATA', '4 TEXT Annabel Christabel, daughter of Thomas and Mary',
  '1 OCCU Schoolmistress at the village school of Great Snoring and later of Thursford',
  '2 DATE 1881', '2 SOUR @S2@', '3 PAGE RG11/1956 folio 7',
  '1 DEAT', '2 DATE ABT 1920', '2 PLAC Fakenham, Norfolk, England',
  '1 NOTE She kept a diary all her life; the volumes from 1870 to 1919 are with the family.',
  '1 SOUR @S2@', '2 PAGE RG11/1956 folio 7', '2 QUAY 2',
  '1 FAMS @F1@',
  '0 @I2@ INDI', '1 NAME Thomas /Leeward-Fotheringham/', '1 SEX M', '1 BIRT', '2 DATE 1849', '1 FAMS @F1@',
  '0 @I3@ INDI', '1 NAME John /Leeward-Fotheringham/', '1 SEX M', '1 BIRT', '2 DATE 12 MAR 1875', '1 FAMC @F1@',
  '0 @I4@ INDI', '1 NAME John /Leeward-Fotheringham/', '1 SEX M', '1 BIRT', '2 DATE 12 MAR 1875', '1 FAMC @F1@',
  '0 @I5@ INDI', '1 NAME Mary /Leeward-Fotheringham/', '1 SEX F', '1 BIRT', '2 DATE 1878', '1 FAMC @F1@',
  '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 CHIL @I3@', '1 CHIL @I4@', '1 CHIL @I5@',
  '1 MARR', '2 DATE 14 JUN 1872', '2 PLAC Great Snoring, North Norfolk, Norfolk, England', '2 SOUR @S1@', '3 PAGE Marriages 1872, entry 9',
  '1 NOTE @N1@',
  '0 @N1@ NOTE Married by banns; the wedding breakfast was held at the Old Rectory.',
  '0 TRLR', '',
].join('\n');
const ANN = 'Annabel Christabel Leeward-Fotheringham';


async function menu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
  await page.getByRole('menuitem', { name: item }).or(page.getByRole('menuitemcheckbox', { name: item })).click();
}

async function openTree(page: Page) {
  await page.goto('/app/tree');
  await card(page, 'Ada Lovelace').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(400);
}

/** Selects a card where it is with the whole tree in view: a tap on touch screens, a click otherwise. */
async function select(page: Page, name: string) {
  // On a phone the open panel is a sheet over the cards: closed first.
  const close = panel(page).getByRole('button', { name: 'Close details' });
  if (await close.isVisible()) {
    await close.click();
    await panel(page).waitFor({ state: 'detached' });
  }
  await page.getByRole('button', { name: 'Fit view' }).click();
  await settled(page);
  const box = (await card(page, name).first().boundingBox())!;
  const at = { x: box.x + Math.min(20, box.width / 2), y: box.y + box.height / 2 };
  if (page.context().browser() && (await page.evaluate(() => navigator.maxTouchPoints > 0))) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else await page.mouse.click(at.x, at.y);
  await panel(page).waitFor();
  await settled(page);
}

async function scrollPanel(page: Page, selector: string) {
  await panel(page).evaluate((el, sel) => {
    const target = el.querySelector<HTMLElement>(sel);
    const scroller = [el, ...el.querySelectorAll<HTMLElement>('*')].find((n) => n.scrollHeight > n.clientHeight + 4 && getComputedStyle(n).overflowY !== 'visible') ?? el;
    if (target) scroller.scrollTo(0, target.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop - 16);
  }, selector);
  await page.waitForTimeout(300);
}

async function seed() {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  await openTree(page);
  await seedFamily(page, TEN_PEOPLE({ first: MEMBER.firstName, last: MEMBER.lastName }));
  await openTree(page);
  const file = join(site.dataDir, 'leeward.ged');
  await writeFile(file, LEE_FAMILY);
  await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import GEDCOM…' }).click();
  await (await chooser).setFiles(file);
  await page.getByRole('dialog', { name: 'Import leeward.ged?' }).getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.getByRole('dialog', { name: 'Import complete' });
  await summary.waitFor({ timeout: 120_000 });
  await summary.getByRole('button', { name: 'Close' }).last().click();
  await page.getByText('All changes saved').waitFor({ timeout: 60_000 });
  // A person deleted, for Recently deleted; a change to a relative, for the History.
  await select(page, 'Ralph King');
  await panel(page).getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('form', { name: 'Edit Person' });
  await edit.getByLabel('Birth date').fill('2 Jul 1839');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Apply changes' }).click().catch(() => undefined);
  await page.getByText('All changes saved').waitFor({ timeout: 30_000 });
  await context.close();
}

async function attempt(label: string, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (e) {
    console.error(`${label}: ${(e as Error).message.split('\n')[0]}`);
  }
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
}

/**
 * What the guide asks of every screen, measured on it: buttons, links and fields under 44 px on a
 * touch screen, and text under WCAG AA contrast against the colour behind it (4.5:1, 3:1 when
 * large). Written beside the shots as `audit-{size}-{theme}.txt`.
 */
async function audit(page: Page, screen: string, touch: boolean): Promise<string[]> {
  return page.evaluate(
    ({ screen, touch }) => {
      const found: string[] = [];
      // 'rgb(r, g, b[, a])' or, for colours mixed by the browser, 'color(srgb r g b[ / a])' in 0–1.
      const rgb = (c: string) => {
        const v = (c.match(/[\d.]+/g) ?? []).map(Number);
        return c.startsWith('color(') ? v.map((x, i) => (i < 3 ? x * 255 : x)) : v;
      };
      const lum = ([r, g, b]: number[]) => {
        const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
      };
      const behind = (el: Element | null): number[] | null => {
        for (; el; el = el.parentElement) {
          const c = rgb(getComputedStyle(el).backgroundColor);
          if (c.length >= 3 && (c[3] ?? 1) > 0.9) return c;
          if (getComputedStyle(el).backgroundImage !== 'none') return null;
        }
        return [255, 255, 255];
      };
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth && getComputedStyle(el).visibility !== 'hidden';
      };
      const said = (el: Element) => (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40);
      if (touch) {
        for (const el of document.querySelectorAll('button, a[href], input:not([type=hidden]), select, summary, [role=button], [role=tab], [role=menuitem], [role=switch]')) {
          if (!visible(el) || el.closest('[data-node-id]') || (el as HTMLButtonElement).disabled) continue;
          const r = el.getBoundingClientRect();
          const checkable = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
          const box = checkable ? el.closest('label')?.getBoundingClientRect() ?? r : r;
          if (box.height < 43.5 || box.width < 43.5) found.push(`${screen}: target ${Math.round(box.width)}x${Math.round(box.height)} ${el.tagName.toLowerCase()}.${el.className} "${said(el)}"`);
        }
      }
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.parentElement;
        if (!el || seen.has(el) || !n.textContent?.trim() || !visible(el)) continue;
        seen.add(el);
        if (el.closest('[aria-hidden=true], :disabled, [aria-disabled=true], [data-disabled], canvas')) continue;
        const st = getComputedStyle(el);
        if (Number(st.opacity) < 1) continue;
        const fg = rgb(st.color);
        const bg = behind(el);
        if (!bg || fg.length < 3) continue;
        const a = fg[3] ?? 1;
        const mixed = fg.slice(0, 3).map((v, i) => v * a + bg[i]! * (1 - a));
        const [l1, l2] = [lum(mixed), lum(bg)].sort((x, y) => y - x);
        const ratio = (l1! + 0.05) / (l2! + 0.05);
        const size = parseFloat(st.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(st.fontWeight) >= 700);
        if (ratio < (large ? 3 : 4.5)) found.push(`${screen}: contrast ${ratio.toFixed(2)} ${el.tagName.toLowerCase()}.${el.className} "${said(el)}" ${st.color} on rgb(${bg.slice(0, 3).join(',')})`);
      }
      return found;
    },
    { screen, touch },
  );
}

async function shots(size: (typeof SCREEN_SIZES)[number], scheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: server.url, viewport: size.viewport, colorScheme: scheme, hasTouch: size.touch, isMobile: size.name === 'phone' });
  // tsx names the audit's inner functions with a helper the page lacks.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  const page = await context.newPage();
  const findings: string[] = [];
  const shot = async (name: string) => {
    await page.screenshot({ path: join(out, `${name}-${size.name}-${scheme}.png`) });
    findings.push(...(await audit(page, name, size.touch)));
  };
  await signIn(page);
  await attempt('account', async () => {
    await page.goto('/app/account');
    await page.getByRole('heading', { name: 'E-mail digest' }).scrollIntoViewIfNeeded();
    await settled(page);
    await shot('account-digest');
  });
  await openTree(page);

  await attempt('panel', async () => {
    await select(page, ANN);
    await shot('panel-top');
    await scrollPanel(page, '[data-testid="panel-events"]');
    await shot('panel-events');
    await scrollPanel(page, '.facts-couple-evidence');
    await shot('panel-relatives');
  });
  await attempt('evidence', async () => {
    await panel(page).getByRole('button', { name: 'Edit note and sources' }).click();
    const dialog = page.getByRole('dialog').last();
    await dialog.waitFor();
    await settled(page);
    await shot('evidence-dialog');
    await closeDialog(page, dialog);
  });
  await attempt('couple-evidence', async () => {
    await panel(page).getByRole('button', { name: /^Sources and note of the couple with/ }).click();
    const dialog = page.getByRole('dialog').last();
    await dialog.waitFor();
    await settled(page);
    await shot('couple-evidence-dialog');
    await closeDialog(page, dialog);
  });
  await attempt('event', async () => {
    await panel(page).getByRole('button', { name: /^Edit Born/ }).click();
    const dialog = page.getByTestId('event-dialog');
    await dialog.waitFor();
    await settled(page);
    await shot('event-dialog');
    await dialog.getByRole('button', { name: 'Add citation' }).click();
    await settled(page);
    await shot('event-dialog-citation');
    await closeDialog(page, dialog);
  });
  await attempt('timeline', async () => {
    await panel(page).getByRole('button', { name: 'Timeline' }).click();
    await panel(page).getByTestId('timeline').waitFor();
    await scrollPanel(page, '.person-timeline');
    await shot('panel-timeline');
  });
  await attempt('photos', async () => {
    await scrollPanel(page, '.media-section');
    await shot('panel-photos');
  });
  await attempt('history', async () => {
    await page.keyboard.press('Escape');
    await select(page, 'Ralph King');
    await panel(page).getByTestId('person-history-toggle').click();
    await panel(page).getByTestId('person-history').waitFor();
    await page.waitForTimeout(500);
    await scrollPanel(page, '.history-person');
    await shot('panel-history');
  });
  await attempt('kinship', async () => {
    await page.keyboard.press('Escape');
    await select(page, 'Oliver Hale');
    await panel(page).getByRole('button', { name: 'How are we related?' }).click();
    const dialog = page.getByRole('dialog', { name: 'How are we related?' });
    await dialog.getByTestId('kinship-sentence').waitFor();
    await settled(page);
    await shot('kinship-dialog');
    await dialog.getByRole('button', { name: 'Show on tree' }).click();
    await page.getByTestId('kinship-bar').waitFor();
    await settled(page);
    await shot('kinship-bar');
    await page.getByRole('button', { name: 'Clear the line from the tree' }).click();
  });
  await attempt('relationships-on-cards', async () => {
    await page.getByRole('button', { name: 'Import or export GEDCOM' }).click();
    await settled(page);
    await shot('file-menu');
    await page.getByRole('menuitemcheckbox', { name: 'Relationships on cards' }).or(page.getByRole('menuitem', { name: 'Relationships on cards' })).click();
    await page.getByRole('button', { name: 'Fit view' }).click();
    await settled(page);
    await page.waitForTimeout(600);
    await shot('relationships-on-cards');
    await menu(page, 'Relationships on cards');
  });
  for (const [name, command] of [
    ['sources', 'Sources…'],
    ['places', 'Places…'],
    ['activity', 'Activity…'],
    ['deleted', 'Recently deleted…'],
  ] as const) {
    await attempt(name, async () => {
      await menu(page, command);
      const dialog = page.getByRole('dialog').last();
      await dialog.waitFor();
      await page.waitForTimeout(800);
      await settled(page);
      await shot(`${name}-dialog`);
      await closeDialog(page, dialog);
    });
  }
  await attempt('duplicates', async () => {
    await menu(page, 'Find duplicates…');
    const dialog = page.getByRole('dialog', { name: 'Possible duplicates' });
    await dialog.getByTestId('duplicate-pair').first().waitFor({ timeout: 30_000 });
    await settled(page);
    await shot('duplicates-dialog');
    await dialog.getByTestId('duplicate-pair').first().getByRole('button', { name: /^Compare / }).click();
    const merge = page.getByRole('dialog', { name: 'Merge two cards' });
    await merge.waitFor();
    await settled(page);
    await shot('merge-dialog');
    await closeDialog(page, merge);
    await closeDialog(page, dialog);
  });
  await attempt('charts', async () => {
    await select(page, 'Ada Lovelace');
    await menu(page, 'Charts…');
    const view = page.getByTestId('chart-view');
    await view.waitFor();
    for (const chart of ['fan', 'pedigree', 'descendants', 'hourglass'] as const) {
      if (chart !== 'fan') await view.getByRole('combobox', { name: /^Chart/ }).selectOption(chart);
      await page.waitForFunction(() => !!(window as unknown as { __kinfolkFan?: unknown }).__kinfolkFan);
      await page.waitForTimeout(600);
      await shot(`chart-${chart}`);
    }
    await closeDialog(page, view);
  });
  await attempt('export chart', async () => {
    await card(page, 'Ada Lovelace').first().focus();
    await page.keyboard.press('Control+Shift+E');
    const dialog = page.getByRole('dialog', { name: 'Export chart' });
    await dialog.waitFor();
    await settled(page);
    await shot('chart-export');
    const exporting = dialog.getByRole('progressbar');
    const download = page.waitForEvent('download', { timeout: 60_000 }).catch(() => undefined);
    await dialog.getByRole('button', { name: /^(Export|Download)/ }).first().click();
    await exporting.waitFor({ timeout: 10_000 });
    await shot('chart-export-progress');
    await download;
    await closeDialog(page, dialog);
  });
  await writeFile(join(out, `audit-${size.name}-${scheme}.txt`), [...new Set(findings)].join('\n') + '\n');
  await context.close();
}

try {
  await seed();
  for (const size of SCREEN_SIZES.filter((s) => !only || s.name === only)) for (const scheme of ['light', 'dark'] as const) await shots(size, scheme);
  console.log(`screenshots in ${out}/`);
} finally {
  await site.close();
}
