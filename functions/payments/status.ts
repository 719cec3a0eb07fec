import type { PaymentStatusResponse } from '#shared/payments/methods.ts';
import { getApplication } from '../data/applications/store.ts';

/** GET /api/payment-status/{applicationId}: only the payment fields, for the success page. */
export async function paymentStatusOf(applicationId: string): Promise<PaymentStatusResponse> {
  const app = await getApplication(applicationId);
  return { applicationId: app.id, paymentStatus: app.paymentStatus ?? 'unpaid', amountPaidCents: app.amountPaidCents, paidAt: app.paidAt };
}
