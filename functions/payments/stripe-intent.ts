import type Stripe from 'stripe';
import type { RenewalCard } from '#shared/compliance/renewal-charges.ts';
import { type FulfilmentResult, fulfilPayment } from '../data/payments.ts';
import type { TransactItem } from '../lib/clients/dynamodb-sdk.ts';

/**
 * Records a PaymentIntent Stripe reports succeeded, through the one fulfilment function: from its
 * signed webhook, or when the customer comes back (checkout, a change) and Stripe says the money
 * was taken while its webhook has not been recorded yet (a crashed delivery waits for its retry).
 */
export function fulfilStripeIntent(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'amount' | 'amount_received' | 'currency' | 'metadata'> &
    Partial<Pick<Stripe.PaymentIntent, 'setup_future_usage' | 'payment_method' | 'customer'>>,
  applicationId: string,
  eventDone?: (outcome: string) => TransactItem,
): Promise<FulfilmentResult> {
  return fulfilPayment(
    {
      applicationId,
      provider: intent.metadata?.provider === 'apple-pay' ? 'apple-pay' : 'stripe',
      reference: intent.id,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
      ...savedCard(intent),
    },
    eventDone,
  );
}

/**
 * The card the customer agreed at checkout to keep for the renewal: an intent made with
 * `setup_future_usage: 'off_session'` for a customer of ours leaves its payment method attached to
 * that customer once it succeeds. Only the ids are kept.
 */
function savedCard(intent: Partial<Pick<Stripe.PaymentIntent, 'setup_future_usage' | 'payment_method' | 'customer'>>): { card?: RenewalCard } {
  const method = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  if (intent.setup_future_usage !== 'off_session' || !method || !customer) return {};
  const last4 = typeof intent.payment_method === 'object' ? intent.payment_method?.card?.last4 : undefined;
  return { card: { provider: 'stripe', paymentMethodId: method, customerId: customer, ...(last4 ? { last4 } : {}), savedAt: new Date().toISOString() } };
}

/** What became of an intent we asked Stripe to cancel: cancelled (now or before), or the money moved first. */
export type IntentCancel = 'cancelled' | 'succeeded' | 'processing' | 'requires_capture';

/**
 * Cancels a PaymentIntent at Stripe so no later confirmation of it can take money (after a
 * decline, or when the order moves on to another intent). Stripe refuses to cancel an intent
 * whose money has moved: that state is returned, and the caller must not unfreeze the order
 * (the success will be recorded). Any other failure is thrown (the webhook's retry runs it again).
 */
export async function cancelIntentAtStripe(
  stripe: Pick<Stripe, 'paymentIntents'>,
  intentId: string,
  reason: Stripe.PaymentIntentCancelParams.CancellationReason = 'abandoned',
): Promise<IntentCancel> {
  try {
    await stripe.paymentIntents.cancel(intentId, { cancellation_reason: reason });
    return 'cancelled';
  } catch (err) {
    if ((err as { code?: string }).code !== 'payment_intent_unexpected_state') throw err;
    const now = await stripe.paymentIntents.retrieve(intentId);
    if (now.status === 'canceled') return 'cancelled';
    const moved = (['succeeded', 'processing', 'requires_capture'] as const).find((status) => status === now.status);
    if (moved) return moved;
    throw err;
  }
}
