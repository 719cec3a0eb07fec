import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffHeaders } from '../../../tests/fakes/staff.ts';
import { type StripeFake, startStripeFake } from '../../../tests/fakes/stripe.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { handler as webhook } from '../payments/stripe-webhook.ts';
import { handler } from './unmatched-payments.ts';

/** Payments Stripe took that no order recorded: the webhook keeps them, staff list them. */
const SECRET = 'whsec_test_secret_for_unmatched';
let stripe: StripeFake;
let headers: Record<string, string>;
beforeAll(async () => {
  stripe = await startStripeFake();
  Object.assign(process.env, { STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_SECRET_KEY: 'sk_test_fake_123', STRIPE_API_BASE: stripe.url });
  resetConfigForTests();
  resetSecretsForTests();
  headers = await staffHeaders({ role: 'processor' });
});
afterAll(async () => {
  for (const k of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_API_BASE']) delete process.env[k];
  resetConfigForTests();
  resetSecretsForTests();
  await stripe.close();
});

function succeeded(intentId: string, metadata: Record<string, string>, amount: number, created: number) {
  return JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2026-10-28.endive',
    created,
    data: { object: { id: intentId, object: 'payment_intent', amount, amount_received: amount, currency: 'usd', metadata, status: 'succeeded', created } },
  });
}
const deliver = (payload: string) =>
  invoke(
    webhook,
    apiEvent({
      method: 'POST',
      route: '/api/webhook/stripe',
      rawBody: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
    }),
  );
const list = (query: Record<string, string> = {}) => invoke(handler, apiEvent({ method: 'GET', route: '/api/staff/unmatched-payments', query, headers }));

describe('GET /api/staff/unmatched-payments', () => {
  it('lists, newest first, each payment that named no order or an order we do not have; a repeated delivery once', async () => {
    const now = Math.floor(Date.now() / 1000);
    const orphan = `pi_orphan_${randomUUID().slice(0, 8)}`;
    const unknown = `pi_unknown_${randomUUID().slice(0, 8)}`;
    const missingOrder = randomUUID();
    expect((await deliver(succeeded(orphan, {}, 27500, now - 60))).body).toEqual({ received: true, result: 'no-application' });
    expect((await deliver(succeeded(unknown, { applicationId: missingOrder }, 42500, now))).body).toEqual({ received: true, result: 'not-found' });
    // Stripe delivers again (a new event id for the same payment): the same row.
    await deliver(succeeded(orphan, {}, 27500, now - 60));
    const res = await list();
    expect(res.status).toBe(200);
    const mine = res.body.items.filter((p: { reference: string }) => p.reference === orphan || p.reference === unknown);
    expect(mine).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        reference: unknown,
        amountCents: 42500,
        currency: 'usd',
        reason: 'not-found',
        applicationId: missingOrder,
      }),
      expect.objectContaining({
        provider: 'stripe',
        reference: orphan,
        amountCents: 27500,
        reason: 'no-application',
        at: new Date((now - 60) * 1000).toISOString(),
      }),
    ]);
  });

  it('refuses a bad cursor and no token as 4xx JSON', async () => {
    expect(await list({ cursor: 'not-a-cursor' })).toMatchObject({ status: 400, body: { code: 'invalid_cursor' } });
    expect((await invoke(handler, apiEvent({ method: 'GET', route: '/api/staff/unmatched-payments' }))).status).toBe(401);
  });
});
