import { ADD_ON_KEYS } from '#shared/catalog/catalog.ts';
import type { RenewalCard } from '#shared/compliance/renewal-charges.ts';
import { formatCents } from '#shared/money.ts';
import type { PaymentProvider } from '#shared/payments/methods.ts';
import { isSettledPayment } from '#shared/payments/methods.ts';
import { orderForApplication } from '#shared/payments/order.ts';
import { ddb, tableName, writeIf } from '../lib/clients/dynamodb.ts';
import { DeleteCommand, GetCommand, PutCommand, type TransactItem, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { config } from '../lib/config.ts';
import { hasErrorCode } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { recordActivity } from './activity.ts';
import type { ApplicationItem } from './applications/item.ts';
import { markNeedsReview, markPaid, toPaymentApplication } from './applications/payments.ts';
import { getApplication } from './applications/reads.ts';

/**
 * The ONE fulfilment function every provider path ends in, and the provider events already
 * processed. An application is marked paid only here, only once, and only for the amount the
 * server computes for it (the writes themselves are in ./applications/payments.ts).
 */

/** Proof from a provider that money was taken for an application. */
interface PaymentConfirmation {
  applicationId: string;
  provider: PaymentProvider;
  /** The provider's id for this payment (PaymentIntent id, Klarna order id, Amazon charge id...). */
  reference: string;
  amountCents: number;
  currency: string;
  /** The card kept for the renewal, when the customer agreed to it at checkout. */
  card?: RenewalCard;
}

export type FulfilmentResult =
  /** The application is now paid (and submitted). */
  | { outcome: 'fulfilled' }
  /** This same payment was recorded before (or refunded before its success arrived): nothing changed. */
  | { outcome: 'already-recorded' }
  /** The application was already paid by another payment: nothing changed; staff must refund. */
  | { outcome: 'paid-by-other-payment' }
  /** The payment does not match the order frozen when payment started: held for staff review, never paid. */
  | { outcome: 'needs-review'; reason: string }
  | { outcome: 'not-found' };

const MAX_ATTEMPTS = 3;

/** The application, or undefined when there is none: an unknown id is an outcome here, not an error. */
async function findApplication(id: string): Promise<ApplicationItem | undefined> {
  try {
    return await getApplication(id);
  } catch (err) {
    if (hasErrorCode(err, 'application_not_found')) return undefined;
    throw err;
  }
}

/**
 * Why a payment does not count for the application as it is, or undefined when it does: the
 * money must equal the order frozen when payment started, in US dollars, and the application's
 * priced fields must still be what was priced (docs/product.md section 10).
 */
function mismatch(app: ApplicationItem, payment: PaymentConfirmation): string | undefined {
  const frozen = app.pricedOrder;
  if (!frozen) return 'no payment was started for this order (it was changed or cancelled since)';
  if (payment.currency.toLowerCase() !== 'usd') return `it was made in ${payment.currency.toUpperCase()}, not USD`;
  if (payment.amountCents !== frozen.totalCents) return `it is not the ${formatCents(frozen.totalCents)} the order was priced at`;
  const now = orderForApplication(app);
  const same =
    now?.totalCents === frozen.totalCents &&
    (app.state ?? '').toUpperCase() === frozen.state &&
    ADD_ON_KEYS.every((key) => Boolean(app[key]) === Boolean(frozen[key]));
  if (!same) return 'the order changed after it was priced';
  return undefined;
}

/**
 * THE fulfilment function. Records a payment that matches the frozen order as paid (amount in
 * cents, provider, provider reference, paidAt), moves a draft to submitted with the dashboard
 * counter in the same transaction, and writes an activity entry; a payment that does not match
 * is held for review, never recorded as paid. Both writes are conditional on the version read,
 * so events in any order and any number converge: a second confirmation reads the item settled
 * and changes nothing, and a refund recorded first stays final. `eventDone`: the provider event
 * that brought this confirmation, marked done in the same transaction as what it records.
 */
export async function fulfilPayment(confirmation: PaymentConfirmation, eventDone?: (outcome: string) => TransactItem): Promise<FulfilmentResult> {
  const { applicationId, provider, reference, amountCents, currency, card } = confirmation;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const item = await findApplication(applicationId);
    if (!item) return { outcome: 'not-found' };
    const app = toPaymentApplication(item);
    if (app.paymentStatus === 'refunded' && (app.refundedReference === reference || app.paymentReference === reference)) return { outcome: 'already-recorded' };
    if (app.paymentStatus === 'needs_review' && app.review?.reference === reference) return { outcome: 'needs-review', reason: app.review.reason };
    if (isSettledPayment(app.paymentStatus)) {
      if (app.paymentReference === reference) return { outcome: 'already-recorded' };
      logger.warn('second payment for a settled application', { applicationId, provider, reference });
      await recordActivity(
        'payment_duplicate',
        `A second ${provider} payment (${reference}, ${formatCents(amountCents)}) arrived for an application that is already ${app.paymentStatus}: refund it`,
        applicationId,
      );
      return { outcome: 'paid-by-other-payment' };
    }
    const reason = mismatch(item, confirmation);
    try {
      if (reason) {
        await markNeedsReview(app, { reason, provider, reference, amountCents, currency }, eventDone ? [eventDone('needs-review')] : []);
        return { outcome: 'needs-review', reason };
      }
      await markPaid(app, { provider, reference, amountCents, currency, card }, eventDone ? [eventDone('fulfilled')] : []);
      logger.metric('OrderPaid');
      return { outcome: 'fulfilled' };
    } catch (err) {
      // Someone changed the application between our read and write (a concurrent confirmation,
      // a refund, a cancelled payment): read again and decide again.
      if (!hasErrorCode(err, 'version_conflict')) throw err;
    }
  }
  throw new Error(`Could not record payment ${reference} for application ${applicationId}: it kept changing`);
}

/** Processed provider events are kept 30 days, longer than any provider retries. */
const EVENT_TTL_SECONDS = 30 * 24 * 3600;

/**
 * How long a claim on an event holds before another delivery may run it again: longer than the
 * webhook function may run (29 s at most, functions/routes.ts), so a live run is never doubled,
 * and short enough that Stripe's next retry after a crash finds the claim expired.
 */
function eventLeaseSeconds(): number {
  return config().PAYMENT_EVENT_LEASE_SECONDS ?? 60;
}

/**
 * What a delivery of a provider event may do: `claimed` (run it; this delivery holds it until the
 * lease ends), `done` (recorded before: a replay, nothing to do) or `busy` (another delivery is
 * running it right now: answer non-2xx so the provider retries; if that run dies, its lease runs
 * out and the retry runs the event).
 */
export type EventClaim = 'claimed' | 'done' | 'busy';

/**
 * Claims a provider event id for processing with a lease. A claim is either `processing` until
 * `leaseUntil` or `done`; a processing claim whose lease has run out (its run crashed, timed out
 * or ran out of memory: nothing released it) is taken over. The event is marked done by
 * `paymentEventDone` in the same transaction as the change it causes, so it is done exactly
 * when that change is recorded. Claims written before leases existed have no state: done.
 */
export async function claimPaymentEvent(eventId: string, type: string): Promise<EventClaim> {
  const now = Date.now();
  const claimed = await writeIf(
    ddb().send(
      new PutCommand({
        TableName: tableName('paymentEvents'),
        Item: {
          eventId,
          type,
          state: 'processing',
          receivedAt: new Date(now).toISOString(),
          leaseUntil: now + eventLeaseSeconds() * 1000,
          ttl: Math.floor(now / 1000) + EVENT_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(eventId) OR (#state = :processing AND #leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state', '#leaseUntil': 'leaseUntil' },
        ExpressionAttributeValues: { ':processing': 'processing', ':now': now },
      }),
    ),
  );
  if (claimed) return 'claimed';
  const current = await ddb().send(new GetCommand({ TableName: tableName('paymentEvents'), Key: { eventId }, ConsistentRead: true }));
  // Released between the put and the read (a failed run): the provider's retry will claim it.
  if (!current.Item) return 'busy';
  return current.Item.state === 'processing' ? 'busy' : 'done';
}

/**
 * The write that marks a claimed event done, for the transaction that records what the event
 * changed (a payment, a refund, a failure): the event is done if and only if that is recorded.
 */
export function paymentEventDone(eventId: string, outcome: string): TransactItem {
  return {
    Update: {
      TableName: tableName('paymentEvents'),
      Key: { eventId },
      UpdateExpression: 'SET #state = :done, #outcome = :outcome, #doneAt = :doneAt REMOVE #leaseUntil',
      ExpressionAttributeNames: { '#state': 'state', '#outcome': 'outcome', '#doneAt': 'doneAt', '#leaseUntil': 'leaseUntil' },
      ExpressionAttributeValues: { ':done': 'done', ':outcome': outcome, ':doneAt': new Date().toISOString() },
    },
  };
}

/** Marks a claimed event done on its own, for an outcome that changed nothing else (a replay, an unknown order). */
export async function markPaymentEventDone(eventId: string, outcome: string): Promise<void> {
  await ddb().send(new TransactWriteCommand({ TransactItems: [paymentEventDone(eventId, outcome)] }));
}

/** Gives up a claim whose run failed, so the provider's retry runs the event at once (a done event is never released). */
export async function releasePaymentEvent(eventId: string): Promise<void> {
  await writeIf(
    ddb().send(
      new DeleteCommand({
        TableName: tableName('paymentEvents'),
        Key: { eventId },
        ConditionExpression: '#state = :processing',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':processing': 'processing' },
      }),
    ),
  );
}
