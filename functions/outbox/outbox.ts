import { randomUUID } from 'node:crypto';
import { SENT_EMAIL_RETENTION_DAYS } from '#shared/retention.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { ConditionalCheckFailedException, GetCommand, PutCommand, QueryCommand, type TransactItem, UpdateCommand } from '../lib/clients/dynamodb-sdk.ts';
import type { NewEmail, OutboxMessage } from './messages.ts';

/**
 * The transactional outbox. A change that should email someone adds `outboxPut(...)` to its
 * own TransactWriteItems, so the message exists exactly when the change does. The sender
 * (functions/email/deliver.ts) claims a message with a conditional write before sending, so
 * duplicate stream records or two sweeps never send it twice.
 */
export const MAX_ATTEMPTS = 6;
/** Minutes to wait before attempt 2, 3, ...: a provider outage of a few hours is ridden out. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 240];
/** A claim older than this is treated as a crashed sender and the message is due again. */
const LEASE_SECONDS = 120;
/** Sent and suppressed messages (they hold an address and names) are deleted after this. */
export const SENT_RETENTION_DAYS = SENT_EMAIL_RETENTION_DAYS;

const QUEUE = 'DUE';
/** The SES tag that carries a sent message's outbox id (hex), so its bounce finds it. */
export const OUTBOX_TAG = 'outboxId';
const PARKED = 'PARKED';

export type OutboxStatus = 'pending' | 'sending' | 'retry' | 'sent' | 'parked' | 'suppressed' | 'bounced' | 'dropped';

/** What staff retry from the delivery list: messages that did not reach the customer. */
export const UNDELIVERED_STATUSES = ['parked', 'suppressed', 'bounced'] as const satisfies readonly OutboxStatus[];

export interface OutboxItem {
  messageId: string;
  kind: OutboxMessage['kind'];
  to: string;
  applicationId?: string;
  payload: OutboxMessage['payload'];
  status: OutboxStatus;
  attempts: number;
  createdAt: string;
  dueAt?: string;
  lastError?: string;
  sentAt?: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ttlAfterDays = (ms: number, days: number) => Math.floor(ms / 1000) + days * 24 * 3600;

/**
 * The outbox Put for a change's transaction. `dedupeKey` (e.g. `status:<id>:filed`) makes the
 * message id deterministic, so a retried change cannot queue the same email twice. `sendAt`
 * schedules it (the details reminder a day after payment).
 */
export function outboxPut(email: NewEmail, now = Date.now(), options: { sendAt?: number } = {}): TransactItem {
  const messageId = email.dedupeKey ?? randomUUID();
  return {
    Put: {
      TableName: tableName('outbox'),
      Item: {
        messageId,
        kind: email.kind,
        to: email.to,
        ...(email.applicationId ? { applicationId: email.applicationId } : {}),
        payload: email.payload,
        status: 'pending',
        attempts: 0,
        createdAt: iso(now),
        queue: QUEUE,
        // A later sendAt: the stream's sender finds it not yet due and leaves it to the sweep.
        dueAt: iso(options.sendAt ?? now),
      },
      ConditionExpression: 'attribute_not_exists(messageId)',
    },
  };
}

/** Queues one message on its own (for changes that are not a transaction, e.g. a reminder). */
export async function enqueueEmail(email: NewEmail, now = Date.now()): Promise<boolean> {
  const put = outboxPut(email, now).Put!;
  try {
    await ddb().send(new PutCommand({ TableName: put.TableName, Item: put.Item, ConditionExpression: put.ConditionExpression }));
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/**
 * Takes a due message for sending: one conditional UpdateItem. Undefined when another sender
 * holds it, it was sent already, or it is not due yet.
 */
export async function claimMessage(messageId: string, now = Date.now()): Promise<OutboxItem | undefined> {
  try {
    const out = await ddb().send(
      new UpdateCommand({
        TableName: tableName('outbox'),
        Key: { messageId },
        UpdateExpression: 'SET #status = :sending, leaseUntil = :lease, attempts = if_not_exists(attempts, :zero) + :one',
        ConditionExpression: '#queue = :due AND dueAt <= :now AND (#status <> :sending OR leaseUntil < :now)',
        ExpressionAttributeNames: { '#status': 'status', '#queue': 'queue' },
        ExpressionAttributeValues: { ':sending': 'sending', ':lease': iso(now + LEASE_SECONDS * 1000), ':zero': 0, ':one': 1, ':due': QUEUE, ':now': iso(now) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as OutboxItem;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return undefined;
    throw err;
  }
}

async function finish(messageId: string, update: string, values: Record<string, unknown>): Promise<void> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('outbox'),
        Key: { messageId },
        UpdateExpression: update,
        ConditionExpression: '#status = :sending',
        ExpressionAttributeNames: Object.fromEntries(
          ['status', 'queue', 'ttl'].filter((n) => update.includes(`#${n}`) || n === 'status').map((n) => [`#${n}`, n]),
        ),
        ExpressionAttributeValues: { ':sending': 'sending', ...values },
      }),
    );
  } catch (err) {
    // The lease ran out and another sender took over: its outcome stands.
    if (!(err instanceof ConditionalCheckFailedException)) throw err;
  }
}

export function markSent(messageId: string, now = Date.now()): Promise<void> {
  return finish(messageId, 'SET #status = :sent, sentAt = :now, #ttl = :ttl REMOVE #queue, leaseUntil, lastError', {
    ':sent': 'sent',
    ':now': iso(now),
    ':ttl': ttlAfterDays(now, SENT_RETENTION_DAYS),
  });
}

/** Not sent: the address bounced or complained before. Listed for staff with the parked ones (byParked). */
export function markSuppressed(messageId: string, now = Date.now()): Promise<void> {
  return finish(messageId, 'SET #status = :suppressed, parked = :p, lastError = :e, #ttl = :ttl REMOVE #queue, leaseUntil', {
    ':suppressed': 'suppressed',
    ':p': PARKED,
    ':e': 'Not sent: this address bounced or complained before, so it is not mailed again',
    ':ttl': ttlAfterDays(now, SENT_RETENTION_DAYS),
  });
}

/**
 * SES reported the sent message bounced for good: listed for staff with the parked ones. Only a
 * sent message becomes bounced (a feedback event never turns a later retry back).
 */
export async function markBounced(messageId: string, reason: string): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('outbox'),
        Key: { messageId },
        UpdateExpression: 'SET #status = :bounced, parked = :p, lastError = :e REMOVE #ttl',
        ConditionExpression: '#status = :sent',
        ExpressionAttributeNames: { '#status': 'status', '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':bounced': 'bounced', ':p': PARKED, ':e': reason.slice(0, 500), ':sent': 'sent' },
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/**
 * Staff retry an undelivered message (parked, suppressed or bounced): due now, from a fresh count
 * of attempts, to `to` (the order's address as it is now). Its status `pending` on a changed item
 * is what the outbox stream's sender delivers at once (functions/jobs/outbox-stream.ts).
 */
export function requeuePut(item: Pick<OutboxItem, 'messageId' | 'status'>, to: string, now = Date.now()): TransactItem {
  return {
    Update: {
      TableName: tableName('outbox'),
      Key: { messageId: item.messageId },
      UpdateExpression: 'SET #status = :pending, #queue = :due, dueAt = :now, attempts = :zero, #to = :to, retriedAt = :now REMOVE parked, #ttl, leaseUntil',
      ConditionExpression: '#status = :was',
      ExpressionAttributeNames: { '#status': 'status', '#queue': 'queue', '#to': 'to', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':pending': 'pending', ':due': QUEUE, ':now': iso(now), ':zero': 0, ':to': to, ':was': item.status },
    },
  };
}

/** No longer wanted when its time came (e.g. the details reminder once the details are complete). */
export function markDropped(messageId: string, now = Date.now()): Promise<void> {
  return finish(messageId, 'SET #status = :dropped, #ttl = :ttl REMOVE #queue, leaseUntil', {
    ':dropped': 'dropped',
    ':ttl': ttlAfterDays(now, SENT_RETENTION_DAYS),
  });
}

/** A failed attempt: due again after the backoff, or parked for staff after the last attempt. */
export function markFailed(item: Pick<OutboxItem, 'messageId' | 'attempts'>, error: string, permanent: boolean, now = Date.now()): Promise<'retry' | 'parked'> {
  const message = error.slice(0, 500);
  if (permanent || item.attempts >= MAX_ATTEMPTS) {
    return finish(item.messageId, 'SET #status = :parked, parked = :p, lastError = :e REMOVE #queue, leaseUntil', {
      ':parked': 'parked',
      ':p': PARKED,
      ':e': message,
    }).then(() => 'parked' as const);
  }
  const wait = BACKOFF_MINUTES[Math.min(item.attempts - 1, BACKOFF_MINUTES.length - 1)] * 60_000;
  return finish(item.messageId, 'SET #status = :retry, dueAt = :due, lastError = :e REMOVE leaseUntil', {
    ':retry': 'retry',
    ':due': iso(now + wait),
    ':e': message,
  }).then(() => 'retry' as const);
}

/**
 * A message held back by the sending quota (functions/email/send-quota.ts): due again at `until`,
 * as it was before it was claimed; the claim's attempt is given back (nothing was tried).
 */
export function markDeferred(messageId: string, until: number): Promise<void> {
  return finish(messageId, 'SET #status = :retry, dueAt = :due, attempts = attempts - :one REMOVE leaseUntil', {
    ':retry': 'retry',
    ':due': iso(until),
    ':one': 1,
  });
}

/** Message ids due now (new, retrying, or held by a crashed sender): one Query on the sparse index. */
export async function dueMessageIds(now = Date.now(), limit = 100): Promise<string[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('outbox'),
      IndexName: 'byQueue',
      KeyConditionExpression: '#queue = :due AND dueAt <= :now',
      ExpressionAttributeNames: { '#queue': 'queue' },
      ExpressionAttributeValues: { ':due': QUEUE, ':now': iso(now) },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map((i) => String(i.messageId));
}

/** Messages that could not be delivered (parked, suppressed or bounced), newest first, for the staff dashboard. */
export async function listParkedMessages(limit = 50): Promise<OutboxItem[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('outbox'),
      IndexName: 'byParked',
      KeyConditionExpression: 'parked = :p',
      ExpressionAttributeValues: { ':p': PARKED },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []) as OutboxItem[];
}

/** An order's emails, newest first (sent ones until their retention ends): one Query of byApplication. */
export const ORDER_EMAILS_LIMIT = 50;
export async function listOrderMessages(applicationId: string): Promise<OutboxItem[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('outbox'),
      IndexName: 'byApplication',
      KeyConditionExpression: 'applicationId = :id',
      ExpressionAttributeValues: { ':id': applicationId },
      ScanIndexForward: false,
      Limit: ORDER_EMAILS_LIMIT,
    }),
  );
  return (out.Items ?? []) as OutboxItem[];
}

export async function getMessage(messageId: string): Promise<OutboxItem | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('outbox'), Key: { messageId }, ConsistentRead: true }));
  return out.Item as OutboxItem | undefined;
}

const normaliseAddress = (email: string) => email.trim().toLowerCase();

export async function isSuppressed(email: string): Promise<boolean> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('emailSuppressions'), Key: { email: normaliseAddress(email) } }));
  return Boolean(out.Item);
}

/** The suppression of an address (why and since when), if any. */
export async function suppressionOf(email: string): Promise<{ reason: string; since: string } | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('emailSuppressions'), Key: { email: normaliseAddress(email) }, ConsistentRead: true }));
  return out.Item ? { reason: String(out.Item.reason), since: String(out.Item.since) } : undefined;
}

/** Lifts an address's suppression (staff retry a message to it, with a reason): a Delete for the retry's transaction. */
export function liftSuppressionDelete(email: string): TransactItem {
  return { Delete: { TableName: tableName('emailSuppressions'), Key: { email: normaliseAddress(email) } } };
}

/** An address that bounced or complained: no email goes to it again. */
export async function suppressAddress(email: string, reason: 'bounce' | 'complaint', now = Date.now()): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName('emailSuppressions'), Item: { email: normaliseAddress(email), reason, since: iso(now) } }));
}
