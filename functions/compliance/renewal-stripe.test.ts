import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderForApplication } from '#shared/payments/order.ts';
import { putApplication, readApplication, setApplicationFields, TEST_RESUME_SECRET } from '../../tests/fakes/applications.ts';
import { storedFilingDetails } from '../../tests/fakes/filing-details.ts';
import { type StripeFake, startStripeFake } from '../../tests/fakes/stripe.ts';
import { apiEvent, invoke } from '../../tests/helpers/events.ts';
import type { CalendarOrder } from '../data/applications/calendar-input.ts';
import { reminderPuts } from '../data/reminders.ts';
import { handler as webhook } from '../handlers/payments/stripe-webhook.ts';
import { ddb } from '../lib/clients/dynamodb.ts';
import { TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { resetConfigForTests } from '../lib/config.ts';
import { resetSecretsForTests } from '../lib/secrets.ts';
import { startCardPayment } from '../payments/card.ts';
import { payRenewal } from './renewal.ts';
import { renewalChargeKey } from './renewal-charge.ts';
import { sweepRenewals } from './renewal-sweep.ts';

/**
 * The renewal with Stripe (a fake of its API, signed webhooks): checkout keeps the card on a
 * customer of ours, the webhook copies its ids onto the order, the sweep charges it off-session
 * with one idempotency key per order and period, and a renewal's own webhook never counts as a
 * second payment of the order.
 */
const SECRET = 'whsec_test_secret_for_renewals';
const PAID_AT = '2026-11-22T15:00:00.000Z';
const PERIOD = '2027-11-22';
const RENEWAL_DAY = new Date('2027-11-22T15:00:00Z').getTime();
let stripe: StripeFake;

beforeAll(async () => {
  stripe = await startStripeFake();
  Object.assign(process.env, { PAYMENT_MODE: 'live', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_SECRET_KEY: 'sk_test_fake_123', STRIPE_API_BASE: stripe.url });
  resetConfigForTests();
  resetSecretsForTests();
});
afterAll(async () => {
  for (const k of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_API_BASE']) delete process.env[k];
  process.env.PAYMENT_MODE = 'test';
  resetConfigForTests();
  resetSecretsForTests();
  await stripe.close();
});

let seq = 0;
const deliver = async (type: string, object: Record<string, unknown>) => {
  const payload = JSON.stringify({ id: `evt_renewal_${Date.now()}_${seq++}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return invoke(
    webhook,
    apiEvent({
      method: 'POST',
      route: '/api/webhook/stripe',
      rawBody: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    }),
  );
};

/** Off-session renewal charges the fake received. */
const renewalCharges = (applicationId: string) =>
  stripe.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v1/payment_intents' &&
      stripe.form(r).off_session === 'true' &&
      stripe.form(r)['metadata[applicationId]'] === applicationId,
  );

/** Paid through checkout with the card kept for the renewal (the webhook records it), then dated on PAID_AT, filed that day, renewal agreed at $125. */
async function paidWithSavedCard(): Promise<{ id: string; intentId: string }> {
  const app = await putApplication({ state: 'WY', residenceState: 'WY', email: `owner-${seq++}@example.com` });
  const amount = orderForApplication(app as never)!.totalCents;
  const { clientSecret } = await startCardPayment({ applicationId: app.id, amount, saveCardForRenewal: true }, TEST_RESUME_SECRET);
  const intentId = clientSecret.split('_secret_')[0];
  expect(stripe.succeed(intentId)).toBe(true);
  const res = await deliver('payment_intent.succeeded', stripe.intents.get(intentId)!);
  expect(res.body).toEqual({ received: true, result: 'fulfilled' });
  const details = storedFilingDetails({ registeredAgent: { kind: 'ours', renewalConsent: true, renewalPriceUsd: 125 } as never });
  await setApplicationFields(app.id, { filingDetails: details, filedOn: PAID_AT.slice(0, 10), paidAt: PAID_AT });
  const paid = (await readApplication(app.id)) as CalendarOrder;
  await ddb().send(new TransactWriteCommand({ TransactItems: reminderPuts(paid, new Date(PAID_AT).getTime()) }));
  return { id: app.id, intentId };
}

describe('the renewal with Stripe', () => {
  it('checkout keeps the card: setup_future_usage on a customer of ours, whose ids the webhook copies onto the paid order', async () => {
    const { id, intentId } = await paidWithSavedCard();
    const intent = stripe.intents.get(intentId)!;
    expect(intent.setup_future_usage).toBe('off_session');
    expect(String(intent.customer)).toMatch(/^cus_/);
    expect(await readApplication(id)).toMatchObject({
      paymentStatus: 'paid',
      renewalCard: { provider: 'stripe', paymentMethodId: intent.payment_method, customerId: intent.customer },
    });
    // Without the consent no card is kept.
    const plain = await putApplication({ state: 'WY', residenceState: 'WY' });
    const { clientSecret } = await startCardPayment({ applicationId: plain.id, amount: orderForApplication(plain as never)!.totalCents }, TEST_RESUME_SECRET);
    expect(stripe.intents.get(clientSecret.split('_secret_')[0])?.setup_future_usage).toBeUndefined();
  });

  it('the sweep charges the agreed $125 off-session once, under one idempotency key, however many sweeps run at once', async () => {
    const { id } = await paidWithSavedCard();
    await Promise.all([sweepRenewals(RENEWAL_DAY), sweepRenewals(RENEWAL_DAY), sweepRenewals(RENEWAL_DAY)]);
    await sweepRenewals(RENEWAL_DAY);
    const charges = renewalCharges(id);
    expect(charges).toHaveLength(1);
    const card = (await readApplication(id))!.renewalCard;
    expect(stripe.form(charges[0])).toMatchObject({
      amount: '12500',
      currency: 'usd',
      confirm: 'true',
      customer: card.customerId,
      payment_method: card.paymentMethodId,
      'metadata[purpose]': 'registered-agent-renewal',
      'metadata[period]': PERIOD,
    });
    expect(charges[0].headers['idempotency-key']).toBe(renewalChargeKey(id, PERIOD));
    const order = await readApplication(id);
    expect(order?.renewalCharge).toMatchObject({ state: 'paid', amountCents: 12_500 });

    // Its webhook arrives after the sweep recorded it: nothing changes, and it is not a second payment of the order.
    const reference = order!.renewalCharge.reference as string;
    const res = await deliver('payment_intent.succeeded', stripe.intents.get(reference)!);
    expect(res.body).toEqual({ received: true, result: 'already-recorded' });
    const after = await readApplication(id);
    expect(after?.renewalHistory).toHaveLength(1);
    expect(after?.paymentStatus).toBe('paid');
  });

  it('a declined card is due from the customer, who pays the agreed $125 from the link; the webhook records it once', async () => {
    const { id } = await paidWithSavedCard();
    stripe.declineWith = 'Your card was declined.';
    try {
      await sweepRenewals(RENEWAL_DAY);
    } finally {
      stripe.declineWith = undefined;
    }
    expect((await readApplication(id))?.renewalCharge).toMatchObject({ state: 'payment-due', failure: { code: 'card_declined' } });
    // A renewal intent's failure is the sweep's to record, never the order's payment failure.
    expect(
      (
        await deliver('payment_intent.payment_failed', {
          id: 'pi_x',
          object: 'payment_intent',
          metadata: { applicationId: id, purpose: 'registered-agent-renewal', period: PERIOD },
        })
      ).body,
    ).toEqual({
      received: true,
      result: 'renewal-failure',
    });

    const link = await payRenewal((await readApplication(id)) as never, undefined, RENEWAL_DAY + 3_600_000);
    expect(link.status).toBe('requires_payment');
    const intentId = link.clientSecret!.split('_secret_')[0];
    expect(stripe.intents.get(intentId)).toMatchObject({
      amount: 12_500,
      metadata: { purpose: 'registered-agent-renewal', period: PERIOD, applicationId: id },
    });
    expect(stripe.succeed(intentId)).toBe(true);
    const event = stripe.intents.get(intentId)!;
    expect((await deliver('payment_intent.succeeded', event)).body).toEqual({ received: true, result: 'renewal-paid' });
    expect((await deliver('payment_intent.succeeded', event)).body).toEqual({ received: true, result: 'already-recorded' });
    const order = await readApplication(id);
    expect(order?.renewalCharge).toMatchObject({ state: 'paid', reference: intentId });
    expect(order?.renewalHistory.map((h: { kind: string }) => h.kind)).toEqual(['charge-failed', 'paid-by-link']);
    expect(order?.paymentStatus).toBe('paid');
  });
});
