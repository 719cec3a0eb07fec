import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateFeesCents } from '#shared/payments/refunds.ts';
import { putPricedApplication, readApplication, readStats } from '../../../tests/fakes/applications.ts';
import { putApplication, staffHeaders } from '../../../tests/fakes/staff.ts';
import { type StripeFake, startStripeFake } from '../../../tests/fakes/stripe.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { fulfilPayment } from '../../data/payments.ts';
import { resetConfigForTests } from '../../lib/config.ts';
import { resetSecretsForTests } from '../../lib/secrets.ts';
import { getMessage } from '../../outbox/outbox.ts';
import { handler as refund } from './refund.ts';

let headers: Record<string, string>;
let stripe: StripeFake;
beforeAll(async () => {
  headers = await staffHeaders();
  stripe = await startStripeFake();
  Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_fake_refunds', STRIPE_API_BASE: stripe.url });
  resetConfigForTests();
  resetSecretsForTests();
});
afterAll(async () => {
  for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE']) delete process.env[k];
  resetSecretsForTests();
  await stripe.close();
});

const REASON = 'The customer asked to cancel before we filed';
const refundOf = (id: string, body: Record<string, unknown> | undefined = undefined, asStaff = true) =>
  invoke(
    refund,
    apiEvent({
      method: 'POST',
      route: '/api/staff/applications/{id}/refund',
      path: `/api/staff/applications/${id}/refund`,
      pathParameters: { id },
      headers: asStaff ? headers : {},
      ...(body ? { body } : {}),
    }),
  );

const refundEmailsOf = async (id: string) => {
  const refunds = ((await readApplication(id))?.refunds ?? []) as { id: string }[];
  return Promise.all(refunds.map((r) => getMessage(`refund:${id}:${r.id}`)));
};

describe('POST /api/staff/applications/{id}/refund', () => {
  it('refunds a payment held for review (it never counted as paid) and records it once', async () => {
    const app = await putPricedApplication({ feinFiling: true }, { provider: 'test' });
    // The test provider took $275 for an order frozen at $350.
    expect((await fulfilPayment({ applicationId: app.id, provider: 'test', reference: 'pi_test_short', amountCents: 27500, currency: 'usd' })).outcome).toBe(
      'needs-review',
    );
    expect((await listRecentActivity(5)).some((a) => a.action === 'payment_needs_review' && a.applicationId === app.id)).toBe(true);
    const res = await refundOf(app.id, { amountCents: 27500, reason: 'Paid the wrong amount' });
    expect(res.status).toBe(200);
    expect(res.body.paymentStatus).toBe('refunded');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'refunded', refundedReference: 'pi_test_short', amountRefundedCents: 27500 });
    // A second click finds nothing left to refund.
    const again = await refundOf(app.id, { amountCents: 27500, reason: 'Paid the wrong amount' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('nothing_to_refund');
  });

  it('a partial refund keeps the order paid, records who, why and how much, and emails the customer; the rest refunds it in full', async () => {
    const paid = await putApplication({
      status: 'submitted',
      paymentProvider: 'test',
      paymentReference: 'pi_test_partial',
      amountPaidCents: 35000,
      queue: 'ready',
      queueSince: new Date().toISOString(),
    });
    const before = await readStats();
    const res = await refundOf(paid.id, { amountCents: 5000, reason: REASON });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: 'paid', amountRefundedCents: 5000, refunds: [{ amountCents: 5000, reason: REASON, source: 'staff' }] });
    // Still paid: still in the work queue, ready to start.
    expect(await readApplication(paid.id)).toMatchObject({ paymentStatus: 'paid', status: 'submitted', queue: 'ready' });
    const [email] = await refundEmailsOf(paid.id);
    expect(email).toMatchObject({
      kind: 'refund_sent',
      to: 'maya@example.com',
      payload: { amountCents: 5000, refundedCents: 5000, paidCents: 35000, full: false, reason: REASON },
    });
    // More than is left is refused, and says how much is.
    const over = await refundOf(paid.id, { amountCents: 30001, reason: REASON });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'refund_amount', refundableCents: 30000, error: expect.stringContaining('At most $300.00') });
    // The rest: refunded in full, no longer pending.
    const rest = await refundOf(paid.id, { amountCents: 30000, reason: REASON });
    expect(rest.body).toMatchObject({ paymentStatus: 'refunded', amountRefundedCents: 35000 });
    expect((await refundEmailsOf(paid.id)).map((m) => m?.payload)).toMatchObject([{ amountCents: 5000 }, { amountCents: 30000, full: true }]);
    expect((await readApplication(paid.id))?.queue).toBeUndefined();
    const after = await readStats();
    expect(Number(after.submitted ?? 0)).toBe(Number(before.submitted ?? 0) - 1);
    expect(Number(after.refunded ?? 0)).toBe(Number(before.refunded ?? 0) + 1);
  });

  it('after Start Processing the state fee is spent: refunding it must be asked for, and the default leaves it out', async () => {
    const app = await putApplication({ status: 'processing', paymentProvider: 'test', paymentReference: 'pi_test_spent', amountPaidCents: 35000 });
    const stateFee = stateFeesCents(app as never);
    expect(stateFee).toBeGreaterThan(0);
    const whole = await refundOf(app.id, { amountCents: 35000, reason: REASON });
    expect(whole.status).toBe(409);
    expect(whole.body).toMatchObject({
      code: 'state_fee_spent',
      suggestedCents: 35000 - stateFee,
      error: expect.stringContaining('state fee is already paid'),
    });
    expect((await readApplication(app.id))?.amountRefundedCents).toBeUndefined();
    const ours = await refundOf(app.id, { amountCents: 35000 - stateFee, reason: REASON });
    expect(ours.body).toMatchObject({ paymentStatus: 'paid', amountRefundedCents: 35000 - stateFee });
    // The person chose to give the state fee back too: it is their call, said out loud.
    const fee = await refundOf(app.id, { amountCents: stateFee, reason: 'Goodwill', includeStateFee: true });
    expect(fee.body).toMatchObject({ paymentStatus: 'refunded', amountRefundedCents: 35000 });
  });

  it('two refunds at once refund once (same idempotency key at Stripe, one recorded refund, one email)', async () => {
    const intent = 'pi_double_click';
    stripe.intents.set(intent, {
      id: intent,
      object: 'payment_intent',
      amount: 35000,
      amount_received: 35000,
      currency: 'usd',
      status: 'succeeded',
      metadata: {},
    });
    const app = await putApplication({ status: 'submitted', paymentProvider: 'stripe', paymentReference: intent, amountPaidCents: 35000 });
    const results = await Promise.all([refundOf(app.id, { amountCents: 10000, reason: REASON }), refundOf(app.id, { amountCents: 10000, reason: REASON })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const calls = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && stripe.form(r).payment_intent === intent);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.headers['idempotency-key']))).toEqual(new Set([`refund:${app.id}:v0`]));
    expect(stripe.form(calls[0])).toMatchObject({ amount: '10000', 'metadata[reason]': REASON });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1);
    const item = await readApplication(app.id);
    expect(item).toMatchObject({ paymentStatus: 'paid', amountRefundedCents: 10000 });
    expect(item?.refunds).toHaveLength(1);
    expect((await refundEmailsOf(app.id)).filter(Boolean)).toHaveLength(1);
  });

  it('refunds a paid order; an unpaid one has nothing to refund; staff only; a bad body is a 400', async () => {
    const paid = await putApplication({ status: 'processing', paymentProvider: 'test', paymentReference: 'pi_test_paid', amountPaidCents: 35000 });
    expect((await refundOf(paid.id, { amountCents: 35000, reason: REASON, includeStateFee: true })).body.paymentStatus).toBe('refunded');
    const unpaid = await putApplication({ status: 'submitted', paymentStatus: 'unpaid', amountPaidCents: undefined });
    expect((await refundOf(unpaid.id, { amountCents: 100, reason: REASON })).body.code).toBe('nothing_to_refund');
    expect((await refundOf(unpaid.id, { amountCents: 100, reason: REASON }, false)).status).toBe(401);
    for (const body of [
      undefined,
      { amountCents: 0, reason: REASON },
      { amountCents: 12.5, reason: REASON },
      { amountCents: 100, reason: '' },
      { amountCents: '100', reason: REASON },
    ]) {
      const res = await refundOf(paid.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
  });

  it('a disputed payment cannot be refunded while the dispute is open', async () => {
    const app = await putApplication({
      status: 'submitted',
      paymentStatus: 'disputed',
      paymentProvider: 'stripe',
      paymentReference: 'pi_disputed',
      amountPaidCents: 35000,
    });
    const res = await refundOf(app.id, { amountCents: 1000, reason: REASON });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('payment_disputed');
    expect(stripe.requests.some((r) => r.path === '/v1/refunds' && stripe.form(r).payment_intent === 'pi_disputed')).toBe(false);
  });

  it('sends Klarna and Amazon Pay refunds to their merchant portals', async () => {
    const paid = await putApplication({ status: 'processing', paymentProvider: 'klarna', paymentReference: 'klarna-order-1', amountPaidCents: 35000 });
    const res = await refundOf(paid.id, { amountCents: 1000, reason: REASON });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('refund_in_provider_portal');
    expect((await readApplication(paid.id))?.paymentStatus).toBe('paid');
  });
});
