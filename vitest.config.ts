import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { chromiumPath, chromiumArgs } from './tests/chromium.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite takes seconds to start; files share one database each and run one at a time
          // so two cores are not fought over.
          fileParallelism: false,
        },
      },
      {
        test: {
          // One behaviour spec per port (tests/contract/specs), run against each backend: the
          // self-hosted server here, Firebase on its emulators (those that cannot run here say so).
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'firebase',
          include: ['tests/firebase/**/*.test.ts'],
          environment: 'node',
          // The emulators take tens of seconds to start on a busy machine, and each function's
          // first call starts its worker; one file at a time.
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        plugins: [react()],
        // Bundled up front: Vite finding a dependency mid-run reloads the page under a running test.
        optimizeDeps: {
          include: [
            '@radix-ui/react-alert-dialog',
            '@radix-ui/react-dialog',
            '@radix-ui/react-dropdown-menu',
            '@radix-ui/react-label',
            '@radix-ui/react-radio-group',
            '@radix-ui/react-tabs',
            '@radix-ui/react-tooltip',
            'react-router-dom',
            'react-hook-form',
            'sonner',
            'valtio',
          ],
        },
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts', 'tests/browser/**/*.test.tsx'],
          // States are waited for, not times: on a busy 2-core machine a worker's first start or a
          // first export can take seconds, so a poll waits up to 20 s for what it expects (and
          // returns as soon as it holds).
          expect: { poll: { timeout: 20_000 } },
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
