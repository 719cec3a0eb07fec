import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { killAllServers, startLocalServer, stopServer } from '../tests/helpers/local-server.ts';
import { type Clock, instanceTotals, Pacer, parseSeedArgs, routeLimit, runSeed, SEED_STAGES, seedOrder, staffSignIn } from './seed-orders.ts';

const dirs: string[] = [];
afterAll(() => {
  killAllServers();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A clock that only moves when the pacer sleeps: every wait is recorded, none is spent. */
function fakeClock(start: number): Clock & { waits: number[] } {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
}

describe('npm run seed: pacing and the orders it makes', () => {
  it('takes a bucket up to its limit in a clock minute, then waits for the next minute', async () => {
    const clock = fakeClock(Date.UTC(2026, 0, 5, 10, 0, 30));
    const pacer = new Pacer(clock);
    for (let i = 0; i < 20; i++) await pacer.take('drafts', 20);
    expect(clock.waits).toEqual([]);
    await pacer.take('drafts', 20);
    // 30 s left of the minute, and the margin for the server's clock.
    expect(clock.waits).toEqual([30_250]);
    // Another bucket counts on its own.
    await pacer.take('payment-intent', 20);
    expect(clock.waits).toHaveLength(1);
    // A 429 from the server spends the bucket's minute.
    pacer.spent('payment-intent', 20);
    await pacer.take('payment-intent', 20);
    expect(clock.waits).toHaveLength(2);
  });

  it('with a share, uses only that part of each limit and leaves the rest of the minute to others', async () => {
    const clock = fakeClock(Date.UTC(2026, 0, 5, 10, 0, 30));
    const pacer = new Pacer(clock, 0.5);
    for (let i = 0; i < 10; i++) await pacer.take('drafts', 20);
    expect(clock.waits).toEqual([]);
    await pacer.take('drafts', 20);
    expect(clock.waits).toEqual([30_250]);
    // A limit of one still lets one request a minute through.
    await pacer.take('tiny', 1);
    expect(clock.waits).toHaveLength(1);
    expect(() => new Pacer(clock, 0)).toThrow(/above 0 and at most 1/);
    expect(() => new Pacer(clock, 1.5)).toThrow(/above 0 and at most 1/);
  });

  it('paces by the route table: the routes it calls and their per-address limits', () => {
    expect(routeLimit('POST /api/llc-applications')).toEqual({ bucket: 'drafts', perMinute: 20 });
    expect(routeLimit('POST /api/test-payments/confirm')?.bucket).toBe('test-payment');
    expect(routeLimit('PUT /api/orders/{id}/filing-details')?.bucket).toBe('order-details');
    expect(routeLimit('GET /api/staff/queue')).toBeUndefined();
  });

  it('makes the same orders from the same seed, across states and add-ons, every stage in seven', () => {
    expect(seedOrder(3, 4)).toEqual(seedOrder(3, 4));
    expect(
      seedOrder(3, 4).answers.firstName === seedOrder(4, 4).answers.firstName && seedOrder(3, 4).answers.businessName === seedOrder(4, 4).answers.businessName,
    ).toBe(false);
    const orders = Array.from({ length: 21 }, (_, i) => seedOrder(1, i));
    expect(new Set(orders.slice(0, 7).map((o) => o.target))).toEqual(new Set(SEED_STAGES));
    expect(new Set(orders.map((o) => o.answers.state)).size).toBeGreaterThanOrEqual(7);
    expect(orders.some((o) => o.answers.feinFiling)).toBe(true);
    expect(orders.some((o) => o.answers.operatingAgreement)).toBe(true);
    expect(orders.some((o) => o.answers.expeditedFiling)).toBe(true);
    // A tag changes the name and the email only: the same order, under a name no other run has.
    const tagged = seedOrder(3, 4, 'Qbtz');
    expect(tagged.answers.businessName).toMatch(/ Qbtz 5 LLC$/);
    expect(tagged.answers.businessName).not.toBe(seedOrder(3, 4).answers.businessName);
    expect(tagged.answers.email).toContain('.qbtz@');
    expect({ ...tagged.answers, businessName: '', email: '', userId: '' }).toEqual({ ...seedOrder(3, 4).answers, businessName: '', email: '', userId: '' });
    // A completed order needs nothing staff cannot give here (no IRS letter to wait for).
    expect(orders.filter((o) => o.target === 'completed').every((o) => !o.answers.feinFiling)).toBe(true);
  });

  it('reads its options', () => {
    expect(parseSeedArgs([])).toEqual({ url: 'http://127.0.0.1:3000', orders: 50, seed: 1 });
    expect(parseSeedArgs(['--orders', '6', '--seed', '9', '--url', 'http://127.0.0.1:3100/x'])).toEqual({ url: 'http://127.0.0.1:3100', orders: 6, seed: 9 });
    expect(() => parseSeedArgs(['--orders', '0'])).toThrow(/--orders/);
    expect(() => parseSeedArgs(['--order', '5'])).toThrow(/Unknown option --order/);
  });

  // Starts `npm start` (DynamoDB Local and all) as the operator would, then seeds it over HTTP.
  it('fills a running local instance with orders in the stages it reports, as the API counts them', { timeout: 300_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-seed-'));
    dirs.push(dataDir);
    const server = await startLocalServer({ dataDir });
    onTestFailed(() => console.error(`the runtime's output:\n${server.output()}`));
    try {
      const report = await runSeed({ url: server.url, orders: 6, seed: 2, staffEmail: server.staffEmail, staffPassword: server.staffPassword });
      expect(report.ids).toHaveLength(6);
      // Six orders: the first six stages of the cycle, one each.
      expect(Object.values(report.stages).reduce((a, b) => a + b, 0)).toBe(6);
      expect(report.stages).toEqual({ unpaid: 1, details: 1, ready: 1, processing: 1, state: 1, filed: 0, completed: 1 });
      // The instance held nothing else: its own counts, asked afresh, are the report's.
      const totals = await instanceTotals(server.url, await staffSignIn(server.url, server.staffEmail, server.staffPassword));
      for (const stage of SEED_STAGES) expect(totals[stage], stage).toBe(report.stages[stage]);
      expect(totals.review + totals.dispute).toBe(0);
    } finally {
      await stopServer(server);
    }
  });
});
