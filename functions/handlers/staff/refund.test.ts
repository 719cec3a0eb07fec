import { beforeAll, describe, expect, it } from 'vitest';
import { putPricedApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { putApplication, staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { fulfilPayment } from '../../data/payments.ts';
import { handler as refund } from './refund.ts';

let headers: Record<string, string>;
beforeAll(async () => {
  headers = await staffHeaders();
});

const refundOf = (id: string, asStaff = true) =>
  invoke(
    refund,
    apiEvent({
      method: 'POST',
      route: '/api/staff/applications/{id}/refund',
      path: `/api/staff/applications/${id}/refund`,
      pathParameters: { id },
      headers: asStaff ? headers : {},
    }),
  );

describe('POST /api/staff/applications/{id}/refund', () => {
  it('refunds a payment held for review (it never counted as paid) and records it once', async () => {
    const app = await putPricedApplication({ feinFiling: true }, { provider: 'test' });
    // The test provider took $275 for an order frozen at $350.
    expect((await fulfilPayment({ applicationId: app.id, provider: 'test', reference: 'pi_test_short', amountCents: 27500, currency: 'usd' })).outcome).toBe(
      'needs-review',
    );
    expect((await listRecentActivity(5)).some((a) => a.action === 'payment_needs_review' && a.applicationId === app.id)).toBe(true);
    const res = await refundOf(app.id);
    expect(res.status).toBe(200);
    expect(res.body.paymentStatus).toBe('refunded');
    expect(await readApplication(app.id)).toMatchObject({ paymentStatus: 'refunded', refundedReference: 'pi_test_short', amountRefundedCents: 27500 });
    // A second click finds nothing left to refund.
    const again = await refundOf(app.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('nothing_to_refund');
  });

  it('refunds a paid order; an unpaid one has nothing to refund; staff only', async () => {
    const paid = await putApplication({ status: 'processing', paymentProvider: 'test', paymentReference: 'pi_test_paid', amountPaidCents: 35000 });
    expect((await refundOf(paid.id)).body.paymentStatus).toBe('refunded');
    const unpaid = await putApplication({ status: 'submitted', paymentStatus: 'unpaid', amountPaidCents: undefined });
    expect((await refundOf(unpaid.id)).body.code).toBe('nothing_to_refund');
    expect((await refundOf(unpaid.id, false)).status).toBe(401);
  });

  it('sends Klarna and Amazon Pay refunds to their merchant portals', async () => {
    const paid = await putApplication({ status: 'processing', paymentProvider: 'klarna', paymentReference: 'klarna-order-1', amountPaidCents: 35000 });
    const res = await refundOf(paid.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('refund_in_provider_portal');
    expect((await readApplication(paid.id))?.paymentStatus).toBe('paid');
  });
});
