import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/chromium.ts';

/**
 * The Firebase build end to end in Debian's Chromium: tests/e2e/firebase/globalSetup.ts starts the
 * emulators once, builds the front end for them into its own folder and serves it. One worker: the
 * specs share the emulators' project. `npm run test:e2e` runs it after the self-hosted suite.
 */
export default defineConfig({
  testDir: 'tests/e2e/firebase',
  globalSetup: './tests/e2e/firebase/globalSetup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Each function's first call starts its worker (a worker per function, tests/firebase/emulators.ts),
  // tens of seconds on a busy machine: a state may take that long to arrive.
  expect: { timeout: 90_000 },
  timeout: 600_000,
  reporter: [['list']],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
