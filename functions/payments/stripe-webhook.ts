import type Stripe from 'stripe';
import { recordPaymentFailure, recordRefund } from '../data/applications/payments.ts';
import { claimPaymentEvent, markPaymentEventDone, paymentEventDone, releasePaymentEvent } from '../data/payments.ts';
import { ConflictError, NotConfiguredError, ValidationError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { getSecret } from '../lib/secrets.ts';
import { loadStripe, stripeClient } from './stripe.ts';
import { fulfilStripeIntent } from './stripe-intent.ts';

/** Signatures older than this are refused (Stripe's default tolerance). */
const TOLERANCE_SECONDS = 300;

type WebhookOutcome = { received: true; duplicate?: true; ignored?: true; result?: string };

/**
 * POST /api/webhook/stripe. The signature is checked over the exact bytes Stripe sent; a bad,
 * missing or stale one is a 400 and nothing changes. Each event is processed at least once and
 * recorded exactly once: a delivery claims the event id with a lease, and the event is marked
 * done in the same transaction that records the payment, failure or refund. A replay of a done
 * event is a no-op (`duplicate`); a delivery while another holds the lease is a 409 Stripe
 * retries; a run that dies mid-way (crash, timeout) leaves a lease that runs out, and the next
 * delivery runs the event again. If processing fails the claim is released at once.
 */
export async function handleStripeEvent(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
  const secret = await getSecret('stripeWebhookSecret');
  if (!secret) {
    // Customers may be charged while orders stay unpaid: the alarm on this metric tells the operator.
    logger.metric('StripeWebhookNotConfigured');
    throw new NotConfiguredError('Stripe webhooks are not configured');
  }
  if (!signature) throw new ValidationError('Missing Stripe-Signature header', undefined, 'missing_signature');
  const StripeSdk = await loadStripe();
  let event: Stripe.Event;
  try {
    // Verification needs no API key; the shared SDK helper keeps this route usable without one.
    event = StripeSdk.webhooks.constructEvent(rawBody, signature, secret, TOLERANCE_SECONDS);
  } catch {
    // A signed delivery that fails verification: most often a stored secret that is not this endpoint's.
    logger.metric('StripeWebhookBadSignature');
    throw new ValidationError('Invalid Stripe signature', undefined, 'invalid_signature');
  }
  if (!HANDLED.has(event.type)) return { received: true, ignored: true };
  const claim = await claimPaymentEvent(event.id, event.type);
  if (claim === 'done') return { received: true, duplicate: true };
  if (claim === 'busy') throw new ConflictError('This event is being processed by another delivery: retry later', 'event_in_progress');
  try {
    const { outcome, recorded } = await processEvent(event);
    // An outcome that wrote nothing (a replay, an unknown order) is marked done on its own.
    if (!recorded) await markPaymentEventDone(event.id, outcome);
    return { received: true, result: outcome };
  } catch (err) {
    await releasePaymentEvent(event.id).catch((e) => logger.error('could not release webhook event', { error: e as Error, eventId: event.id }));
    throw err;
  }
}

const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded']);

/** What an event came to, and whether the write that recorded it also marked the event done. */
interface EventResult {
  outcome: string;
  recorded: boolean;
}

const nothingRecorded = (outcome: string): EventResult => ({ outcome, recorded: false });

async function processEvent(event: Stripe.Event): Promise<EventResult> {
  const done = (outcome: string) => paymentEventDone(event.id, outcome);
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const applicationId = intent.metadata?.applicationId;
      if (!applicationId) return nothingRecorded('no-application');
      const result = await fulfilStripeIntent(intent, applicationId, done);
      // A payment recorded now wrote the done mark with it; a hold for review may be a replay's
      // (its done mark is then written again, which changes nothing).
      return { outcome: result.outcome, recorded: result.outcome === 'fulfilled' };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const applicationId = intent.metadata?.applicationId;
      if (!applicationId) return nothingRecorded('no-application');
      const recorded = await recordPaymentFailure(applicationId, intent.id, intent.last_payment_error?.message ?? 'The payment failed', [
        done('failure-recorded'),
      ]);
      return recorded ? { outcome: 'failure-recorded', recorded } : nothingRecorded('failure-not-recorded');
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return nothingRecorded('no-payment-intent');
      let applicationId = charge.metadata?.applicationId;
      if (!applicationId) {
        // Charges do not always carry the PaymentIntent's metadata: ask Stripe for the intent.
        const stripe = await stripeClient();
        if (!stripe) throw new Error('Stripe secret key missing: cannot look up the refunded PaymentIntent');
        applicationId = (await stripe.paymentIntents.retrieve(intentId)).metadata?.applicationId;
      }
      if (!applicationId) return nothingRecorded('no-application');
      const recorded = await recordRefund(applicationId, intentId, charge.amount_refunded, undefined, [done('refunded')]);
      return recorded ? { outcome: 'refunded', recorded } : nothingRecorded('refund-not-matching');
    }
    default:
      return nothingRecorded('ignored');
  }
}
