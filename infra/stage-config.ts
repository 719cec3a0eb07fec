import type { Node } from 'constructs';
import * as z from 'zod';

/**
 * Deployment settings, from CDK context (`-c key=value` or cdk.json). Validated here so a typo
 * fails the synth with a readable message instead of producing a half-configured stack.
 */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

export const stageConfigSchema = z
  .object({
    stage: z.enum(['dev', 'prod']),
    /** Receives the CloudWatch alarm notifications (an SNS email subscription to confirm). */
    alarmEmail: z.preprocess((v) => (v === '' ? undefined : v), z.email().optional()),
    /** Custom domain for the site, e.g. www.example.com (with certificateArn). */
    domainName: optionalText,
    /** ACM certificate in us-east-1 covering domainName (CloudFront only reads that region). */
    certificateArn: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/, 'must be an ACM certificate ARN in us-east-1')
        .optional(),
    ),
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
  })
  .refine((c) => !c.domainName === !c.certificateArn, { message: 'domainName and certificateArn go together', path: ['certificateArn'] });

export type StageConfig = z.infer<typeof stageConfigSchema>;

export const CONTEXT_KEYS = ['stage', 'alarmEmail', 'domainName', 'certificateArn', 'siteUrl', 'stripePublishableKey', 'logLevel'] as const;

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

/** Bucket names are global: account and region make the documents bucket's name unique. */
export function documentsBucketName(stage: StageConfig['stage'], account: string, region: string): string {
  return `creator-llc-${stage}-documents-${account}-${region}`;
}
