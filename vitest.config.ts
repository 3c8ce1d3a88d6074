import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      'apps/backoffice/src/**/*.test.ts',
    ],
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    // Vitest leaves one core to its own process, which does little while the test files run: on two cores that
    // was one worker and an idle core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
