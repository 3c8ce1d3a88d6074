import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    pool: 'forks',
    // Vitest leaves one core to its own process, which does little while the test files run: on two cores that
    // was one worker and an idle core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // On CI a failed test runs once more, and one that then passes is named as flaky (decision 0009); locally
    // nothing is retried, so a flaky test is seen where it is written.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        extends: true,
        test: {
          name: 'server and packages',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // A worker's test files share its loaded modules instead of importing the server afresh for each file:
          // the PGlite step took 287 s and the PostgreSQL one 210 s isolated, 208 s and 165 s not. Each file
          // builds its own app and database (harness.ts), and the files pass in any order.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The screens' unit tests stub globals such as `document` for the modules they import, so each file
          // keeps modules of its own.
          name: 'web and back office',
          include: ['apps/web/src/**/*.test.ts', 'apps/backoffice/src/**/*.test.ts'],
        },
      },
    ],
  },
});
