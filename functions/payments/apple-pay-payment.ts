import type { ApplePayPayment } from '#shared/payments/requests.schema.ts';
import { fulfilPayment } from '../data/payments.ts';
import { stripeClient, stripeErrorMessage } from '../lib/clients/stripe.ts';
import { DomainError, type ErrorKind } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { applePayCredentials } from './apple-pay.ts';
import { APPLE_PAY_NOT_CONFIGURED } from './apple-pay-merchant.ts';
import { assertFulfilled } from './fulfilment.ts';
import { confirmFrozenPayment, loadFrozenPayment } from './payable.ts';

/** The payment sheet's failures keep `success: false` beside the error, as its success does `success: true`. */
const failed = (kind: ErrorKind, code: string, message: string) => new DomainError(kind, code, message, { extras: { success: false } });

/**
 * POST /api/apple-pay/process-payment: turns the Apple Pay token into a Stripe token, charges the
 * server's total through a confirmed PaymentIntent, then fulfilment. Answers `{ success: true }`,
 * or an error with `success: false` (402 declined, 502 provider failure, 503 not configured).
 */
export async function processApplePayment(input: { payment: ApplePayPayment; applicationId: string }, secret: string | undefined): Promise<{ success: true }> {
  const stripe = await stripeClient();
  if (!stripe || !(await applePayCredentials())) throw failed('not_configured', 'not_configured', APPLE_PAY_NOT_CONFIGURED);
  const frozen = await loadFrozenPayment(input.applicationId, secret, 'apple-pay');
  const order = { ...frozen.order, totalCents: frozen.frozenCents };
  return confirmFrozenPayment(frozen, (app) => chargeApplePay(stripe, app, order, input.payment));
}

async function chargeApplePay(
  stripe: NonNullable<Awaited<ReturnType<typeof stripeClient>>>,
  app: { id: string },
  order: { totalCents: number; state: { name: string } },
  payment: ApplePayPayment,
): Promise<{ success: true }> {
  const { token } = payment;
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
    if (intent.status !== 'succeeded') throw failed('payment_required', 'payment_declined', 'Payment processing failed');
    const result = await fulfilPayment({
      applicationId: app.id,
      provider: 'apple-pay',
      reference: intent.id,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
    });
    assertFulfilled(result);
    return { success: true };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const message = stripeErrorMessage(err);
    if (message) throw failed('payment_required', 'payment_declined', message);
    logger.error('Apple Pay payment failed', { error: err as Error, applicationId: app.id });
    throw failed('upstream', 'provider_error', 'Payment processing failed');
  }
}
