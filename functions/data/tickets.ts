import { randomUUID } from 'node:crypto';
import { type ContactFormInput, type SupportTicket, TICKETS_PER_HOUR_PER_IP, type TicketStatus } from '#shared/staff/tickets.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { GetCommand, QueryCommand, TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { ConflictError, NotFoundError, RateLimitedError } from '../lib/errors.ts';
import { activityPut } from './activity.ts';
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
export async function setTicketStatus(id: string, status: TicketStatus): Promise<SupportTicket> {
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
