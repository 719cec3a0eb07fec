import { createHash, randomBytes } from 'node:crypto';
import { STAFF_SESSION_HOURS, type StaffPerson, storedPermissions, storedRole } from '#shared/staff/accounts.ts';
import { ddb, tableName } from './clients/dynamodb.ts';
import { GetCommand, type TransactItem } from './clients/dynamodb-sdk.ts';
import type { BackoffPolicy } from './rate-limits.ts';

/**
 * Staff sessions: one item per session, keyed by the SHA-256 of its token (the token itself is
 * returned once and never stored), carrying the person it belongs to. The middleware's check is
 * this one GetItem. A person's live sessions are also listed on their account item
 * (./staff-accounts.ts), so removing the person, resetting their sign-in or ending a session
 * deletes the session items in the same transaction: the token stops working on the next request.
 */

/** Staff tokens are stored only as their SHA-256 (base64url). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const plausibleToken = (token: string) => token.length >= 16 && token.length <= 256;

/** The signed-in person of an unexpired session, with the session's id; undefined otherwise. */
export async function staffSessionFor(token: string): Promise<{ person: StaffPerson; sessionId: string } | undefined> {
  if (!plausibleToken(token)) return undefined;
  const out = await ddb().send(new GetCommand({ TableName: tableName('sessions'), Key: { tokenHash: hashToken(token) } }));
  const item = out.Item;
  if (!item || typeof item.expiresAt !== 'string' || !(Date.parse(item.expiresAt) > Date.now())) return undefined;
  const role = storedRole(item.role);
  if (typeof item.personId !== 'string' || typeof item.email !== 'string' || !role) return undefined;
  const permissions = role === 'owner' ? [] : storedPermissions(item.permissions);
  return {
    person: { id: item.personId, email: item.email, role, ...(permissions.length ? { permissions } : {}) },
    sessionId: String(item.sessionId ?? ''),
  };
}

/** True when the token belongs to an unexpired session of a person. */
export async function verifyStaffSession(token: string): Promise<boolean> {
  return (await staffSessionFor(token)) !== undefined;
}

/** A person's session as their account item lists it (./staff-accounts.ts). */
export interface SessionRecord {
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  device: string;
}

/**
 * A new session for `person`: 32 random bytes (base64url) returned once, the session item's Put
 * for the transaction that opens it, and the record the person's account item keeps.
 */
export function newSession(
  person: StaffPerson,
  device: string,
  now = new Date(),
): { token: string; sessionId: string; record: SessionRecord; put: TransactItem } {
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomBytes(12).toString('base64url');
  const expires = new Date(now.getTime() + STAFF_SESSION_HOURS * 3600_000);
  const record: SessionRecord = { tokenHash: hashToken(token), createdAt: now.toISOString(), expiresAt: expires.toISOString(), device: device.slice(0, 120) };
  const put: TransactItem = {
    Put: {
      TableName: tableName('sessions'),
      Item: {
        tokenHash: record.tokenHash,
        sessionId,
        personId: person.id,
        email: person.email,
        role: person.role,
        ...(person.permissions?.length ? { permissions: person.permissions } : {}),
        createdAt: record.createdAt,
        expiresAt: record.expiresAt,
        ttl: Math.floor(expires.getTime() / 1000),
      },
      ConditionExpression: 'attribute_not_exists(tokenHash)',
    },
  };
  return { token, sessionId, record, put };
}

/**
 * The Update of a live session item when its person's role or permissions change, in the same
 * transaction: the next request already runs with the new role. Only while the item exists (an
 * ended session is not brought back).
 */
export function sessionRoleUpdate(tokenHash: string, person: Pick<StaffPerson, 'role' | 'permissions'>): TransactItem {
  const permissions = person.role === 'owner' ? [] : (person.permissions ?? []);
  return {
    Update: {
      TableName: tableName('sessions'),
      Key: { tokenHash },
      UpdateExpression: permissions.length ? 'SET #role = :role, #permissions = :permissions' : 'SET #role = :role REMOVE #permissions',
      ConditionExpression: 'attribute_exists(tokenHash)',
      ExpressionAttributeNames: { '#role': 'role', '#permissions': 'permissions' },
      ExpressionAttributeValues: { ':role': person.role, ...(permissions.length ? { ':permissions': permissions } : {}) },
    },
  };
}

/** The Delete of a session item, for the transaction that ends it. */
export function sessionDelete(tokenHash: string): TransactItem {
  return { Delete: { TableName: tableName('sessions'), Key: { tokenHash } } };
}

/**
 * Brute-force guards of the staff sign-in, in the rateLimits table:
 * - per account AND address (the slow-down): 3 failures in a row are free, then each next
 *   attempt from that address at that account waits 2^(n-3) seconds after the n-th (1, 2, 4 ...
 *   s), at most a minute. The password step and the code step each have their own count. Only
 *   wrong attempts cost anything: a right password resets the password count, a completed
 *   sign-in the code count, and a stranger's guesses from their addresses never make the
 *   person wait at theirs (docs/decisions/0201-sign-in-slow-down-per-account-and-address.md). A quiet day forgets a count.
 * - per account, across every address: the failures are counted (not refused) for the owner's
 *   alert: every failure is a metric, and each tenth a warning in the log.
 * - per address: 10 failed sign-in steps a minute (for any account).
 * - per account, across every address, a budget of wrong passwords (LOGIN_PASSWORD_BUDGET per
 *   LOGIN_BUDGET_WINDOW_SECONDS, `loginBudgetKey`): once it is spent, a password is checked only
 *   together with a second proof in the same step (the authenticator app's code, or a code
 *   emailed to the account), so guessing from many addresses gets nowhere and the right person
 *   still signs in (docs/decisions/0408-account-wide-password-budget.md).
 * - the password typed again on the account page: REAUTH_WRONG_PER_SESSION wrong ones end the
 *   session, and REAUTH_WRONG_PER_ACCOUNT per window across the account's sessions.
 * IPv6 addresses count by their /64 (addressKey in ./rate-limits.ts).
 */
export const LOGIN_BACKOFF: BackoffPolicy = { freeFailures: 3, maxDelaySeconds: 60, forgetAfterSeconds: 24 * 3600 };
export const LOGIN_FAILURES_PER_ADDRESS = 10;
export const LOGIN_ADDRESS_WINDOW_SECONDS = 60;
export const LOGIN_PASSWORD_BUDGET = 10;
export const LOGIN_BUDGET_WINDOW_SECONDS = 15 * 60;
export const REAUTH_WRONG_PER_SESSION = 5;
export const REAUTH_WRONG_PER_ACCOUNT = 10;

/**
 * An account's key: `login:account:<person id>`; an address no person has is counted under a
 * hash of the address, so guessing at unknown addresses is slowed the same way.
 */
export const loginAccountKey = (personId: string) => `login:account:${personId}`;
export const unknownAccountKey = (email: string) =>
  loginAccountKey(`unknown-${createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 22)}`);

/** The slow-down of one sign-in step at one account from one address (`addressKey` of it). */
export const loginSlowDownKey = (account: string, step: 'password' | 'code', address: string) => `${account}:${step}:${address}`;

/** The account's failures from every address, kept for the owner's alert: `<account key>:failures`. */
export const loginFailuresKey = (account: string) => `${account}:failures`;

/** The account's budget of wrong passwords from every address: `<account key>:budget`. */
export const loginBudgetKey = (account: string) => `${account}:budget`;

/** Wrong passwords typed again in one session, and in all of a person's sessions. */
export const reauthSessionKey = (sessionId: string) => `reauth:session:${sessionId}`;
export const reauthAccountKey = (personId: string) => `reauth:account:${personId}`;
