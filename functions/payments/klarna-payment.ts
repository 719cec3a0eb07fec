import { beginPayment } from '../data/applications/payments.ts';
import { fulfilPayment } from '../data/payments.ts';
import { notConfigured } from '../lib/card-mode.ts';
import { PaymentRequiredError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { assertFulfilled } from './fulfilment.ts';
import { createKlarnaSession, klarnaCredentials, placeKlarnaOrder } from './klarna.ts';
import { assertClientAmount, confirmFrozenPayment, loadFrozenPayment, loadPayable } from './payable.ts';

/** POST /api/klarna/create-session: a Klarna Payments session for the server's total. */
export async function startKlarnaSession(input: { applicationId: string; amount?: number }, secret: string | undefined) {
  const creds = await klarnaCredentials();
  if (!creds) throw notConfigured('Klarna');
  const { app, order } = await loadPayable(input.applicationId, secret);
  assertClientAmount(input.amount, order);
  const session = await createKlarnaSession(creds, order, app.id);
  await beginPayment(app, order, { id: session.session_id, provider: 'klarna' });
  return {
    session_id: session.session_id,
    client_token: session.client_token,
    payment_method_categories: session.payment_method_categories ?? [],
    amount: order.totalCents,
  };
}

/**
 * POST /api/klarna/place-order: places the authorised order for the frozen amount, then
 * fulfilment. The confirmation is marked started first, so a visitor change can no longer
 * cancel the payment once Klarna is asked to take the money.
 */
export async function placeKlarnaOrderFor(input: { applicationId: string; authorizationToken: string }, secret: string | undefined) {
  const creds = await klarnaCredentials();
  if (!creds) throw notConfigured('Klarna');
  const frozen = await loadFrozenPayment(input.applicationId, secret, 'klarna');
  return confirmFrozenPayment(frozen, async (app) => {
    const order = frozen.order;
    const placed = await placeKlarnaOrder(creds, input.authorizationToken, order, app.id);
    if (placed.fraud_status && placed.fraud_status !== 'ACCEPTED') {
      logger.warn('Klarna order not accepted yet', { applicationId: app.id, orderId: placed.order_id, fraudStatus: placed.fraud_status });
      throw new PaymentRequiredError('Klarna is reviewing this order: we will email you once it is accepted', 'payment_under_review');
    }
    const result = await fulfilPayment({
      applicationId: app.id,
      provider: 'klarna',
      reference: placed.order_id,
      amountCents: frozen.frozenCents,
      currency: 'usd',
    });
    assertFulfilled(result);
    return { success: true as const, orderId: placed.order_id };
  });
}
