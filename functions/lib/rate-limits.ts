import { isIP } from 'node:net';
import { ddb, tableName, writeIf } from './clients/dynamodb.ts';
import { ConditionalCheckFailedException, DeleteCommand, GetCommand, UpdateCommand } from './clients/dynamodb-sdk.ts';
import { RateLimitedError } from './errors.ts';

/**
 * Limits kept in DynamoDB (rateLimits table), so they hold across Lambda instances. Every item
 * carries a TTL, so nothing about an address outlives its window by more than a minute.
 *
 * - Fixed windows (consumeRateLimit): `limit` requests per `windowSeconds`, counted in one item
 *   per key and window. The per-address limits of the anonymous write routes (enforced by the
 *   middleware, declared in functions/routes.ts), the staff login's per-address limit and the
 *   contact form's hourly limit.
 * - A slow-down after consecutive failures (claimBackoffAttempt): the staff login's guard per
 *   account and address.
 * - A count of failures that refuses nothing (countFailure): the staff login's per-account
 *   count across every address, for the owner's alert.
 * - A budget of attempts per window that opens with its first attempt (claimBudget): the staff
 *   login's wrong passwords per account across every address, and the password typed again
 *   per session and per account.
 */
type RateLimitResult = { allowed: true; slot: string } | { allowed: false; retryAfterSeconds: number };

/** "1 second", "34 seconds": how long to wait, as the 429 sentences say it. */
export const waitText = (seconds: number) => `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;

/**
 * The part of an address that identifies one visitor for a limit: an IPv4 address as it is, an
 * IPv6 address by its /64 (one customer's network: a single host can use any address in it).
 */
export function addressKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  // An IPv4 address written in IPv6 form (::ffff:a.b.c.d) is that IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a trailing dotted IPv4 expanded). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(0, zeros)).fill('0'), ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * Takes one slot of `key` in the current window: allowed while fewer than `limit` were taken in
 * it. Windows are fixed and follow the clock (window n covers seconds [n·w, (n+1)·w)), so the
 * window's item is known by name (`<key>@<window start>`) and one conditional UpdateItem both
 * opens and counts it: concurrent callers cannot exceed the limit, and a refused call writes
 * nothing. The item's TTL is a minute after its window ends. `slot` names the item, for
 * releaseRateLimit. `nowMs` is the clock (a sender paced on its own clock passes it).
 */
export async function consumeRateLimit(key: string, limit: number, windowSeconds: number, nowMs = Date.now()): Promise<RateLimitResult> {
  const now = nowMs / 1000;
  const start = Math.floor(now / windowSeconds) * windowSeconds;
  const end = start + windowSeconds;
  const retryAfterSeconds = Math.max(1, Math.ceil(end - now));
  if (limit < 1) return { allowed: false, retryAfterSeconds };
  const slot = `${key}@${start}`;
  const counted = await writeIf(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: { key: slot },
        UpdateExpression: 'SET #ttl = if_not_exists(#ttl, :ttl) ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': end + 60 },
      }),
    ),
  );
  return counted ? { allowed: true, slot } : { allowed: false, retryAfterSeconds };
}

/** Gives back a slot taken by consumeRateLimit (e.g. a login that succeeded). */
export async function releaseRateLimit(slot: string): Promise<void> {
  // Nothing to give back when the window's item is gone or its count is already zero.
  await writeIf(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: { key: slot },
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    ),
  );
}

/**
 * The middleware's per-address limit of a route (functions/routes.ts `rateLimit`): one slot of
 * the bucket's one-minute window for the visitor's address; 429 with Retry-After beyond it.
 */
export async function enforceRequestLimit(bucket: string, address: string, perMinute: number): Promise<void> {
  const slot = await consumeRateLimit(`rate:${bucket}:${addressKey(address)}`, perMinute, 60);
  if (!slot.allowed)
    throw new RateLimitedError(`Too many requests from this network: try again in ${waitText(slot.retryAfterSeconds)}`, slot.retryAfterSeconds);
}

// ---- Slow-down after consecutive failures --------------------------------------------------------

export interface BackoffPolicy {
  /** Failures in a row that cost no wait. */
  freeFailures: number;
  /** The longest wait after a failure. */
  maxDelaySeconds: number;
  /** A count with no new failure for this long starts again from zero. */
  forgetAfterSeconds: number;
}

/** Seconds to wait after the `failures`-th failure in a row: 0 while free, then 1, 2, 4, ... up to the cap. */
export function backoffDelaySeconds(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.maxDelaySeconds, 2 ** (failures - policy.freeFailures));
}

type AttemptResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Claims an attempt for `key` (e.g. one account's sign-ins, whatever the address) under a
 * growing slow-down: after n failures in a row the next attempt must wait
 * backoffDelaySeconds(n) after the last. The attempt is counted as a failure up front, so
 * parallel attempts cannot slip past the wait; resetBackoff clears the count when it succeeds.
 * A read, then a write conditional on the count read (another attempt in between: read again).
 */
export async function claimBackoffAttempt(key: string, policy: BackoffPolicy): Promise<AttemptResult> {
  for (let round = 0; round < 6; round++) {
    const now = Date.now();
    const out = await ddb().send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key }, ConsistentRead: true }));
    const item = out.Item;
    // DynamoDB removes expired items only eventually: an expired count is no count.
    const live = item !== undefined && Number(item.ttl) * 1000 > now;
    const failures = live ? Number(item.failures ?? 0) : 0;
    const notBefore = live ? Number(item.notBefore ?? 0) : 0;
    if (now < notBefore) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((notBefore - now) / 1000)) };
    const next = failures + 1;
    const seen = item?.failures;
    const claimed = await writeIf(
      ddb().send(
        new UpdateCommand({
          TableName: tableName('rateLimits'),
          Key: { key },
          UpdateExpression: 'SET failures = :next, notBefore = :notBefore, lastAttemptAt = :now, #ttl = :ttl',
          ConditionExpression: seen === undefined ? 'attribute_not_exists(failures)' : 'failures = :seen',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':next': next,
            ':notBefore': now + backoffDelaySeconds(next, policy) * 1000,
            ':now': now,
            ':ttl': Math.floor(now / 1000) + policy.forgetAfterSeconds,
            ...(seen === undefined ? {} : { ':seen': seen }),
          },
        }),
      ),
    );
    if (claimed) return { allowed: true };
  }
  // Heavy contention on one key: refuse rather than let an attempt through uncounted.
  return { allowed: false, retryAfterSeconds: 1 };
}

/** Clears the failure count of `key` (a successful attempt). */
export async function resetBackoff(key: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName('rateLimits'), Key: { key } }));
}

/**
 * Counts one more failure under `key` without refusing anything (an alert's count, e.g. one
 * account's failed sign-ins from every address) and returns the count. A count with no new
 * failure for `forgetAfterSeconds` starts again from zero (DynamoDB deletes expired items only
 * eventually, so an expired one is replaced rather than added to).
 */
export async function countFailure(key: string, forgetAfterSeconds: number): Promise<number> {
  const now = Date.now();
  const nowSeconds = Math.floor(now / 1000);
  const write = (expression: string, condition: string) =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: { key },
        UpdateExpression: expression,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':ttl': nowSeconds + forgetAfterSeconds, ':nowSeconds': nowSeconds },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
  for (let round = 0; round < 3; round++) {
    try {
      const out = await write('SET lastFailureAt = :now, #ttl = :ttl ADD failures :one', '#ttl > :nowSeconds');
      return Number(out.Attributes?.failures ?? 1);
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
    try {
      await write('SET failures = :one, lastFailureAt = :now, #ttl = :ttl', 'attribute_not_exists(#ttl) OR #ttl <= :nowSeconds');
      return 1;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
  }
  return 1;
}

// ---- A budget of attempts per window ------------------------------------------------------------------

type BudgetResult = { allowed: true; used: number } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one attempt of `key`'s budget: `limit` attempts per `windowSeconds`, the window opening
 * with its first attempt (e.g. one account's wrong passwords from every address, 10 per 15
 * minutes). One item per key: the count and the window's end, which is also its TTL. The attempt is
 * taken before it is checked, so parallel attempts cannot spend more than the budget;
 * releaseBudget gives back one that succeeded. `used` counts this attempt (1 for the window's
 * first); a spent budget says how long until its window ends.
 */
export async function claimBudget(key: string, limit: number, windowSeconds: number): Promise<BudgetResult> {
  for (let round = 0; round < 4; round++) {
    const now = Math.floor(Date.now() / 1000);
    const update = (expression: string, condition: string, values: Record<string, unknown>) =>
      ddb().send(
        new UpdateCommand({
          TableName: tableName('rateLimits'),
          Key: { key },
          UpdateExpression: expression,
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
          ExpressionAttributeValues: values,
          ReturnValues: 'UPDATED_NEW',
        }),
      );
    try {
      const out = await update('ADD #count :one', '#ttl > :now AND #count < :limit', { ':one': 1, ':now': now, ':limit': limit });
      return { allowed: true, used: Number(out.Attributes?.count ?? 1) };
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
    // No window open (none yet, or the last one ended, which DynamoDB deletes only eventually): this attempt opens one.
    try {
      await update('SET #count = :one, #ttl = :end', 'attribute_not_exists(#ttl) OR #ttl <= :now', { ':one': 1, ':now': now, ':end': now + windowSeconds });
      return { allowed: true, used: 1 };
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
    }
    const out = await ddb().send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key }, ConsistentRead: true }));
    const end = Number(out.Item?.ttl ?? 0);
    if (end > now && Number(out.Item?.count ?? 0) >= limit) return { allowed: false, retryAfterSeconds: Math.max(1, end - now) };
    // The window changed between the writes and the read: try again.
  }
  // Heavy contention on one key: refuse rather than let an attempt through uncounted.
  return { allowed: false, retryAfterSeconds: 1 };
}

/** Gives back an attempt taken by claimBudget (it succeeded), while its window lasts. */
export async function releaseBudget(key: string): Promise<void> {
  await writeIf(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: { key },
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero AND #ttl > :now',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0, ':now': Math.floor(Date.now() / 1000) },
      }),
    ),
  );
}
