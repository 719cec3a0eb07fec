import { createHash, randomBytes } from 'node:crypto';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { DeleteCommand, GetCommand, PutCommand } from '../lib/clients/dynamodb-sdk.ts';
import { verifyPassword } from '../lib/password.ts';
import { getSecret } from '../lib/secrets.ts';
import { consumeRateLimit, releaseRateLimit } from './rate-limits.ts';

/** Staff sessions last 12 hours; DynamoDB's TTL removes the item some time after. */
export const STAFF_SESSION_HOURS = 12;

/** Staff tokens are stored only as their SHA-256 (base64url). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** True when the token belongs to an unexpired staff session. */
export async function verifyStaffSession(token: string): Promise<boolean> {
  if (token.length < 16 || token.length > 256) return false;
  const out = await ddb().send(new GetCommand({ TableName: tableName('sessions'), Key: { tokenHash: hashToken(token) } }));
  const expiresAt = out.Item?.expiresAt;
  return typeof expiresAt === 'string' && Date.parse(expiresAt) > Date.now();
}

/** A new session: 32 random bytes (base64url) returned once; only its hash is stored. */
export async function createStaffSession(now = new Date()): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + STAFF_SESSION_HOURS * 3600_000);
  await ddb().send(
    new PutCommand({
      TableName: tableName('sessions'),
      Item: { tokenHash: hashToken(token), createdAt: now.toISOString(), expiresAt: expires.toISOString(), ttl: Math.floor(expires.getTime() / 1000) },
      ConditionExpression: 'attribute_not_exists(tokenHash)',
    }),
  );
  return { token, expiresAt: expires.toISOString() };
}

export async function deleteStaffSession(token: string): Promise<void> {
  if (token.length < 16 || token.length > 256) return;
  await ddb().send(new DeleteCommand({ TableName: tableName('sessions'), Key: { tokenHash: hashToken(token) } }));
}

/** Brute-force guard: 5 failed logins from one source IP within 15 minutes lock it out. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export type StaffLoginResult =
  | { kind: 'ok'; token: string; expiresAt: string }
  | { kind: 'invalid' }
  | { kind: 'locked'; retryAfterSeconds: number }
  | { kind: 'not-configured' };

/**
 * Checks the password against the configured scrypt hash (constant time). Every attempt takes
 * a slot of the source IP's window before the check, so parallel guesses cannot slip past the
 * limit; a successful login gives its slot back, so only failures count.
 */
export async function signInStaff(password: string, sourceIp: string): Promise<StaffLoginResult> {
  const key = `login#${sourceIp}`;
  const slot = await consumeRateLimit(key, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS);
  if (!slot.allowed) return { kind: 'locked', retryAfterSeconds: slot.retryAfterSeconds };
  const hash = await getSecret('staffPasswordHash');
  if (!hash) {
    await releaseRateLimit(key);
    return { kind: 'not-configured' };
  }
  if (!(await verifyPassword(password, hash))) return { kind: 'invalid' };
  await releaseRateLimit(key);
  return { kind: 'ok', ...(await createStaffSession()) };
}
