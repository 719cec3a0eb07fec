import type { OperatorAddress } from '#shared/operator/facts.ts';
import { TABLE_KEYS, TABLES, type TableKey } from '../tables.ts';
import {
  type EmailEnvironment,
  type EmailQuotaEnvironment,
  type Environment,
  emailEnvironmentSchema,
  emailQuotaEnvironmentSchema,
  environmentSchema,
} from './config.schema.ts';

/**
 * The functions' settings from the environment: the only module in functions/ that reads
 * `process.env` (tests/env-reads.test.ts). `config()` is read once per process, when first needed: a
 * missing variable throws with its name, so a misconfigured function fails its first request, never
 * mid-way through one. The accessors at the end read one setting each, every time they are called
 * (tests set them between calls), for settings that are not everyone's or must not be cached.
 */
type Config = Environment & {
  tables: Record<TableKey, string>;
  /** The stage's seller (SELLER_LEGAL_NAME and SELLER_ADDRESS), when deployed with one. */
  seller?: { legalName: string; address: OperatorAddress };
};

/** What the prod stage refuses to start without, in one sentence. */
export const PROD_SELLER_REQUIRED =
  'The prod stage needs the seller every receipt names: set sellerLegalName and sellerAddress in config/prod.json and deploy again (they reach the functions as SELLER_LEGAL_NAME and SELLER_ADDRESS).';

function sellerFrom(env: Environment): Config['seller'] {
  if (!env.SELLER_LEGAL_NAME || !env.SELLER_ADDRESS) return undefined;
  // Checked in full at synth (infra/stage-config.ts, the operator settings' address schema); here only its shape,
  // so every function's bundle does not carry the settings schemas.
  let address: Partial<Record<keyof OperatorAddress, unknown>> | undefined;
  try {
    address = JSON.parse(env.SELLER_ADDRESS);
  } catch {
    address = undefined;
  }
  const text = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  if (
    !address ||
    !text(address.line1) ||
    !text(address.city) ||
    !text(address.state) ||
    !text(address.zip) ||
    !(address.line2 === undefined || text(address.line2))
  )
    throw new Error('Invalid configuration: SELLER_ADDRESS must be a JSON address with line1, city, state and zip');
  return { legalName: env.SELLER_LEGAL_NAME, address: address as OperatorAddress };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const names = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid or missing configuration: ${names}`);
  }
  const seller = sellerFrom(parsed.data);
  // A deployed prod stage does not start without a seller: no customer gets a receipt without one.
  if (parsed.data.DEPLOYMENT === 'aws' && parsed.data.STAGE === 'prod' && !seller) throw new Error(PROD_SELLER_REQUIRED);
  const tables = Object.fromEntries(TABLE_KEYS.map((k) => [k, env[TABLES[k].envVar] as string])) as Record<TableKey, string>;
  return { ...parsed.data, tables, ...(seller ? { seller } : {}) };
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

/** Where email goes (functions/email/transport.ts, which keeps it once read): parsed, or a throw naming what is missing. */
export function loadEmailConfig(env: NodeJS.ProcessEnv = process.env): EmailEnvironment {
  const parsed = emailEnvironmentSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid or missing email configuration: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return parsed.data;
}

/** SES's sending quotas as set (functions/email/send-quota.ts): parsed, or a throw naming the bad one. */
export function loadEmailQuotas(env: NodeJS.ProcessEnv = process.env): EmailQuotaEnvironment {
  const parsed = emailQuotaEnvironmentSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid email sending quota: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  return parsed.data;
}

/** LOG_LEVEL as set (functions/lib/logger.ts). */
export function logLevelSetting(): string | undefined {
  return process.env.LOG_LEVEL;
}

/** Whether the process is a Vitest run (VITEST): the logger is silent unless LOG_LEVEL says otherwise. */
export function underVitest(): boolean {
  return Boolean(process.env.VITEST);
}

/** The Lambda function's name (AWS_LAMBDA_FUNCTION_NAME, set by Lambda); undefined outside Lambda. */
export function lambdaFunctionName(): string | undefined {
  return process.env.AWS_LAMBDA_FUNCTION_NAME;
}

/** STAGE as set (`dev`, `prod`); undefined locally. */
export function stageSetting(): string | undefined {
  return process.env.STAGE;
}

/** SITE_URL as set, unchecked (the payment check, which runs without the tables' settings). */
export function siteUrlSetting(): string | undefined {
  return process.env.SITE_URL;
}

/** A secret's value given directly in the environment (`<envVar>`, local runs), as set (functions/lib/secrets.ts). */
export function secretFromEnvironment(envVar: string): string | undefined {
  return process.env[envVar];
}

/** The Secrets Manager ARN of a secret (`<envVar>_ARN`, set by the stack), as set. */
export function secretArnFromEnvironment(envVar: string): string | undefined {
  return process.env[`${envVar}_ARN`];
}

/** The KMS key tax ids are sealed with (KMS_KEY_ID, on AWS); unset locally. */
export function kmsKeyId(): string | undefined {
  return process.env.KMS_KEY_ID;
}

/** The file holding the local master key (LOCAL_MASTER_KEY_FILE, written by the local runtime), used without KMS_KEY_ID. */
export function localMasterKeyFile(): string | undefined {
  return process.env.LOCAL_MASTER_KEY_FILE;
}

/** The bucket SES receiving stores inbound mail in (INBOUND_MAIL_BUCKET, on AWS). */
export function inboundMailBucket(): string | undefined {
  return process.env.INBOUND_MAIL_BUCKET;
}

/** INBOUND_EMAIL_DOMAIN as set, from `env` (tests pass their own) or the process's environment. */
export function inboundEmailDomainSetting(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.INBOUND_EMAIL_DOMAIN;
}

/** Where the document fonts are read from when not beside functions/documents/fonts.ts (DOCUMENT_FONTS_DIR; a bundled function sets it). */
export function documentFontsDir(): string | undefined {
  return process.env.DOCUMENT_FONTS_DIR;
}

/** Stand-ins for the payment providers' servers, for tests; each is used only when DEPLOYMENT is local. */
export function stripeApiBase(): string | undefined {
  return process.env.STRIPE_API_BASE;
}

export function amazonPayApiBase(): string | undefined {
  return process.env.AMAZON_PAY_API_BASE;
}

/** A fake Apple Pay gateway (APPLE_PAY_GATEWAY_ORIGIN) and the certificate it is trusted through (APPLE_PAY_GATEWAY_CA_PEM). */
export function applePayGatewayOrigin(): string | undefined {
  return process.env.APPLE_PAY_GATEWAY_ORIGIN;
}

export function applePayGatewayCaPem(): string | undefined {
  return process.env.APPLE_PAY_GATEWAY_CA_PEM;
}
