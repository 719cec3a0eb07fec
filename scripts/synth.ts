import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../infra/lambda-bundle.ts';
import { DEFAULT_SITE_ASSETS } from '../infra/stacks/web-stack.ts';
import { exampleConfigPath, stageConfigPath } from '../infra/stage-config.ts';
import { buildAllFunctions } from './build-functions.ts';
import { runIfMain } from './cli.ts';
import { ciSetting, inheritedEnvironment } from './config.ts';

/**
 * `npm run synth`: builds every Lambda function (scripts/build-functions.ts: the code the stacks
 * deploy as it is), then synthesises the CDK app for both stages, offline and without
 * credentials, with the cdk-nag AwsSolutions checks (an unacknowledged finding fails the synth)
 * and cfn-lint over every template, then prints each template's resource count and size (the
 * route groups' nested stacks included). The site deployment needs the built frontend, so it is
 * built first when missing.
 *
 * Each stage reads its config file, `config/<stage>.json`; without one (CI, a fresh checkout) the
 * committed example `config/<stage>.example.json` is synthesised instead, and the synth says so.
 *
 * Options: `--stage dev|prod` or `-c stage=dev|prod` (default both), any other argument is passed
 * to `cdk synth` (`-c key=value` overrides one setting of the config file).
 */
export const CDK_ENV = {
  CDK_DISABLE_VERSION_CHECK: '1',
  CDK_DISABLE_CLI_TELEMETRY: '1',
  CDK_NOTICES: 'false',
  // The CDK app runs through npx (cdk.json); keep npm's config warnings out of the synth output.
  NPM_CONFIG_LOGLEVEL: 'error',
} as const;

export const STAGES = ['dev', 'prod'] as const;

/** The pinned CLI in node_modules (aws-cdk ~2.1148, which reads aws-cdk-lib 2.276's output). */
export const CDK_BIN = join(REPO_ROOT, 'node_modules', '.bin', 'cdk');

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit', env: { ...inheritedEnvironment(), ...CDK_ENV, ...env } });
  if (result.status !== 0) {
    throw new Error(`${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

export function ensureFrontendBuilt(force = false): void {
  if (!force && existsSync(join(DEFAULT_SITE_ASSETS, 'index.html'))) return;
  console.log(force ? '== building the frontend' : '== frontend/dist is missing: building the frontend');
  run('npm', ['run', 'build', '--silent']);
}

/**
 * cfn-lint over the synthesised templates: any error (E*) fails the synth. CDK's own output
 * carries warnings W3005, W3045 and W6001 by construction; they are not errors.
 */
function lintTemplates(dir: string): void {
  const probe = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    // CI must lint (.ci/run); a developer's machine without cfn-lint only gets the reminder.
    if (ciSetting()) throw new Error('cfn-lint is not installed: CI lints every synthesised template (pip install cfn-lint)');
    console.log('== cfn-lint is not installed: templates not linted (pip install cfn-lint)');
    return;
  }
  const templates = readdirSync(dir)
    .filter((f) => f.endsWith('.template.json'))
    .map((f) => join(dir, f));
  const result = spawnSync('cfn-lint', ['--format', 'parseable', ...templates], { encoding: 'utf8' });
  const errors = (result.stdout ?? '').split('\n').filter((line) => /:E\d{4}:/.test(line));
  // cfn-lint's exit code is a bit mask: 2 = errors, 4 = warnings, 8 = informational.
  if (errors.length || (result.status ?? 0) & 2) {
    console.error(errors.join('\n') || result.stdout || result.stderr);
    throw new Error(`cfn-lint found errors in ${dir}`);
  }
  console.log(`== cfn-lint: 0 errors in ${templates.length} templates`);
}

/**
 * Each template's resource count and size against CloudFormation's per-template limits (500
 * resources, 1 MB), the nested route-group stacks included; infra/stack-quotas.test.ts fails a
 * stack past 80% of either.
 */
export function reportTemplates(dir: string): void {
  const rows = readdirSync(dir)
    .filter((f) => f.endsWith('.template.json'))
    .sort()
    .map((f) => {
      const path = join(dir, f);
      const resources = Object.keys((JSON.parse(readFileSync(path, 'utf8')) as { Resources?: object }).Resources ?? {}).length;
      return `   ${f.replace(/\.template\.json$/, '').padEnd(52)} ${String(resources).padStart(4)} resources ${(statSync(path).size / 1024).toFixed(1).padStart(7)} KB`;
    });
  console.log(`== templates (CloudFormation allows 500 resources and 1 MB each):\n${rows.join('\n')}`);
}

/** The stages named by `--stage X` or `-c stage=X` / `--context stage=X` (none: every stage), and the other arguments. */
export function synthArgs(argv: string[]): { stages: string[]; passThrough: string[] } {
  const stages: string[] = [];
  const passThrough: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = argv[i + 1];
    if (arg === '--stage' && next !== undefined) {
      stages.push(next);
      i++;
    } else if ((arg === '-c' || arg === '--context') && next?.startsWith('stage=')) {
      stages.push(next.slice('stage='.length));
      i++;
    } else if (arg.startsWith('--context=stage=')) stages.push(arg.slice('--context=stage='.length));
    else passThrough.push(arg);
  }
  return { stages: stages.length ? stages : [...STAGES], passThrough };
}

async function main(argv: string[]): Promise<void> {
  const { stages, passThrough } = synthArgs(argv);
  for (const stage of stages) {
    if (!STAGES.includes(stage as (typeof STAGES)[number])) throw new Error(`Unknown stage "${stage}": use dev or prod`);
  }
  ensureFrontendBuilt();
  await buildAllFunctions();
  for (const stage of stages) {
    const started = Date.now();
    // The stage's own config file when there is one; otherwise its committed example (offline synth).
    const own = stageConfigPath(stage);
    const configFile = existsSync(own) ? own : exampleConfigPath(stage);
    if (configFile !== own) console.log(`== ${stage}: no config/${stage}.json, synthesising config/${stage}.example.json`);
    const example = ['--context', `configFile=${configFile}`];
    run(CDK_BIN, ['synth', '--quiet', '--context', `stage=${stage}`, ...example, '--output', join('cdk.out', stage), ...passThrough]);
    lintTemplates(join(REPO_ROOT, 'cdk.out', stage));
    reportTemplates(join(REPO_ROOT, 'cdk.out', stage));
    console.log(
      `== synth ${stage}: ok in ${((Date.now() - started) / 1000).toFixed(1)} s (cdk-nag AwsSolutions: no unacknowledged findings) -> cdk.out/${stage}`,
    );
  }
}

runIfMain(import.meta.url, () => main(process.argv.slice(2)));
