import * as z from 'zod';
import { TABLES, TABLE_KEYS, type TableKey } from '../tables.ts';

/**
 * Configuration read once, at cold start, from the environment. A missing variable throws
 * here with its name, so a misconfigured function fails at start and not mid-request.
 */
const tableEnv = Object.fromEntries(TABLE_KEYS.map((k) => [TABLES[k].envVar, z.string().min(1)])) as Record<string, z.ZodString>;

const envSchema = z.object({
  ...tableEnv,
  DOCUMENTS_BUCKET: z.string().min(1),
  /** `local` when run by scripts/start.ts or the tests; `aws` in a deployed stack. */
  DEPLOYMENT: z.enum(['local', 'aws']),
  /** `test` runs the offline test-card flow (local only); `live` uses the configured providers. */
  PAYMENT_MODE: z.enum(['test', 'live']),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  DYNAMODB_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  /** Public base URL of the site, used in return URLs (e.g. http://127.0.0.1:3000). */
  SITE_URL: z.url().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  LOG_LEVEL: z.string().optional(),
});

export type Config = z.infer<typeof envSchema> & { tables: Record<TableKey, string> };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
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
