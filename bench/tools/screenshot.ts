/**
 * Screenshots of the playground in headless Chromium, for looking at the engine without a display:
 * `npx tsx bench/tools/screenshot.ts URL OUT.png [steps]`. Steps are a tiny script separated by
 * semicolons: `click x y`, `drag x1 y1 x2 y2`, `wheel x y dy`, `key K`, `wait ms`, `hover x y`.
 */
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../../tests/chromium.ts';

const [url, out, steps = ''] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
page.on('pageerror', (e) => console.error('pageerror:', e.message));
await page.goto(url);
await page.waitForSelector('.kin-engine canvas');
await page.waitForTimeout(600);
for (const step of steps.split(';').map((s) => s.trim()).filter(Boolean)) {
  const [op, ...a] = step.split(/\s+/);
  const n = a.map(Number);
  if (op === 'click') await page.mouse.click(n[0], n[1]);
  else if (op === 'hover') await page.mouse.move(n[0], n[1]);
  else if (op === 'drag') {
    await page.mouse.move(n[0], n[1]);
    await page.mouse.down();
    await page.mouse.move(n[2], n[3], { steps: 8 });
    await page.mouse.up();
  } else if (op === 'wheel') {
    await page.mouse.move(n[0], n[1]);
    await page.mouse.wheel(0, n[2]);
  } else if (op === 'key') await page.keyboard.press(a[0]);
  else if (op === 'wait') await page.waitForTimeout(n[0]);
  await page.waitForTimeout(120);
}
await page.waitForTimeout(300);
await page.screenshot({ path: out });
await browser.close();
