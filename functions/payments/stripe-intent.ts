import type Stripe from 'stripe';
import { type FulfilmentResult, fulfilPayment } from '../data/payments.ts';
import type { TransactItem } from '../lib/clients/dynamodb-sdk.ts';

/**
 * Records a PaymentIntent Stripe reports succeeded, through the one fulfilment function: from its
 * signed webhook, or when the customer comes back (checkout, a change) and Stripe says the money
 * was taken while its webhook has not been recorded yet (a crashed delivery waits for its retry).
 */
export function fulfilStripeIntent(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'amount' | 'amount_received' | 'currency' | 'metadata'>,
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
    },
    eventDone,
  );
}
