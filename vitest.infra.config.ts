import { defineConfig } from 'vitest/config';

/**
 * `npm run test:infra`: the tests that synthesise the CDK app or build the functions
 * (infra/**): the stacks' assertions, the CloudFormation quota and logical-id checks, and the
 * functions' build with its stand-ins. They need no DynamoDB Local or S3 store, and they are
 * most of the suite's CPU time, so `npm test` leaves them out (vitest.config.ts) and `.ci/run`
 * runs them after the synth. Each synth writes to a temp folder it removes.
 */
export default defineConfig({
  test: {
    name: 'infra',
    globals: true,
    environment: 'node',
    include: ['infra/**/*.test.ts'],
    // A synth of both stages or a build of every function takes minutes on a busy 2-core machine.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
