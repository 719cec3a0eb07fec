import type { OperatorAddress } from '#shared/operator/facts.ts';
import { TABLE_KEYS, TABLES, type TableKey } from '../tables.ts';
import { type Environment, environmentSchema } from './config.schema.ts';

/**
 * Configuration read once per process from the environment, when first needed. A missing
 * variable throws with its name, so a misconfigured function fails its first request, never
 * mid-way through one.
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
