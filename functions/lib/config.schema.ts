import * as z from '#shared/zod.ts';
import { TABLE_KEYS, TABLES } from '../tables.ts';

const tableEnv = Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, z.string().check(z.minLength(1))])) as Record<string, z.ZodMiniString<string>>;

/** The environment every function reads (functions/lib/config.ts): its tables' names, bucket, mode and endpoints. */
export const environmentSchema = z.object({
  ...tableEnv,
  DOCUMENTS_BUCKET: z.string().check(z.minLength(1)),
  /** `local` when run by scripts/start.ts or the tests; `aws` in a deployed stack. */
  DEPLOYMENT: z.enum(['local', 'aws']),
  /** `test` runs the offline test-card flow (local only); `live` uses the configured providers. */
  PAYMENT_MODE: z.enum(['test', 'live']),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  S3_ENDPOINT: z.optional(z.url()),
  /** Public base URL of the site, used in return URLs (e.g. http://127.0.0.1:3000). */
  SITE_URL: z.optional(z.url()),
  /**
   * Where browsers reach document objects: `<origin>/documents/...` (CloudFront's `/documents/*`
   * behaviour; locally the runtime's proxy), which adds nosniff. Defaults to SITE_URL on AWS;
   * unset locally and in tests means the store's own URL (functions/documents/order/storage.ts).
   */
  DOCUMENT_LINKS_ORIGIN: z.optional(z.url()),
  STRIPE_PUBLISHABLE_KEY: z.optional(z.string()),
  /** Whether every staff sign-in needs a second factor: required unless a local run says `optional`. */
  STAFF_SECOND_FACTOR: z._default(z.enum(['required', 'optional']), 'required'),
  /** The owner's address: the first sign-in with it and the staff password creates the owner account (AWS). */
  STAFF_OWNER_EMAIL: z.optional(z.email()),
  LOG_LEVEL: z.optional(z.string()),
  /** Seconds a webhook delivery holds a provider event before a retry may run it (functions/data/payments.ts); 60 unless set. */
  PAYMENT_EVENT_LEASE_SECONDS: z.optional(z.coerce.number().check(z.int(), z.positive())),
  /** Milliseconds of silence before a DynamoDB or S3 request is given up (store-limits.ts; 1500 when unset). */
  STORE_REQUEST_TIMEOUT_MS: z.optional(z.coerce.number().check(z.int(), z.positive())),
  /** The deployed stage (`dev`, `prod`); unset locally. */
  STAGE: z.optional(z.string()),
  /**
   * The seller receipts name while the owner's operator settings leave it unset: the stage
   * config's sellerLegalName and sellerAddress (JSON), required on the prod stage (config.ts).
   */
  SELLER_LEGAL_NAME: z.optional(z.string().check(z.trim(), z.minLength(1))),
  SELLER_ADDRESS: z.optional(z.string()),
});
export type Environment = z.infer<typeof environmentSchema>;

/** Where email goes (functions/email/transport.ts): SES v2 on AWS; locally SMTP to the mail catcher, each message also written under MAIL_DIR. */
export const emailEnvironmentSchema = z.object({
  EMAIL_TRANSPORT: z.enum(['ses', 'smtp']),
  EMAIL_FROM: z.string().check(z.minLength(3)),
  SES_CONFIGURATION_SET: z.optional(z.string()),
  SMTP_HOST: z._default(z.string(), '127.0.0.1'),
  SMTP_PORT: z.optional(z.coerce.number()),
  MAIL_DIR: z.optional(z.string()),
});
export type EmailEnvironment = z.infer<typeof emailEnvironmentSchema>;

/** SES's sending quotas (the stage config's emailMaxPerSecond, emailMaxPerDay; functions/email/send-quota.ts); unset: no pacing (locally). */
export const emailQuotaEnvironmentSchema = z.object({
  EMAIL_MAX_PER_SECOND: z.optional(z.coerce.number().check(z.int(), z.positive())),
  EMAIL_MAX_PER_DAY: z.optional(z.coerce.number().check(z.int(), z.positive())),
});
export type EmailQuotaEnvironment = z.infer<typeof emailQuotaEnvironmentSchema>;
