import { TABLE_KEYS, TABLES, type TableKey } from '../tables.ts';
import { type Environment, environmentSchema } from './config.schema.ts';

/**
 * Configuration read once per process from the environment, when first needed. A missing
 * variable throws with its name, so a misconfigured function fails its first request, never
 * mid-way through one.
 */
type Config = Environment & { tables: Record<TableKey, string> };

function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
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
