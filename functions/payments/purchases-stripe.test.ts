import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boughtFlags } from '#shared/catalog/catalog.ts';
import { readApplication, TEST_RESUME_SECRET } from '../../tests/fakes/applications.ts';
import { putPaidOrder } from '../../tests/fakes/documents.ts';
import { type StripeFake, startStripeFake } from '../../tests/fakes/stripe.ts';
import { apiEvent, invoke } from '../../tests/helpers/events.ts';
import { getApplicationForHolder } from '../data/applications/reads.ts';
import { handler as webhook } from '../handlers/payments/stripe-webhook.ts';
import { resetConfigForTests } from '../lib/config.ts';
import { resetSecretsForTests } from '../lib/secrets.ts';
import { getMessage } from '../outbox/outbox.ts';
import { buyAddOn, PURCHASE_PURPOSE } from './purchases.ts';
import { refundApplication } from './refund.ts';

/**
 * Add-ons bought after payment with Stripe (a fake of its API, signed webhooks): a PaymentIntent
 * of its own under the purchase's purpose, recorded once by its webhook whatever the number and
 * order of deliveries, never as a second payment of the order; the kept card charged at once; a
 * refund of the purchase recorded on it.
 */
const SECRET = 'whsec_test_secret_for_purchases';
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
const eventOf = (type: string, object: Record<string, unknown>, id = `evt_purchase_${Date.now()}_${seq++}`) =>
  JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
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

const holderApp = async (id: string) => getApplicationForHolder(id, TEST_RESUME_SECRET);

describe('purchases after payment with Stripe', () => {
  it('the DBA: its name and county are kept on the pending purchase and set on the order by the webhook that records the payment', async () => {
    const order = await putPaidOrder('NV', { email: 'stripe-dba@example.com', paymentProvider: 'stripe', paymentReference: 'pi_checkout_dba' });
    const answer = await buyAddOn(await holderApp(order.id), {
      addOn: 'dbaRegistration',
      amount: 7400,
      payWith: 'new-card',
      dbaName: 'Pixel Kitchen',
      dbaCounty: 'Clark',
    });
    expect(answer.status).toBe('requires_payment');
    const pending = (await readApplication(order.id))!;
    expect(pending.purchases).toEqual([expect.objectContaining({ state: 'pending', details: { dbaName: 'Pixel Kitchen', dbaCounty: 'Clark' } })]);
    // Not the order's until paid.
    expect(pending.dbaName).toBeFalsy();
    const intentId = answer.clientSecret!.split('_secret_')[0];
    expect(stripe.succeed(intentId)).toBe(true);
    expect((await deliver(eventOf('payment_intent.succeeded', stripe.intents.get(intentId)!))).body).toEqual({ received: true, result: 'purchase-paid' });
    const item = (await readApplication(order.id))!;
    expect(item).toMatchObject({ dbaName: 'Pixel Kitchen', dbaCounty: 'Clark', purchases: [expect.objectContaining({ state: 'paid', totalCents: 7400 })] });
    expect(boughtFlags(item as never).dbaRegistration).toBe(true);
  });

  it('a new card: an intent of its own for the frozen price, recorded once by its webhook, however often and from whichever event', async () => {
    const order = await putPaidOrder('FL', { email: 'stripe-buyer@example.com', paymentProvider: 'stripe', paymentReference: 'pi_checkout' });
    const answer = await buyAddOn(await holderApp(order.id), { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card' });
    expect(answer.status).toBe('requires_payment');
    const intentId = answer.clientSecret!.split('_secret_')[0];
    expect(stripe.intents.get(intentId)).toMatchObject({
      amount: 5000,
      metadata: { applicationId: order.id, purpose: PURCHASE_PURPOSE, purchaseId: answer.purchaseId, addOn: 'operatingAgreement' },
    });
    expect((await readApplication(order.id))!.purchases).toEqual([expect.objectContaining({ state: 'pending', reference: intentId })]);
    expect(boughtFlags((await readApplication(order.id)) as never).operatingAgreement).toBe(false);

    expect(stripe.succeed(intentId)).toBe(true);
    const payload = eventOf('payment_intent.succeeded', stripe.intents.get(intentId)!);
    expect((await deliver(payload)).body).toEqual({ received: true, result: 'purchase-paid' });
    // The same event again, and another event of the same payment: nothing more.
    expect((await deliver(payload)).body).toEqual({ received: true, duplicate: true });
    expect((await deliver(eventOf('payment_intent.succeeded', stripe.intents.get(intentId)!))).body).toEqual({ received: true, result: 'already-recorded' });

    const item = (await readApplication(order.id))!;
    expect(item.purchases).toEqual([expect.objectContaining({ state: 'paid', reference: intentId, totalCents: 5000 })]);
    // Never the order's payment: the checkout's stays as it was.
    expect(item).toMatchObject({ paymentStatus: 'paid', paymentReference: 'pi_checkout' });
    expect(boughtFlags(item as never).operatingAgreement).toBe(true);
    expect(await getMessage(`purchase:${order.id}:${answer.purchaseId}`)).toMatchObject({ kind: 'purchase_receipt' });
  });

  it('a new attempt cancels the pending one: one pending purchase per add-on, and its late success is not bought twice', async () => {
    const order = await putPaidOrder('FL', { email: 'stripe-retry@example.com' });
    const first = await buyAddOn(await holderApp(order.id), { addOn: 'feinFiling', amount: 7500, payWith: 'new-card' });
    const second = await buyAddOn(await holderApp(order.id), { addOn: 'feinFiling', amount: 7500, payWith: 'new-card' });
    const firstIntent = first.clientSecret!.split('_secret_')[0];
    expect(stripe.intents.get(firstIntent)!.status).toBe('canceled');
    const purchases = (await readApplication(order.id))!.purchases;
    expect(purchases.map((p: { state: string }) => p.state)).toEqual(['failed', 'pending']);
    const secondIntent = second.clientSecret!.split('_secret_')[0];
    expect(stripe.succeed(secondIntent)).toBe(true);
    expect((await deliver(eventOf('payment_intent.succeeded', stripe.intents.get(secondIntent)!))).body.result).toBe('purchase-paid');
    // Bought now: a third attempt is refused.
    await expect(buyAddOn(await holderApp(order.id), { addOn: 'feinFiling', amount: 7500, payWith: 'new-card' })).rejects.toMatchObject({
      code: 'already_bought',
    });
  });

  it('the kept card is charged off-session at once, and its webhook then changes nothing', async () => {
    const order = await putPaidOrder('FL', {
      email: 'stripe-kept@example.com',
      renewalCard: { provider: 'stripe', paymentMethodId: 'pm_kept', customerId: 'cus_kept', last4: '4242', savedAt: new Date().toISOString() },
    });
    const answer = await buyAddOn(await holderApp(order.id), { addOn: 'form2553', amount: 4900, payWith: 'saved-card' });
    expect(answer.status).toBe('paid');
    const charge = stripe.requests.find((r) => r.path === '/v1/payment_intents' && stripe.form(r)['metadata[purchaseId]'] === answer.purchaseId)!;
    expect(stripe.form(charge)).toMatchObject({ off_session: 'true', confirm: 'true', customer: 'cus_kept', payment_method: 'pm_kept', amount: '4900' });
    expect(charge.headers['idempotency-key']).toBe(`purchase:${answer.purchaseId}`);
    const intent = [...stripe.intents.values()].find((i) => (i.metadata as Record<string, string>).purchaseId === answer.purchaseId)!;
    expect((await deliver(eventOf('payment_intent.succeeded', intent))).body).toEqual({ received: true, result: 'already-recorded' });
    expect((await readApplication(order.id))!.purchases).toEqual([expect.objectContaining({ state: 'paid', via: 'saved-card', cardLast4: '4242' })]);
  });

  it('a declined kept card records the failure and answers 402', async () => {
    const order = await putPaidOrder('FL', {
      renewalCard: { provider: 'stripe', paymentMethodId: 'pm_kept', customerId: 'cus_kept', last4: '0002', savedAt: new Date().toISOString() },
    });
    stripe.declineWith = 'Your card was declined.';
    try {
      await expect(buyAddOn(await holderApp(order.id), { addOn: 'form2553', amount: 4900, payWith: 'saved-card' })).rejects.toMatchObject({
        code: 'payment_declined',
      });
    } finally {
      stripe.declineWith = undefined;
    }
    expect((await readApplication(order.id))!.purchases).toEqual([expect.objectContaining({ state: 'failed', failure: 'Your card was declined.' })]);
  });

  it('a refund of the purchase in full is recorded on it once: the add-on is no longer owed', async () => {
    const order = await putPaidOrder('FL', { email: 'stripe-refund@example.com' });
    const answer = await buyAddOn(await holderApp(order.id), { addOn: 'operatingAgreement', amount: 5000, payWith: 'new-card' });
    const intentId = answer.clientSecret!.split('_secret_')[0];
    stripe.succeed(intentId);
    await deliver(eventOf('payment_intent.succeeded', stripe.intents.get(intentId)!));
    const charge = {
      id: `ch_${seq++}`,
      object: 'charge',
      payment_intent: intentId,
      amount: 5000,
      amount_refunded: 5000,
      refunded: true,
      metadata: { applicationId: order.id, purpose: PURCHASE_PURPOSE, purchaseId: answer.purchaseId },
    };
    expect((await deliver(eventOf('charge.refunded', charge))).body).toEqual({ received: true, result: 'purchase-refunded' });
    expect((await deliver(eventOf('charge.refunded', charge))).body).toEqual({ received: true, result: 'refund-already-recorded' });
    const item = (await readApplication(order.id))!;
    expect(item.purchases[0]).toMatchObject({ state: 'refunded', refundedCents: 5000 });
    expect(item).toMatchObject({ paymentStatus: 'paid' });
    expect(boughtFlags(item as never).operatingAgreement).toBe(false);
  });

  it('staff refund a purchase through Stripe once: its own intent, and the provider’s notice of it then changes nothing', async () => {
    const order = await putPaidOrder('FL', { email: 'stripe-staff-refund@example.com', paymentProvider: 'stripe', paymentReference: 'pi_checkout_2' });
    const answer = await buyAddOn(await holderApp(order.id), { addOn: 'feinFiling', amount: 7500, payWith: 'new-card' });
    const intentId = answer.clientSecret!.split('_secret_')[0];
    stripe.succeed(intentId);
    await deliver(eventOf('payment_intent.succeeded', stripe.intents.get(intentId)!));
    await refundApplication(
      order.id,
      { amountCents: 7500, reason: 'Bought by mistake', purchaseId: answer.purchaseId },
      { id: 'o1', email: 'owner@example.com', role: 'owner' },
    );
    const made = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && stripe.form(r).payment_intent === intentId);
    expect(made).toHaveLength(1);
    expect(stripe.form(made[0])).toMatchObject({ amount: '7500', 'metadata[purpose]': PURCHASE_PURPOSE, 'metadata[purchaseId]': answer.purchaseId });
    const charge = {
      id: `ch_${seq++}`,
      object: 'charge',
      payment_intent: intentId,
      amount: 7500,
      amount_refunded: 7500,
      refunded: true,
      metadata: { applicationId: order.id, purpose: PURCHASE_PURPOSE, purchaseId: answer.purchaseId },
    };
    expect((await deliver(eventOf('charge.refunded', charge))).body).toEqual({ received: true, result: 'refund-already-recorded' });
    const item = (await readApplication(order.id))!;
    expect(item.purchases[0]).toMatchObject({ state: 'refunded', refundedCents: 7500 });
    expect(item).toMatchObject({ paymentStatus: 'paid', paymentReference: 'pi_checkout_2' });
  });
});
