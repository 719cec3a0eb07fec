import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SECRET_KEYS } from '../functions/secrets-catalog.ts';
import { exampleConfigPath } from '../infra/stage-config.ts';
import { type DeploySteps, deploy, nextSteps } from './deploy.ts';
import { AwsAccessError, awsIdentity, describeAccessError, NO_CREDENTIALS, type StsApi, sdkSts } from './ops/aws-access.ts';
import { parseArgs as secretsSetArgs } from './secrets-set.ts';

/** The SDK's own error when no provider of the chain has credentials. */
const noCredentials = () => Object.assign(new Error('Could not load credentials from any providers'), { name: 'CredentialsProviderError' });

/** A deploy whose every step is recorded; none must run before the checks pass. */
function recordingSteps(sts: () => Promise<StsApi>) {
  const ran: string[] = [];
  const steps: DeploySteps = {
    sts: async () => sts(),
    buildFrontend: () => void ran.push('buildFrontend'),
    buildFunctions: async () => void ran.push('buildFunctions'),
    cdk: (args) => void ran.push(`cdk ${args[0]}`),
    log: (line) => void ran.push(`log ${line}`),
  };
  return { ran, steps };
}

const dir = mkdtempSync(join(tmpdir(), 'deploy-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run deploy fails in its first seconds, before anything is built', () => {
  it('without credentials: one sentence saying what to do, from the SDK credential chain, no network', async () => {
    // The real STS client, its credential provider failing as the default chain does on a machine without credentials.
    const { ran, steps } = recordingSteps(() => sdkSts('us-east-1', async () => Promise.reject(noCredentials())));
    const started = Date.now();
    await expect(deploy(['--stage', 'prod'], steps, dir)).rejects.toThrow(new AwsAccessError(NO_CREDENTIALS));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ran).toEqual([]);
    expect(NO_CREDENTIALS.split(/(?<=\.) /)).toHaveLength(1);
  });

  it('names expired, refused and unreachable credentials in one sentence each', () => {
    expect(describeAccessError(Object.assign(new Error('The SSO session associated with this profile has expired'), { name: 'Error' }), 'us-east-1')).toMatch(
      /^The AWS credentials have expired: run `aws sso login`/,
    );
    expect(
      describeAccessError(Object.assign(new Error('The security token included in the request is invalid.'), { name: 'InvalidClientTokenId' }), 'us-east-1'),
    ).toBe('AWS refused these credentials (InvalidClientTokenId): check AWS_PROFILE or the access key in use, then run this again.');
    expect(describeAccessError(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), 'us-east-1')).toMatch(
      /^AWS STS in us-east-1 could not be reached \(ENOTFOUND\)/,
    );
  });

  it('gives up on an STS that does not answer', async () => {
    const never: StsApi = { callerIdentity: () => new Promise(() => {}) };
    await expect(awsIdentity(never, 'us-east-1', 50)).rejects.toThrow(
      /^AWS STS in us-east-1 did not answer within .+: check the network or proxy, then run this again\.$/,
    );
  });

  it('refuses the unedited example, naming each example value, before building', async () => {
    copyFileSync(exampleConfigPath('prod'), join(dir, 'prod.json'));
    copyFileSync(exampleConfigPath('prod'), join(dir, 'prod.example.json'));
    const { ran, steps } = recordingSteps(async () => ({
      callerIdentity: async () => ({ account: '210987654321', arn: 'arn:aws:iam::210987654321:user/ops' }),
    }));
    const message = await deploy(['--stage', 'prod'], steps, dir).then(
      () => '',
      (err: Error) => err.message,
    );
    for (const key of [
      'domainName',
      'certificateArn',
      'apiDomainName',
      'apiCertificateArn',
      'emailFrom',
      'emailDomain',
      'stripePublishableKey',
      'ownerEmail',
    ]) {
      expect(message).toMatch(new RegExp(`^ {2}- ${key}: "[^"]+" is .+\\.$`, 'm'));
    }
    expect(message).toContain('alarmEmails.0: "ops@example.com" is an example address');
    expect(message).toContain('sellerLegalName: "Example Filings LLC" is the example\'s value');
    expect(message).toContain('sellerAddress.line1: "100 Example Street" is the example\'s value');
    expect(ran).toEqual([]);
  });

  it("refuses a certificate of another account than the credentials', before building", async () => {
    const settings = JSON.parse(readFileSync(exampleConfigPath('prod'), 'utf8')) as Record<string, unknown>;
    const own = {
      ...settings,
      domainName: 'www.creatorllc.co',
      certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/site',
      apiDomainName: 'api.creatorllc.co',
      apiCertificateArn: 'arn:aws:acm:us-east-1:210987654321:certificate/api',
      emailFrom: 'orders@creatorllc.co',
      emailDomain: 'creatorllc.co',
      stripePublishableKey: 'pk_live_51Hx',
      ownerEmail: 'owner@creatorllc.co',
      alarmEmails: ['ops@creatorllc.co'],
      sellerLegalName: 'Creator Filings LLC',
      sellerAddress: { line1: '500 Brickell Key Drive', city: 'Miami', state: 'FL', zip: '33131' },
    };
    writeFileSync(join(dir, 'prod.json'), JSON.stringify(own));
    const { ran, steps } = recordingSteps(async () => ({
      callerIdentity: async () => ({ account: '210987654321', arn: 'arn:aws:iam::210987654321:user/ops' }),
    }));
    await expect(deploy(['--stage', 'prod'], steps, dir)).rejects.toThrow(
      'certificateArn: is a certificate of account 111122223333, but the AWS credentials are for account 210987654321',
    );
    expect(ran).toEqual([]);
  });
});

describe("the deploy's closing hint", () => {
  /** The secrets each `npm run secrets:set -- ...` of a text stores, in the order they are stored. */
  const storedInOrder = (text: string) =>
    [...text.matchAll(/npm run secrets:set -- ([^\n`(]*)/g)]
      .flatMap(([, args]) => secretsSetArgs(args.trim().split(/\s+/)).only)
      .filter((k) => (SECRET_KEYS as readonly string[]).includes(k));
  const firstOf = (keys: readonly string[], key: string) => keys.indexOf(key);

  it('stores the webhook secret before the card key, as docs/deploy.md does', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', 'docs', 'deploy.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Register the Stripe webhook'), doc.indexOf('\n## ', doc.indexOf('## Register the Stripe webhook') + 1));
    const documented = storedInOrder(section);
    expect(documented.slice(0, 2)).toEqual(['stripeWebhookSecret', 'stripeSecretKey']);
    const hinted = storedInOrder(nextSteps('prod'));
    expect(firstOf(hinted, 'stripeWebhookSecret')).toBeGreaterThanOrEqual(0);
    expect(firstOf(hinted, 'stripeWebhookSecret')).toBeLessThan(firstOf(hinted, 'stripeSecretKey'));
    // Every secret the hint names, it names in the doc's order.
    const order = (keys: readonly string[]) => [...new Set(keys)].filter((k) => (documented as readonly string[]).includes(k));
    expect(order(hinted)).toEqual(order(documented));
  });
});
