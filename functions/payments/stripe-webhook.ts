import type Stripe from 'stripe';
import { recordPaymentFailure, recordRefund } from '../data/applications/store.ts';
import { claimPaymentEvent, fulfilPayment, releasePaymentEvent } from '../data/payments.ts';
import { NotConfiguredError, ValidationError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { getSecret } from '../lib/secrets.ts';
import { loadStripe, stripeClient } from './stripe.ts';

/** Signatures older than this are refused (Stripe's default tolerance). */
const TOLERANCE_SECONDS = 300;

type WebhookOutcome = { received: true; duplicate?: true; ignored?: true; result?: string };

/**
 * POST /api/webhook/stripe. The signature is checked over the exact bytes Stripe sent; a bad,
 * missing or stale one is a 400 and nothing changes. Each event id is claimed once, so a replay
 * is a no-op; if processing fails the claim is released and Stripe's retry runs it again.
 */
export async function handleStripeEvent(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
  const secret = await getSecret('stripeWebhookSecret');
  if (!secret) throw new NotConfiguredError('Stripe webhooks are not configured');
  if (!signature) throw new ValidationError('Missing Stripe-Signature header', undefined, 'missing_signature');
  const StripeSdk = await loadStripe();
  let event: Stripe.Event;
  try {
    // Verification needs no API key; the shared SDK helper keeps this route usable without one.
    event = StripeSdk.webhooks.constructEvent(rawBody, signature, secret, TOLERANCE_SECONDS);
  } catch {
    throw new ValidationError('Invalid Stripe signature', undefined, 'invalid_signature');
  }
  if (!HANDLED.has(event.type)) return { received: true, ignored: true };
  if (!(await claimPaymentEvent(event.id, event.type))) return { received: true, duplicate: true };
  try {
    return { received: true, result: await processEvent(event) };
  } catch (err) {
    await releasePaymentEvent(event.id).catch((e) => logger.error('could not release webhook event', { error: e as Error, eventId: event.id }));
    throw err;
  }
}

const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded']);

async function processEvent(event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const applicationId = intent.metadata?.applicationId;
      if (!applicationId) return 'no-application';
      const result = await fulfilPayment({
        applicationId,
        provider: intent.metadata?.provider === 'apple-pay' ? 'apple-pay' : 'stripe',
        reference: intent.id,
        amountCents: intent.amount_received || intent.amount,
        currency: intent.currency,
      });
      return result.outcome;
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const applicationId = intent.metadata?.applicationId;
      if (!applicationId) return 'no-application';
      await recordPaymentFailure(applicationId, intent.id, intent.last_payment_error?.message ?? 'The payment failed');
      return 'failure-recorded';
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return 'no-payment-intent';
      let applicationId = charge.metadata?.applicationId;
      if (!applicationId) {
        // Charges do not always carry the PaymentIntent's metadata: ask Stripe for the intent.
        const stripe = await stripeClient();
        if (!stripe) throw new Error('Stripe secret key missing: cannot look up the refunded PaymentIntent');
        applicationId = (await stripe.paymentIntents.retrieve(intentId)).metadata?.applicationId;
      }
      if (!applicationId) return 'no-application';
      return (await recordRefund(applicationId, intentId, charge.amount_refunded)) ? 'refunded' : 'refund-not-matching';
    }
    default:
      return 'ignored';
  }
}
