import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { contextOverrides, deployConfig, stageFromArgs } from '../scripts/deploy.ts';
import { synthArgs } from '../scripts/synth.ts';
import {
  CONFIG_DIR,
  certificateAccountProblems,
  EXAMPLE_API_DOMAIN_CONTEXT,
  exampleConfigPath,
  exampleValueProblems,
  parseStageConfig,
  readConfigFile,
  stageConfigFromContext,
} from './stage-config.ts';

/** The message of what `fn` throws ('' when it does not throw). */
function problems(fn: () => unknown): string {
  try {
    fn();
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

const complete = { stage: 'prod', ...EXAMPLE_API_DOMAIN_CONTEXT };
const without = (key: keyof typeof EXAMPLE_API_DOMAIN_CONTEXT) => Object.fromEntries(Object.entries(complete).filter(([k]) => k !== key));

describe('stage configuration: one sentence per missing or inconsistent prod value', () => {
  it('accepts the complete prod settings and each committed example', () => {
    expect(() => parseStageConfig(complete)).not.toThrow();
    for (const stage of ['prod', 'dev']) {
      const config = parseStageConfig({ ...readConfigFile(exampleConfigPath(stage)), stage });
      expect(config.stage).toBe(stage);
      expect(config.alarmEmails.length).toBeGreaterThan(0);
    }
  });

  it('carries the SES sending quotas (defaults: a new account’s 14 a second, 50,000 a day) and refuses a second above the day', () => {
    expect(parseStageConfig(complete)).toMatchObject({ emailMaxPerSecond: 14, emailMaxPerDay: 50_000 });
    expect(parseStageConfig({ ...complete, emailMaxPerSecond: '20', emailMaxPerDay: '100000' })).toMatchObject({
      emailMaxPerSecond: 20,
      emailMaxPerDay: 100_000,
    });
    expect(problems(() => parseStageConfig({ ...complete, emailMaxPerSecond: 500, emailMaxPerDay: 200 }))).toContain(
      'emailMaxPerSecond cannot be more than emailMaxPerDay',
    );
    expect(parseStageConfig({ ...readConfigFile(exampleConfigPath('dev')), stage: 'dev' })).toMatchObject({ emailMaxPerSecond: 1, emailMaxPerDay: 200 });
  });

  it('names a missing publishable key', () => {
    expect(problems(() => parseStageConfig(without('stripePublishableKey')))).toContain(
      'stripePublishableKey: prod needs the Stripe publishable key (pk_live_...): without it the checkout offers no payment method, even with the secret key stored.',
    );
  });

  it('refuses a test publishable key on prod, and only on prod', () => {
    expect(problems(() => parseStageConfig({ ...complete, stripePublishableKey: 'pk_test_abc' }))).toContain(
      'stripePublishableKey: prod takes the live publishable key (pk_live_...), not a test key (pk_test_)',
    );
    expect(parseStageConfig({ stage: 'dev', stripePublishableKey: 'pk_test_abc' }).stripePublishableKey).toBe('pk_test_abc');
  });

  it('names a missing owner email', () => {
    expect(problems(() => parseStageConfig(without('ownerEmail')))).toContain(
      'ownerEmail: prod needs the owner\'s email address: without it the owner\'s correct password answers "Invalid credentials"',
    );
  });

  it('names missing alarm recipients', () => {
    expect(problems(() => parseStageConfig(without('alarmEmails')))).toContain('alarmEmails: prod needs at least one alarm recipient');
    expect(problems(() => parseStageConfig({ ...complete, alarmEmails: [] }))).toContain('alarmEmails: prod needs at least one alarm recipient');
    expect(problems(() => parseStageConfig({ ...complete, alarmEmails: ['not an address'] }))).toContain('alarmEmails.0: must list plain addresses');
  });

  it('names a certificate outside us-east-1 with its region', () => {
    const euCert = 'arn:aws:acm:eu-west-1:123456789012:certificate/abc';
    const message = problems(() => parseStageConfig({ ...complete, apiCertificateArn: euCert }));
    expect(message).toContain(
      "apiCertificateArn: is a certificate in eu-west-1, but CloudFront and the API's domain only read certificates issued in us-east-1: request it again there",
    );
    expect(problems(() => parseStageConfig({ ...complete, domainName: 'www.example.com', certificateArn: euCert }))).toContain(
      'certificateArn: is a certificate in eu-west-1',
    );
    expect(problems(() => parseStageConfig({ ...complete, certificateArn: 'not-an-arn', domainName: 'www.example.com' }))).toContain(
      'certificateArn: must be an ACM certificate ARN',
    );
  });

  it('lists every problem of an empty prod config, one line each', () => {
    const lines = problems(() => parseStageConfig({ stage: 'prod' }, 'config/prod.json')).split('\n');
    expect(lines[0]).toBe('The prod configuration (config/prod.json, -c key=value overrides) is not deployable:');
    const keys = lines.slice(1).map((l) => /^ {2}- (\w+):/.exec(l)?.[1]);
    expect(keys).toEqual(expect.arrayContaining(['stripePublishableKey', 'ownerEmail', 'alarmEmails', 'apiDomainName', 'emailFrom', 'sellerLegalName']));
    for (const line of lines.slice(1)) expect(line).toMatch(/^ {2}- [\w.]+: .+\.$/);
  });

  it('names a missing seller (legal name or address) in one sentence, only on prod', () => {
    const sentence =
      'sellerLegalName: prod needs the seller every receipt names: set "sellerLegalName" (the company\'s legal name) and "sellerAddress" ({"line1", "city", "state", "zip"}) in config/prod.json.';
    expect(problems(() => parseStageConfig(without('sellerLegalName')))).toContain(sentence);
    expect(problems(() => parseStageConfig(without('sellerAddress')))).toContain(sentence);
    expect(
      problems(() => parseStageConfig({ stage: 'prod' }))
        .split('\n')
        .filter((l) => l.includes('sellerLegalName')),
    ).toHaveLength(1);
    expect(parseStageConfig({ stage: 'dev' }).sellerLegalName).toBeUndefined();
  });

  it('takes the seller address as an object in the file or as JSON with -c, checked like the operator settings address', () => {
    const address = { line1: '500 Brickell Key Drive', line2: 'Suite 300', city: 'Miami', state: 'FL', zip: '33131' };
    expect(parseStageConfig({ ...complete, sellerAddress: JSON.stringify(address) }).sellerAddress).toEqual(address);
    expect(parseStageConfig({ ...complete, sellerAddress: address }).sellerAddress).toEqual(address);
    expect(problems(() => parseStageConfig({ ...complete, sellerAddress: { ...address, zip: '331' } }))).toContain(
      'sellerAddress.zip: Enter a 5-digit ZIP code',
    );
    expect(problems(() => parseStageConfig({ ...complete, sellerAddress: { ...address, state: 'ZZ' } }))).toContain('sellerAddress.state: Choose a state');
    expect(problems(() => parseStageConfig({ ...complete, sellerAddress: '500 Brickell Key Drive, Miami' }))).toContain('sellerAddress:');
  });

  it('takes -c alarmEmail (one address or a comma-separated list) for alarmEmails', () => {
    expect(parseStageConfig({ stage: 'dev', alarmEmail: 'a@example.com, b@example.com' }).alarmEmails).toEqual(['a@example.com', 'b@example.com']);
    expect(parseStageConfig({ stage: 'dev' }).alarmEmails).toEqual([]);
  });

  it('refuses an unknown setting in a config file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stage-config-'));
    try {
      writeFileSync(join(dir, 'prod.json'), JSON.stringify({ alarmEmial: 'ops@example.com' }));
      expect(() => readConfigFile(join(dir, 'prod.json'))).toThrow(/unknown setting alarmEmial/);
      writeFileSync(join(dir, 'prod.json'), '{');
      expect(() => readConfigFile(join(dir, 'prod.json'))).toThrow(/is not valid JSON/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A prod stage's own settings: none of them the example's. */
const OWN = {
  stage: 'prod',
  domainName: 'www.creatorllc.co',
  certificateArn: 'arn:aws:acm:us-east-1:210987654321:certificate/site',
  apiDomainName: 'api.creatorllc.co',
  apiCertificateArn: 'arn:aws:acm:us-east-1:210987654321:certificate/api',
  emailFrom: 'orders@creatorllc.co',
  emailDomain: 'creatorllc.co',
  stripePublishableKey: 'pk_live_51HxAbC',
  ownerEmail: 'owner@creatorllc.co',
  alarmEmails: ['ops@creatorllc.co'],
  backupCopyRegion: 'us-west-2',
  sellerLegalName: 'Creator Filings LLC',
  sellerAddress: { line1: '500 Brickell Key Drive', city: 'Miami', state: 'FL', zip: '33131' },
  logLevel: 'INFO',
};

describe('the example values are refused where a stage is deployed from', () => {
  const example = readConfigFile(exampleConfigPath('prod'));

  it('names each example value of the unedited prod example in one sentence', () => {
    const message = problems(() => parseStageConfig({ ...example, stage: 'prod' }, 'config/prod.json', { example }));
    const lines = message.split('\n');
    expect(lines[0]).toBe('The prod configuration (config/prod.json, -c key=value overrides) is not deployable:');
    const named = lines.slice(1).map((l) => /^ {2}- ([\w.]+): "([^"]+)" is .+\.$/.exec(l)?.slice(1, 3));
    expect(named).toEqual([
      ['domainName', 'www.example.com'],
      ['apiDomainName', 'api.example.com'],
      ['emailDomain', 'example.com'],
      ['emailFrom', 'orders@example.com'],
      ['ownerEmail', 'owner@example.com'],
      ['alarmEmails.0', 'ops@example.com'],
      ['certificateArn', String(example.certificateArn)],
      ['apiCertificateArn', String(example.apiCertificateArn)],
      ['stripePublishableKey', 'pk_live_example'],
      ['sellerLegalName', 'Example Filings LLC'],
      ['sellerAddress.line1', '100 Example Street'],
    ]);
    expect(message).toContain(
      'certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-4000-8000-000000000001" is in the example account 123456789012',
    );
    // The settings any stage may share with the example (a region, a city, the log level) are not named.
    expect(message).not.toMatch(/backupCopyRegion|logLevel|sellerAddress\.(city|state|zip)/);
  });

  it('refuses example domains, addresses, the example account and _example keys whatever the example file holds', () => {
    const found = exampleValueProblems({
      domainName: 'shop.example.net',
      inboundEmailDomain: 'reply.example.org',
      siteUrl: 'https://www.example.com',
      alarmEmails: 'ops@creatorllc.co, alerts@EXAMPLE.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/mine',
      stripePublishableKey: 'pk_test_example',
    });
    expect(found.map((p) => p.path)).toEqual(['domainName', 'inboundEmailDomain', 'alarmEmails.1', 'siteUrl', 'certificateArn', 'stripePublishableKey']);
    expect(exampleValueProblems(OWN, example)).toEqual([]);
  });

  it('accepts a stage of its own, and the example where it is synthesised as the example (CI, the CDK tests)', () => {
    expect(() => parseStageConfig(OWN, 'config/prod.json', { example })).not.toThrow();
    expect(() => parseStageConfig({ ...example, stage: 'prod' })).not.toThrow();
  });

  it('refuses a copied example in the CDK app, and synthesises the committed one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stage-config-app-'));
    try {
      writeFileSync(join(dir, 'prod.json'), readFileSync(exampleConfigPath('prod')));
      const copied = new App({ outdir: join(dir, 'copied.out'), context: { stage: 'prod', configFile: join(dir, 'prod.json') } });
      expect(problems(() => stageConfigFromContext(copied.node))).toContain('stripePublishableKey: "pk_live_example" is the example\'s placeholder');
      // Each app makes its assembly folder when it is made: in the test's folder, removed below.
      const committed = new App({ outdir: join(dir, 'committed.out'), context: { stage: 'prod', configFile: exampleConfigPath('prod') } });
      expect(stageConfigFromContext(committed.node).stripePublishableKey).toBe('pk_live_example');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names a certificate of another account than the credentials'", () => {
    const config = parseStageConfig(OWN);
    expect(certificateAccountProblems(config, '210987654321')).toEqual([]);
    expect(certificateAccountProblems(config, '111122223333').map((p) => p.path)).toEqual(['certificateArn', 'apiCertificateArn']);
    expect(certificateAccountProblems(config, '111122223333')[0].message).toMatch(
      /^is a certificate of account 210987654321, but the AWS credentials are for account 111122223333: /,
    );
  });
});

describe('deploy and synth read the stage from --stage or -c stage=', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the stage and the -c overrides', () => {
    expect(stageFromArgs(['--stage', 'prod'])).toBe('prod');
    expect(stageFromArgs(['-c', 'stage=prod'])).toBe('prod');
    expect(stageFromArgs([])).toBe('dev');
    expect(contextOverrides(['-c', 'ownerEmail=o@example.com', '--context=logLevel=DEBUG', '--require-approval', 'never'])).toEqual({
      ownerEmail: 'o@example.com',
      logLevel: 'DEBUG',
    });
    expect(synthArgs(['-c', 'stage=prod', '--quiet'])).toEqual({ stages: ['prod'], passThrough: ['--quiet'] });
    expect(synthArgs([]).stages).toEqual(['dev', 'prod']);
  });

  it('refuses to deploy without the stage config file, naming the example to copy', () => {
    expect(() => deployConfig('prod', [], dir)).toThrow(`No ${join(dir, 'prod.json')}: copy ${join(dir, 'prod.example.json')} to it`);
  });

  it('validates the file with the -c overrides before building anything', () => {
    // A stage's own values: a deploy refuses the example's (above).
    const { alarmEmails, stage: _stage, ...rest } = OWN;
    writeFileSync(join(dir, 'prod.json'), JSON.stringify({ ...rest, stripePublishableKey: 'pk_test_abc' }));
    const message = problems(() => deployConfig('prod', ['--stage', 'prod'], dir));
    expect(message).toContain('stripePublishableKey: prod takes the live publishable key');
    expect(message).toContain('alarmEmails: prod needs at least one alarm recipient');
    const config = deployConfig('prod', ['-c', 'stripePublishableKey=pk_live_abc', '-c', `alarmEmail=${alarmEmails[0]}`], dir);
    expect(config).toMatchObject({ stripePublishableKey: 'pk_live_abc', alarmEmails });
  });

  it('keeps the real config files out of git and the examples in', () => {
    const ignored = (file: string) => spawnSync('git', ['check-ignore', '-q', join(CONFIG_DIR, file)]).status === 0;
    expect(ignored('prod.json')).toBe(true);
    expect(ignored('dev.json')).toBe(true);
    expect(ignored('prod.example.json')).toBe(false);
    expect(ignored('dev.example.json')).toBe(false);
  });
});
