import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../infra/lambda-bundle.ts';
import { DEFAULT_SITE_ASSETS } from '../infra/stacks/web-stack.ts';
import { runIfMain } from './cli.ts';

/**
 * `npm run synth`: synthesises the CDK app for both stages, offline and without credentials,
 * with the cdk-nag AwsSolutions checks (an unacknowledged finding fails the synth). The site
 * deployment needs the built frontend, so it is built first when missing.
 *
 * Options: `--stage dev|prod` (default both), any other argument is passed to `cdk synth`.
 */
export const CDK_ENV = {
  CDK_DISABLE_VERSION_CHECK: '1',
  CDK_DISABLE_CLI_TELEMETRY: '1',
  CDK_NOTICES: 'false',
  // NodejsFunction runs esbuild through npx; keep npm's config warnings out of the synth output.
  NPM_CONFIG_LOGLEVEL: 'error',
} as const;

export const STAGES = ['dev', 'prod'] as const;

/** The pinned CLI in node_modules (aws-cdk ~2.1148, which reads aws-cdk-lib 2.276's output). */
export const CDK_BIN = join(REPO_ROOT, 'node_modules', '.bin', 'cdk');

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, ...CDK_ENV, ...env } });
  if (result.status !== 0) {
    throw new Error(`${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

export function ensureFrontendBuilt(force = false): void {
  if (!force && existsSync(join(DEFAULT_SITE_ASSETS, 'index.html'))) return;
  console.log(force ? '== building the frontend' : '== frontend/dist is missing: building the frontend');
  run('npm', ['run', 'build', '--silent']);
}

function main(argv: string[]): void {
  const stageAt = argv.indexOf('--stage');
  const stages = stageAt >= 0 ? [argv[stageAt + 1]] : [...STAGES];
  const passThrough = stageAt >= 0 ? argv.filter((_, i) => i !== stageAt && i !== stageAt + 1) : argv;
  for (const stage of stages) {
    if (!STAGES.includes(stage as (typeof STAGES)[number])) throw new Error(`Unknown stage "${stage}": use dev or prod`);
  }
  ensureFrontendBuilt();
  for (const stage of stages) {
    const started = Date.now();
    run(CDK_BIN, ['synth', '--quiet', '--context', `stage=${stage}`, '--output', join('cdk.out', stage), ...passThrough]);
    console.log(
      `== synth ${stage}: ok in ${((Date.now() - started) / 1000).toFixed(1)} s (cdk-nag AwsSolutions: no unacknowledged findings) -> cdk.out/${stage}`,
    );
  }
}

runIfMain(import.meta.url, () => main(process.argv.slice(2)));
