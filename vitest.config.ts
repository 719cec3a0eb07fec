import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
