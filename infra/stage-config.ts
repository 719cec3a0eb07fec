import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from 'constructs';
import * as z from 'zod';
import { operatorAddressSchema } from '../shared/operator/settings.schema.ts';

/**
 * Deployment settings of a stage, from its config file (`config/<stage>.json`, copied from
 * `config/<stage>.example.json` and kept out of git) with CDK context (`-c key=value`) overriding
 * single values. Validated here so a missing or inconsistent value fails the synth with one
 * sentence each instead of producing a half-configured stack.
 */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

/**
 * Every stack of a stage deploys here: a CloudFront web ACL can only be created in us-east-1,
 * and one region for everything keeps references in-stack and one CDK bootstrap per account
 * (docs/decisions/0100-waf-region.md).
 */
export const DEPLOY_REGION = 'us-east-1';

/** An ACM certificate ARN in the deploy region (CloudFront and the API custom domain both read it there). */
const acmCertificateArn = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^arn:aws:acm:[a-z0-9-]+:\d{12}:certificate\/[\w-]+$/, 'must be an ACM certificate ARN (arn:aws:acm:us-east-1:<account>:certificate/<id>)')
    .refine((arn) => !/^arn:aws:acm:/.test(arn) || arn.split(':')[3] === DEPLOY_REGION, {
      error: (issue) =>
        `is a certificate in ${String(issue.input).split(':')[3]}, but CloudFront and the API's domain only read certificates issued in ${DEPLOY_REGION}: request it again there (docs/deploy.md, Certificates)`,
    })
    .optional(),
);
const hostName = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a host name such as api.example.com')
    .optional(),
);

/**
 * The seller's postal address as receipts print it. In the config file an object; with
 * `-c sellerAddress=...` the same object as JSON.
 */
const sellerAddress = z.preprocess(
  (v) => {
    if (v === '') return undefined;
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  // The same address the owner's operator settings take (shared/operator/settings.schema.ts).
  z.optional(operatorAddressSchema),
);

export const stageConfigSchema = z
  .object({
    stage: z.enum(['dev', 'prod']),
    /**
     * Receive the CloudWatch alarm notifications (an SNS email subscription each, to confirm).
     * Required in prod. `-c alarmEmail=a@example.com,b@example.com` overrides the file's list.
     */
    alarmEmails: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : (v ?? []),
      z.array(z.email('must list plain addresses such as ops@example.com')),
    ),
    /** Custom domain for the site, e.g. www.example.com (with certificateArn). */
    domainName: optionalText,
    /** ACM certificate in us-east-1 covering domainName (CloudFront only reads that region). */
    certificateArn: acmCertificateArn,
    /**
     * Custom domain of the HTTP API, e.g. api.example.com (with apiCertificateArn). CloudFront's
     * `/api/*` origin then uses it and the execute-api endpoint is switched off. Required in prod.
     */
    apiDomainName: hostName,
    /** Regional ACM certificate covering apiDomainName, in the API's region (us-east-1). */
    apiCertificateArn: acmCertificateArn,
    /** Only us-east-1 (see DEPLOY_REGION); accepted so that `-c region=...` fails with the reason. */
    region: z
      .literal(DEPLOY_REGION, { error: `every stack deploys to ${DEPLOY_REGION}, where CloudFront web ACLs live (docs/decisions/0100-waf-region.md)` })
      .default(DEPLOY_REGION),
    /** Public site URL used in payment return URLs; defaults to https://<domainName>. */
    siteUrl: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https$/ }).optional()),
    /** Stripe publishable key (pk_live_... or pk_test_...): public, so plain configuration. */
    stripePublishableKey: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^pk_(live|test)_\w+$/, 'must start with pk_live_ or pk_test_')
        .optional(),
    ),
    logLevel: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
    /**
     * The From address of every email the product sends (SES), e.g. orders@example.com. Required in
     * prod; a dev stage without it sends no email (messages end up parked in the outbox).
     */
    emailFrom: z.preprocess((v) => (v === '' ? undefined : v), z.email('must be a plain address such as orders@example.com').optional()),
    /** Verify emailFrom's whole domain with SES (DKIM records to publish) instead of the single address. */
    emailDomain: hostName,
    /**
     * SES's sending quotas for the account (the SES console's "Sending limits"): the sender keeps
     * within them, across every sender instance, through counters in the rateLimits table; what
     * does not fit stays due for the next second, or for the next day (docs/decisions/0420).
     * A new production account has 14 a second and 50,000 a day; the sandbox 1 and 200.
     */
    emailMaxPerSecond: z.preprocess((v) => (v === '' ? undefined : typeof v === 'string' ? Number(v) : v), z.number().int().min(1).max(1000).default(14)),
    emailMaxPerDay: z.preprocess(
      (v) => (v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
      z.number().int().min(1).max(10_000_000).default(50_000),
    ),
    /**
     * Replies to conversation emails come back into their ticket: SES receives mail for this domain
     * (emailDomain or a subdomain of it, e.g. reply.example.com; its MX record points to SES), and
     * the emails carry a reply address there (docs/decisions/0377). Without it the emails say
     * replies are not read.
     */
    inboundEmailDomain: hostName,
    /**
     * Every staff sign-in needs a second factor (an authenticator app). Always on prod; a dev stage
     * may turn it off with -c requireSecondFactor=false. Locally (`npm start`) it is optional.
     */
    requireSecondFactor: z.preprocess((v) => (v === 'false' ? false : v === 'true' ? true : v), z.boolean().default(true)),
    /**
     * Secondary indexes left out of this deploy, as `<table>.<index>` (`-c withoutIndexes=applications.byQueue`): DynamoDB adds one
     * index per table update, so a stage gaining two takes two deploys (docs/deploy.md).
     */
    withoutIndexes: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(z.string()).default([]),
    ),
    /**
     * The handover deploy (`-c routeHandover=true`), once for a stage deployed while its routes were
     * in the Api stack itself: the old routes move to a parked key in the same deploy that creates
     * them in their route groups, since an HTTP API holds one route per key (docs/deploy.md,
     * docs/decisions/0400-routes-live-in-their-group-stack.md). The plain deploy after it removes
     * the parked routes.
     */
    routeHandover: z.preprocess((v) => (v === 'false' ? false : v === 'true' ? true : v), z.boolean().default(false)),
    /**
     * Where AWS Backup copies each daily backup of the tables (a region other than us-east-1, e.g.
     * us-west-2), so a region's outage or a deleted vault does not take every copy. Without it the
     * backups stay in us-east-1 only. Recommended for prod (docs/deploy.md, Backups).
     */
    backupCopyRegion: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'must be an AWS region such as us-west-2')
        .refine((r) => r !== DEPLOY_REGION, { message: `must be another region than ${DEPLOY_REGION}, where the stage and its own backups live` })
        .optional(),
    ),
    /** The owner's email address: the first sign-in with it and the staff password (a secret) creates the owner account. */
    ownerEmail: z.preprocess((v) => (v === '' ? undefined : v), z.email('must be a plain address such as owner@example.com').optional()),
    /**
     * The seller every receipt names (the operator's company, as registered), and its postal
     * address. Required in prod; the owner's operator settings, when set, take precedence
     * (docs/decisions/0371-the-seller-in-the-stage-config.md).
     */
    sellerLegalName: optionalText,
    sellerAddress,
  })
  .refine((c) => c.stage !== 'prod' || Boolean(c.stripePublishableKey), {
    message: 'prod needs the Stripe publishable key (pk_live_...): without it the checkout offers no payment method, even with the secret key stored',
    path: ['stripePublishableKey'],
  })
  .refine((c) => c.stage !== 'prod' || !c.stripePublishableKey?.startsWith('pk_test_'), {
    message: 'prod takes the live publishable key (pk_live_...), not a test key (pk_test_): test cards would be the only ones accepted',
    path: ['stripePublishableKey'],
  })
  .refine((c) => c.stage !== 'prod' || Boolean(c.ownerEmail), {
    message: 'prod needs the owner\'s email address: without it the owner\'s correct password answers "Invalid credentials" and nobody can sign in',
    path: ['ownerEmail'],
  })
  .refine((c) => c.stage !== 'prod' || (Boolean(c.sellerLegalName) && Boolean(c.sellerAddress)), {
    message:
      'prod needs the seller every receipt names: set "sellerLegalName" (the company\'s legal name) and "sellerAddress" ({"line1", "city", "state", "zip"}) in config/prod.json',
    path: ['sellerLegalName'],
  })
  .refine((c) => c.stage !== 'prod' || c.alarmEmails.length > 0, {
    message: 'prod needs at least one alarm recipient: without one every alarm goes to a topic nobody reads',
    path: ['alarmEmails'],
  })
  .refine((c) => !c.domainName === !c.certificateArn, { message: 'domainName and certificateArn go together', path: ['certificateArn'] })
  .refine((c) => !c.apiDomainName === !c.apiCertificateArn, { message: 'apiDomainName and apiCertificateArn go together', path: ['apiCertificateArn'] })
  // Without an API domain the execute-api endpoint must stay on (CloudFront's only way in), and prod must not expose it.
  .refine((c) => c.stage !== 'prod' || Boolean(c.apiDomainName), {
    message: `prod needs the API's own domain so its execute-api endpoint can be switched off: add -c apiDomainName=api.example.com -c apiCertificateArn=<ACM certificate ARN in ${DEPLOY_REGION}> (see docs/deploy.md)`,
    path: ['apiDomainName'],
  })
  .refine((c) => c.stage !== 'prod' || c.requireSecondFactor, {
    message: 'prod requires a second factor for every staff sign-in: remove -c requireSecondFactor=false',
    path: ['requireSecondFactor'],
  })
  .refine((c) => c.stage !== 'prod' || Boolean(c.emailFrom), {
    message:
      'prod sends email and needs its sender address: add -c emailFrom=orders@example.com (and -c emailDomain=example.com to verify the whole domain; see docs/deploy.md)',
    path: ['emailFrom'],
  })
  .refine((c) => c.emailMaxPerSecond <= c.emailMaxPerDay, {
    message: "emailMaxPerSecond cannot be more than emailMaxPerDay: copy both from the SES console's sending limits",
    path: ['emailMaxPerSecond'],
  })
  // SES authorises a send by the identity that covers the From address, and the send permission names that identity.
  .refine((c) => !c.emailDomain || (Boolean(c.emailFrom) && emailDomainOf(c.emailFrom ?? '') === c.emailDomain.toLowerCase()), {
    message: 'emailDomain must be the domain of emailFrom (e.g. -c emailFrom=orders@example.com -c emailDomain=example.com)',
    path: ['emailDomain'],
  })
  // SES receives only for a verified domain: the verified emailDomain, or a subdomain of it.
  .refine((c) => !c.inboundEmailDomain || (Boolean(c.emailDomain) && isDomainOrSubdomain(c.inboundEmailDomain, c.emailDomain ?? '')), {
    message: 'inboundEmailDomain must be emailDomain or a subdomain of it (e.g. -c emailDomain=example.com -c inboundEmailDomain=reply.example.com)',
    path: ['inboundEmailDomain'],
  });

const isDomainOrSubdomain = (name: string, parent: string) => {
  const [n, p] = [name.toLowerCase(), parent.toLowerCase()];
  return n === p || n.endsWith(`.${p}`);
};

/** The domain part of an email address, lower-cased. */
export function emailDomainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

export type StageConfig = z.infer<typeof stageConfigSchema>;

/**
 * Stand-ins for what prod refuses to synthesise without (the API's own domain, the email sender, the seller),
 * for synthesising prod offline (npm run synth spreads every key into --context; the CDK tests).
 * A deploy must pass the real apiDomainName, apiCertificateArn and emailFrom.
 */
export const EXAMPLE_API_DOMAIN_CONTEXT = {
  apiDomainName: 'api.example.com',
  apiCertificateArn: `arn:aws:acm:${DEPLOY_REGION}:123456789012:certificate/00000000-0000-4000-8000-000000000000`,
  emailFrom: 'orders@example.com',
  stripePublishableKey: 'pk_live_example',
  ownerEmail: 'owner@example.com',
  alarmEmails: ['ops@example.com'],
  sellerLegalName: 'Example Filings LLC',
  sellerAddress: { line1: '100 Example Street', city: 'Miami', state: 'FL', zip: '33131' },
};

export const CONTEXT_KEYS = [
  'stage',
  'alarmEmails',
  'domainName',
  'certificateArn',
  'apiDomainName',
  'apiCertificateArn',
  'region',
  'siteUrl',
  'stripePublishableKey',
  'logLevel',
  'emailFrom',
  'emailDomain',
  'inboundEmailDomain',
  'requireSecondFactor',
  'ownerEmail',
  'withoutIndexes',
  'routeHandover',
  'backupCopyRegion',
  'sellerLegalName',
  'sellerAddress',
  'emailMaxPerSecond',
  'emailMaxPerDay',
] as const;

/** Where each stage's config file lives: `config/<stage>.json` (ignored by git), next to its committed example. */
export const CONFIG_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'config');

/** `config/<stage>.json`, or the file given with `-c configFile=...` (the offline synth uses the example). */
export function stageConfigPath(stage: string, dir = CONFIG_DIR): string {
  return join(dir, `${stage}.json`);
}

/** The example an operator copies: `config/<stage>.example.json`. */
export function exampleConfigPath(stage: string, dir = CONFIG_DIR): string {
  return join(dir, `${stage}.example.json`);
}

/** Reads a stage's config file; a missing file is an empty configuration (prod then fails validation). */
export function readConfigFile(path: string): Record<string, unknown> {
  if (!existsSync(path)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`${path} is not valid JSON: ${(err as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${path} must hold one JSON object of settings`);
  const { $comment: _comment, ...settings } = parsed as Record<string, unknown>;
  const unknown = Object.keys(settings).filter((k) => !(CONTEXT_KEYS as readonly string[]).includes(k));
  if (unknown.length) throw new Error(`${path}: unknown setting ${unknown.join(', ')} (settings: ${CONTEXT_KEYS.filter((k) => k !== 'stage').join(', ')})`);
  return settings;
}

/**
 * The stage's settings: its config file, then any `-c key=value` on top. `siteUrl:<stage>`
 * (written by `npm run deploy` into cdk.context.json after the first deploy) is used when no
 * siteUrl was given.
 */
export function stageConfigFromContext(node: Node): StageConfig {
  const stage = (node.tryGetContext('stage') as string | undefined) ?? 'dev';
  const file = (node.tryGetContext('configFile') as string | undefined) ?? stageConfigPath(stage);
  const raw: Record<string, unknown> = { ...readConfigFile(file), stage };
  for (const key of CONTEXT_KEYS) {
    const value = node.tryGetContext(key);
    if (value !== undefined) raw[key] = value;
  }
  const single = node.tryGetContext('alarmEmail');
  if (single !== undefined) raw.alarmEmails = single;
  raw.siteUrl ??= node.tryGetContext(`siteUrl:${stage}`);
  // The committed example itself synthesises (npm run synth without a config file); a stage's own file must not hold its values.
  const example = exampleConfigPath(stage);
  return parseStageConfig(raw, file, resolve(file) === resolve(example) ? {} : { example: readConfigFile(example) });
}

/** A problem of a stage's settings: the setting (`alarmEmails.0`) and one sentence. */
export interface ConfigProblem {
  path: string;
  message: string;
}

export interface ParseOptions {
  /**
   * The committed example's settings (`config/<stage>.example.json`): given, the example's values
   * are refused, with the domains, account and keys no real stage has (exampleValueProblems).
   * The offline synth of the example itself, and the CDK tests, leave it out.
   */
  example?: Record<string, unknown>;
}

/**
 * Validates settings; every problem is one sentence on its own line, naming the setting.
 * `alarmEmail` (one address or a comma-separated list) is accepted for `alarmEmails`.
 */
export function parseStageConfig(raw: Record<string, unknown>, source = 'config/<stage>.json', options: ParseOptions = {}): StageConfig {
  const { alarmEmail, ...rest } = raw;
  const input = rest.alarmEmails === undefined && alarmEmail !== undefined ? { ...rest, alarmEmails: alarmEmail } : rest;
  const parsed = stageConfigSchema.safeParse(input);
  const problems: ConfigProblem[] = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'config', message: i.message }));
  if (options.example) problems.push(...exampleValueProblems(input, options.example));
  if (!parsed.success || problems.length) {
    throw new Error(`The ${String(raw.stage ?? 'dev')} configuration (${source}, -c key=value overrides) is not deployable:\n${describeProblems(problems)}`);
  }
  return parsed.data;
}

/** One line per problem, `  - <setting>: <sentence>.` */
export function describeProblems(problems: readonly ConfigProblem[]): string {
  return problems.map((p) => `  - ${p.path}: ${p.message.replace(/\.$/, '')}.`).join('\n');
}

/**
 * Domains reserved for documentation (RFC 2606): nobody owns them, no certificate names them and
 * no mail sent there arrives, so a stage configured with one was copied and not filled in.
 */
export const EXAMPLE_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;
/** The account number AWS's documentation uses, and the committed examples' certificates name. */
export const EXAMPLE_ACCOUNT = '123456789012';

function isExampleHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return EXAMPLE_DOMAINS.some((d) => isDomainOrSubdomain(h, d)) || h === 'example' || h.endsWith('.example');
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
};

/** The settings whose value names the operator's own domains, people, accounts or keys. */
const HOST_SETTINGS = ['domainName', 'apiDomainName', 'emailDomain', 'inboundEmailDomain'] as const;
const ADDRESS_SETTINGS = ['emailFrom', 'ownerEmail'] as const;
const ARN_SETTINGS = ['certificateArn', 'apiCertificateArn'] as const;

/**
 * Each value of `raw` that is still the committed example's, one sentence each: an example domain
 * (example.com, .net, .org and their subdomains) in a domain, address or URL, the example account
 * 123456789012 in a certificate ARN, a key ending in `_example`, or any other value of
 * `example` (the example file's settings) left as it was, such as the seller's name and street.
 */
export function exampleValueProblems(raw: Record<string, unknown>, example: Record<string, unknown> = {}): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const same = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
  const fromExample = (path: string, value: string) =>
    problems.push({ path, message: `"${value}" is the example's value (config/<stage>.example.json): replace it with the stage's own` });
  for (const key of HOST_SETTINGS) {
    const value = raw[key];
    if (typeof value !== 'string' || !value) continue;
    if (isExampleHost(value))
      problems.push({
        path: key,
        message: `"${value}" is an example domain (example.com, .net and .org are reserved for documentation): use the stage's own domain`,
      });
    else if (same(value, example[key])) fromExample(key, value);
  }
  const addresses: [string, unknown][] = ADDRESS_SETTINGS.map((key) => [key, raw[key]]);
  const alarms = raw.alarmEmails ?? raw.alarmEmail;
  const alarmList = typeof alarms === 'string' ? alarms.split(',').map((a) => a.trim()) : Array.isArray(alarms) ? alarms : [];
  for (const [i, a] of alarmList.entries()) addresses.push([`alarmEmails.${i}`, a]);
  const exampleAlarms = Array.isArray(example.alarmEmails) ? example.alarmEmails : [];
  for (const [path, value] of addresses) {
    if (typeof value !== 'string' || !value.includes('@')) continue;
    if (isExampleHost(emailDomainOf(value)))
      problems.push({ path, message: `"${value}" is an example address (example.com, .net and .org receive no mail): use a real address` });
    else if (same(value, example[path]) || (path.startsWith('alarmEmails.') && exampleAlarms.some((a) => same(value, a)))) fromExample(path, value);
  }
  if (typeof raw.siteUrl === 'string' && raw.siteUrl && isExampleHost(hostOf(raw.siteUrl)))
    problems.push({ path: 'siteUrl', message: `"${raw.siteUrl}" is on an example domain: use the stage's own address, or leave siteUrl out` });
  for (const key of ARN_SETTINGS) {
    const value = raw[key];
    if (typeof value !== 'string' || !value) continue;
    if (value.split(':')[4] === EXAMPLE_ACCOUNT)
      problems.push({
        path: key,
        message: `"${value}" is in the example account ${EXAMPLE_ACCOUNT}: copy the ARN of your certificate from ACM in ${DEPLOY_REGION} (docs/deploy.md, Certificates)`,
      });
    else if (same(value, example[key])) fromExample(key, value);
  }
  const key = raw.stripePublishableKey;
  if (typeof key === 'string' && (/_example$/i.test(key) || same(key, example.stripePublishableKey)))
    problems.push({
      path: 'stripePublishableKey',
      message: `"${key}" is the example's placeholder, not a Stripe key: copy the publishable key from the Stripe Dashboard (Developers → API keys)`,
    });
  if (same(raw.sellerLegalName, example.sellerLegalName)) fromExample('sellerLegalName', String(raw.sellerLegalName));
  const street = (address: unknown) => {
    const a =
      typeof address === 'string'
        ? (() => {
            try {
              return JSON.parse(address) as unknown;
            } catch {
              return undefined;
            }
          })()
        : address;
    return a && typeof a === 'object' ? (a as { line1?: unknown }).line1 : undefined;
  };
  const line1 = street(raw.sellerAddress);
  if (same(line1, street(example.sellerAddress))) fromExample('sellerAddress.line1', String(line1));
  return problems;
}

/**
 * The certificates of `config` that belong to another account than the credentials' (ACM
 * certificates are used only in their own account): checked by npm run deploy and npm run
 * preflight once they know the account.
 */
export function certificateAccountProblems(config: Pick<StageConfig, 'certificateArn' | 'apiCertificateArn'>, account: string): ConfigProblem[] {
  return ARN_SETTINGS.flatMap((key) => {
    const arn = config[key];
    const owner = arn?.split(':')[4];
    return arn && owner !== account
      ? [
          {
            path: key,
            message: `is a certificate of account ${owner}, but the AWS credentials are for account ${account}: use the ARN of a certificate in account ${account} (ACM, ${DEPLOY_REGION}), or the credentials of account ${owner}`,
          },
        ]
      : [];
  });
}

/** The site's public URL when it is known before the distribution exists. */
export function knownSiteUrl(config: StageConfig): string | undefined {
  return config.siteUrl ?? (config.domainName ? `https://${config.domainName}` : undefined);
}

/** Prefix of every stack and named resource of a stage, e.g. CreatorLlc-prod. */
export function stackPrefix(config: Pick<StageConfig, 'stage'>): string {
  return `CreatorLlc-${config.stage}`;
}

/** Secrets Manager name of a secret for a stage (also used by `npm run secrets:set`). */
export function secretName(stage: StageConfig['stage'], key: string): string {
  return `creator-llc/${stage}/${key}`;
}

/**
 * Physical names are fixed per stage so the API stack can address the data by name (and IAM
 * findings name the exact table), and an operator can find them in the console.
 */
export function tableName(stage: StageConfig['stage'], key: string): string {
  return `creator-llc-${stage}-${key}`;
}

/** Alias of the stage's KMS key for sealed personal data (tax ids). */
export function piiKeyAlias(stage: StageConfig['stage']): string {
  return `alias/creator-llc/${stage}/pii`;
}

/** Bucket names are global: account and region make the documents bucket's name unique. */
export function documentsBucketName(stage: StageConfig['stage'], account: string, region: string): string {
  return `creator-llc-${stage}-documents-${account}-${region}`;
}
