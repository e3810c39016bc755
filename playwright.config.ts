import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/chromium.ts';

/**
 * End-to-end tests in Debian's Chromium. Each worker starts its own server in-process on a
 * temporary data folder (tests/e2e/fixtures.ts), so no test depends on another's accounts.
 * The front end must be built first: `npm run test:e2e` runs `vite build` before this.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // The Firebase build has its own config (emulators started once): playwright.firebase.config.ts.
  testIgnore: 'firebase/**',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
