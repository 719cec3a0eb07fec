import type * as z from 'zod/mini';
import type { applePayPaymentSchema } from '#shared/payments/requests.ts';
import { fulfilPayment } from '../data/payments.ts';
import { HttpError } from '../lib/http.ts';
import { logger } from '../lib/logger.ts';
import { applePayCredentials } from './apple-pay.ts';
import { APPLE_PAY_NOT_CONFIGURED } from './apple-pay-merchant.ts';
import { fulfilmentToHttp } from './fulfilment-http.ts';
import { loadPayable } from './payable.ts';
import { stripeClient, stripeErrorMessage } from './stripe.ts';

type ApplePayPayment = z.infer<typeof applePayPaymentSchema>;
export type ApplePayResult = { status: number; body: { success: boolean; error?: string } };

/**
 * POST /api/apple-pay/process-payment: turns the Apple Pay token into a Stripe token, charges the
 * server's total through a confirmed PaymentIntent, then fulfilment. Answers `{ success, error? }`.
 */
export async function processApplePayment(input: { payment: ApplePayPayment; applicationId: string }): Promise<ApplePayResult> {
  const stripe = await stripeClient();
  if (!stripe || !(await applePayCredentials())) return { status: 503, body: { success: false, error: APPLE_PAY_NOT_CONFIGURED } };
  const { app, order } = await loadPayable(input.applicationId);
  const { token } = input.payment;
  const key = `apple-pay:${app.id}:${order.totalCents}:${token.transactionIdentifier}`.slice(0, 255);
  try {
    // Stripe accepts the Apple Pay payment token as pk_token (not in the SDK's types).
    const stripeToken = await stripe.tokens.create(
      {
        pk_token: JSON.stringify(token.paymentData),
        pk_token_instrument_name: token.paymentMethod.displayName,
        pk_token_payment_network: token.paymentMethod.network,
        pk_token_transaction_id: token.transactionIdentifier,
      } as never,
      { idempotencyKey: `${key}:token` },
    );
    const method = await stripe.paymentMethods.create({ type: 'card', card: { token: stripeToken.id } }, { idempotencyKey: `${key}:method` });
    const intent = await stripe.paymentIntents.create(
      {
        amount: order.totalCents,
        currency: 'usd',
        payment_method: method.id,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        confirm: true,
        description: `LLC formation: ${order.state.name}`,
        metadata: { applicationId: app.id, provider: 'apple-pay' },
      },
      { idempotencyKey: `${key}:intent` },
    );
    if (intent.status !== 'succeeded') return { status: 402, body: { success: false, error: 'Payment processing failed' } };
    const result = await fulfilPayment({
      applicationId: app.id,
      provider: 'apple-pay',
      reference: intent.id,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
    });
    fulfilmentToHttp(result);
    return { status: 200, body: { success: true } };
  } catch (err) {
    const message = stripeErrorMessage(err);
    if (message) return { status: 402, body: { success: false, error: message } };
    if (err instanceof HttpError) throw err;
    logger.error('Apple Pay payment failed', { error: err as Error, applicationId: app.id });
    return { status: 502, body: { success: false, error: 'Payment processing failed' } };
  }
}
