import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SECRET_KEYS } from '../../functions/secrets-catalog.ts';
import { EXAMPLE_API_DOMAIN_CONTEXT, exampleConfigPath, parseStageConfig, secretName } from '../../infra/stage-config.ts';
import { NO_CREDENTIALS, SET_CREDENTIALS, sdkSts } from './aws-access.ts';
import {
  type Check,
  certificateCovers,
  describeChecks,
  MIN_LAMBDA_CONCURRENCY,
  type PreflightClients,
  preflight,
  runPreflight,
  STRIPE_WEBHOOK_EVENTS,
} from './preflight.ts';

const SITE_CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-4000-8000-000000000001';
const config = parseStageConfig({
  stage: 'prod',
  ...EXAMPLE_API_DOMAIN_CONTEXT,
  domainName: 'www.example.com',
  certificateArn: SITE_CERT,
  emailDomain: 'example.com',
});

/** An account where everything is ready; each test breaks one thing. */
function healthy() {
  const state = {
    certificates: new Map<string, { status: string; domains: string[] } | undefined>([
      [SITE_CERT, { status: 'ISSUED', domains: ['example.com', '*.example.com'] }],
      [EXAMPLE_API_DOMAIN_CONTEXT.apiCertificateArn, { status: 'ISSUED', domains: ['api.example.com'] }],
    ]),
    ses: { productionAccess: true, sendingEnabled: true },
    identity: { verified: true, status: 'SUCCESS' } as { verified: boolean; status: string } | undefined,
    concurrency: 1000,
    secrets: new Map<string, string | undefined>(SECRET_KEYS.map((k) => [secretName('prod', k), k === 'stripeSecretKey' ? 'sk_live_123' : `value-of-${k}`])),
    webhooks: [{ url: 'https://www.example.com/api/webhook/stripe', status: 'enabled', events: [...STRIPE_WEBHOOK_EVENTS] as string[] }],
    stripeKeysUsed: [] as string[],
  };
  const clients: PreflightClients = {
    certificate: async (arn) => state.certificates.get(arn),
    sesAccount: async () => state.ses,
    sesIdentity: async (identity) => (identity === 'example.com' ? state.identity : undefined),
    lambdaConcurrency: async () => state.concurrency,
    secretValue: async (name) => state.secrets.get(name),
    stripeWebhooks: async (key) => {
      state.stripeKeysUsed.push(key);
      return state.webhooks;
    },
  };
  return { state, clients };
}

const failed = (checks: Check[]) => checks.filter((c) => c.status === 'fail');
const byName = (checks: Check[], name: string) => checks.find((c) => c.name === name) as Check;

describe('npm run preflight', () => {
  it('passes an account where everything is ready, asking Stripe with the stored key', async () => {
    const { state, clients } = healthy();
    const checks = await runPreflight(config, clients);
    expect(failed(checks)).toEqual([]);
    expect(checks.filter((c) => c.status === 'warn')).toEqual([]);
    expect(state.stripeKeysUsed).toEqual(['sk_live_123']);
    expect(describeChecks(checks)).toMatch(/Preflight passed\.$/);
  });

  it('fails a certificate that is pending, missing, or does not cover its domain, saying what to do', async () => {
    const { state, clients } = healthy();
    state.certificates.set(SITE_CERT, { status: 'PENDING_VALIDATION', domains: ['www.example.com'] });
    state.certificates.set(EXAMPLE_API_DOMAIN_CONTEXT.apiCertificateArn, { status: 'ISSUED', domains: ['shop.example.com'] });
    let checks = await runPreflight(config, clients);
    expect(byName(checks, 'certificate certificateArn')).toMatchObject({ status: 'fail', detail: expect.stringContaining('PENDING_VALIDATION') });
    expect(byName(checks, 'certificate certificateArn').fix).toMatch(/DNS validation CNAME/);
    expect(byName(checks, 'certificate apiCertificateArn')).toMatchObject({ status: 'fail', detail: 'it covers shop.example.com, not api.example.com' });
    state.certificates.set(SITE_CERT, undefined);
    checks = await runPreflight(config, clients);
    expect(byName(checks, 'certificate certificateArn').detail).toMatch(/does not exist in this account/);
    expect(describeChecks(checks)).toMatch(/2 checks failed\.$/);
  });

  it('fails the SES sandbox, paused sending and an unverified identity; warns before the identity exists', async () => {
    const { state, clients } = healthy();
    state.ses = { productionAccess: false, sendingEnabled: false };
    state.identity = { verified: false, status: 'PENDING' };
    let checks = await runPreflight(config, clients);
    expect(byName(checks, 'SES production access')).toMatchObject({ status: 'fail', fix: expect.stringContaining('Request production access') });
    expect(byName(checks, 'SES sending').status).toBe('fail');
    expect(byName(checks, 'SES identity example.com')).toMatchObject({ status: 'fail', fix: expect.stringContaining('EmailDkimRecord') });
    state.identity = undefined;
    checks = await runPreflight(config, clients);
    expect(byName(checks, 'SES identity example.com').status).toBe('warn');
  });

  it(`fails a Lambda concurrency quota under ${MIN_LAMBDA_CONCURRENCY}`, async () => {
    const { state, clients } = healthy();
    state.concurrency = 10;
    const check = byName(await runPreflight(config, clients), 'Lambda concurrency');
    expect(check).toMatchObject({ status: 'fail', detail: expect.stringContaining('allows 10 concurrent executions') });
    expect(check.fix).toMatch(/Service Quotas/);
  });

  it('fails a required secret still NOT_CONFIGURED, warns on an optional one, and skips Stripe without its key', async () => {
    const { state, clients } = healthy();
    state.secrets.set(secretName('prod', 'stripeSecretKey'), 'NOT_CONFIGURED');
    state.secrets.set(secretName('prod', 'klarna'), 'NOT_CONFIGURED');
    const checks = await runPreflight(config, clients);
    expect(byName(checks, 'secret stripeSecretKey')).toMatchObject({ status: 'fail', fix: expect.stringContaining('--only stripeSecretKey') });
    expect(byName(checks, 'secret klarna').status).toBe('warn');
    expect(checks.find((c) => c.name === 'Stripe webhook')).toBeUndefined();
    expect(state.stripeKeysUsed).toEqual([]);
  });

  it("fails when no Stripe endpoint is registered for the site's URL, or it is disabled or misses an event", async () => {
    const { state, clients } = healthy();
    state.webhooks = [{ url: 'https://old.example.com/api/webhook/stripe', status: 'enabled', events: ['*'] }];
    const check = byName(await runPreflight(config, clients), 'Stripe webhook');
    expect(check).toMatchObject({ status: 'fail', detail: expect.stringContaining('no endpoint for https://www.example.com/api/webhook/stripe') });
    expect(check.fix).toContain('Add endpoint https://www.example.com/api/webhook/stripe');
    state.webhooks = [{ url: 'https://www.example.com/api/webhook/stripe', status: 'disabled', events: ['*'] }];
    expect(byName(await runPreflight(config, clients), 'Stripe webhook').detail).toMatch(/is disabled/);
    state.webhooks = [{ url: 'https://www.example.com/api/webhook/stripe', status: 'enabled', events: ['payment_intent.succeeded'] }];
    expect(byName(await runPreflight(config, clients), 'Stripe webhook').detail).toMatch(/does not receive payment_intent.payment_failed, charge.refunded/);
  });

  it('matches wildcard certificate names one label deep', () => {
    expect(certificateCovers(['*.example.com'], 'www.example.com')).toBe(true);
    expect(certificateCovers(['*.example.com'], 'example.com')).toBe(false);
    expect(certificateCovers(['*.example.com'], 'a.b.example.com')).toBe(false);
    expect(certificateCovers(['API.example.com'], 'api.example.com')).toBe(true);
  });
});

describe('npm run preflight without credentials', () => {
  const dir = mkdtempSync(join(tmpdir(), 'preflight-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The real STS client, its credential provider failing as the default chain does without credentials.
  const noCredentials = {
    sts: (region: string) =>
      sdkSts(region, async () =>
        Promise.reject(Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' })),
      ),
    clients: async (): Promise<PreflightClients> => {
      throw new Error('no AWS call may be made without credentials');
    },
  };

  it('prints its whole list: the credentials with what to do, the config, and each check against the account as not run', async () => {
    writeFileSync(
      join(dir, 'prod.json'),
      JSON.stringify({
        ...EXAMPLE_API_DOMAIN_CONTEXT,
        apiDomainName: 'api.creatorllc.co',
        apiCertificateArn: 'arn:aws:acm:us-east-1:210987654321:certificate/api',
        domainName: 'www.creatorllc.co',
        certificateArn: 'arn:aws:acm:us-east-1:210987654321:certificate/site',
        emailFrom: 'orders@creatorllc.co',
        emailDomain: 'creatorllc.co',
        stripePublishableKey: 'pk_live_51Hx',
        ownerEmail: 'owner@creatorllc.co',
        alarmEmails: ['ops@creatorllc.co'],
        sellerLegalName: 'Creator Filings LLC',
        sellerAddress: { line1: '500 Brickell Key Drive', city: 'Miami', state: 'FL', zip: '33131' },
      }),
    );
    const checks = await preflight(['--stage', 'prod'], noCredentials, dir);
    expect(checks[0]).toEqual({ name: 'AWS credentials', status: 'fail', detail: NO_CREDENTIALS });
    expect(checks[1]).toMatchObject({ name: 'config', status: 'ok' });
    const rest = checks.slice(2);
    expect(rest.map((c) => c.name)).toEqual([
      'certificate certificateArn',
      'certificate apiCertificateArn',
      'SES production access',
      'SES identity creatorllc.co',
      'Lambda concurrency',
      ...SECRET_KEYS.map((k) => `secret ${k}`),
      'Stripe webhook',
    ]);
    for (const c of rest)
      expect(c).toMatchObject({ status: 'skip', detail: expect.stringMatching(/^not run \(no AWS credentials\); checks that .+/), fix: SET_CREDENTIALS });
    const text = describeChecks(checks);
    expect(text.split('\n')[0]).toBe(`✗ AWS credentials: ${NO_CREDENTIALS}`);
    expect(text).toContain(
      '- Stripe webhook: not run (no AWS credentials); checks that with the card key stored, https://www.creatorllc.co/api/webhook/stripe',
    );
    expect(text).toMatch(new RegExp(`1 check failed\\. ${rest.length} checks not run\\.$`));
  });

  it('lists the example config as not deployable, each example value on its own line, and the checks still', async () => {
    copyFileSync(exampleConfigPath('prod'), join(dir, 'prod.json'));
    copyFileSync(exampleConfigPath('prod'), join(dir, 'prod.example.json'));
    const checks = await preflight(['--stage', 'prod'], noCredentials, dir);
    const config = byName(checks, 'config');
    expect(config.status).toBe('fail');
    expect(config.detail).toContain('stripePublishableKey: "pk_live_example" is the example\'s placeholder');
    expect(config.detail).toContain(
      'apiCertificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-4000-8000-000000000000" is in the example account',
    );
    expect(byName(checks, 'certificate apiCertificateArn').status).toBe('skip');
    expect(byName(checks, 'Lambda concurrency').status).toBe('skip');
  });
});

describe('npm run preflight with credentials', () => {
  it("fails a certificate of another account than the credentials' without asking ACM", async () => {
    const { state, clients } = healthy();
    const asked: string[] = [];
    const checks = await runPreflight(
      config,
      {
        ...clients,
        certificate: async (arn) => {
          asked.push(arn);
          return state.certificates.get(arn);
        },
      },
      undefined,
      '210987654321',
    );
    expect(byName(checks, 'certificate certificateArn')).toMatchObject({
      status: 'fail',
      detail: `${SITE_CERT} is a certificate of account 123456789012, but the AWS credentials are for account 210987654321`,
    });
    expect(asked).toEqual([]);
  });
});
