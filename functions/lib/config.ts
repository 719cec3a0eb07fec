import * as z from '#shared/zod.ts';
import { TABLE_KEYS, TABLES, type TableKey } from '../tables.ts';

/**
 * Configuration read once per process from the environment, when first needed. A missing
 * variable throws with its name, so a misconfigured function fails its first request, never
 * mid-way through one. The schema is built then too: built at import, it would add its cost
 * to every cold start for a check made once.
 */
function envSchema() {
  const tableEnv = Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, z.string().check(z.minLength(1))])) as Record<string, z.ZodMiniString<string>>;

  return z.object({
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
     * unset locally and in tests means the store's own URL (functions/order-documents/storage.ts).
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
  });
}

type Config = z.infer<ReturnType<typeof envSchema>> & { tables: Record<TableKey, string> };

function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema().safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid or missing configuration: ${names}`);
  }
  const tables = Object.fromEntries(TABLE_KEYS.map((k) => [k, env[TABLES[k].envVar] as string])) as Record<TableKey, string>;
  return { ...parsed.data, tables };
}

let cached: Config | undefined;
/** The process-wide configuration, parsed on first use (module scope of each handler). */
export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** Tests that change the environment call this to re-read it. */
export function resetConfigForTests(): void {
  cached = undefined;
}
