import type { BrowserContext, Page } from 'playwright';

/**
 * The open benches' finish line: the first frame after a card is in the page. Installed before any
 * navigation, it sets `window.__firstCardFrame` (performance.now()) once, for `waitForFirstCardFrame`
 * and for the page's own readings.
 */
export async function markFirstCardFrame(target: Pick<BrowserContext | Page, 'addInitScript'>): Promise<void> {
  await target.addInitScript(() => {
    const w = window as unknown as { __firstCardFrame?: number };
    new MutationObserver((_, obs) => {
      if (document.querySelector('[data-node-id]')) {
        obs.disconnect();
        requestAnimationFrame(() => (w.__firstCardFrame = performance.now()));
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

/** Waits until the page has drawn its first frame with cards. */
export async function waitForFirstCardFrame(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __firstCardFrame?: number }).__firstCardFrame !== undefined, null, { timeout, polling: 50 });
}
