import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPerson } from '#shared/staff/accounts.ts';
import { setApplicationFields } from '../../tests/fakes/applications.ts';
import { putPaidOrder } from '../../tests/fakes/documents.ts';
import { type StripeFake, startStripeFake } from '../../tests/fakes/stripe.ts';
import { getApplication } from '../data/applications/reads.ts';
import { stripeClient } from '../lib/clients/stripe.ts';
import { resetConfigForTests } from '../lib/config.ts';
import { resetSecretsForTests } from '../lib/secrets.ts';
import { annualReportRefundKey, refundAnnualReport } from './annual-report-refund.ts';

/**
 * One annual report's charge refunded through Stripe (a fake of its API, docs/decisions/0435):
 * two owners at once make one refund at the provider, under the key of the order and the due
 * date, and the order records it once; a retry finds the refund already made and makes none.
 */
let stripe: StripeFake;
beforeAll(async () => {
  stripe = await startStripeFake();
  Object.assign(process.env, { PAYMENT_MODE: 'live', STRIPE_SECRET_KEY: 'sk_test_fake_123', STRIPE_API_BASE: stripe.url });
  resetConfigForTests();
  resetSecretsForTests();
});
afterAll(async () => {
  for (const k of ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE']) delete process.env[k];
  process.env.PAYMENT_MODE = 'test';
  resetConfigForTests();
  resetSecretsForTests();
  await stripe.close();
});

const OWNER = (n: number) => ({ id: `owner-${n}`, email: `owner${n}@staff.example.com`, name: 'Owner', role: 'owner' }) as unknown as StaffPerson;
const DUE = '2027-05-01';
const AFTER_DUE = Date.parse('2027-05-03T15:00:00Z');

describe('refunding a report charged by card, through Stripe', () => {
  it('two at once: one refund at Stripe under the key of order and due date, recorded once', async () => {
    const app = await putPaidOrder('FL', { status: 'filed', email: 'sky@example.com', filedOn: '2026-11-23' });
    const client = await stripeClient();
    const intent = await client!.paymentIntents.create({ amount: 23_775, currency: 'usd', confirm: true, metadata: { applicationId: app.id } });
    const charge = { period: DUE, amountCents: 23_775, state: 'paid', attempt: 1, reference: intent.id, paidAt: '2027-04-10T16:00:00.000Z' };
    await setApplicationFields(app.id, {
      annualReportService: { agreedAt: '2026-12-01T10:00:00.000Z', state: 'FL', serviceUsd: 99, stateFeeCents: 13_875, priceCents: 23_775 },
      annualReportCharge: charge,
      annualReportHistory: [{ kind: 'charged', period: DUE, amountCents: 23_775, at: charge.paidAt, reference: intent.id }],
    });
    const request = { dueOn: DUE, reason: 'Not filed by its due date' };
    const answers = await Promise.allSettled([
      refundAnnualReport(app.id, request, OWNER(1), AFTER_DUE),
      refundAnnualReport(app.id, request, OWNER(2), AFTER_DUE),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
    const made = [...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 23_775 });
    const keys = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds').map((r) => r.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([annualReportRefundKey(app.id, DUE)]));
    const stored = await getApplication(app.id);
    expect(stored.annualReportHistory?.filter((e) => e.kind === 'refunded')).toEqual([
      expect.objectContaining({ amountCents: 23_775, reference: made[0].id, detail: request.reason }),
    ]);
    expect(stored.annualReportCharge?.refund).toMatchObject({ id: made[0].id, amountCents: 23_775 });
    // The order's own payment is untouched.
    expect(stored.paymentStatus).toBe('paid');
    expect(stored.amountRefundedCents).toBeUndefined();
  });

  it('a refund already made for the payment (a crash before the record) is reused, not made again', async () => {
    const app = await putPaidOrder('FL', { status: 'filed', email: 'lee@example.com', filedOn: '2026-11-23' });
    const client = await stripeClient();
    const intent = await client!.paymentIntents.create({ amount: 23_775, currency: 'usd', confirm: true, metadata: { applicationId: app.id } });
    const earlier = await client!.refunds.create({ payment_intent: intent.id });
    await setApplicationFields(app.id, {
      annualReportService: { agreedAt: '2026-12-01T10:00:00.000Z', state: 'FL', serviceUsd: 99, stateFeeCents: 13_875, priceCents: 23_775 },
      annualReportHistory: [{ kind: 'charged', period: DUE, amountCents: 23_775, at: '2027-04-10T16:00:00.000Z', reference: intent.id }],
    });
    const view = await refundAnnualReport(app.id, { dueOn: DUE, reason: 'Not filed by its due date' }, OWNER(3), AFTER_DUE);
    expect(view.annualReportCharges?.[0]?.refund).toMatchObject({ amountCents: 23_775 });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id).map((r) => r.id)).toEqual([earlier.id]);
  });
});
