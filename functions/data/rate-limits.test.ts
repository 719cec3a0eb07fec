import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { consumeRateLimit, releaseRateLimit } from './rate-limits.ts';

const item = async (key: string) => (await ddb().send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key }, ConsistentRead: true }))).Item;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('consumeRateLimit', () => {
  it('allows `limit` attempts per window, then refuses with the time left in the window', async () => {
    const key = 'test#limit';
    for (let i = 0; i < 3; i++) expect(await consumeRateLimit(key, 3, 600)).toEqual({ allowed: true });
    const refused = await consumeRateLimit(key, 3, 600);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(590);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    }
    expect((await item(key))?.count).toBe(3);
  });

  it('keeps the item (TTL) until after the window ends, so a lockout cannot vanish early', async () => {
    const key = 'test#ttl';
    await consumeRateLimit(key, 5, 900);
    const stored = await item(key);
    expect(stored?.count).toBe(1);
    expect(stored?.ttl).toBe(stored?.windowStart + 900 + 60);
  });

  it('releaseRateLimit gives one slot back and never goes below zero', async () => {
    const key = 'test#release';
    await consumeRateLimit(key, 2, 600);
    await consumeRateLimit(key, 2, 600);
    expect((await consumeRateLimit(key, 2, 600)).allowed).toBe(false);
    await releaseRateLimit(key);
    expect((await item(key))?.count).toBe(1);
    expect((await consumeRateLimit(key, 2, 600)).allowed).toBe(true);
    await releaseRateLimit(key);
    await releaseRateLimit(key);
    await releaseRateLimit(key);
    expect((await item(key))?.count).toBe(0);
    // A release for a key that was never used creates nothing.
    await releaseRateLimit('test#never');
    expect(await item('test#never')).toBeUndefined();
  });

  it('a full window opens again exactly when it ends (clock pinned)', async () => {
    const key = 'test#boundary';
    const start = 1_900_000_000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start * 1000);
    expect(await consumeRateLimit(key, 1, 600)).toEqual({ allowed: true });
    clock.mockReturnValue((start + 599) * 1000);
    expect(await consumeRateLimit(key, 1, 600)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.mockReturnValue((start + 600) * 1000);
    expect(await consumeRateLimit(key, 1, 600)).toEqual({ allowed: true });
    expect((await item(key))?.windowStart).toBe(start + 600);
  });

  it('fails closed when the window item cannot be counted', async () => {
    // A live window whose count is missing: neither update applies, so the loop gives up.
    const key = 'test#malformed';
    await ddb().send(
      new PutCommand({
        TableName: tableName('rateLimits'),
        Item: { key, windowStart: Math.floor(Date.now() / 1000), ttl: Math.floor(Date.now() / 1000) + 3600 },
      }),
    );
    expect(await consumeRateLimit(key, 5, 600)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
