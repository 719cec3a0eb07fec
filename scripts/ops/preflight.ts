import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_KEYS, type SecretKey } from '../../functions/secrets-catalog.ts';
import { REPO_ROOT } from '../../infra/lambda-bundle.ts';
import { STRIPE_WEBHOOK_PATH } from '../../infra/stacks/operations-stack.ts';
import { SECRET_PLACEHOLDER_VALUE } from '../../infra/stacks/secrets-stack.ts';
import { knownSiteUrl, readConfigFile, type StageConfig, secretName, stageConfigPath } from '../../infra/stage-config.ts';
import { runIfMain } from '../cli.ts';
import { deployConfig } from '../deploy.ts';
import { parseOpsArgs } from './args.ts';
import { AwsAccessError, type AwsIdentity, awsIdentity, describeIdentity, SET_CREDENTIALS, type StsApi, sdkSts } from './aws-access.ts';

/**
 * `npm run preflight -- --stage prod`: what the synth cannot check offline, before a deploy and
 * after it. Each check prints ✓, ! (a warning: fine before the first deploy, or optional), ✗ with
 * what to do, or - (not run: without AWS credentials or a deployable config, with what to do);
 * any ✗ exits 1. First who the credentials are (STS, within seconds: none is one ✗ and the list
 * of what was not run) and the config file as the deploy checks it, then:
 *
 * - the certificates of the config file are issued (ACM, us-east-1) and cover their domains;
 * - SES: the sending identity is verified and the account is out of the sandbox;
 * - Lambda: the account's concurrency quota (new accounts may start at 10);
 * - every secret is set (not the NOT_CONFIGURED placeholder) where the product needs it;
 * - Stripe (when the secret key is stored): a webhook endpoint registered for the site's URL,
 *   enabled, with the events the product reads.
 */

/** Below this account-wide concurrency a handful of visitors at once are throttled (docs/deploy.md, New-account quotas). */
export const MIN_LAMBDA_CONCURRENCY = 100;
/** The Stripe events the webhook handles (functions/handlers/payments/stripe-webhook.ts). */
export const STRIPE_WEBHOOK_EVENTS = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded'] as const;
/** Secrets a stage cannot take orders or be run without; the others are optional payment methods or integrations. */
export const REQUIRED_SECRETS: readonly SecretKey[] = ['stripeSecretKey', 'stripeWebhookSecret', 'staffPasswordHash', 'originVerify', 'linkSigningKey'];

/** The AWS and Stripe calls the checks make (the SDKs in use; fakes in the tests). */
export interface PreflightClients {
  /** An ACM certificate's status (ISSUED, PENDING_VALIDATION, ...) and names, or undefined when it does not exist. */
  certificate(arn: string): Promise<{ status: string; domains: string[] } | undefined>;
  /** SES v2 account: out of the sandbox, sending enabled. */
  sesAccount(): Promise<{ productionAccess: boolean; sendingEnabled: boolean }>;
  /** An SES identity's verification, or undefined when it does not exist (yet). */
  sesIdentity(identity: string): Promise<{ verified: boolean; status: string } | undefined>;
  /** The account's Lambda concurrency limit. */
  lambdaConcurrency(): Promise<number>;
  /** A secret's current value, or undefined when the secret does not exist. */
  secretValue(name: string): Promise<string | undefined>;
  /** The Stripe account's webhook endpoints, with the stored secret key. */
  stripeWebhooks(secretKey: string): Promise<{ url: string; status: string; events: string[] }[]>;
}

/** `skip`: not run, because what it needs (the credentials, a deployable config) is missing. */
export type CheckStatus = 'ok' | 'warn' | 'fail' | 'skip';
export interface Check {
  name: string;
  status: CheckStatus;
  detail: string;
  /** What to do when it is not ok. */
  fix?: string;
}

/** Whether a certificate name (possibly `*.example.com`) covers a host. */
export function certificateCovers(names: string[], host: string): boolean {
  const h = host.toLowerCase();
  return names.some((n) => {
    const name = n.toLowerCase();
    if (name === h) return true;
    return name.startsWith('*.') && h.endsWith(name.slice(1)) && !h.slice(0, -name.length + 1).includes('.');
  });
}

/**
 * The checks against the account. With `callerAccount` (the credentials' account), a certificate of
 * another account fails without asking ACM.
 */
export async function runPreflight(config: StageConfig, clients: PreflightClients, siteUrl = knownSiteUrl(config), callerAccount?: string): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (c: Check) => checks.push(c);
  const stage = config.stage;

  // Certificates.
  const certificates: [string, string | undefined, string | undefined][] = [
    ['certificateArn', config.certificateArn, config.domainName],
    ['apiCertificateArn', config.apiCertificateArn, config.apiDomainName],
  ];
  for (const [key, arn, host] of certificates) {
    if (!arn) continue;
    const name = `certificate ${key}`;
    const owner = arn.split(':')[4];
    if (callerAccount && owner !== callerAccount) {
      add({
        name,
        status: 'fail',
        detail: `${arn} is a certificate of account ${owner}, but the AWS credentials are for account ${callerAccount}`,
        fix: `Use the ARN of a certificate in account ${callerAccount} (ACM, us-east-1), or run with the credentials of account ${owner}.`,
      });
      continue;
    }
    const cert = await clients.certificate(arn);
    if (!cert)
      add({
        name,
        status: 'fail',
        detail: `${arn} does not exist in this account`,
        fix: 'Request it in ACM in us-east-1 and copy its ARN into the config file (docs/deploy.md, Certificates).',
      });
    else if (cert.status !== 'ISSUED')
      add({
        name,
        status: 'fail',
        detail: `${arn} is ${cert.status}, not ISSUED`,
        fix: 'Publish its DNS validation CNAME records (ACM console → the certificate → Domains) and wait for Issued; a deploy with it fails the Web or Api stack (docs/deploy.md, Certificates).',
      });
    else if (host && !certificateCovers(cert.domains, host))
      add({
        name,
        status: 'fail',
        detail: `it covers ${cert.domains.join(', ')}, not ${host}`,
        fix: `Request a certificate that names ${host} (or *.${host.split('.').slice(1).join('.')}).`,
      });
    else add({ name, status: 'ok', detail: `issued${host ? `, covers ${host}` : ''}` });
  }

  // SES.
  const account = await clients.sesAccount();
  add(
    account.productionAccess
      ? { name: 'SES production access', status: 'ok', detail: 'out of the sandbox' }
      : {
          name: 'SES production access',
          status: stage === 'prod' ? 'fail' : 'warn',
          detail: 'the account is in the SES sandbox: mail reaches only verified addresses, the rest parks',
          fix: 'SES console → Account dashboard → Request production access (docs/deploy.md, Email).',
        },
  );
  if (!account.sendingEnabled)
    add({
      name: 'SES sending',
      status: 'fail',
      detail: 'sending is paused for the account',
      fix: 'SES console → Reputation metrics: find why AWS paused it and answer the case.',
    });
  const identity = config.emailDomain ?? config.emailFrom;
  if (identity) {
    const found = await clients.sesIdentity(identity);
    if (!found)
      add({
        name: `SES identity ${identity}`,
        status: 'warn',
        detail: 'not created yet (the deploy creates it)',
        fix: config.emailDomain
          ? 'After the deploy, publish the three EmailDkimRecord CNAMEs (Api stack outputs).'
          : `After the deploy, click the link AWS emails to ${identity}.`,
      });
    else if (!found.verified)
      add({
        name: `SES identity ${identity}`,
        status: 'fail',
        detail: `not verified (${found.status})`,
        fix: config.emailDomain
          ? 'Publish the three EmailDkimRecord CNAMEs (Api stack outputs) at your DNS provider.'
          : `Click the link AWS emailed to ${identity} (SES console can resend it).`,
      });
    else add({ name: `SES identity ${identity}`, status: 'ok', detail: 'verified' });
  }

  // Lambda concurrency.
  const concurrency = await clients.lambdaConcurrency();
  add(
    concurrency >= MIN_LAMBDA_CONCURRENCY
      ? { name: 'Lambda concurrency', status: 'ok', detail: `${concurrency} concurrent executions` }
      : {
          name: 'Lambda concurrency',
          status: 'fail',
          detail: `the account allows ${concurrency} concurrent executions, fewer than ${MIN_LAMBDA_CONCURRENCY}: a few visitors at once are throttled`,
          fix: `Service Quotas console (us-east-1) → AWS Lambda → Concurrent executions → request at least ${MIN_LAMBDA_CONCURRENCY}.`,
        },
  );

  // Secrets.
  const values = new Map<SecretKey, string | undefined>();
  for (const key of SECRET_KEYS) {
    const value = await clients.secretValue(secretName(stage, key));
    values.set(key, value);
    const required = REQUIRED_SECRETS.includes(key);
    const name = `secret ${key}`;
    if (value === undefined)
      add({
        name,
        status: 'warn',
        detail: 'does not exist yet (the Secrets stack creates it)',
        fix: `After the deploy: npm run secrets:set -- --stage ${stage} --only ${key}`,
      });
    else if (value === SECRET_PLACEHOLDER_VALUE)
      add({
        name,
        status: required ? 'fail' : 'warn',
        detail: required ? 'not configured' : 'not configured (optional: that payment method or integration stays off)',
        fix:
          key === 'originVerify' || key === 'linkSigningKey'
            ? 'It is generated by the Secrets stack: deploy the stage again.'
            : `npm run secrets:set -- --stage ${stage} --only ${key}${key === 'stripeSecretKey' ? ' (after stripeWebhookSecret: docs/deploy.md, Register the Stripe webhook)' : ''}`,
      });
    else add({ name, status: 'ok', detail: 'set' });
  }

  // Stripe webhook.
  const secretKey = values.get('stripeSecretKey');
  if (secretKey && secretKey !== SECRET_PLACEHOLDER_VALUE) {
    const expected = siteUrl ? `${siteUrl.replace(/\/$/, '')}${STRIPE_WEBHOOK_PATH}` : undefined;
    if (!expected)
      add({
        name: 'Stripe webhook',
        status: 'warn',
        detail: 'the site URL is not known before the first deploy',
        fix: 'Run preflight again after the deploy.',
      });
    else {
      const endpoints = await clients.stripeWebhooks(secretKey);
      const endpoint = endpoints.find((e) => e.url === expected);
      const missing = endpoint ? STRIPE_WEBHOOK_EVENTS.filter((e) => !endpoint.events.includes(e) && !endpoint.events.includes('*')) : [];
      if (!endpoint)
        add({
          name: 'Stripe webhook',
          status: 'fail',
          detail: `no endpoint for ${expected}${endpoints.length ? ` (registered: ${endpoints.map((e) => e.url).join(', ')})` : ''}`,
          fix: `Stripe Dashboard → Developers → Webhooks → Add endpoint ${expected} with ${STRIPE_WEBHOOK_EVENTS.join(', ')}, then store its signing secret (docs/deploy.md, Register the Stripe webhook).`,
        });
      else if (endpoint.status !== 'enabled')
        add({ name: 'Stripe webhook', status: 'fail', detail: `${expected} is ${endpoint.status}`, fix: 'Enable the endpoint in the Stripe Dashboard.' });
      else if (missing.length)
        add({
          name: 'Stripe webhook',
          status: 'fail',
          detail: `${expected} does not receive ${missing.join(', ')}`,
          fix: 'Add those events to the endpoint in the Stripe Dashboard.',
        });
      else add({ name: 'Stripe webhook', status: 'ok', detail: `${expected} registered and enabled` });
    }
  }
  return checks;
}

export function describeChecks(checks: Check[]): string {
  const mark = { ok: '✓', warn: '!', fail: '✗', skip: '-' } as const;
  const lines = checks.flatMap((c) => [`${mark[c.status]} ${c.name}: ${c.detail}`, ...(c.status !== 'ok' && c.fix ? [`    → ${c.fix}`] : [])]);
  const failed = checks.filter((c) => c.status === 'fail').length;
  const skipped = checks.filter((c) => c.status === 'skip').length;
  const notRun = skipped ? ` ${skipped} check${skipped === 1 ? '' : 's'} not run.` : '';
  lines.push(failed ? `${failed} check${failed === 1 ? '' : 's'} failed.${notRun}` : skipped ? `Nothing failed.${notRun}` : 'Preflight passed.');
  return lines.join('\n');
}

/**
 * The checks runPreflight makes against the account, each marked not run with the reason and
 * what to do: what preflight prints for them without credentials or without a deployable config.
 * `settings` may be the config file as written (it need not validate).
 */
export function plannedChecks(settings: Partial<StageConfig> & Pick<StageConfig, 'stage'>, why: string, fix: string, siteUrl?: string): Check[] {
  const skip = (name: string, what: string): Check => ({ name, status: 'skip', detail: `not run (${why}); checks that ${what}`, fix });
  const checks: Check[] = [];
  for (const [key, arn, host] of [
    ['certificateArn', settings.certificateArn, settings.domainName],
    ['apiCertificateArn', settings.apiCertificateArn, settings.apiDomainName],
  ] as const) {
    if (arn) checks.push(skip(`certificate ${key}`, `${arn} is in this account, issued in ACM (us-east-1)${host ? ` and covers ${host}` : ''}`));
  }
  checks.push(skip('SES production access', 'the account is out of the SES sandbox and sending is not paused'));
  const identity = settings.emailDomain ?? settings.emailFrom;
  if (identity) checks.push(skip(`SES identity ${identity}`, `${identity} is verified with SES`));
  checks.push(skip('Lambda concurrency', `the account allows at least ${MIN_LAMBDA_CONCURRENCY} concurrent executions`));
  for (const key of SECRET_KEYS)
    checks.push(skip(`secret ${key}`, `${secretName(settings.stage, key)} is set${REQUIRED_SECRETS.includes(key) ? '' : ' (optional)'}`));
  const site = siteUrl ?? (settings.domainName ? `https://${settings.domainName}` : '<site>');
  checks.push(
    skip(
      'Stripe webhook',
      `with the card key stored, ${site.replace(/\/$/, '')}${STRIPE_WEBHOOK_PATH} is registered in Stripe, enabled, with ${STRIPE_WEBHOOK_EVENTS.join(', ')}`,
    ),
  );
  return checks;
}

/** The AWS SDKs and Stripe behind PreflightClients. */
export async function sdkClients(region: string): Promise<PreflightClients> {
  const { ACMClient, DescribeCertificateCommand } = await import('@aws-sdk/client-acm');
  const { SESv2Client, GetAccountCommand, GetEmailIdentityCommand } = await import('@aws-sdk/client-sesv2');
  const { LambdaClient, GetAccountSettingsCommand } = await import('@aws-sdk/client-lambda');
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const notFound = (err: unknown) => (err as Error).name === 'ResourceNotFoundException' || (err as Error).name === 'NotFoundException';
  const acm = new ACMClient({ region });
  const ses = new SESv2Client({ region });
  const lambda = new LambdaClient({ region });
  const secrets = new SecretsManagerClient({ region });
  return {
    async certificate(arn) {
      try {
        const c = (await acm.send(new DescribeCertificateCommand({ CertificateArn: arn }))).Certificate;
        return { status: c?.Status ?? 'UNKNOWN', domains: c?.SubjectAlternativeNames ?? (c?.DomainName ? [c.DomainName] : []) };
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
    async sesAccount() {
      const a = await ses.send(new GetAccountCommand({}));
      return { productionAccess: Boolean(a.ProductionAccessEnabled), sendingEnabled: a.SendingEnabled !== false };
    },
    async sesIdentity(identity) {
      try {
        const i = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
        return { verified: Boolean(i.VerifiedForSendingStatus), status: i.VerificationStatus ?? 'UNKNOWN' };
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
    async lambdaConcurrency() {
      return (await lambda.send(new GetAccountSettingsCommand({}))).AccountLimit?.ConcurrentExecutions ?? 0;
    },
    async secretValue(name) {
      try {
        return (await secrets.send(new GetSecretValueCommand({ SecretId: name }))).SecretString;
      } catch (err) {
        if (notFound(err)) return undefined;
        throw err;
      }
    },
    async stripeWebhooks(secretKey) {
      const { default: Stripe } = await import('stripe');
      const stripe = new Stripe(secretKey);
      const out: { url: string; status: string; events: string[] }[] = [];
      for await (const e of stripe.webhookEndpoints.list({ limit: 100 })) out.push({ url: e.url, status: e.status, events: e.enabled_events });
      return out;
    },
  };
}

/** The stage's settings as the deploy reads and checks them, with the site URL the first deploy saved. */
export function deployedConfig(stage: 'dev' | 'prod', configDir?: string): { config: StageConfig; siteUrl?: string } {
  const config = deployConfig(stage, [], configDir);
  return { config, siteUrl: knownSiteUrl(config) ?? savedSiteUrl(stage) };
}

function savedSiteUrl(stage: string): string | undefined {
  const contextFile = join(REPO_ROOT, 'cdk.context.json');
  const saved = existsSync(contextFile) ? (JSON.parse(readFileSync(contextFile, 'utf8')) as Record<string, unknown>)[`siteUrl:${stage}`] : undefined;
  return typeof saved === 'string' ? saved : undefined;
}

/** What preflight asks, replaced in the tests. */
export interface PreflightDeps {
  sts(region: string): Promise<StsApi>;
  clients(region: string): Promise<PreflightClients>;
}

/**
 * Every check, in order: the credentials (who and where), the config file (as the deploy checks
 * it), then those against the account. Without credentials or a deployable config the account's
 * checks are listed as not run, each with what it checks and what to do, and nothing is asked of AWS
 * but who the credentials are.
 */
export async function preflight(argv: string[], deps: PreflightDeps = { sts: (r) => sdkSts(r), clients: sdkClients }, configDir?: string): Promise<Check[]> {
  const args = parseOpsArgs(argv);
  const checks: Check[] = [];
  let identity: AwsIdentity | undefined;
  try {
    identity = await awsIdentity(await deps.sts(args.region), args.region);
    checks.push({ name: 'AWS credentials', status: 'ok', detail: describeIdentity(identity) });
  } catch (err) {
    if (!(err instanceof AwsAccessError)) throw err;
    checks.push({ name: 'AWS credentials', status: 'fail', detail: err.message });
  }
  const file = stageConfigPath(args.stage, configDir);
  let deployed: { config: StageConfig; siteUrl?: string } | undefined;
  try {
    deployed = deployedConfig(args.stage, configDir);
    checks.push({ name: 'config', status: 'ok', detail: `${file} is deployable` });
  } catch (err) {
    const [first, ...rest] = (err as Error).message.split('\n');
    checks.push({
      name: 'config',
      status: 'fail',
      detail: [first, ...rest.map((l) => `    ${l}`)].join('\n'),
      // A missing file's sentence already says to copy the example.
      fix: existsSync(file) ? `Edit ${file} (docs/deploy.md, Configure the stage), then run this again.` : undefined,
    });
  }
  if (identity && deployed) return [...checks, ...(await runPreflight(deployed.config, await deps.clients(args.region), deployed.siteUrl, identity.account))];
  let written: Record<string, unknown> = {};
  try {
    written = readConfigFile(file);
  } catch {
    // Not JSON: the config check above says so; the plan lists what it can without it.
  }
  const settings = { ...written, stage: args.stage } as Partial<StageConfig> & Pick<StageConfig, 'stage'>;
  const plan = identity
    ? plannedChecks(settings, 'the config is not deployable', `Fix ${file} (above), then run this again.`, savedSiteUrl(args.stage))
    : plannedChecks(settings, 'no AWS credentials', SET_CREDENTIALS, savedSiteUrl(args.stage));
  return [...checks, ...plan];
}

async function main(argv: string[]): Promise<void> {
  const checks = await preflight(argv);
  console.log(describeChecks(checks));
  if (checks.some((c) => c.status === 'fail')) process.exitCode = 1;
}

runIfMain(import.meta.url, () => main(process.argv.slice(2)));
