import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameKey } from '#shared/wizard/business-name.ts';
import { putPricedApplication, readApplication, readStats } from '../../../tests/fakes/applications.ts';
import { putApplication as putStaffApplication, signedInPerson } from '../../../tests/fakes/staff.ts';
import { type StripeFake, startStripeFake } from '../../../tests/fakes/stripe.ts';
import { apiEvent, invoke, staffUpdateEvent } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { isNameKeyTaken } from '../../data/applications/reads.ts';
import { workQueueStage } from '../../data/applications/work-queue.ts';
import { claimPaymentEvent, releasePaymentEvent } from '../../data/payments.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as updateApplication } from '../staff/update-application.ts';
import { handler } from './stripe-webhook.ts';

const SECRET = 'whsec_test_secret_for_webhooks';
const FL_CENTS = 27500;
let stripe: StripeFake;

beforeAll(async () => {
  stripe = await startStripeFake();
  Object.assign(process.env, { STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_SECRET_KEY: 'sk_test_fake_123', STRIPE_API_BASE: stripe.url });
  resetConfigForTests();
  resetSecretsForTests();
});
afterAll(async () => {
  for (const k of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_API_BASE']) delete process.env[k];
  resetSecretsForTests();
  await stripe.close();
});

let seq = 0;
function stripeEvent(type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id: `evt_${Date.now()}_${seq++}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}
const succeeded = (applicationId: string, amount = FL_CENTS, currency = 'usd', id = `pi_${seq}`) =>
  stripeEvent('payment_intent.succeeded', {
    id,
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency,
    metadata: { applicationId, provider: 'stripe' },
    status: 'succeeded',
  });

/** A refund made at Stripe (its dashboard, or our API call): what GET /v1/refunds then lists for the intent. */
function refundAtStripe(intentId: string, amount = FL_CENTS, metadata: Record<string, string> = {}) {
  const refund = {
    id: `re_${seq++}_${intentId}`,
    object: 'refund',
    amount,
    payment_intent: intentId,
    status: 'succeeded',
    reason: 'requested_by_customer',
    metadata,
    created: Math.floor(Date.now() / 1000),
  };
  stripe.refunds.set(refund.id, refund);
  return refund;
}

/** Stripe's charge.refunded: `amountRefunded` is everything refunded of the charge so far. */
const chargeRefunded = (chargeId: string, intentId: string, metadata: Record<string, string> = {}, amountRefunded = FL_CENTS) =>
  stripeEvent('charge.refunded', {
    id: chargeId,
    object: 'charge',
    payment_intent: intentId,
    amount: FL_CENTS,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= FL_CENTS,
    metadata,
  });

const sign = (payload: string, secret = SECRET, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
const deliver = (payload: string, signature: string | undefined, base64 = false) =>
  invoke(
    handler,
    apiEvent({
      method: 'POST',
      route: '/api/webhook/stripe',
      rawBody: payload,
      base64,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    }),
  );

const paymentsFor = async (id: string) => (await listRecentActivity(100)).filter((a) => a.applicationId === id && a.action === 'payment_received').length;

describe('POST /api/webhook/stripe', () => {
  it('fulfils payment_intent.succeeded for the application', async () => {
    const app = await putPricedApplication();
    const payload = succeeded(app.id);
    const ok = await deliver(payload, sign(payload));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ received: true, result: 'fulfilled' });
    expect(await readApplication(app.id)).toMatchObject({
      paymentStatus: 'paid',
      amountPaidCents: FL_CENTS,
      paymentProvider: 'stripe',
      paymentReference: JSON.parse(payload).data.object.id,
      status: 'submitted',
    });

    // An Apple Pay PaymentIntent (provider in its metadata) is recorded as an Apple Pay payment.
    const apple = await putPricedApplication();
    const applePayload = stripeEvent('payment_intent.succeeded', {
      id: 'pi_apple_1',
      object: 'payment_intent',
      amount: FL_CENTS,
      amount_received: FL_CENTS,
      currency: 'usd',
      metadata: { applicationId: apple.id, provider: 'apple-pay' },
      status: 'succeeded',
    });
    expect((await deliver(applePayload, sign(applePayload))).body).toEqual({ received: true, result: 'fulfilled' });
    expect(await readApplication(apple.id)).toMatchObject({ paymentStatus: 'paid', paymentProvider: 'apple-pay', paymentReference: 'pi_apple_1' });
  });

  it('answers no-application for a PaymentIntent without an application id', async () => {
    const orphan = stripeEvent('payment_intent.succeeded', {
      id: 'pi_orphan',
      object: 'payment_intent',
      amount: FL_CENTS,
      amount_received: FL_CENTS,
      currency: 'usd',
      metadata: {},
      status: 'succeeded',
    });
    const res = await deliver(orphan, sign(orphan));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, result: 'no-application' });
  });

  it("releases the event when processing fails, so Stripe's retry is processed", async () => {
    const app = await putPricedApplication();
    const paid = succeeded(app.id, FL_CENTS, 'usd', 'pi_retry_me');
    await deliver(paid, sign(paid));
    stripe.intents.set('pi_retry_me', {
      id: 'pi_retry_me',
      object: 'payment_intent',
      amount: FL_CENTS,
      currency: 'usd',
      status: 'succeeded',
      metadata: { applicationId: app.id },
    });
    refundAtStripe('pi_retry_me');
    const refunded = chargeRefunded('ch_retry', 'pi_retry_me', {});
    // Without a secret key the PaymentIntent cannot be looked up: the delivery fails.
    delete process.env.STRIPE_SECRET_KEY;
    resetSecretsForTests();
    const failed = await deliver(refunded, sign(refunded));
    process.env.STRIPE_SECRET_KEY = 'sk_test_fake_123';
    resetSecretsForTests();
    expect(failed.status).toBe(500);
    expect((await readApplication(app.id))?.paymentStatus).toBe('paid');
    // Stripe retries the same event: it is processed, not treated as a duplicate.
    const retried = await deliver(refunded, sign(refunded));
    expect(retried.body).toEqual({ received: true, result: 'refunded' });
    expect((await readApplication(app.id))?.paymentStatus).toBe('refunded');
  });

  it('refuses forged events with 400 and changes nothing: wrong secret, tampered body, stale timestamp, no signature', async () => {
    const app = await putPricedApplication();
    const payload = succeeded(app.id);
    const wrongSecret = await deliver(payload, sign(payload, 'whsec_wrong'));
    const tampered = await deliver(payload.replace(`"amount":${FL_CENTS}`, '"amount":1'), sign(payload));
    const stale = await deliver(payload, sign(payload, SECRET, Math.floor(Date.now() / 1000) - 3600));
    const missing = await deliver(payload, undefined);
    for (const res of [wrongSecret, tampered, stale, missing]) expect(res.status).toBe(400);
    expect(wrongSecret.body).toEqual({ error: 'Invalid Stripe signature', code: 'invalid_signature' });
    expect(missing.body).toEqual({ error: 'Missing Stripe-Signature header', code: 'missing_signature' });
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'pending', status: 'draft' });
    expect(await paymentsFor(app.id)).toBe(0);
  });

  it('processes the same event twice as one fulfilment', async () => {
    const app = await putPricedApplication();
    const before = Number((await readStats()).submitted ?? 0);
    const payload = succeeded(app.id);
    const first = await deliver(payload, sign(payload));
    const paidAt = (await readApplication(app.id))?.paidAt;
    const second = await deliver(payload, sign(payload));
    expect(first.body.result).toBe('fulfilled');
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ received: true, duplicate: true });
    expect((await readApplication(app.id))?.paidAt).toBe(paidAt);
    expect(await paymentsFor(app.id)).toBe(1);
    expect(Number((await readStats()).submitted)).toBe(before + 1);
  });

  it('answers 409 (Stripe retries) while another delivery holds the event, and runs it once that claim is released', async () => {
    const app = await putPricedApplication();
    const payload = succeeded(app.id);
    const eventId = JSON.parse(payload).id as string;
    // Another delivery is mid-way through this event: the redelivery must not be told "duplicate".
    expect(await claimPaymentEvent(eventId, 'payment_intent.succeeded')).toBe('claimed');
    const during = await deliver(payload, sign(payload));
    expect(during.status).toBe(409);
    expect(during.body.code).toBe('event_in_progress');
    expect((await readApplication(app.id))?.paymentStatus).toBe('pending');
    await releasePaymentEvent(eventId);
    expect((await deliver(payload, sign(payload))).body).toEqual({ received: true, result: 'fulfilled' });
    expect(await paymentsFor(app.id)).toBe(1);
  });

  it('verifies a base64-encoded body over its decoded bytes', async () => {
    const app = await putPricedApplication({ businessName: 'Café Ünïcode LLC' });
    const payload = succeeded(app.id);
    const res = await deliver(payload, sign(payload), true);
    expect(res.status).toBe(200);
    expect((await readApplication(app.id))?.paymentStatus).toBe('paid');
  });

  it('does not mark paid an amount or currency other than the frozen order total: it is held for review', async () => {
    const app = await putPricedApplication({ feinFiling: true });
    const low = succeeded(app.id, FL_CENTS);
    expect((await deliver(low, sign(low))).body.result).toBe('needs-review');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'needs_review', review: { amountCents: FL_CENTS, currency: 'usd' } });
    const other = await putPricedApplication({ feinFiling: true });
    const eur = succeeded(other.id, 35000, 'eur');
    expect((await deliver(eur, sign(eur))).body.result).toBe('needs-review');
    expect((await readApplication(other.id))?.paymentStatus).toBe('needs_review');
    expect((await readApplication(other.id))?.amountPaidCents).toBeUndefined();
  });

  it('records payment_failed and charge.refunded, and ignores other types', async () => {
    const app = await putPricedApplication({}, { id: 'pi_failed' });
    stripe.intents.set('pi_failed', {
      id: 'pi_failed',
      object: 'payment_intent',
      amount: FL_CENTS,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { applicationId: app.id },
    });
    const failed = stripeEvent('payment_intent.payment_failed', {
      id: 'pi_failed',
      object: 'payment_intent',
      amount: FL_CENTS,
      currency: 'usd',
      metadata: { applicationId: app.id },
      last_payment_error: { message: 'Your card has insufficient funds.' },
    });
    expect((await deliver(failed, sign(failed))).body.result).toBe('failure-recorded');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'failed', paymentError: 'Your card has insufficient funds.' });

    const paid = succeeded(app.id, FL_CENTS, 'usd', 'pi_refund_me');
    await deliver(paid, sign(paid));
    // The charge carries no metadata: the PaymentIntent is looked up at Stripe.
    stripe.intents.set('pi_refund_me', {
      id: 'pi_refund_me',
      object: 'payment_intent',
      amount: FL_CENTS,
      currency: 'usd',
      status: 'succeeded',
      metadata: { applicationId: app.id },
    });
    refundAtStripe('pi_refund_me');
    const refunded = chargeRefunded('ch_1', 'pi_refund_me', {});
    expect((await deliver(refunded, sign(refunded))).body.result).toBe('refunded');
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v1/payment_intents/pi_refund_me'))).toBe(true);
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'refunded', amountRefundedCents: FL_CENTS });

    const other = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await deliver(other, sign(other))).body).toEqual({ received: true, ignored: true });
  });
});

describe('payment_intent.payment_failed', () => {
  it("records only the order's current intent failing: an earlier intent's late failure leaves the newer payment frozen", async () => {
    const app = await putPricedApplication({}, { id: 'pi_current_attempt' });
    stripe.intents.set('pi_earlier_attempt', {
      id: 'pi_earlier_attempt',
      object: 'payment_intent',
      amount: FL_CENTS,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { applicationId: app.id },
    });
    const late = stripeEvent('payment_intent.payment_failed', {
      id: 'pi_earlier_attempt',
      object: 'payment_intent',
      amount: FL_CENTS,
      currency: 'usd',
      metadata: { applicationId: app.id },
      last_payment_error: { message: 'Your card was declined.' },
    });
    expect((await deliver(late, sign(late))).body).toEqual({ received: true, result: 'failure-not-recorded' });
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'pending', paymentIntentId: 'pi_current_attempt' });
    expect((await readApplication(app.id))?.paymentError).toBeUndefined();
  });

  it('cancels the declined intent at Stripe before unfreezing the order, so no later confirmation of it can land', async () => {
    const intentId = `pi_declined_${seq}`;
    const app = await putPricedApplication({}, { id: intentId });
    stripe.intents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: FL_CENTS,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { applicationId: app.id },
    });
    expect(stripe.decline(intentId, 'Your card has insufficient funds.')).toBe(true);
    const failed = stripeEvent('payment_intent.payment_failed', { ...stripe.intents.get(intentId) });
    expect((await deliver(failed, sign(failed))).body.result).toBe('failure-recorded');
    expect(stripe.requests.some((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/cancel`)).toBe(true);
    expect(stripe.intents.get(intentId)?.status).toBe('canceled');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'failed', paymentError: 'Your card has insufficient funds.' });
    // The customer changes the order; the old intent can no longer be confirmed with another card.
    expect(stripe.succeed(intentId)).toBe(false);
  });

  it('a failure whose intent took the money meanwhile (a retry with another card) leaves the order frozen for that success', async () => {
    const intentId = `pi_declined_then_paid_${seq}`;
    const app = await putPricedApplication({}, { id: intentId });
    stripe.intents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: FL_CENTS,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { applicationId: app.id },
    });
    const failed = stripeEvent('payment_intent.payment_failed', {
      ...stripe.intents.get(intentId),
      last_payment_error: { message: 'Your card was declined.' },
    });
    expect(stripe.succeed(intentId)).toBe(true);
    expect((await deliver(failed, sign(failed))).body.result).toBe('failure-not-recorded-succeeded');
    expect((await readApplication(app.id))?.paymentStatus).toBe('pending');
    const paid = succeeded(app.id, FL_CENTS, 'usd', intentId);
    expect((await deliver(paid, sign(paid))).body.result).toBe('fulfilled');
  });
});

describe('refunds reported by Stripe', () => {
  /** A paid order whose payment is `intentId`, through a signed payment_intent.succeeded. */
  async function paidOrder(intentId: string, fields: Record<string, unknown> = {}) {
    const name = typeof fields.businessName === 'string' ? { nameKey: nameKey(fields.businessName) } : {};
    const app = await putPricedApplication({ email: `${intentId}@example.com`, ...name, ...fields }, { id: intentId });
    // Stripe knows the intent: charges and refunds without metadata are matched through it.
    stripe.intents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: FL_CENTS,
      amount_received: FL_CENTS,
      currency: 'usd',
      status: 'succeeded',
      metadata: { applicationId: app.id },
    });
    const paid = succeeded(app.id, FL_CENTS, 'usd', intentId);
    expect((await deliver(paid, sign(paid))).body.result).toBe('fulfilled');
    return app;
  }
  const refundEmails = async (appId: string) => {
    const item = await readApplication(appId);
    return Promise.all(((item?.refunds ?? []) as { id: string }[]).map((r) => getMessage(`refund:${appId}:${r.id}`)));
  };

  it('a partial refund keeps the order paid and working with the amount recorded; the rest later refunds it in full', async () => {
    const intentId = `pi_partial_${seq}`;
    const app = await paidOrder(intentId, { businessName: 'Partial Refund Studio LLC' });
    const before = await readStats();
    expect(await isNameKeyTaken(nameKey('Partial Refund Studio LLC'))).toBe(true);

    // $50 of $275 refunded in Stripe's dashboard.
    refundAtStripe(intentId, 5000);
    const partial = chargeRefunded(`ch_${intentId}`, intentId, { applicationId: app.id }, 5000);
    expect((await deliver(partial, sign(partial))).body).toEqual({ received: true, result: 'refunded' });
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', amountPaidCents: FL_CENTS, amountRefundedCents: 5000, status: 'submitted' });
    expect((await readApplication(app.id))?.refunds).toMatchObject([{ amountCents: 5000, source: 'provider', reason: 'you asked for a refund' }]);
    const [first] = await refundEmails(app.id);
    expect(first).toMatchObject({
      kind: 'refund_sent',
      to: `${intentId}@example.com`,
      payload: { amountCents: 5000, refundedCents: 5000, paidCents: FL_CENTS, full: false, arrival: expect.stringContaining('5 to 10 business days') },
    });
    // Still paid: still pending work, the name still held.
    expect(Number((await readStats()).submitted)).toBe(Number(before.submitted));
    expect(await isNameKeyTaken(nameKey('Partial Refund Studio LLC'))).toBe(true);

    // The rest: refunded in full, out of the pending count, the name free again, a second email.
    refundAtStripe(intentId, FL_CENTS - 5000);
    const rest = chargeRefunded(`ch_${intentId}`, intentId, { applicationId: app.id }, FL_CENTS);
    expect((await deliver(rest, sign(rest))).body.result).toBe('refunded');
    const item = await readApplication(app.id);
    expect(item).toMatchObject({ paymentStatus: 'refunded', amountRefundedCents: FL_CENTS });
    expect(item?.queue).toBeUndefined();
    expect(item?.refunds).toHaveLength(2);
    const emails = await refundEmails(app.id);
    expect(emails.map((m) => m?.payload)).toMatchObject([{ amountCents: 5000 }, { amountCents: FL_CENTS - 5000, refundedCents: FL_CENTS, full: true }]);
    const after = await readStats();
    expect(Number(after.submitted)).toBe(Number(before.submitted) - 1);
    expect(Number(after.refunded)).toBe(Number(before.refunded ?? 0) + 1);
    expect(await isNameKeyTaken(nameKey('Partial Refund Studio LLC'))).toBe(false);
  });

  it('refund.created and charge.refunded for the same refund, in either order and twice, record it once', async () => {
    const intentId = `pi_refund_events_${seq}`;
    const app = await paidOrder(intentId);
    const refund = refundAtStripe(intentId, 2500);
    const created = stripeEvent('refund.created', refund);
    const charge = chargeRefunded(`ch_${intentId}`, intentId, {}, 2500);
    const results = [];
    for (const payload of [created, charge, created]) results.push((await deliver(payload, sign(payload))).body);
    expect(results).toEqual([
      { received: true, result: 'refunded' },
      { received: true, result: 'refund-already-recorded' },
      { received: true, duplicate: true },
    ]);
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', amountRefundedCents: 2500, refunds: [{ id: refund.id }] });
    // A failed refund gave nothing back: nothing is recorded.
    const failed = stripeEvent('refund.updated', { ...refundAtStripe(intentId, 1000), status: 'failed' });
    expect((await deliver(failed, sign(failed))).body.result).toBe('refund-failed');
    expect((await readApplication(app.id))?.amountRefundedCents).toBe(2500);
  });
});

describe('disputes (chargebacks)', () => {
  let owner: Awaited<ReturnType<typeof signedInPerson>>;
  beforeAll(async () => {
    owner = await signedInPerson({ role: 'owner' });
  });

  /** A paid order (its payment `intentId`, known to Stripe), at `status` with complete details. */
  async function paidAt(intentId: string, status: string) {
    const app = await putStaffApplication({
      status,
      paymentReference: intentId,
      amountPaidCents: FL_CENTS,
      queue: 'ready',
      queueSince: new Date().toISOString(),
    });
    stripe.intents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount: FL_CENTS,
      amount_received: FL_CENTS,
      currency: 'usd',
      status: 'succeeded',
      metadata: { applicationId: app.id },
    });
    return app;
  }
  /** Stripe's dispute object as its charge.dispute.* events carry it. */
  const dispute = (id: string, intentId: string, status: string, amount = FL_CENTS) => ({
    id,
    object: 'dispute',
    amount,
    currency: 'usd',
    charge: `ch_${intentId}`,
    payment_intent: intentId,
    reason: 'fraudulent',
    status,
    evidence_details: { due_by: Date.parse('2026-12-09T23:59:59Z') / 1000, has_evidence: false, past_due: false, submission_count: 0 },
    metadata: {},
  });
  const move = (id: string, status: 'processing' | 'filed', headers: Record<string, string>) =>
    invoke(
      updateApplication,
      staffUpdateEvent(id, status === 'filed' ? { status, fileNumber: 'L26000012345', filedOn: new Date().toISOString().slice(0, 10) } : { status }, headers),
    );

  it('created: the order is disputed (reason, deadline), in the queue, filing refused with a sentence, the owners emailed; closed won resumes it', async () => {
    const intentId = `pi_dispute_won_${seq}`;
    const app = await paidAt(intentId, 'submitted');
    const id = `dp_won_${seq}`;
    const created = stripeEvent('charge.dispute.created', dispute(id, intentId, 'needs_response'));
    expect((await deliver(created, sign(created))).body).toEqual({ received: true, result: 'dispute-open' });
    expect(await readApplication(app.id)).toMatchObject({
      paymentStatus: 'disputed',
      queue: 'dispute',
      dispute: {
        status: 'open',
        reason: 'the cardholder says they did not make the payment',
        amountCents: FL_CENTS,
        evidenceDueBy: '2026-12-09',
        filingPaused: true,
      },
    });
    expect((await workQueueStage('dispute', undefined)).items.map((i) => i.id)).toContain(app.id);
    const refused = await move(app.id, 'processing', owner.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'status_conflict', error: expect.stringContaining('filing is paused until the dispute is closed') });
    const alert = await getMessage(`dispute:${id}:${owner.person.id}`);
    expect(alert).toMatchObject({
      kind: 'dispute_opened',
      to: owner.person.email,
      payload: { amountCents: FL_CENTS, evidenceDueBy: '2026-12-09', filingPaused: true },
    });
    // The same event again, or an update while open, changes nothing and emails nobody twice.
    expect((await deliver(created, sign(created))).body).toEqual({ received: true, duplicate: true });
    const updated = stripeEvent('charge.dispute.updated', dispute(id, intentId, 'under_review'));
    expect((await deliver(updated, sign(updated))).body.result).toBe('dispute-already-recorded');

    const won = stripeEvent('charge.dispute.closed', dispute(id, intentId, 'won'));
    expect((await deliver(won, sign(won))).body.result).toBe('dispute-won');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', queue: 'ready', dispute: { status: 'won' } });
    expect((await move(app.id, 'processing', owner.headers)).status).toBe(200);
  });

  it('closed lost counts as a refund of the disputed amount, once; a filed order was not paused', async () => {
    const intentId = `pi_dispute_lost_${seq}`;
    const app = await paidAt(intentId, 'filed');
    const id = `dp_lost_${seq}`;
    const created = stripeEvent('charge.dispute.created', dispute(id, intentId, 'needs_response'));
    await deliver(created, sign(created));
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'disputed', dispute: { filingPaused: false } });
    const lost = stripeEvent('charge.dispute.closed', dispute(id, intentId, 'lost'));
    expect((await deliver(lost, sign(lost))).body.result).toBe('dispute-lost');
    const item = await readApplication(app.id);
    expect(item).toMatchObject({ paymentStatus: 'refunded', amountRefundedCents: FL_CENTS, dispute: { status: 'lost' }, refunds: [{ id, source: 'dispute' }] });
    expect(item?.queue).toBeUndefined();
    expect(await getMessage(`refund:${app.id}:${id}`)).toMatchObject({ kind: 'refund_sent', payload: { full: true } });
    const again = stripeEvent('charge.dispute.closed', dispute(id, intentId, 'lost'));
    expect((await deliver(again, sign(again))).body.result).toBe('dispute-already-recorded');
    expect((await readApplication(app.id))?.refunds).toHaveLength(1);
  });

  it('closed before created ends right: the late "created" changes nothing', async () => {
    const intentId = `pi_dispute_order_${seq}`;
    const app = await paidAt(intentId, 'processing');
    const id = `dp_order_${seq}`;
    const closed = stripeEvent('charge.dispute.closed', dispute(id, intentId, 'won'));
    expect((await deliver(closed, sign(closed))).body.result).toBe('dispute-won');
    const created = stripeEvent('charge.dispute.created', dispute(id, intentId, 'needs_response'));
    expect((await deliver(created, sign(created))).body.result).toBe('dispute-already-recorded');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'paid', status: 'processing', dispute: { id, status: 'won' } });
    // Lost this time, again closed first: refunded, and the late "created" does not reopen it.
    const intent2 = `pi_dispute_order2_${seq}`;
    const app2 = await paidAt(intent2, 'submitted');
    const id2 = `dp_order2_${seq}`;
    const lost = stripeEvent('charge.dispute.closed', dispute(id2, intent2, 'lost', 10000));
    await deliver(lost, sign(lost));
    const created2 = stripeEvent('charge.dispute.created', dispute(id2, intent2, 'needs_response', 10000));
    await deliver(created2, sign(created2));
    expect(await readApplication(app2.id)).toMatchObject({ paymentStatus: 'paid', amountRefundedCents: 10000, dispute: { status: 'lost' } });
  });
});

describe('events in any order', () => {
  it('a refund that arrives before the payment succeeded converges on refunded, and the late success changes nothing', async () => {
    const intentId = `pi_refund_first_${seq}`;
    const app = await putPricedApplication({}, { id: intentId });
    refundAtStripe(intentId);
    const refunded = chargeRefunded(`ch_${intentId}`, intentId, { applicationId: app.id });
    expect((await deliver(refunded, sign(refunded))).body.result).toBe('refunded');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'refunded', refundedReference: intentId });
    const late = succeeded(app.id, FL_CENTS, 'usd', intentId);
    expect((await deliver(late, sign(late))).body.result).toBe('already-recorded');
    const item = await readApplication(app.id);
    expect(item).toMatchObject({ paymentStatus: 'refunded', status: 'draft' });
    expect(item?.paidAt).toBeUndefined();
    expect(await paymentsFor(app.id)).toBe(0);
  });

  it('success then refund, delivered twice each and interleaved, applies each once and ends refunded', async () => {
    const intentId = `pi_twice_${seq}`;
    const app = await putPricedApplication({}, { id: intentId });
    const paid = succeeded(app.id, FL_CENTS, 'usd', intentId);
    refundAtStripe(intentId);
    const refunded = chargeRefunded(`ch_${intentId}`, intentId, { applicationId: app.id });
    await Promise.all([deliver(paid, sign(paid)), deliver(refunded, sign(refunded)), deliver(paid, sign(paid)), deliver(refunded, sign(refunded))]);
    expect((await readApplication(app.id))?.paymentStatus).toBe('refunded');
    expect(await paymentsFor(app.id)).toBeLessThanOrEqual(1);
  });
});
