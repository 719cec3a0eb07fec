import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dynamoCallLog } from '../../tests/helpers/dynamo-calls.ts';
import { apiEvent, type Handler, invoke } from '../../tests/helpers/events.ts';
import * as routes from '../routes.ts';
import { ROUTES, type RouteDef, routeKey } from '../routes.ts';

/**
 * Per-address limits of the anonymous write routes: declared per route in the route table,
 * enforced once by the middleware with one conditional UpdateItem per request.
 */

/** Every route an anonymous visitor can write through (docs/product.md section 7). */
const ANONYMOUS_WRITES = [
  'POST /api/llc-applications',
  'PATCH /api/llc-applications/{id}',
  'POST /api/webhook/stage1',
  'POST /api/webhook/stage2',
  'POST /api/business-names/generate',
  'POST /api/business-names/check-availability',
  'POST /api/support-tickets',
  'POST /api/create-payment-intent',
  'POST /api/klarna/create-session',
  'POST /api/amazon-pay/create-session',
  'POST /api/apple-pay/validate-merchant',
  'POST /api/test-payments/confirm',
  'POST /api/apple-pay/process-payment',
  'POST /api/klarna/place-order',
  'POST /api/amazon-pay/complete-checkout',
];

const table = ROUTES as readonly RouteDef[];
const route = (key: string) => table.find((r) => routeKey(r) === key) as RouteDef;
const limitOf = (key: string) => (route(key) as RouteDef & { rateLimit?: { bucket: string; perMinute: number } }).rateLimit;

/** The start of a clock minute (limits count in fixed one-minute windows). */
const windowStart = () => (Math.floor(Date.now() / 60_000) + 1) * 60_000;

async function send(key: string, sourceIp: string) {
  const r = route(key);
  const { handler } = (await import(pathToFileURL(join(import.meta.dirname, '../handlers', `${r.handler}.ts`)).href)) as { handler: Handler };
  const id = '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10';
  const params = r.path.includes('{id}') ? { path: r.path.replace('{id}', id), pathParameters: { id } } : {};
  // A body that is not JSON: the answer is the parser's 400 unless the limit answers first.
  return invoke(
    handler,
    apiEvent({ method: r.method, route: r.path, ...params, rawBody: 'not json', headers: { 'content-type': 'application/json' }, sourceIp }),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('per-address limits in the route table', () => {
  it('every anonymous write route declares one, and is granted the rateLimits table for it', () => {
    const missing = ANONYMOUS_WRITES.filter((key) => !limitOf(key));
    expect(missing).toEqual([]);
    for (const key of ANONYMOUS_WRITES) expect(route(key).tables?.rateLimits, key).toBe('write');
  });

  it('no public route that writes data is left without one (except the signed Stripe webhook and the staff session routes)', () => {
    const exempt = new Set(['POST /api/webhook/stripe', 'POST /api/staff/login', 'POST /api/staff/logout']);
    const unlimited = table
      .filter((r) => r.access === 'public' && r.method !== 'GET' && Object.values(r.tables ?? {}).includes('write'))
      .map(routeKey)
      .filter((key) => !exempt.has(key) && !limitOf(key));
    expect(unlimited).toEqual([]);
  });

  it('takes every figure from the one limits table, and leaves room for what a real visitor does', () => {
    const limits = (routes as unknown as { RATE_LIMITS?: Record<string, number> }).RATE_LIMITS;
    expect(limits).toBeDefined();
    for (const key of ANONYMOUS_WRITES) expect(Object.values(limits ?? {}), key).toContain(limitOf(key)?.perMinute);
    // Autosave every 2 s while typing is 30 a minute, plus the checkout's add-on toggles.
    expect(limitOf('PATCH /api/llc-applications/{id}')?.perMinute).toBeGreaterThanOrEqual(120);
    // The checkout opens a session per payment method and again for each new total.
    expect(limitOf('POST /api/create-payment-intent')?.perMinute).toBeGreaterThanOrEqual(20);
    // The two lead stages share one allowance, as do the two name routes.
    expect(limitOf('POST /api/webhook/stage1')?.bucket).toBe(limitOf('POST /api/webhook/stage2')?.bucket);
    expect(limitOf('POST /api/business-names/generate')?.bucket).toBe(limitOf('POST /api/business-names/check-availability')?.bucket);
  });
});

describe('the middleware enforces them', () => {
  it('answers 429 with Retry-After once an address has used its allowance, on every anonymous write route', { timeout: 60_000 }, async () => {
    const start = windowStart();
    vi.spyOn(Date, 'now').mockReturnValue(start + 1000);
    const buckets = new Map<string, string[]>();
    for (const key of ANONYMOUS_WRITES) {
      const limit = limitOf(key);
      expect(limit, key).toBeDefined();
      if (limit) buckets.set(limit.bucket, [...(buckets.get(limit.bucket) ?? []), key]);
    }
    let n = 0;
    for (const [bucket, keys] of buckets) {
      const ip = `198.51.100.${++n}`;
      const perMinute = limitOf(keys[0])?.perMinute ?? 0;
      // The allowance, spread over the routes sharing it: each answer is the route's own.
      for (let i = 0; i < perMinute; i++) expect((await send(keys[i % keys.length], ip)).status, `${bucket} request ${i + 1}`).toBe(400);
      for (const key of keys) {
        const refused = await send(key, ip);
        expect(refused.status, key).toBe(429);
        expect(refused.body).toEqual({ error: 'Too many requests from this network: try again in 59 seconds', code: 'rate_limited', retryAfterSeconds: 59 });
        expect(refused.headers['retry-after']).toBe('59');
        // Another address is not affected.
        expect((await send(key, `203.0.113.${n}`)).status, key).toBe(400);
      }
    }
    // The next minute opens a new window.
    vi.spyOn(Date, 'now').mockReturnValue(start + 60_000);
    expect((await send('POST /api/llc-applications', '198.51.100.1')).status).toBe(400);
  });

  it('costs one conditional UpdateItem per request, refused or not', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(windowStart() + 5000);
    const ip = '192.0.2.99';
    const perMinute = limitOf('POST /api/support-tickets')?.perMinute ?? 0;
    for (let i = 0; i < perMinute; i++) await send('POST /api/support-tickets', ip);
    dynamoCallLog.length = 0;
    expect((await send('POST /api/support-tickets', ip)).status).toBe(429);
    expect(dynamoCallLog).toEqual(['UpdateItemCommand']);
    dynamoCallLog.length = 0;
    expect((await send('POST /api/support-tickets', '192.0.2.98')).status).toBe(400);
    expect(dynamoCallLog).toEqual(['UpdateItemCommand']);
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(windowStart() + 2000);
    const perMinute = limitOf('POST /api/webhook/stage1')?.perMinute ?? 0;
    for (let i = 0; i < perMinute; i++) expect((await send('POST /api/webhook/stage1', `2001:db8:1:2::${(i + 1).toString(16)}`)).status).toBe(400);
    expect((await send('POST /api/webhook/stage1', '2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await send('POST /api/webhook/stage1', '2001:db8:1:3::1')).status).toBe(400);
  });

  it('leaves routes without a declared limit alone', async () => {
    dynamoCallLog.length = 0;
    const { handler } = await import('../handlers/savings/calculate.ts');
    const res = await invoke(
      handler,
      apiEvent({ method: 'POST', route: '/api/calculate-savings', rawBody: 'x', headers: { 'content-type': 'application/json' } }),
    );
    expect(res.status).toBe(400);
    expect(dynamoCallLog).toEqual([]);
  });
});
