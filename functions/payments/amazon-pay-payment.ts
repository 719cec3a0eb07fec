import { randomUUID } from 'node:crypto';
import { dollarsToCents } from '#shared/money.ts';
import { beginPayment } from '../data/applications/payments.ts';
import { fulfilPayment } from '../data/payments.ts';
import { notConfigured } from '../lib/card-mode.ts';
import { config } from '../lib/config.ts';
import { ConflictError, PaymentRequiredError } from '../lib/errors.ts';
import { amazonPayCredentials, checkoutSessionConfig, completeCheckoutSession } from './amazon-pay.ts';
import { assertFulfilled } from './fulfilment.ts';
import { assertClientAmount, confirmFrozenPayment, loadFrozenPayment, loadPayable } from './payable.ts';

/** POST /api/amazon-pay/create-session: the button's signed checkout-session config. */
export async function startAmazonPaySession(input: { applicationId: string; amount?: string }, secret: string | undefined) {
  const creds = await amazonPayCredentials();
  if (!creds) throw notConfigured('Amazon Pay');
  const { app, order } = await loadPayable(input.applicationId, secret);
  // input.amount has passed amazonPaySessionSchema (shared/payments/requests.schema.ts): a dollar string.
  if (input.amount !== undefined) assertClientAmount(dollarsToCents(Number(input.amount)), order);
  const site = config().SITE_URL ?? 'http://127.0.0.1:3000';
  const returnUrl = `${site.replace(/\/$/, '')}/success?provider=amazon-pay&applicationId=${encodeURIComponent(app.id)}`;
  const sessionConfig = checkoutSessionConfig(creds, order, app.id, returnUrl);
  // Amazon creates its checkout session when the button is pressed: the order is frozen now.
  await beginPayment(app, order, { id: `amazon-pay:${randomUUID()}`, provider: 'amazon-pay' });
  return sessionConfig;
}

/** POST /api/amazon-pay/complete-checkout: completes the session on return, then fulfilment. */
export async function completeAmazonPayCheckout(input: { applicationId: string; checkoutSessionId: string }, secret: string | undefined) {
  const creds = await amazonPayCredentials();
  if (!creds) throw notConfigured('Amazon Pay');
  const frozen = await loadFrozenPayment(input.applicationId, secret, 'amazon-pay');
  return confirmFrozenPayment(frozen, async (app) => {
    const order = frozen.order;
    const session = await completeCheckoutSession(creds, input.checkoutSessionId, order);
    if (session.merchantMetadata?.merchantReferenceId && session.merchantMetadata.merchantReferenceId !== app.id)
      throw new ConflictError('This Amazon Pay checkout belongs to another application', 'checkout_session_mismatch');
    if (session.statusDetails?.state !== 'Completed' || !session.chargeId)
      throw new PaymentRequiredError('Amazon Pay did not complete the payment', 'payment_not_completed');
    const paidCents = session.chargeAmount ? dollarsToCents(Number(session.chargeAmount.amount)) : order.totalCents;
    const result = await fulfilPayment({
      applicationId: app.id,
      provider: 'amazon-pay',
      reference: session.chargeId,
      amountCents: paidCents,
      currency: session.chargeAmount?.currencyCode ?? 'USD',
    });
    assertFulfilled(result);
    return { success: true as const };
  });
}
