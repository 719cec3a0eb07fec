import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SECRETS, type SecretKey } from '../secrets-catalog.ts';
import { secretArnFromEnvironment, secretFromEnvironment } from './config.ts';

const cache = new Map<SecretKey, Promise<string | undefined>>();
let sm: SecretsManagerClient | undefined;

/**
 * A secret's value: from its environment variable locally, or from Secrets Manager when the
 * stack gave the function `<envVar>_ARN`. Read once per cold start and cached. An empty or
 * placeholder value counts as "not configured" (undefined). Never log the result.
 */
export function getSecret(key: SecretKey): Promise<string | undefined> {
  let pending = cache.get(key);
  if (!pending) {
    pending = readSecret(key);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

async function readSecret(key: SecretKey): Promise<string | undefined> {
  const { envVar } = SECRETS[key];
  const direct = secretFromEnvironment(envVar);
  if (direct !== undefined) return usable(direct);
  const arn = secretArnFromEnvironment(envVar);
  if (!arn) return undefined;
  // Imported only where a secret lives in Secrets Manager (deployed stacks), on the first read.
  const sdk = await import('./clients/secrets-manager-sdk.ts');
  sm ??= new sdk.SecretsManagerClient({});
  const out = await sm.send(new sdk.GetSecretValueCommand({ SecretId: arn }));
  return usable(out.SecretString);
}

const SECRET_PLACEHOLDER = 'NOT_CONFIGURED';

function usable(v: string | undefined): string | undefined {
  const t = v?.trim();
  return t && t !== SECRET_PLACEHOLDER ? t : undefined;
}

/** Parses a JSON secret; undefined when unset or not valid JSON. */
export async function getJsonSecret<T>(key: SecretKey): Promise<T | undefined> {
  const raw = await getSecret(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function resetSecretsForTests(): void {
  cache.clear();
}
