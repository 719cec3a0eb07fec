import { createHash, randomBytes } from 'node:crypto';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { DeleteCommand, GetCommand, PutCommand } from '../lib/clients/dynamodb-sdk.ts';
import { NotConfiguredError, RateLimitedError, UnauthorizedError } from '../lib/errors.ts';
import { verifyPassword } from '../lib/password.ts';
import { getSecret } from '../lib/secrets.ts';
import { consumeRateLimit, releaseRateLimit } from './rate-limits.ts';

/** Staff sessions last 12 hours; DynamoDB's TTL removes the item some time after. */
const STAFF_SESSION_HOURS = 12;

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
const LOGIN_MAX_FAILURES = 5;
const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Checks the password against the configured scrypt hash (constant time) and opens a session.
 * Every attempt takes a slot of the source IP's window before the check, so parallel guesses
 * cannot slip past the limit (429 login_locked); a successful login gives its slot back, so
 * only failures count. 401 invalid_credentials, 503 when no password is configured.
 */
export async function signInStaff(password: string, sourceIp: string): Promise<{ token: string; expiresAt: string }> {
  const key = `login#${sourceIp}`;
  const slot = await consumeRateLimit(key, LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS);
  if (!slot.allowed) throw new RateLimitedError('Too many failed login attempts; try again later', slot.retryAfterSeconds, 'login_locked');
  const hash = await getSecret('staffPasswordHash');
  if (!hash) {
    await releaseRateLimit(key);
    throw new NotConfiguredError('Staff login is not configured yet');
  }
  if (!(await verifyPassword(password, hash))) throw new UnauthorizedError('Invalid credentials', 'invalid_credentials');
  await releaseRateLimit(key);
  return createStaffSession();
}
