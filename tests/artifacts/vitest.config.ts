import { defineConfig } from 'vitest/config';

/**
 * `npm run test:artifacts`: the deployed artifacts of the synthesised cloud assembly
 * (tests/artifacts/functions.artifact.ts). Separate from `npm test`, which runs before synth.
 */
export default defineConfig({
  root: `${import.meta.dirname}/../..`,
  test: {
    name: 'artifacts',
    environment: 'node',
    include: ['tests/artifacts/**/*.artifact.ts'],
    // DynamoDB Local and the S3 store, as for the other tests.
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
