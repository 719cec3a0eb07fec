import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Test files run in worker threads (cheaper to start than a process per file), as many at a
    // time as there are cores and at least two: on a 2-core machine Vitest's default (cores - 1)
    // would run the files one by one, while most of them wait on DynamoDB Local.
    pool: 'threads',
    maxWorkers: Math.max(2, availableParallelism()),
    // Tests wait on conditions, not on the clock: these bound a wait that never comes, generously,
    // so a loaded machine makes the run slower but not red.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // infra/**: the synth and build tests, in `npm run test:infra` (vitest.infra.config.ts).
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'site/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/**/*.test.ts'],
          // One DynamoDB Local for the whole run; each test file gets its own tables.
          globalSetup: ['tests/global-setup.ts'],
          setupFiles: ['tests/setup-node.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['frontend/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
    ],
  },
});
