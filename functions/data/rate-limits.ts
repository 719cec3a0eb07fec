import { ddb, tableName, writeIf } from '../lib/clients/dynamodb.ts';
import { GetCommand, UpdateCommand } from '../lib/clients/dynamodb-sdk.ts';

/**
 * Fixed-window rate limits kept in DynamoDB, so they hold across Lambda instances.
 * One item per key: `count` attempts since `windowStart` (epoch seconds); TTL removes it after.
 */
type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Takes one slot for `key`: allowed while fewer than `limit` were taken in the current window.
 * Atomic (conditional updates), so concurrent callers cannot exceed the limit.
 */
export async function consumeRateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = nowSeconds();
    const cutoff = now - windowSeconds;
    // Within a live window with room left: count this attempt.
    const counted = await writeIf(
      ddb().send(
        new UpdateCommand({
          TableName: tableName('rateLimits'),
          Key: { key },
          UpdateExpression: 'ADD #count :one',
          ConditionExpression: 'windowStart > :cutoff AND #count < :limit',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':limit': limit },
        }),
      ),
    );
    if (counted) return { allowed: true };
    // No window yet, or the last one has passed: start a new one with this attempt.
    const opened = await writeIf(
      ddb().send(
        new UpdateCommand({
          TableName: tableName('rateLimits'),
          Key: { key },
          UpdateExpression: 'SET #count = :one, windowStart = :now, #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(windowStart) OR windowStart <= :cutoff',
          ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':one': 1, ':now': now, ':cutoff': cutoff, ':ttl': now + windowSeconds + 60 },
        }),
      ),
    );
    if (opened) return limit >= 1 ? { allowed: true } : { allowed: false, retryAfterSeconds: windowSeconds };
    // The window is live: either full, or another caller just opened it (then try again).
    const out = await ddb().send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key }, ConsistentRead: true }));
    const windowStart = Number(out.Item?.windowStart ?? 0);
    const count = Number(out.Item?.count ?? 0);
    if (windowStart > nowSeconds() - windowSeconds && count >= limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, windowStart + windowSeconds - nowSeconds()) };
    }
  }
  // Heavy contention on one key: treat as limited rather than let it through.
  return { allowed: false, retryAfterSeconds: 1 };
}

/** Gives back a slot taken by consumeRateLimit (e.g. a login that succeeded). */
export async function releaseRateLimit(key: string): Promise<void> {
  // Nothing to give back when the count is already zero (the window was reset meanwhile).
  await writeIf(
    ddb().send(
      new UpdateCommand({
        TableName: tableName('rateLimits'),
        Key: { key },
        UpdateExpression: 'ADD #count :minusOne',
        ConditionExpression: '#count > :zero',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
      }),
    ),
  );
}
