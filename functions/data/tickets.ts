import { randomUUID } from 'node:crypto';
import { type ContactFormInput, type SupportTicket, TICKETS_PER_HOUR_PER_IP, type TicketStatus } from '#shared/staff/tickets.schema.ts';
import { outboxPut } from '../email/outbox.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { GetCommand, QueryCommand, type TransactItem, TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { ConflictError, NotFoundError, RateLimitedError } from '../lib/errors.ts';
import { activityPut } from './activity.ts';
import type { ApplicationItem } from './applications/item.ts';
import { type AuditActor, auditPut } from './audit.ts';
import { openTicketsCounterUpdate } from './counters.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { addressKey, consumeRateLimit } from './rate-limits.ts';

/** Support tickets, listed newest first through byFeed (feed = 'TICKETS'). */
const FEED = 'TICKETS';
const TICKET_PAGE_SIZE = 50;

function toTicket(raw: Record<string, unknown>): SupportTicket {
  return {
    id: String(raw.id),
    subject: String(raw.subject ?? ''),
    status: String(raw.status ?? 'open'),
    customerEmail: String(raw.customerEmail ?? ''),
    customerName: String(raw.customerName ?? ''),
    message: String(raw.message ?? ''),
    priority: String(raw.priority ?? 'normal'),
    createdAt: String(raw.createdAt ?? ''),
    ...(typeof raw.applicationId === 'string' ? { applicationId: raw.applicationId } : {}),
    ...(Array.isArray(raw.replies) ? { replies: raw.replies as NonNullable<SupportTicket['replies']> } : {}),
  };
}

/**
 * The contact form: 5 per clock hour per source IP (429 beyond that), then an open ticket with normal
 * priority, the open-tickets counter and an activity entry in one transaction.
 */
export async function createTicket(input: ContactFormInput, sourceIp: string): Promise<SupportTicket> {
  const slot = await consumeRateLimit(`ticket#${addressKey(sourceIp)}`, TICKETS_PER_HOUR_PER_IP, 3600);
  if (!slot.allowed) throw new RateLimitedError('Too many messages from this network; please try again later', slot.retryAfterSeconds);
  const item = {
    id: randomUUID(),
    feed: FEED,
    subject: input.subject,
    status: 'open' as const,
    customerEmail: input.email,
    customerName: input.name,
    message: input.message,
    priority: 'normal',
    createdAt: new Date().toISOString(),
  };
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName('tickets'), Item: item, ConditionExpression: 'attribute_not_exists(id)' } },
        openTicketsCounterUpdate(1),
        activityPut('ticket_created', `New support ticket from ${input.email}: ${input.subject.slice(0, 120)}`),
      ],
    }),
  );
  return toTicket(item);
}

const cursorKeys = ['id', 'feed', 'createdAt'] as const;

export async function listTickets(cursor?: string): Promise<{ items: SupportTicket[]; nextCursor: string | null }> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('tickets'),
      IndexName: 'byFeed',
      KeyConditionExpression: 'feed = :feed',
      ExpressionAttributeValues: { ':feed': FEED },
      ScanIndexForward: false,
      Limit: TICKET_PAGE_SIZE,
      ExclusiveStartKey: cursor ? decodeCursor(cursor, cursorKeys) : undefined,
    }),
  );
  return { items: (out.Items ?? []).map(toTicket), nextCursor: out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey, cursorKeys) : null };
}

/** Close or reopen: conditional on the other status, with the counter and an activity entry. */
export async function setTicketStatus(id: string, status: TicketStatus, actor: AuditActor): Promise<SupportTicket> {
  const from: TicketStatus = status === 'open' ? 'closed' : 'open';
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName('tickets'),
              Key: { id },
              UpdateExpression: 'SET #status = :to, updatedAt = :now',
              ConditionExpression: '#status = :from',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':to': status, ':from': from, ':now': new Date().toISOString() },
            },
          },
          openTicketsCounterUpdate(status === 'open' ? 1 : -1),
          activityPut(status === 'open' ? 'ticket_reopened' : 'ticket_closed', `Support ticket ${id.slice(0, 8)} ${status === 'open' ? 'reopened' : 'closed'}`),
          auditPut({
            actor,
            action: status === 'open' ? 'ticket_reopened' : 'ticket_closed',
            subject: `ticket ${id}`,
            before: { status: from },
            after: { status },
          }),
        ],
      }),
    );
  } catch (err) {
    if (!(err instanceof TransactionCanceledException)) throw err;
    const current = await ddb().send(new GetCommand({ TableName: tableName('tickets'), Key: { id }, ConsistentRead: true }));
    if (!current.Item) throw new NotFoundError('Ticket not found', 'ticket_not_found');
    const currentStatus = String(current.Item.status);
    throw new ConflictError(`The ticket is already ${currentStatus}`, 'status_conflict', { currentStatus });
  }
  const after = await ddb().send(new GetCommand({ TableName: tableName('tickets'), Key: { id }, ConsistentRead: true }));
  return toTicket(after.Item ?? { id, status });
}

/**
 * "Request a change" on the order page: a ticket about the order, from the order's own name and
 * address, under the contact form's per-address limit. One transaction with the counter and
 * the activity entry.
 */
export async function createChangeRequest(app: ApplicationItem, message: string, sourceIp: string): Promise<SupportTicket> {
  const slot = await consumeRateLimit(`ticket#${addressKey(sourceIp)}`, TICKETS_PER_HOUR_PER_IP, 3600);
  if (!slot.allowed) throw new RateLimitedError('Too many messages from this network; please try again later', slot.retryAfterSeconds);
  const business = app.businessName || 'your order';
  const item = {
    id: randomUUID(),
    feed: FEED,
    subject: `Change request for ${business}`.slice(0, 200),
    status: 'open' as const,
    customerEmail: app.email ?? '',
    customerName: [app.firstName, app.lastName].filter(Boolean).join(' '),
    message,
    priority: 'high',
    applicationId: app.id,
    createdAt: new Date().toISOString(),
  };
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName('tickets'), Item: item, ConditionExpression: 'attribute_not_exists(id)' } },
        openTicketsCounterUpdate(1),
        activityPut('order_change_requested', `Change requested for ${business}`, app.id),
      ],
    }),
  );
  return toTicket(item);
}

/** Replies kept on one ticket; the reply form refuses more. */
export const MAX_TICKET_REPLIES = 50;

/**
 * A staff reply: appended to the ticket and queued for the customer in one transaction, so a
 * reply is kept exactly when it is sent.
 */
export async function replyToTicket(id: string, message: string, staffName: string, actor?: AuditActor): Promise<SupportTicket> {
  const current = await ddb().send(new GetCommand({ TableName: tableName('tickets'), Key: { id }, ConsistentRead: true }));
  if (!current.Item) throw new NotFoundError('Ticket not found', 'ticket_not_found');
  const ticket = toTicket(current.Item);
  const replies = ticket.replies ?? [];
  if (replies.length >= MAX_TICKET_REPLIES) throw new ConflictError(`A ticket holds at most ${MAX_TICKET_REPLIES} replies: open a new one`, 'too_many_replies');
  const reply = { message, from: staffName, at: new Date().toISOString() };
  const alongside: TransactItem[] = [
    activityPut('ticket_replied', `Replied to support ticket ${id.slice(0, 8)}: ${ticket.subject.slice(0, 80)}`, ticket.applicationId),
    ...(actor ? [auditPut({ actor, action: 'ticket_replied', applicationId: ticket.applicationId, subject: `ticket ${id}`, after: { reply: message } })] : []),
  ];
  if (ticket.customerEmail) {
    alongside.push(
      outboxPut({
        kind: 'ticket_reply',
        to: ticket.customerEmail,
        ...(ticket.applicationId ? { applicationId: ticket.applicationId } : {}),
        dedupeKey: `ticket-reply:${id}:${replies.length + 1}`,
        payload: { subject: ticket.subject, reply: message, staffName },
      }),
    );
  }
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName('tickets'),
              Key: { id },
              // Conditional on the replies read: two replies at once cannot overwrite each other.
              UpdateExpression: 'SET replies = :replies, updatedAt = :now',
              ConditionExpression: replies.length ? 'size(replies) = :count' : 'attribute_not_exists(replies)',
              ExpressionAttributeValues: { ':replies': [...replies, reply], ':now': reply.at, ...(replies.length ? { ':count': replies.length } : {}) },
            },
          },
          ...alongside,
        ],
      }),
    );
  } catch (err) {
    if (err instanceof TransactionCanceledException)
      throw new ConflictError('Someone else replied meanwhile: reload the ticket and try again', 'version_conflict');
    throw err;
  }
  return { ...ticket, replies: [...replies, reply] };
}
