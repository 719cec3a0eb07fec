import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamoCallLog } from '../../tests/helpers/dynamo-calls.ts';
import { ddb, tableName } from './clients/dynamodb.ts';
import {
  addressKey,
  type BackoffPolicy,
  backoffDelaySeconds,
  claimBackoffAttempt,
  consumeRateLimit,
  releaseRateLimit,
  resetBackoff,
  waitText,
} from './rate-limits.ts';

const item = async (key: string) => (await ddb().send(new GetCommand({ TableName: tableName('rateLimits'), Key: { key }, ConsistentRead: true }))).Item;

/** A pinned clock, in epoch seconds (limits read Date.now). */
let clock: ReturnType<typeof vi.spyOn>;
const at = (seconds: number) => clock.mockReturnValue(seconds * 1000);
// The start of a 600 s window, well in the future so no real window interferes.
const T = 1_900_000_200;

beforeEach(() => {
  clock = vi.spyOn(Date, 'now');
  at(T);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('consumeRateLimit (fixed windows)', () => {
  it('allows `limit` attempts per window, then refuses with the time left in the window', async () => {
    const key = 'test#limit';
    for (let i = 0; i < 3; i++) expect(await consumeRateLimit(key, 3, 600)).toEqual({ allowed: true, slot: `${key}@${T}` });
    at(T + 10);
    expect(await consumeRateLimit(key, 3, 600)).toEqual({ allowed: false, retryAfterSeconds: 590 });
    expect((await item(`${key}@${T}`))?.count).toBe(3);
  });

  it('opens and counts a window with one conditional UpdateItem, refused or not', async () => {
    dynamoCallLog.length = 0;
    await consumeRateLimit('test#calls', 1, 60);
    await consumeRateLimit('test#calls', 1, 60);
    expect(dynamoCallLog).toEqual(['UpdateItemCommand', 'UpdateItemCommand']);
  });

  it('keeps the window item (TTL) until a minute after its window ends', async () => {
    at(T + 100);
    await consumeRateLimit('test#ttl', 5, 900);
    const start = Math.floor((T + 100) / 900) * 900;
    expect(await item(`test#ttl@${start}`)).toEqual({ key: `test#ttl@${start}`, count: 1, ttl: start + 900 + 60 });
  });

  it('a full window opens again exactly when it ends', async () => {
    const key = 'test#boundary';
    expect((await consumeRateLimit(key, 1, 600)).allowed).toBe(true);
    at(T + 599);
    expect(await consumeRateLimit(key, 1, 600)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    at(T + 600);
    expect(await consumeRateLimit(key, 1, 600)).toEqual({ allowed: true, slot: `${key}@${T + 600}` });
  });

  it('cannot be raced past the limit', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => consumeRateLimit('test#race', 5, 600)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect((await item(`test#race@${T}`))?.count).toBe(5);
  });

  it('releaseRateLimit gives one slot back and never goes below zero', async () => {
    const key = 'test#release';
    const first = await consumeRateLimit(key, 2, 600);
    await consumeRateLimit(key, 2, 600);
    expect((await consumeRateLimit(key, 2, 600)).allowed).toBe(false);
    if (!first.allowed) throw new Error('first slot refused');
    await releaseRateLimit(first.slot);
    expect((await item(first.slot))?.count).toBe(1);
    expect((await consumeRateLimit(key, 2, 600)).allowed).toBe(true);
    for (let i = 0; i < 3; i++) await releaseRateLimit(first.slot);
    expect((await item(first.slot))?.count).toBe(0);
    // A release for a window that was never used creates nothing.
    await releaseRateLimit('test#never@0');
    expect(await item('test#never@0')).toBeUndefined();
  });

  it('a limit below one refuses without writing', async () => {
    expect(await consumeRateLimit('test#zero', 0, 60)).toEqual({ allowed: false, retryAfterSeconds: 60 - (T % 60) });
  });
});

describe('addressKey', () => {
  it('keeps IPv4 addresses and groups IPv6 addresses by their /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('claimBackoffAttempt (slow-down after failures in a row)', () => {
  const policy: BackoffPolicy = { freeFailures: 3, maxDelaySeconds: 60, forgetAfterSeconds: 86_400 };

  it('waits 2^(n-3) seconds after the n-th failure from the third on, at most a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((n) => backoffDelaySeconds(n, policy))).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60]);
    expect([1, 34].map(waitText)).toEqual(['1 second', '34 seconds']);
  });

  it('refuses an attempt until the wait after the last failure has passed', async () => {
    const key = 'test#backoff';
    let now = T;
    for (let n = 1; n <= 10; n++) {
      at(now);
      expect(await claimBackoffAttempt(key, policy), `attempt ${n}`).toEqual({ allowed: true });
      const wait = backoffDelaySeconds(n, policy);
      if (wait > 0) {
        expect(await claimBackoffAttempt(key, policy)).toEqual({ allowed: false, retryAfterSeconds: wait });
        at(now + wait - 0.5);
        expect(await claimBackoffAttempt(key, policy)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      }
      now += wait;
    }
    expect((await item(key))?.failures).toBe(10);
  });

  it('counts parallel attempts one by one, so none slips past the wait', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => claimBackoffAttempt('test#parallel', policy)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => !r.allowed)).toEqual(Array(7).fill({ allowed: false, retryAfterSeconds: 1 }));
    expect((await item('test#parallel'))?.failures).toBe(3);
  });

  it('resetBackoff starts again from zero, and so does a count forgotten after a quiet day', async () => {
    const key = 'test#reset';
    for (let i = 0; i < 3; i++) await claimBackoffAttempt(key, policy);
    expect((await claimBackoffAttempt(key, policy)).allowed).toBe(false);
    await resetBackoff(key);
    for (let i = 0; i < 3; i++) expect((await claimBackoffAttempt(key, policy)).allowed).toBe(true);
    expect(await item(key)).toMatchObject({ failures: 3, ttl: T + 86_400 });
    // Past the TTL (DynamoDB may not have removed the item yet): no count.
    at(T + 86_401);
    expect(await claimBackoffAttempt(key, policy)).toEqual({ allowed: true });
    expect((await item(key))?.failures).toBe(1);
  });
});
