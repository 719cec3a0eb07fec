import type { PaymentStatusResponse } from '#shared/payments/methods.ts';
import { getApplicationForPayment } from '../data/payments.ts';
import { HttpError } from '../lib/http.ts';

/** GET /api/payment-status/{applicationId}: only the payment fields, for the success page. */
export async function paymentStatusOf(applicationId: string): Promise<PaymentStatusResponse> {
  const app = await getApplicationForPayment(applicationId);
  if (!app) throw new HttpError(404, 'Application not found');
  return { applicationId: app.id, paymentStatus: app.paymentStatus ?? 'unpaid', amountPaidCents: app.amountPaidCents, paidAt: app.paidAt };
}
