import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSmokeArgs, runSmoke, SMOKE_PAGES } from './smoke.ts';

const SECRET = 'whsec_smoke_fake';

/** What the fake site does wrong (nothing by default). */
const faults = { noCard: false, webhookTakesUnsigned: false, webhookUnconfigured: false, pageMissing: '' };

/** A stand-in for a deployed site: pages, the three API routes and a webhook that checks signatures. */
function fakeSite(): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(type === 'application/json' ? JSON.stringify(body) : String(body));
      };
      const path = req.url ?? '/';
      if (path === '/api/states')
        return send(
          200,
          Array.from({ length: 51 }, (_, i) => ({ code: `S${i}` })),
        );
      if (path === '/api/payment-methods') return send(200, { card: faults.noCard ? null : { mode: 'stripe', publishableKey: 'pk_live_x' } });
      if (path === '/api/staff/login') return send(401, { error: 'Invalid credentials', code: 'invalid_credentials' });
      if (path === '/api/webhook/stripe') {
        if (faults.webhookUnconfigured) return send(503, { error: 'not configured', code: 'not_configured' });
        const signature = req.headers['stripe-signature'];
        if (!signature) return faults.webhookTakesUnsigned ? send(200, { received: true }) : send(400, { error: 'Missing', code: 'missing_signature' });
        try {
          Stripe.webhooks.constructEvent(Buffer.concat(chunks), String(signature), SECRET);
          return send(200, { received: true, ignored: true });
        } catch {
          return send(400, { error: 'Invalid Stripe signature', code: 'invalid_signature' });
        }
      }
      if (path === faults.pageMissing) return send(404, '<html><body>gone</body></html>', 'text/html');
      return send(200, '<!doctype html><html lang="en"><body>page</body></html>', 'text/html; charset=utf-8');
    });
  });
}

describe('npm run smoke', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = fakeSite();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const reset = () => Object.assign(faults, { noCard: false, webhookTakesUnsigned: false, webhookUnconfigured: false, pageMissing: '' });
  const failedNames = async (webhookSecret?: string) =>
    (await runSmoke({ url, ...(webhookSecret ? { webhookSecret } : {}) })).filter((r) => !r.ok).map((r) => r.name);

  it('passes every check against a working site, the signed event included', async () => {
    reset();
    const results = await runSmoke({ url, webhookSecret: SECRET });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.map((r) => r.name)).toEqual([
      ...SMOKE_PAGES.map((p) => `page ${p}`),
      'GET /api/states',
      'GET /api/payment-methods offers a card',
      'POST /api/staff/login (first step)',
      'POST /api/webhook/stripe refuses an unsigned event',
      'POST /api/webhook/stripe accepts a signed test event',
    ]);
  });

  it('fails the card check when no card is offered', async () => {
    reset();
    faults.noCard = true;
    expect(await failedNames()).toEqual(['GET /api/payment-methods offers a card']);
  });

  it('fails when the webhook takes an unsigned event, or has no secret stored', async () => {
    reset();
    faults.webhookTakesUnsigned = true;
    expect(await failedNames()).toEqual(['POST /api/webhook/stripe refuses an unsigned event']);
    reset();
    faults.webhookUnconfigured = true;
    const results = await runSmoke({ url });
    expect(results.find((r) => !r.ok)?.detail).toMatch(/webhook secret is not stored/);
  });

  it('fails the signed check when the secret differs from the stored one', async () => {
    reset();
    expect(await failedNames('whsec_another')).toEqual(['POST /api/webhook/stripe accepts a signed test event']);
  });

  it('fails a page that does not load', async () => {
    reset();
    faults.pageMissing = '/pricing';
    expect(await failedNames()).toEqual(['page /pricing']);
  });

  it('reads its options', () => {
    expect(parseSmokeArgs(['--url', 'https://www.example.com/x'], {})).toEqual({ url: 'https://www.example.com' });
    expect(parseSmokeArgs(['--url', 'http://127.0.0.1:3000', '--wait', '30'], { STRIPE_WEBHOOK_SECRET: SECRET })).toEqual({
      url: 'http://127.0.0.1:3000',
      webhookSecret: SECRET,
      waitSeconds: 30,
    });
    expect(() => parseSmokeArgs([], {})).toThrow(/Usage: npm run smoke/);
    expect(() => parseSmokeArgs(['--url', 'x', '--webhook-secret', 'sk_live_x'], {})).toThrow(/--url must be/);
    expect(() => parseSmokeArgs(['--url', 'https://a.example', '--webhook-secret', 'sk_live_x'], {})).toThrow(/whsec_/);
  });
});
