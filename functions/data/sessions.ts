import { createHash, randomBytes } from 'node:crypto';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { DeleteCommand, GetCommand, PutCommand } from '../lib/clients/dynamodb-sdk.ts';
import { NotConfiguredError, RateLimitedError, UnauthorizedError } from '../lib/errors.ts';
import { verifyPassword } from '../lib/password.ts';
import { getSecret } from '../lib/secrets.ts';
import { addressKey, type BackoffPolicy, claimBackoffAttempt, consumeRateLimit, releaseRateLimit, resetBackoff, waitText } from './rate-limits.ts';

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

/**
 * Brute-force guards of the staff sign-in, in the rateLimits table:
 * - per account, across every address: 3 failures in a row are free, then each next attempt
 *   waits 2^(n-3) seconds after the n-th (1, 2, 4 ... s), at most a minute. Guessing stays slow
 *   from any number of addresses, and strangers can keep the owner waiting a minute at most
 *   after their last guess. A successful sign-in resets the count; a quiet day forgets it.
 * - per address: 10 failed sign-ins a minute (for any account).
 */
export const LOGIN_BACKOFF: BackoffPolicy = { freeFailures: 3, maxDelaySeconds: 60, forgetAfterSeconds: 24 * 3600 };
const LOGIN_FAILURES_PER_ADDRESS = 10;
const LOGIN_ADDRESS_WINDOW_SECONDS = 60;

/** The account's failure count: one shared staff account today, `login:account:<id>` once staff sign in as themselves. */
export const loginAccountKey = (accountId = 'staff') => `login:account:${accountId}`;

const tooManyFailures = (seconds: number) => new RateLimitedError(`Too many failed sign-ins: try again in ${waitText(seconds)}`, seconds, 'login_locked');

/**
 * Checks the password against the configured scrypt hash (constant time) and opens a session.
 * Each attempt is counted as a failure before the check (so parallel guesses cannot slip past a
 * guard) and given back when it succeeds: it takes a slot of the address's minute, then claims
 * the account's next attempt (refused during the slow-down: the address's slot is given back).
 * 429 login_locked with the wait, 401 invalid_credentials, 503 when no password is configured
 * (nothing counted).
 */
export async function signInStaff(password: string, sourceIp: string): Promise<{ token: string; expiresAt: string }> {
  const hash = await getSecret('staffPasswordHash');
  if (!hash) throw new NotConfiguredError('Staff login is not configured yet');
  const address = await consumeRateLimit(`login:address:${addressKey(sourceIp)}`, LOGIN_FAILURES_PER_ADDRESS, LOGIN_ADDRESS_WINDOW_SECONDS);
  if (!address.allowed) throw tooManyFailures(address.retryAfterSeconds);
  const account = loginAccountKey();
  const attempt = await claimBackoffAttempt(account, LOGIN_BACKOFF);
  if (!attempt.allowed) {
    await releaseRateLimit(address.slot);
    throw tooManyFailures(attempt.retryAfterSeconds);
  }
  if (!(await verifyPassword(password, hash))) throw new UnauthorizedError('Invalid credentials', 'invalid_credentials');
  await Promise.all([releaseRateLimit(address.slot), resetBackoff(account)]);
  return createStaffSession();
}
