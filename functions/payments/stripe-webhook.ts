import type Stripe from 'stripe';
import type { RefundEntry } from '#shared/payments/refunds.ts';
import { ANNUAL_REPORT_PURPOSE, recordAnnualReportIntent } from '../compliance/annual-report.ts';
import { recordRenewalIntent } from '../compliance/renewal.ts';
import { RENEWAL_PURPOSE } from '../compliance/renewal-charge.ts';
import { recordUnmatchedPayment } from '../data/activity.ts';
import { disputeOutcome, recordDispute } from '../data/applications/disputes.ts';
import { recordPaymentFailure, recordRefunds } from '../data/applications/payments.ts';
import { claimPaymentEvent, markPaymentEventDone, paymentEventDone, releasePaymentEvent } from '../data/payments.ts';
import type { TransactItem } from '../lib/clients/dynamodb-sdk.ts';
import { loadStripe, stripeClient } from '../lib/clients/stripe.ts';
import { ConflictError, NotConfiguredError, ValidationError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { getSecret } from '../lib/secrets.ts';
import { PURCHASE_PURPOSE, recordPurchaseIntent, recordPurchaseRefundOf } from './purchases.ts';
import { cancelIntentAtStripe, fulfilStripeIntent } from './stripe-intent.ts';

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

const HANDLED = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'charge.refund.updated',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
]);

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
      // A registered agent renewal (an off-session charge, or paid from its link) is recorded by the renewal, never as the order's payment.
      if (intent.metadata?.purpose === RENEWAL_PURPOSE) return recordRenewalIntent(intent, done);
      // An annual report's charge (off-session, or paid from its link) is recorded on the service, never as the order's payment.
      if (intent.metadata?.purpose === ANNUAL_REPORT_PURPOSE) return recordAnnualReportIntent(intent, done);
      // An add-on bought after payment is recorded on its purchase (docs/decisions/0424), never as the order's payment.
      if (intent.metadata?.purpose === PURCHASE_PURPOSE) return recordPurchaseIntent(intent, done);
      const applicationId = intent.metadata?.applicationId;
      if (!applicationId) return recordUnmatched(event.id, intent, 'no-application', done);
      const result = await fulfilStripeIntent(intent, applicationId, done);
      if (result.outcome === 'not-found') return recordUnmatched(event.id, intent, 'not-found', done, applicationId);
      // A payment recorded now wrote the done mark with it; a hold for review may be a replay's
      // (its done mark is then written again, which changes nothing).
      return { outcome: result.outcome, recorded: result.outcome === 'fulfilled' };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      // A renewal's failure is recorded by the sweep that charged it (or shown to the customer paying from the link).
      if (intent.metadata?.purpose === RENEWAL_PURPOSE) return nothingRecorded('renewal-failure');
      if (intent.metadata?.purpose === ANNUAL_REPORT_PURPOSE) return nothingRecorded('annual-report-failure');
      // A purchase's decline is shown to the customer paying on the order page, who may try another card on the same intent.
      if (intent.metadata?.purpose === PURCHASE_PURPOSE) return nothingRecorded('purchase-failure');
      const applicationId = intent.metadata?.applicationId;
      if (!applicationId) return nothingRecorded('no-application');
      // A declined intent stays confirmable at Stripe (another card on the same intent): it is
      // cancelled first, so no later confirmation can land on the order the customer may now
      // change. If its money moved meanwhile, the order stays frozen for that success.
      const stripe = await stripeClient();
      if (!stripe) throw new Error('Stripe secret key missing: cannot cancel the failed PaymentIntent');
      const cancel = await cancelIntentAtStripe(stripe, intent.id, 'abandoned');
      if (cancel !== 'cancelled') return nothingRecorded(`failure-not-recorded-${cancel}`);
      const recorded = await recordPaymentFailure(applicationId, intent.id, intent.last_payment_error?.message ?? 'The payment failed', [
        done('failure-recorded'),
      ]);
      return recorded ? { outcome: 'failure-recorded', recorded } : nothingRecorded('failure-not-recorded');
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = idOf(charge.payment_intent);
      if (!intentId) return nothingRecorded('no-payment-intent');
      // A purchase's payment (its charge carries the intent's metadata): the purchase records what went back.
      if (charge.metadata?.purpose === PURCHASE_PURPOSE && charge.metadata.applicationId && charge.metadata.purchaseId)
        return recordPurchaseRefundOf(charge.metadata.applicationId, charge.metadata.purchaseId, charge.amount_refunded, done);
      const stripe = await stripeClient();
      if (!stripe) throw new Error('Stripe secret key missing: cannot list the refunds of the refunded PaymentIntent');
      const applicationId = charge.metadata?.applicationId || (await applicationOfIntent(intentId));
      if (!applicationId) return nothingRecorded('no-application');
      // The charge says how much is refunded in all, not by which refunds: each is recorded by its id, once.
      const refunds = await stripe.refunds.list({ payment_intent: intentId, limit: 100 });
      return refundOutcome(await recordRefunds(applicationId, intentId, refunds.data.filter(counts).map(toRefundEntry), { also: () => [done('refunded')] }));
    }
    case 'refund.created':
    case 'refund.updated':
    case 'charge.refund.updated': {
      const refund = event.data.object as Stripe.Refund;
      const intentId = idOf(refund.payment_intent);
      if (!intentId) return nothingRecorded('no-payment-intent');
      if (!counts(refund)) return nothingRecorded(`refund-${refund.status ?? 'unknown'}`);
      const applicationId = refund.metadata?.applicationId || (await applicationOfIntent(intentId));
      if (!applicationId) return nothingRecorded('no-application');
      return refundOutcome(await recordRefunds(applicationId, intentId, [toRefundEntry(refund)], { also: () => [done('refunded')] }));
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = event.data.object as Stripe.Dispute;
      const intentId = idOf(dispute.payment_intent);
      if (!intentId) return nothingRecorded('no-payment-intent');
      const applicationId = dispute.metadata?.applicationId || (await applicationOfIntent(intentId));
      if (!applicationId) return nothingRecorded('no-application');
      const dueBy = dispute.evidence_details?.due_by;
      const report = {
        id: dispute.id,
        status: dispute.status,
        reason: DISPUTE_REASONS[dispute.reason] ?? dispute.reason ?? 'no reason given',
        amountCents: dispute.amount,
        ...(dueBy ? { evidenceDueBy: new Date(dueBy * 1000).toISOString().slice(0, 10) } : {}),
      };
      const outcome = `dispute-${disputeOutcome(dispute.status)}`;
      const recording = await recordDispute(applicationId, intentId, report, () => [done(outcome)]);
      if (recording === 'recorded') return { outcome, recorded: true };
      return nothingRecorded(recording === 'already-recorded' ? 'dispute-already-recorded' : 'dispute-not-matching');
    }
    default:
      return nothingRecorded('ignored');
  }
}

const idOf = (ref: string | { id: string } | null | undefined): string | undefined => (typeof ref === 'string' ? ref : ref?.id);

/** Money taken that no order recorded: kept for the staff list (functions/staff/lists.ts), with the event marked done. */
async function recordUnmatched(
  eventId: string,
  intent: Stripe.PaymentIntent,
  reason: 'no-application' | 'not-found',
  done: (outcome: string) => TransactItem,
  applicationId?: string,
): Promise<EventResult> {
  await recordUnmatchedPayment(
    {
      provider: 'stripe',
      reference: intent.id,
      amountCents: intent.amount_received || intent.amount,
      currency: intent.currency,
      at: new Date(intent.created ? intent.created * 1000 : Date.now()).toISOString(),
      reason,
      ...(applicationId ? { applicationId } : {}),
      eventId,
    },
    [done(reason)],
  );
  return { outcome: reason, recorded: true };
}

/** The application a PaymentIntent was made for (its metadata, asked of Stripe: charges and refunds do not always carry it). */
async function applicationOfIntent(intentId: string): Promise<string | undefined> {
  const stripe = await stripeClient();
  if (!stripe) throw new Error('Stripe secret key missing: cannot look up the refunded PaymentIntent');
  return (await stripe.paymentIntents.retrieve(intentId)).metadata?.applicationId || undefined;
}

/** A refund that moves money back (done or on its way); a failed or cancelled one gave nothing back. */
const counts = (refund: Pick<Stripe.Refund, 'status'>) => refund.status === 'succeeded' || refund.status === 'pending';

const STRIPE_REFUND_REASONS: Record<string, string> = {
  requested_by_customer: 'you asked for a refund',
  duplicate: 'the payment was a duplicate',
  fraudulent: 'the payment was reported as fraudulent',
  expired_uncaptured_charge: 'the payment was never completed',
};

/** A Stripe refund as the order records it: one of ours (its metadata names the person and the reason) or the provider's. */
function toRefundEntry(refund: Pick<Stripe.Refund, 'id' | 'amount' | 'reason' | 'metadata' | 'created'>): RefundEntry {
  const ours = refund.metadata?.by && refund.metadata?.reason;
  return {
    id: refund.id,
    amountCents: refund.amount,
    reason: ours ? String(refund.metadata?.reason) : (STRIPE_REFUND_REASONS[refund.reason ?? ''] ?? 'a refund was made at our payment provider'),
    source: ours ? 'staff' : 'provider',
    ...(ours ? { by: String(refund.metadata?.by) } : {}),
    at: new Date((refund.created || Date.now() / 1000) * 1000).toISOString(),
  };
}

function refundOutcome(recording: Awaited<ReturnType<typeof recordRefunds>>): EventResult {
  if (recording === 'recorded') return { outcome: 'refunded', recorded: true };
  return nothingRecorded(recording === 'already-recorded' ? 'refund-already-recorded' : 'refund-not-matching');
}

/** Stripe's dispute reasons in the words staff and owners read. */
const DISPUTE_REASONS: Record<string, string> = {
  fraudulent: 'the cardholder says they did not make the payment',
  product_not_received: 'the customer says they did not receive what they paid for',
  product_unacceptable: 'the customer says what they received was not as described',
  duplicate: 'the customer says they were charged twice',
  subscription_canceled: 'the customer says they cancelled',
  credit_not_processed: 'the customer says a promised refund never came',
  unrecognized: 'the cardholder does not recognise the payment',
  general: 'no specific reason given',
};
