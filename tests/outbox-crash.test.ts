import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, type LocalServer, startLocalServer, stopServer } from './helpers/local-server.ts';

/**
 * The transactional outbox across a crash: the runtime is SIGKILLed after a payment's write
 * committed and before any sender ran (LOCAL_JOBS=off holds the stream poller and the sweep),
 * and the restarted runtime sends the receipt exactly once.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'creator-llc-outbox-crash-'));
let server: LocalServer | undefined;
afterAll(async () => {
  try {
    if (server) await stopServer(server);
  } finally {
    killAllServers();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Messages the mail catcher received, by recipient. */
async function caughtFor(viewer: string, to: string): Promise<{ subject: string }[]> {
  const res = await fetch(`${viewer}/api/email`);
  const all = (await res.json()) as { subject: string; to: { address: string }[] }[];
  return all.filter((m) => m.to.some((t) => t.address === to));
}

describe('the outbox across a SIGKILL', () => {
  it('a receipt committed before the kill is sent once after the restart', async () => {
    server = await startLocalServer({ dataDir, env: { LOCAL_JOBS: 'off' } });
    const first = server;
    const email = `crash-receipt-${Date.now()}@example.com`;
    const wizard = {
      userId: `crash${Date.now()}`,
      firstName: 'Ada',
      lastName: 'Crash',
      email,
      phone: '305-555-0100',
      state: 'WY',
      residenceState: 'WY',
      hasInventory: false,
      priority: 'privacy',
      contentTypes: ['gaming'],
      platforms: ['youtube'],
      businessName: `Crash Receipt ${Date.now().toString(36)} LLC`,
      annualIncome: 60000,
      monthlyExpenses: { clothing: 0, meals: 0, equipment: 200, travel: 0, entertainment: 0, other: 0 },
      estimatedSavings: 500,
      expeditedFiling: false,
      feinFiling: false,
      operatingAgreement: false,
      currentStep: 4,
    };
    const created = await call(first.url, 'POST', '/api/llc-applications', wizard);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, resumeSecret } = created.body as { id: string; resumeSecret: string };
    const holder = { 'x-resume-secret': resumeSecret };
    expect((await call(first.url, 'PATCH', `/api/llc-applications/${id}`, { ...wizard, completed: true }, holder)).status).toBe(200);
    const priced = await call(first.url, 'GET', `/api/llc-applications/${id}`, undefined, holder);
    const intent = await call(first.url, 'POST', '/api/create-payment-intent', { amount: priced.body.order.totalCents, applicationId: id }, holder);
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const card = { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123', zip: '82001' };
    const paid = await call(first.url, 'POST', '/api/test-payments/confirm', { applicationId: id, clientSecret: intent.body.clientSecret, card }, holder);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    // Acknowledged: the payment and its receipt are committed. Nothing has sent it yet.
    const viewerA = /sent email:\s+(\S+)/.exec(first.output())?.[1] as string;
    expect(await caughtFor(viewerA, email)).toEqual([]);
    first.child.kill('SIGKILL');
    await new Promise<void>((r) => (first.child.exitCode !== null || first.child.signalCode ? r() : first.child.once('exit', () => r())));

    server = await startLocalServer({ dataDir, port: first.port, env: { LOCAL_SWEEP_MS: '1000' } });
    const viewerB = /sent email:\s+(\S+)/.exec(server.output())?.[1] as string;
    // The sweep at start sends it: wait for it as long as that takes (the test's timeout bounds it).
    let receipts: { subject: string }[] = [];
    for (;;) {
      receipts = (await caughtFor(viewerB, email)).filter((m) => m.subject.startsWith('Receipt for'));
      if (receipts.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(receipts).toHaveLength(1);
    expect(existsSync(join(dataDir, 'mail', `paid:${id}.eml`))).toBe(true);
    // Several more sweeps and stream polls later: still exactly one.
    await new Promise((r) => setTimeout(r, 3500));
    expect((await caughtFor(viewerB, email)).filter((m) => m.subject.startsWith('Receipt for'))).toHaveLength(1);
  }, 180_000);
});
