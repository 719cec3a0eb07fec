import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Local stand-ins for keys AWS keeps: generated on first start, kept in the data folder (mode
 * 600), so data encrypted or links signed before a restart still open after it.
 */
function keyFile(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  return file;
}

/** The order-link signing key (Secrets Manager on AWS). */
export function localLinkSigningKey(dataDir: string): string {
  return readFileSync(keyFile(dataDir, 'link-signing-key.txt'), 'utf8').trim();
}

/** The master key file that wraps data keys (a KMS key on AWS). */
export function localMasterKeyFile(dataDir: string): string {
  return keyFile(dataDir, 'master-key.txt');
}
