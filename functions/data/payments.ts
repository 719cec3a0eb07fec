import { formatCents } from '#shared/money.ts';
import type { PaymentProvider } from '#shared/payments/methods.ts';
import { orderForApplication } from '#shared/payments/order.ts';
import { ddb, tableName, writeIf } from '../lib/clients/dynamodb.ts';
import { DeleteCommand, PutCommand } from '../lib/clients/dynamodb-sdk.ts';
import { hasErrorCode } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';
import { recordActivity } from './activity.ts';
import { type ApplicationItem, toPaymentApplication } from './applications/item.ts';
import { getApplication, markPaid } from './applications/store.ts';

/**
 * The ONE fulfilment function every provider path ends in, and the provider events already
 * processed. An application is marked paid only here, only once, and only for the amount the
 * server computes for it (the writes themselves are in ./applications/store.ts).
 */

/** Proof from a provider that money was taken for an application. */
interface PaymentConfirmation {
  applicationId: string;
  provider: PaymentProvider;
  /** The provider's id for this payment (PaymentIntent id, Klarna order id, Amazon charge id...). */
  reference: string;
  amountCents: number;
  currency: string;
}

export type FulfilmentResult =
  /** The application is now paid (and submitted). */
  | { outcome: 'fulfilled' }
  /** This same payment was recorded before: nothing changed. */
  | { outcome: 'already-recorded' }
  /** The application was already paid by another payment: nothing changed; staff must refund. */
  | { outcome: 'paid-by-other-payment' }
  /** The amount or currency is not what the application costs: not marked paid; staff must review. */
  | { outcome: 'amount-mismatch'; expectedCents: number | undefined }
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
 * THE fulfilment function. Marks the application paid (amount in cents, provider, provider
 * reference, paidAt), moves a draft to submitted with the dashboard counter in the same
 * transaction, and writes an activity entry. Idempotent: the write is conditional on the version
 * read, so a second confirmation of the same payment reads it paid and changes nothing.
 */
export async function fulfilPayment(confirmation: PaymentConfirmation): Promise<FulfilmentResult> {
  const { applicationId, provider, reference, amountCents, currency } = confirmation;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const item = await findApplication(applicationId);
    if (!item) return { outcome: 'not-found' };
    const app = toPaymentApplication(item);
    if (app.paymentStatus === 'paid' || app.paymentStatus === 'refunded') {
      if (app.paymentReference === reference) return { outcome: 'already-recorded' };
      logger.warn('second payment for a paid application', { applicationId, provider, reference });
      await recordActivity(
        'payment_duplicate',
        `A second ${provider} payment (${reference}) arrived for an application that is already paid: refund it`,
        applicationId,
      );
      return { outcome: 'paid-by-other-payment' };
    }
    const expectedCents = orderForApplication(app)?.totalCents;
    if (expectedCents !== amountCents || currency.toLowerCase() !== 'usd') {
      logger.error('payment amount does not match the application', { applicationId, provider, reference, amountCents, expectedCents, currency });
      await recordActivity(
        'payment_mismatch',
        `A ${provider} payment of ${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()} (${reference}) does not match the order total${expectedCents === undefined ? '' : ` of ${formatCents(expectedCents)}`}: review it`,
        applicationId,
      );
      return { outcome: 'amount-mismatch', expectedCents };
    }
    try {
      await markPaid(app, { provider, reference, amountCents, currency });
      return { outcome: 'fulfilled' };
    } catch (err) {
      // Someone changed the application between our read and write (a concurrent confirmation,
      // a staff status change): read again and decide again.
      if (!hasErrorCode(err, 'version_conflict')) throw err;
    }
  }
  throw new Error(`Could not record payment ${reference} for application ${applicationId}: it kept changing`);
}

/** Processed provider events are kept 30 days, longer than any provider retries. */
const EVENT_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Claims a provider event id with a conditional put. False when it was already processed (a
 * replay). Call `releasePaymentEvent` if processing then fails, so the provider's retry runs.
 */
export async function claimPaymentEvent(eventId: string, type: string): Promise<boolean> {
  return writeIf(
    ddb().send(
      new PutCommand({
        TableName: tableName('paymentEvents'),
        Item: { eventId, type, receivedAt: new Date().toISOString(), ttl: Math.floor(Date.now() / 1000) + EVENT_TTL_SECONDS },
        ConditionExpression: 'attribute_not_exists(eventId)',
      }),
    ),
  );
}

export async function releasePaymentEvent(eventId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName('paymentEvents'), Key: { eventId } }));
}
