import type { PaymentStatusResponse } from '#shared/api/responses.schema.ts';
import { getApplicationForHolder } from '../data/applications/reads.ts';

/** GET /api/payment-status/{applicationId}: only the payment fields, for the success page. */
export async function paymentStatusOf(applicationId: string, secret: string | undefined): Promise<PaymentStatusResponse> {
  const app = await getApplicationForHolder(applicationId, secret);
  return { applicationId: app.id, paymentStatus: app.paymentStatus ?? 'unpaid', amountPaidCents: app.amountPaidCents, paidAt: app.paidAt };
}
