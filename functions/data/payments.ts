import { formatCents } from '#shared/money.ts';
import type { PaymentProvider, PaymentStatus } from '#shared/payments/methods.ts';
import { orderForApplication } from '#shared/payments/order.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { ConditionalCheckFailedException, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../lib/clients/dynamodb-sdk.ts';
import { logger } from '../lib/logger.ts';
import { activityPut, recordActivity } from './activity.ts';
import { applicationUpdate, type TransactItem, writeApplicationChange } from './application-changes.ts';
import { statusCounterUpdate } from './counters.ts';

/**
 * Payment bookkeeping on the applications table, and the ONE fulfilment function every provider
 * path ends in. An application is marked paid only here, only once, and only for the amount the
 * server computes for it.
 */

/** The application fields payments read and write. */
export interface PaymentApplication {
  id: string;
  status?: string;
  state?: string;
  businessName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  expeditedFiling?: boolean;
  feinFiling?: boolean;
  operatingAgreement?: boolean;
  paymentStatus?: PaymentStatus;
  /** The open payment intent / session at the provider and the amount it was made for. */
  paymentIntentId?: string;
  paymentIntentAmountCents?: number;
  paymentIntentProvider?: PaymentProvider;
  /** Test mode only: SHA-256 of the test intent's client secret. */
  paymentIntentSecretHash?: string;
  paymentProvider?: PaymentProvider;
  paymentReference?: string;
  amountPaidCents?: number;
  paidAt?: string;
}

export async function getApplicationForPayment(id: string): Promise<PaymentApplication | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('applications'), Key: { id }, ConsistentRead: true }));
  return out.Item as PaymentApplication | undefined;
}

/**
 * Stores the provider intent (or session) the visitor is about to pay, unless the application is
 * already paid. Returns false when it was paid meanwhile or no longer exists.
 */
export async function recordPaymentIntent(
  applicationId: string,
  intent: { id: string; amountCents: number; provider: PaymentProvider; secretHash?: string },
): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('applications'),
        Key: { id: applicationId },
        UpdateExpression:
          'SET paymentIntentId = :id, paymentIntentAmountCents = :amount, paymentIntentProvider = :provider, paymentStatus = :pending, updatedAt = :now' +
          (intent.secretHash ? ', paymentIntentSecretHash = :hash' : '') +
          ' REMOVE paymentError' +
          (intent.secretHash ? '' : ', paymentIntentSecretHash'),
        ConditionExpression: 'attribute_exists(id) AND (attribute_not_exists(paymentStatus) OR paymentStatus <> :paid)',
        ExpressionAttributeValues: {
          ':id': intent.id,
          ':amount': intent.amountCents,
          ':provider': intent.provider,
          ':pending': 'pending',
          ':paid': 'paid',
          ':now': new Date().toISOString(),
          ...(intent.secretHash ? { ':hash': intent.secretHash } : {}),
        },
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/** Proof from a provider that money was taken for an application. */
export interface PaymentConfirmation {
  applicationId: string;
  provider: PaymentProvider;
  /** The provider's id for this payment (PaymentIntent id, Klarna order id, Amazon charge id...). */
  reference: string;
  amountCents: number;
  currency: string;
}

export type FulfilmentResult =
  /** The application is now paid (and submitted). */
  | { outcome: 'fulfilled'; application: PaymentApplication }
  /** This same payment was recorded before: nothing changed. */
  | { outcome: 'already-recorded' }
  /** The application was already paid by another payment: nothing changed; staff must refund. */
  | { outcome: 'paid-by-other-payment' }
  /** The amount or currency is not what the application costs: not marked paid; staff must review. */
  | { outcome: 'amount-mismatch'; expectedCents: number | undefined }
  | { outcome: 'not-found' };

const MAX_ATTEMPTS = 3;

/**
 * THE fulfilment function. Marks the application paid (amount in cents, provider, provider
 * reference, paidAt), moves a draft to submitted with the dashboard counter in the same
 * transaction, and writes an activity entry. Idempotent: the update is conditional on the
 * application not being paid yet, so a second confirmation of the same payment changes nothing.
 */
export async function fulfilPayment(confirmation: PaymentConfirmation): Promise<FulfilmentResult> {
  const { applicationId, provider, reference, amountCents, currency } = confirmation;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const app = await getApplicationForPayment(applicationId);
    if (!app) return { outcome: 'not-found' };
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

    const now = new Date().toISOString();
    const fromDraft = !app.status || app.status === 'draft';
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = {
      ':paid': 'paid',
      ':refunded': 'refunded',
      ':amount': amountCents,
      ':provider': provider,
      ':reference': reference,
      ':currency': currency.toLowerCase(),
      ':now': now,
    };
    let setExpr =
      'paymentStatus = :paid, amountPaidCents = :amount, paymentProvider = :provider, paymentReference = :reference, paymentCurrency = :currency, paidAt = :now, updatedAt = :now';
    // The status read above must still hold, so the counter moves exactly when the status does.
    let condition = 'attribute_exists(id) AND (attribute_not_exists(paymentStatus) OR (paymentStatus <> :paid AND paymentStatus <> :refunded))';
    if (app.status) {
      condition += ' AND #status = :readStatus';
      values[':readStatus'] = app.status;
    } else {
      condition += ' AND attribute_not_exists(#status)';
    }
    if (fromDraft) {
      setExpr += ', #status = :submitted, listPartition = :all, submittedAt = :now';
      values[':submitted'] = 'submitted';
      values[':all'] = 'ALL';
    }
    const alongside: TransactItem[] = fromDraft ? [statusCounterUpdate('draft', 'submitted')] : [];
    const who = app.businessName || [app.firstName, app.lastName].filter(Boolean).join(' ') || applicationId;
    alongside.push(activityPut('payment_received', `Payment of ${formatCents(amountCents)} received from ${who} (${provider})`, applicationId));
    const written = await writeApplicationChange(
      applicationUpdate(applicationId, {
        UpdateExpression: `SET ${setExpr} REMOVE paymentError`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
      alongside,
    );
    if (written) {
      return {
        outcome: 'fulfilled',
        application: {
          ...app,
          paymentStatus: 'paid',
          amountPaidCents: amountCents,
          paymentProvider: provider,
          paymentReference: reference,
          paidAt: now,
          status: fromDraft ? 'submitted' : app.status,
        },
      };
    }
    // Someone changed the application between our read and write (a concurrent confirmation,
    // a staff status change): read again and decide again.
  }
  throw new Error(`Could not record payment ${reference} for application ${applicationId}: it kept changing`);
}

/** A declined or failed attempt: recorded unless the application is already paid. */
export async function recordPaymentFailure(applicationId: string, reference: string, message: string): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('applications'),
        Key: { id: applicationId },
        UpdateExpression: 'SET paymentStatus = :failed, paymentError = :message, lastFailedPaymentReference = :reference, updatedAt = :now',
        ConditionExpression: 'attribute_exists(id) AND (attribute_not_exists(paymentStatus) OR (paymentStatus <> :paid AND paymentStatus <> :refunded))',
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':message': message.slice(0, 500),
          ':reference': reference,
          ':paid': 'paid',
          ':refunded': 'refunded',
          ':now': new Date().toISOString(),
        },
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/** A refund of the recorded payment: paymentStatus refunded, with an activity entry. */
export async function recordRefund(applicationId: string, reference: string, amountRefundedCents: number): Promise<boolean> {
  return writeApplicationChange(
    applicationUpdate(applicationId, {
      UpdateExpression: 'SET paymentStatus = :refunded, amountRefundedCents = :amount, refundedAt = :now, updatedAt = :now',
      ConditionExpression: 'paymentReference = :reference AND paymentStatus = :paid',
      ExpressionAttributeValues: {
        ':refunded': 'refunded',
        ':amount': amountRefundedCents,
        ':reference': reference,
        ':paid': 'paid',
        ':now': new Date().toISOString(),
      },
    }),
    [activityPut('payment_refunded', `Payment ${reference} refunded (${formatCents(amountRefundedCents)})`, applicationId)],
  );
}

/** Processed provider events are kept 30 days, longer than any provider retries. */
const EVENT_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Claims a provider event id with a conditional put. False when it was already processed (a
 * replay). Call `releasePaymentEvent` if processing then fails, so the provider's retry runs.
 */
export async function claimPaymentEvent(eventId: string, type: string): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName('paymentEvents'),
        Item: { eventId, type, receivedAt: new Date().toISOString(), ttl: Math.floor(Date.now() / 1000) + EVENT_TTL_SECONDS },
        ConditionExpression: 'attribute_not_exists(eventId)',
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

export async function releasePaymentEvent(eventId: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName('paymentEvents'), Key: { eventId } }));
}
