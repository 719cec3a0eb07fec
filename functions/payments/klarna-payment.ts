import { recordPaymentIntent } from '../data/applications/store.ts';
import { fulfilPayment } from '../data/payments.ts';
import { PaymentRequiredError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { assertFulfilled } from './fulfilment.ts';
import { createKlarnaSession, klarnaCredentials, placeKlarnaOrder } from './klarna.ts';
import { notConfigured } from './mode.ts';
import { assertClientAmount, loadPayable } from './payable.ts';

/** POST /api/klarna/create-session: a Klarna Payments session for the server's total. */
export async function startKlarnaSession(input: { applicationId: string; amount?: number }) {
  const creds = await klarnaCredentials();
  if (!creds) throw notConfigured('Klarna');
  const { app, order } = await loadPayable(input.applicationId);
  assertClientAmount(input.amount, order);
  const session = await createKlarnaSession(creds, order, app.id);
  await recordPaymentIntent(app.id, { id: session.session_id, amountCents: order.totalCents, provider: 'klarna' });
  return {
    session_id: session.session_id,
    client_token: session.client_token,
    payment_method_categories: session.payment_method_categories ?? [],
    amount: order.totalCents,
  };
}

/** POST /api/klarna/place-order: places the authorised order for the same amount, then fulfilment. */
export async function placeKlarnaOrderFor(input: { applicationId: string; authorizationToken: string }) {
  const creds = await klarnaCredentials();
  if (!creds) throw notConfigured('Klarna');
  const { app, order } = await loadPayable(input.applicationId);
  const placed = await placeKlarnaOrder(creds, input.authorizationToken, order, app.id);
  if (placed.fraud_status && placed.fraud_status !== 'ACCEPTED') {
    logger.warn('Klarna order not accepted yet', { applicationId: app.id, orderId: placed.order_id, fraudStatus: placed.fraud_status });
    throw new PaymentRequiredError('Klarna is reviewing this order: we will email you once it is accepted', 'payment_under_review');
  }
  const result = await fulfilPayment({ applicationId: app.id, provider: 'klarna', reference: placed.order_id, amountCents: order.totalCents, currency: 'usd' });
  assertFulfilled(result);
  return { success: true, orderId: placed.order_id };
}
