import { dollarsToCents } from '#shared/money.ts';
import { fulfilPayment } from '../data/payments.ts';
import { config } from '../lib/config.ts';
import { HttpError } from '../lib/http.ts';
import { AmazonPayError, amazonPayCredentials, checkoutSessionConfig, completeCheckoutSession } from './amazon-pay.ts';
import { fulfilmentToHttp } from './fulfilment-http.ts';
import { notConfigured } from './mode.ts';
import { assertClientAmount, loadPayable } from './payable.ts';

/** POST /api/amazon-pay/create-session: the button's signed checkout-session config. */
export async function startAmazonPaySession(input: { applicationId: string; amount?: string }) {
  const creds = await amazonPayCredentials();
  if (!creds) throw notConfigured('Amazon Pay');
  const { app, order } = await loadPayable(input.applicationId);
  // input.amount has passed amazonPaySessionSchema (shared/payments/requests.ts): a dollar string.
  if (input.amount !== undefined) assertClientAmount(dollarsToCents(Number(input.amount)), order);
  const site = config().SITE_URL ?? 'http://127.0.0.1:3000';
  const returnUrl = `${site.replace(/\/$/, '')}/success?provider=amazon-pay&applicationId=${encodeURIComponent(app.id)}`;
  return checkoutSessionConfig(creds, order, app.id, returnUrl);
}

/** POST /api/amazon-pay/complete-checkout: completes the session on return, then fulfilment. */
export async function completeAmazonPayCheckout(input: { applicationId: string; checkoutSessionId: string }) {
  const creds = await amazonPayCredentials();
  if (!creds) throw notConfigured('Amazon Pay');
  const { app, order } = await loadPayable(input.applicationId);
  let session: Awaited<ReturnType<typeof completeCheckoutSession>>;
  try {
    session = await completeCheckoutSession(creds, input.checkoutSessionId, order);
  } catch (err) {
    if (err instanceof AmazonPayError) throw new HttpError(err.status >= 500 ? 502 : 402, err.message);
    throw err;
  }
  if (session.merchantMetadata?.merchantReferenceId && session.merchantMetadata.merchantReferenceId !== app.id)
    throw new HttpError(409, 'This Amazon Pay checkout belongs to another application');
  if (session.statusDetails?.state !== 'Completed' || !session.chargeId) throw new HttpError(402, 'Amazon Pay did not complete the payment');
  const paidCents = session.chargeAmount ? dollarsToCents(Number(session.chargeAmount.amount)) : order.totalCents;
  const result = await fulfilPayment({
    applicationId: app.id,
    provider: 'amazon-pay',
    reference: session.chargeId,
    amountCents: paidCents,
    currency: session.chargeAmount?.currencyCode ?? 'USD',
  });
  fulfilmentToHttp(result);
  return { success: true };
}
