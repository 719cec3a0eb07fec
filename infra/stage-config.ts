import type { Node } from 'constructs';
import * as z from 'zod';

/**
 * Deployment settings, from CDK context (`-c key=value` or cdk.json). Validated here so a typo
 * fails the synth with a readable message instead of producing a half-configured stack.
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
    .regex(new RegExp(`^arn:aws:acm:${DEPLOY_REGION}:\\d{12}:certificate/[\\w-]+$`), `must be an ACM certificate ARN in ${DEPLOY_REGION}`)
    .optional(),
);
const hostName = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a host name such as api.example.com')
    .optional(),
);

export const stageConfigSchema = z
  .object({
    stage: z.enum(['dev', 'prod']),
    /** Receives the CloudWatch alarm notifications (an SNS email subscription to confirm). */
    alarmEmail: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
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
     * Every staff sign-in needs a second factor (an authenticator app). Always on prod; a dev stage
     * may turn it off with -c requireSecondFactor=false. Locally (`npm start`) it is optional.
     */
    requireSecondFactor: z.preprocess((v) => (v === 'false' ? false : v === 'true' ? true : v), z.boolean().default(true)),
    /** The owner's email address: the first sign-in with it and the staff password (a secret) creates the owner account. */
    ownerEmail: z.preprocess((v) => (v === '' ? undefined : v), z.email('must be a plain address such as owner@example.com').optional()),
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
  // SES authorises a send by the identity that covers the From address, and the send permission names that identity.
  .refine((c) => !c.emailDomain || (Boolean(c.emailFrom) && emailDomainOf(c.emailFrom ?? '') === c.emailDomain.toLowerCase()), {
    message: 'emailDomain must be the domain of emailFrom (e.g. -c emailFrom=orders@example.com -c emailDomain=example.com)',
    path: ['emailDomain'],
  });

/** The domain part of an email address, lower-cased. */
export function emailDomainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

export type StageConfig = z.infer<typeof stageConfigSchema>;

/**
 * Stand-ins for what prod refuses to synthesise without (the API's own domain, the email sender),
 * for synthesising prod offline (npm run synth spreads every key into --context; the CDK tests).
 * A deploy must pass the real apiDomainName, apiCertificateArn and emailFrom.
 */
export const EXAMPLE_API_DOMAIN_CONTEXT = {
  apiDomainName: 'api.example.com',
  apiCertificateArn: `arn:aws:acm:${DEPLOY_REGION}:123456789012:certificate/00000000-0000-4000-8000-000000000000`,
  emailFrom: 'orders@example.com',
} as const;

export const CONTEXT_KEYS = [
  'stage',
  'alarmEmail',
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
  'requireSecondFactor',
  'ownerEmail',
] as const;

/**
 * Reads the stage configuration from context. `siteUrl:<stage>` (written by `npm run deploy`
 * into cdk.context.json after the first deploy) is used when no siteUrl was given.
 */
export function stageConfigFromContext(node: Node): StageConfig {
  const raw: Record<string, unknown> = {};
  for (const key of CONTEXT_KEYS) raw[key] = node.tryGetContext(key);
  raw.stage ??= 'dev';
  raw.siteUrl ??= node.tryGetContext(`siteUrl:${raw.stage}`);
  return parseStageConfig(raw);
}

export function parseStageConfig(raw: Record<string, unknown>): StageConfig {
  const parsed = stageConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'context'}: ${i.message}`).join('; ');
    throw new Error(`Invalid CDK context (-c key=value): ${problems}`);
  }
  return parsed.data;
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
