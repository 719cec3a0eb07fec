import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../infra/lambda-bundle.ts';
import {
  CONTEXT_KEYS,
  certificateAccountProblems,
  DEPLOY_REGION,
  describeProblems,
  exampleConfigPath,
  parseStageConfig,
  readConfigFile,
  type StageConfig,
  stackPrefix,
  stageConfigPath,
} from '../infra/stage-config.ts';
import { buildAllFunctions } from './build-functions.ts';
import { runIfMain } from './cli.ts';
import { type AwsIdentity, awsIdentity, describeIdentity, type StsApi, sdkSts } from './ops/aws-access.ts';
import { CDK_BIN, ensureFrontendBuilt, run } from './synth.ts';

/**
 * `npm run deploy -- --stage prod [-c key=value ...] [other cdk deploy options]`
 *
 * First, within seconds and before anything is built: the AWS credentials (STS GetCallerIdentity
 * in us-east-1; none stops it with one sentence saying what to do), then the stage's settings from
 * `config/<stage>.json` (copied from `config/<stage>.example.json`; a `-c key=value` overrides one
 * of them): a missing or inconsistent value, a value left as the example's, or a certificate of
 * another account stops the deploy with one sentence each. Then it builds the frontend and the
 * functions (scripts/build-functions.ts), deploys every stack of the stage with the pinned CDK CLI,
 * and prints the URLs to use next. Without a custom domain the site URL (needed by the API for
 * payment return URLs) is only known after the first deploy: it is then saved in cdk.context.json
 * as `siteUrl:<stage>` and the API stack is updated once with it.
 */
export function stageFromArgs(args: string[]): string {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--stage' && args[i + 1] !== undefined) return args[i + 1];
    const value = arg === '-c' || arg === '--context' ? args[i + 1] : arg.startsWith('--context=') ? arg.slice('--context='.length) : undefined;
    if (value?.startsWith('stage=')) return value.slice('stage='.length);
  }
  return 'dev';
}

/** The `-c key=value` settings among the arguments (they override the config file's). */
export function contextOverrides(args: string[]): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const pair = arg === '-c' || arg === '--context' ? args[i + 1] : arg.startsWith('--context=') ? arg.slice('--context='.length) : undefined;
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0) overrides[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return overrides;
}

/**
 * The stage's checked settings before a deploy: its config file must exist (a deploy never falls
 * back to the example), and with the `-c` overrides it must validate and hold none of the
 * example's values.
 */
export function deployConfig(stage: string, args: string[], configDir?: string): StageConfig {
  const file = stageConfigPath(stage, configDir);
  if (!existsSync(file)) {
    throw new Error(
      `No ${file}: copy ${exampleConfigPath(stage, configDir)} to it, replace every example value, then run npm run deploy -- --stage ${stage} again (docs/deploy.md).`,
    );
  }
  const raw: Record<string, unknown> = { ...readConfigFile(file), stage };
  const overrides = contextOverrides(args);
  for (const key of CONTEXT_KEYS) if (overrides[key] !== undefined) raw[key] = overrides[key];
  if (overrides.alarmEmail !== undefined) raw.alarmEmails = overrides.alarmEmail;
  return parseStageConfig(raw, file, { example: readConfigFile(exampleConfigPath(stage, configDir)) });
}

/**
 * What the deploy checks that needs the AWS account, once the credentials named it: the
 * certificates must be that account's.
 */
export function checkAccount(config: StageConfig, identity: AwsIdentity, source: string): void {
  const problems = certificateAccountProblems(config, identity.account);
  if (problems.length)
    throw new Error(`The ${config.stage} configuration (${source}) does not fit AWS account ${identity.account}:\n${describeProblems(problems)}`);
}

export function hasContext(args: string[], key: string): boolean {
  return args.some((a, i) => (a === '-c' || a === '--context') && args[i + 1]?.startsWith(`${key}=`)) || args.some((a) => a.startsWith(`--context=${key}=`));
}

const CONTEXT_FILE = join(REPO_ROOT, 'cdk.context.json');

function readContextFile(): Record<string, unknown> {
  return existsSync(CONTEXT_FILE) ? (JSON.parse(readFileSync(CONTEXT_FILE, 'utf8')) as Record<string, unknown>) : {};
}

/**
 * The order of docs/deploy.md ("Register the Stripe webhook"): the webhook secret is stored
 * before the card key, so no card is charged that the webhook cannot record.
 */
export function nextSteps(stage: string): string {
  return [
    'Next, in this order (docs/deploy.md, Register the Stripe webhook):',
    '  1. register the Stripe webhook URL above in the Stripe Dashboard (Developers → Webhooks)',
    `  2. store its whsec_ secret:  npm run secrets:set -- --stage ${stage} --only stripeWebhookSecret`,
    `  3. only then the card key:   npm run secrets:set -- --stage ${stage} --only stripeSecretKey`,
    `  4. the owner's first password: npm run secrets:set -- --stage ${stage} --only staffPasswordHash`,
    '     (Klarna, Amazon Pay, Apple Pay, the CRM URL: --only klarna,amazonPay,applePay,crmWebhookUrl, if used)',
    `  then: npm run preflight -- --stage ${stage}   (every line must be ✓)`,
  ].join('\n');
}

/** What a deploy runs, replaced in the tests. */
export interface DeploySteps {
  /** STS, asked who the credentials are before anything is built. */
  sts(region: string): Promise<StsApi>;
  buildFrontend(): void;
  buildFunctions(): Promise<void>;
  cdk(args: string[]): void;
  log(line: string): void;
}

const realSteps: DeploySteps = {
  sts: (region) => sdkSts(region),
  buildFrontend: () => ensureFrontendBuilt(true),
  buildFunctions: async () => {
    await buildAllFunctions();
  },
  cdk: (args) => run(CDK_BIN, args),
  log: (line) => console.log(line),
};

/**
 * The deploy: the credentials (account, region) first, then the config file and the account it
 * must fit, all within seconds and before anything is built; then the build and `cdk deploy`.
 */
export async function deploy(args: string[], steps: DeploySteps = realSteps, configDir?: string): Promise<void> {
  const stage = stageFromArgs(args);
  if (stage !== 'dev' && stage !== 'prod') throw new Error(`stage must be dev or prod, not "${stage}"`);
  const identity = await awsIdentity(await steps.sts(DEPLOY_REGION), DEPLOY_REGION);
  const config = deployConfig(stage, args, configDir);
  checkAccount(config, identity, stageConfigPath(stage, configDir));
  steps.log(`== deploying ${stackPrefix({ stage })} to ${describeIdentity(identity)}`);
  const prefix = stackPrefix({ stage });
  const cdkArgs = args.filter((a, i) => a !== '--stage' && args[i - 1] !== '--stage');
  const withStage = hasContext(cdkArgs, 'stage') ? cdkArgs : ['-c', `stage=${stage}`, ...cdkArgs];
  const outputsFile = join('cdk.out', `outputs-${stage}.json`);

  steps.buildFrontend();
  await steps.buildFunctions();
  steps.cdk(['deploy', '--all', '--outputs-file', outputsFile, ...withStage]);

  const outputs = JSON.parse(readFileSync(join(REPO_ROOT, outputsFile), 'utf8')) as Record<string, Record<string, string>>;
  const ops = outputs[`${prefix}-Operations`] ?? {};

  const siteUrlKnown = Boolean(config.siteUrl || config.domainName) || readContextFile()[`siteUrl:${stage}`] !== undefined;
  if (!siteUrlKnown && ops.SiteUrl) {
    steps.log(`== saving siteUrl:${stage}=${ops.SiteUrl} in cdk.context.json and updating the API with it`);
    writeFileSync(CONTEXT_FILE, `${JSON.stringify({ ...readContextFile(), [`siteUrl:${stage}`]: ops.SiteUrl }, null, 2)}\n`);
    steps.cdk(['deploy', `${prefix}-Api`, '--exclusively', ...withStage]);
  }

  steps.log(`
Deployed ${prefix}.
  Site:                ${ops.SiteUrl ?? '(see the Operations stack outputs)'}
  API:                 ${ops.ApiUrl ?? '(see the Operations stack outputs)'}
  Stripe webhook URL:  ${ops.StripeWebhookUrl ?? '(see the Operations stack outputs)'}

${nextSteps(stage)}`);
}

runIfMain(import.meta.url, () => deploy(process.argv.slice(2)));
