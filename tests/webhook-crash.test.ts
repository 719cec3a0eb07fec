import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TABLE_PREFIX } from '../scripts/local/runtime.ts';
import { ensureTables, type RunningService, startDynamoDbLocal } from '../scripts/local/services.ts';
import { type StripeFake, startStripeFake } from './fakes/stripe.ts';
import { killAllServers, type LocalServer, startLocalServer, stopServer } from './helpers/local-server.ts';

/**
 * Stripe webhooks across a SIGKILL of the server mid-processing (as a Lambda that times out, runs
 * out of memory or crashes): 60 signed payment_intent.succeeded events at once, the server killed
 * at two different points of the run (after the first few answers, then half-way through),
 * restarted, and every event that got no 2xx redelivered until it does, as Stripe retries.
 * Every paid order must end paid, with its payment recorded exactly once. The database is a
 * DynamoDB Local of this test's own, outside the killed process, as DynamoDB is on AWS.
 */
const SECRET = 'whsec_crash_test_secret';
const EVENTS = 60;
/** Short, so the redelivery after the restart finds the killed run's claims expired within seconds. */
const LEASE_SECONDS = 2;

const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-webhook-crash-'));
let dynamo: RunningService;
let stripe: StripeFake;
let server: LocalServer | undefined;
let tables: Awaited<ReturnType<typeof ensureTables>>;
let db: DynamoDBDocumentClient;

beforeAll(async () => {
  [dynamo, stripe] = await Promise.all([startDynamoDbLocal(null), startStripeFake()]);
  tables = await ensureTables(dynamo.endpoint, LOCAL_TABLE_PREFIX);
  db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
}, 120_000);
afterAll(async () => {
  try {
    if (server) await stopServer(server);
  } finally {
    killAllServers();
    await Promise.allSettled([dynamo?.stop(), stripe?.close()]);
    db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const serverEnv = () => ({
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  STRIPE_SECRET_KEY: 'sk_test_crash',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_API_BASE: stripe.url,
  PAYMENT_EVENT_LEASE_SECONDS: String(LEASE_SECONDS),
  LOCAL_JOBS: 'off',
});

/**
 * One HTTP call from a given loopback address: every order is its own visitor (127.0.0.0/8 is
 * all loopback), so the per-address limits on drafts and payment starts are not what is tried.
 */
function call(
  base: string,
  method: string,
  path: string,
  opts: { body?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method, headers: { ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers }, localAddress: opts.from, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const wizard = (n: number, round: string) => ({
  userId: `whcrash${round}${n}`,
  firstName: 'Ada',
  lastName: 'Crash',
  email: `webhook-crash-${round}-${n}@example.com`,
  phone: '305-555-0100',
  state: 'WY',
  residenceState: 'WY',
  hasInventory: false,
  priority: 'privacy',
  contentTypes: ['gaming'],
  platforms: ['youtube'],
  businessName: `Webhook Crash ${round} ${n} ${Date.now().toString(36)} LLC`,
  annualIncome: 60000,
  monthlyExpenses: { clothing: 0, meals: 0, equipment: 200, travel: 0, entertainment: 0, other: 0 },
  estimatedSavings: 500,
  expeditedFiling: false,
  feinFiling: false,
  operatingAgreement: false,
  currentStep: 4,
});

interface PaidOrder {
  id: string;
  secret: string;
  intentId: string;
  /** The signed event's JSON: Stripe resends the same event, signed afresh. */
  payload: string;
}

/** A submitted application whose payment started (a PaymentIntent at the Stripe fake) and succeeded at Stripe. */
async function paidAtStripe(base: string, n: number, round: string, totalCents: number): Promise<PaidOrder> {
  const from = `127.0.${round === 'a' ? 1 : 2}.${n + 10}`;
  const data = wizard(n, round);
  const created = await call(base, 'POST', '/api/llc-applications', { body: JSON.stringify(data), from });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { id, resumeSecret: secret } = created.body as { id: string; resumeSecret: string };
  const holder = { 'x-resume-secret': secret };
  const submitted = await call(base, 'PATCH', `/api/llc-applications/${id}`, { body: JSON.stringify({ ...data, completed: true }), headers: holder, from });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const started = await call(base, 'POST', '/api/create-payment-intent', {
    body: JSON.stringify({ amount: totalCents, applicationId: id }),
    headers: holder,
    from,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const intentId = String(started.body.clientSecret).split('_secret_')[0];
  // The browser confirms with Stripe: the money is taken there; the webhook is all we hear of it.
  expect(stripe.succeed(intentId)).toBe(true);
  const payload = JSON.stringify({
    id: `evt_crash_${round}_${n}_${intentId}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...stripe.intents.get(intentId) } },
  });
  return { id, secret, intentId, payload };
}

const deliver = (base: string, order: PaidOrder) =>
  call(base, 'POST', '/api/webhook/stripe', {
    body: order.payload,
    headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: order.payload, secret: SECRET }) },
  }).catch(() => ({ status: 0, body: {} }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function killed(target: LocalServer): Promise<void> {
  target.child.kill('SIGKILL');
  await new Promise<void>((r) => (target.child.exitCode !== null || target.child.signalCode ? r() : target.child.once('exit', () => r())));
}

/** The payments recorded for an application: its payment_received activity entries (money category). */
async function paymentsRecorded(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tables.activity,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': 'FEED#money' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? [])
      if (item.action === 'payment_received') counts.set(String(item.applicationId), (counts.get(String(item.applicationId)) ?? 0) + 1);
    start = page.LastEvaluatedKey;
  } while (start);
  return counts;
}

/**
 * Sends every event at once and SIGKILLs the server once `killAfter` of them have been answered
 * (the rest are mid-processing); then restarts it and redelivers each event that got no 2xx
 * until it gets one, as Stripe does. Returns what the first attempts and the redeliveries saw.
 */
async function crashRound(round: string, killAfter: number) {
  server = await startLocalServer({ dataDir: join(dataDir, round), env: serverEnv() });
  const first = server;
  const totalCents = await orderTotal(first.url, round);
  const orders: PaidOrder[] = [];
  for (let n = 0; n < EVENTS; n += 10)
    orders.push(...(await Promise.all(Array.from({ length: Math.min(10, EVENTS - n) }, (_, k) => paidAtStripe(first.url, n + k, round, totalCents)))));

  const acknowledged = new Set<string>();
  let answered = 0;
  let killedAt = -1;
  const killing: Promise<void>[] = [];
  await Promise.all(
    orders.map(async (order) => {
      const res = await deliver(first.url, order);
      answered++;
      if (res.status >= 200 && res.status < 300) acknowledged.add(order.id);
      if (answered === killAfter) {
        killedAt = answered;
        killing.push(killed(first));
      }
    }),
  );
  await Promise.all(killing);
  expect(killedAt).toBe(killAfter);

  server = await startLocalServer({ dataDir: join(dataDir, round), env: serverEnv() });
  const second = server;
  const redelivered = orders.filter((o) => !acknowledged.has(o.id));
  const answers: Record<number, number> = {};
  // Redelivered until each is acknowledged, as Stripe keeps doing: the test's timeout bounds it.
  let pending = redelivered;
  while (pending.length) {
    const results = await Promise.all(pending.map(async (o) => ({ o, res: await deliver(second.url, o) })));
    for (const { res } of results) answers[res.status] = (answers[res.status] ?? 0) + 1;
    pending = results.filter(({ res }) => res.status < 200 || res.status >= 300).map(({ o }) => o);
    if (pending.length) await sleep(500);
  }
  await stopServer(second);
  server = undefined;
  return { orders, acknowledged: acknowledged.size, redelivered: redelivered.length, stillFailing: pending.length, answers };
}

/** The server's order total for the wizard above (all orders in a round are the same). */
async function orderTotal(base: string, round: string): Promise<number> {
  const data = wizard(999, round);
  const from = `127.0.3.${round === 'a' ? 1 : 2}`;
  const created = await call(base, 'POST', '/api/llc-applications', { body: JSON.stringify(data), from });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { id, resumeSecret } = created.body as { id: string; resumeSecret: string };
  const holder = { 'x-resume-secret': resumeSecret };
  expect((await call(base, 'PATCH', `/api/llc-applications/${id}`, { body: JSON.stringify({ ...data, completed: true }), headers: holder, from })).status).toBe(
    200,
  );
  const read = await call(base, 'GET', `/api/llc-applications/${id}`, { headers: holder, from });
  return Number((read.body.order as { totalCents: number }).totalCents);
}

describe('Stripe webhooks across a SIGKILL mid-processing', () => {
  it.each([
    ['a', 5],
    ['b', EVENTS / 2],
  ])(
    `round %s: ${EVENTS} events, killed after %i answers: every paid order ends paid, recorded once`,
    async (round, killAfter) => {
      const result = await crashRound(round, killAfter);
      console.info(`webhook crash round ${round}:`, JSON.stringify({ ...result, orders: result.orders.length }));
      expect(result.redelivered).toBeGreaterThan(0);
      const recorded = await paymentsRecorded();
      const unpaid: string[] = [];
      for (const order of result.orders) {
        const item = (await db.send(new GetCommand({ TableName: tables.applications, Key: { id: order.id }, ConsistentRead: true }))).Item;
        if (item?.paymentStatus !== 'paid' || item.paymentReference !== order.intentId) unpaid.push(order.id);
        expect(recorded.get(order.id) ?? 0, `payments recorded for ${order.id}`).toBe(item?.paymentStatus === 'paid' ? 1 : 0);
      }
      expect(unpaid).toEqual([]);
    },
    300_000,
  );
});
