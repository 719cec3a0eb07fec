import { randomUUID } from 'node:crypto';
import { orderNumber } from '#shared/orders/conversation.schema.ts';
import { ticketExpiry } from '#shared/retention.ts';
import { TICKET_SEARCH_NORMALISE, type TicketSearchKind, ticketKindsFor, ticketSearchEntries } from '#shared/staff/search.ts';
import {
  type ContactFormInput,
  QUOTE_MAX,
  type SupportTicket,
  TICKETS_PER_HOUR_PER_IP,
  type TicketEntry,
  type TicketQuote,
  type TicketStatus,
} from '#shared/staff/tickets.schema.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import {
  BatchGetCommand,
  GetCommand,
  QueryCommand,
  type TransactItem,
  TransactionCanceledException,
  TransactWriteCommand,
} from '../lib/clients/dynamodb-sdk.ts';
import { ConflictError, NotFoundError, RateLimitedError } from '../lib/errors.ts';
import { addressKey, consumeRateLimit } from '../lib/rate-limits.ts';
import { outboxPut } from '../outbox/outbox.ts';
import { activityPut } from './activity.ts';
import { getApplication } from './applications/reads.ts';
import { type AuditActor, auditPut } from './audit.ts';
import { openTicketsCounterUpdate } from './counters.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { matchingOrderIds } from './search-index.ts';
import { ticketIdsMatching, ticketSearchIndexChanges } from './ticket-search.ts';

/** Support tickets, listed newest first through byFeed (feed = 'TICKETS'). */
const FEED = 'TICKETS';
const TICKET_PAGE_SIZE = 50;

/** Entries kept before they had ids are numbered by position: `r1`, `r2`, ... (the list is append-only). */
const entryId = (position: number) => `r${position}`;

function toTicket(raw: Record<string, unknown>): SupportTicket {
  const replies = Array.isArray(raw.replies)
    ? (raw.replies as TicketEntry[]).map((r, i) => ({ ...r, id: r.id ?? entryId(i + 1), author: r.author ?? ('staff' as const) }))
    : undefined;
  const assignee = raw.assignee as { id?: unknown; email?: unknown } | undefined;
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
    ...(replies ? { replies } : {}),
    ...(assignee && typeof assignee.id === 'string' ? { assignee: { id: assignee.id, email: String(assignee.email ?? '') } } : {}),
    ...(typeof raw.lastCustomerAt === 'string' ? { lastCustomerAt: raw.lastCustomerAt } : {}),
  };
}

/** The id of a ticket's first message (the contact form's or the first change request's). */
export const FIRST_ENTRY = 'first';

export type ThreadEntry = TicketEntry & Required<Pick<TicketEntry, 'id' | 'author'>>;

/** A ticket as one thread: its first message, then every entry after it, oldest first. */
export function threadOf(ticket: SupportTicket): ThreadEntry[] {
  return [
    { id: FIRST_ENTRY, author: 'customer' as const, from: ticket.customerName || ticket.customerEmail, at: ticket.createdAt, message: ticket.message },
    ...(ticket.replies ?? []).map((r, i) => ({ ...r, id: r.id ?? entryId(i + 1), author: r.author ?? ('staff' as const) })),
  ];
}

/** What a staff reply quotes: the customer message it names, else the latest one. */
export function quoteFor(ticket: SupportTicket, quotes?: string): TicketQuote {
  const customer = threadOf(ticket).filter((e) => e.author === 'customer');
  const entry = quotes ? customer.find((e) => e.id === quotes) : customer.at(-1);
  if (!entry) throw new NotFoundError('That message is not one of the customer’s in this ticket: pick it again from the thread', 'message_not_found');
  const message = entry.message.length > QUOTE_MAX ? `${entry.message.slice(0, QUOTE_MAX - 1)}…` : entry.message;
  return { from: entry.from, at: entry.at, message };
}

export async function readTicket(id: string): Promise<SupportTicket | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName('tickets'), Key: { id }, ConsistentRead: true }));
  return out.Item ? toTicket(out.Item) : undefined;
}

async function requireTicket(id: string): Promise<SupportTicket> {
  const ticket = await readTicket(id);
  if (!ticket) throw new NotFoundError('Ticket not found', 'ticket_not_found');
  return ticket;
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
  // Deleted TICKET_RETENTION_YEARS after its last message, its search index items with it.
  Object.assign(item, { lastCustomerAt: item.createdAt, ttl: ticketExpiry(item.createdAt) });
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName('tickets'), Item: item, ConditionExpression: 'attribute_not_exists(id)' } },
        openTicketsCounterUpdate(1),
        activityPut('ticket_created', `New support ticket from ${input.email}: ${input.subject.slice(0, 120)}`),
        ...ticketSearchIndexChanges(undefined, item),
      ],
    }),
  );
  return toTicket(item);
}

const cursorKeys = ['id', 'feed', 'createdAt'] as const;
const statusCursorKeys = ['id', 'status', 'createdAt'] as const;

/** Tickets newest first, 50 a page: every one (byFeed), or the open or closed ones (byStatus). */
export async function listTickets(cursor?: string, status?: TicketStatus): Promise<{ items: SupportTicket[]; nextCursor: string | null }> {
  const keys = status ? statusCursorKeys : cursorKeys;
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('tickets'),
      ...(status
        ? {
            IndexName: 'byStatus',
            KeyConditionExpression: '#status = :status',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':status': status },
          }
        : { IndexName: 'byFeed', KeyConditionExpression: 'feed = :feed', ExpressionAttributeValues: { ':feed': FEED } }),
      ScanIndexForward: false,
      Limit: TICKET_PAGE_SIZE,
      ExclusiveStartKey: cursor ? decodeCursor(cursor, keys) : undefined,
    }),
  );
  return { items: (out.Items ?? []).map(toTicket), nextCursor: out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey, keys) : null };
}

/** Tickets a search answers at most (one BatchGetItem takes 100 keys). */
export const TICKET_SEARCH_RESULTS_MAX = 100;

/** Still matches: the ticket as read has a value of a searched kind that starts with the term. */
function ticketStillMatches(ticket: SupportTicket, term: string, kinds: TicketSearchKind[]): boolean {
  return ticketSearchEntries(ticket).some((e) => kinds.includes(e.kind) && e.sk.startsWith(TICKET_SEARCH_NORMALISE[e.kind](term)));
}

/**
 * The tickets a search term finds (by reference, email, name or subject prefix, any case), open or
 * closed ones only with `status`, newest first, one page: one Query of the search index per kind
 * the term can be, in parallel, then one BatchGetItem of the tickets found, whatever the table holds.
 */
export async function searchTickets(term: string, status?: TicketStatus): Promise<{ items: SupportTicket[]; nextCursor: null }> {
  const ids = (await ticketIdsMatching(term)).slice(0, TICKET_SEARCH_RESULTS_MAX);
  if (!ids.length) return { items: [], nextCursor: null };
  const kinds = ticketKindsFor(term);
  const found: SupportTicket[] = [];
  let keys: Record<string, unknown>[] = ids.map((id) => ({ id }));
  // Unprocessed keys (throttling) are asked again; each round is one request.
  for (let round = 0; keys.length && round < 5; round++) {
    const out = await ddb().send(new BatchGetCommand({ RequestItems: { [tableName('tickets')]: { Keys: keys } } }));
    found.push(...(out.Responses?.[tableName('tickets')] ?? []).map(toTicket));
    keys = (out.UnprocessedKeys?.[tableName('tickets')]?.Keys ?? []) as Record<string, unknown>[];
  }
  const items = found
    .filter((t) => ticketStillMatches(t, term, kinds) && (!status || t.status === status))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { items, nextCursor: null };
}

/** The tickets about one order (its conversation and any ticket tied to it), oldest first. */
export async function listOrderTickets(applicationId: string): Promise<SupportTicket[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName('tickets'),
      IndexName: 'byApplication',
      KeyConditionExpression: 'applicationId = :id',
      ExpressionAttributeValues: { ':id': applicationId },
      Limit: MAX_ORDER_TICKETS,
    }),
  );
  return (out.Items ?? []).map(toTicket);
}

/** Tickets one order's page shows (its own conversation and those staff tied to it). */
export const MAX_ORDER_TICKETS = 20;

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
  return (await readTicket(id)) ?? toTicket({ id, status });
}

/** Messages kept on one ticket after its first; the reply forms refuse more. */
export const MAX_TICKET_REPLIES = 50;

/**
 * The Update of a ticket's replies: conditional on the count read, so two writers never overwrite each other.
 * The new message moves the ticket's expiry to TICKET_RETENTION_YEARS after it (`expires`), except on an
 * order's own conversation, which is kept with the order.
 */
export function appendEntryUpdate(
  id: string,
  replies: readonly TicketEntry[],
  entry: TicketEntry,
  set = '',
  values: Record<string, unknown> = {},
  names?: Record<string, string>,
  expires = !isOrderConversation(id),
) {
  const allNames = { ...names, ...(expires ? { '#ttl': 'ttl' } : {}) };
  return {
    ...(Object.keys(allNames).length ? { ExpressionAttributeNames: allNames } : {}),
    TableName: tableName('tickets'),
    Key: { id },
    UpdateExpression: `SET replies = :replies, updatedAt = :now${expires ? ', #ttl = :ttl' : ''}${set}`,
    ConditionExpression: replies.length ? 'size(replies) = :count' : 'attribute_exists(id) AND attribute_not_exists(replies)',
    ExpressionAttributeValues: {
      ':replies': [...replies, entry],
      ':now': entry.at,
      ...(expires ? { ':ttl': ticketExpiry(entry.at) } : {}),
      ...(replies.length ? { ':count': replies.length } : {}),
      ...values,
    },
  };
}

/**
 * The subject our reply carries. An order's conversation has our own subject; a contact-form
 * ticket's subject is whatever its sender typed, and its address is whatever they typed too, so
 * the reply never repeats it: the form must not let a stranger make us email anyone their words.
 */
/** The one ticket of an order's conversation (./conversation.ts): its id is the order's. */
export const conversationTicketId = (applicationId: string) => `order-${applicationId}`;
const isOrderConversation = (id: string) => id.startsWith('order-');

/** Whether a ticket expires after its last message: not when it is about an order (kept with the order). */
export const expiresAfterLastMessage = (ticket: Pick<SupportTicket, 'id' | 'applicationId'>) => !ticket.applicationId && !isOrderConversation(ticket.id);

/** A new message at `at` moves the expiry of an expiring ticket's search index items with the ticket's own (none otherwise). */
export function indexExpiryChanges(ticket: SupportTicket, at: string): TransactItem[] {
  return expiresAfterLastMessage(ticket) ? ticketSearchIndexChanges(ticket, { ...ticket, ttl: ticketExpiry(at) }, true) : [];
}

export const CONTACT_REPLY_SUBJECT = 'Your message to CreatorLLC';
function replySubject(ticket: Pick<SupportTicket, 'id' | 'subject' | 'applicationId'>): string {
  return ticket.applicationId && ticket.id === conversationTicketId(ticket.applicationId) ? ticket.subject : CONTACT_REPLY_SUBJECT;
}

/**
 * A staff reply: appended to the ticket, quoting the customer message it answers (the latest one
 * unless `quotes` names another), and queued for the customer in one transaction, so a reply is
 * kept exactly when it is sent. A ticket about an order is answered at the order's address as it
 * is now (staff may have corrected it since the ticket was opened).
 */
export async function replyToTicket(id: string, message: string, staffName: string, actor?: AuditActor, quotes?: string): Promise<SupportTicket> {
  const ticket = await requireTicket(id);
  const replies = ticket.replies ?? [];
  if (replies.length >= MAX_TICKET_REPLIES) throw new ConflictError(`A ticket holds at most ${MAX_TICKET_REPLIES} replies: open a new one`, 'too_many_replies');
  const quote = quoteFor(ticket, quotes);
  const reply: TicketEntry = { id: entryId(replies.length + 1), message, from: staffName, at: new Date().toISOString(), author: 'staff', quote };
  const app = ticket.applicationId ? await getApplication(ticket.applicationId).catch(() => undefined) : undefined;
  const to = app?.email || ticket.customerEmail;
  // A ticket not about an order expires after its last message: the reply moves it, its index items' with it.
  const expires = expiresAfterLastMessage(ticket);
  const alongside: TransactItem[] = [
    ...indexExpiryChanges(ticket, reply.at),
    activityPut('ticket_replied', `Replied to support ticket ${id.slice(0, 8)}: ${ticket.subject.slice(0, 80)}`, ticket.applicationId),
    ...(actor ? [auditPut({ actor, action: 'ticket_replied', applicationId: ticket.applicationId, subject: `ticket ${id}`, after: { reply: message } })] : []),
  ];
  if (to) {
    alongside.push(
      outboxPut({
        kind: 'ticket_reply',
        to,
        ...(app ? { applicationId: app.id } : {}),
        dedupeKey: `ticket-reply:${id}:${replies.length + 1}`,
        payload: { subject: replySubject(ticket), reply: message, staffName, quote, reference: app ? orderNumber(app.id) : id.slice(0, 8), ticketId: id },
      }),
    );
  }
  try {
    await ddb().send(
      new TransactWriteCommand({ TransactItems: [{ Update: appendEntryUpdate(id, replies, reply, '', {}, undefined, expires) }, ...alongside] }),
    );
  } catch (err) {
    if (err instanceof TransactionCanceledException)
      throw new ConflictError('Someone else replied meanwhile: reload the ticket and try again', 'version_conflict');
    throw err;
  }
  return { ...ticket, replies: [...replies, reply] };
}

/** "Assign to me" (the person becomes the ticket's assignee) or give it back (nobody). */
export async function assignTicket(id: string, assign: 'me' | 'nobody', actor: AuditActor): Promise<SupportTicket> {
  const ticket = await requireTicket(id);
  const assignee = assign === 'me' ? { id: actor.id, email: actor.email } : undefined;
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName('tickets'),
            Key: { id },
            UpdateExpression: assignee ? 'SET assignee = :a, updatedAt = :now' : 'REMOVE assignee SET updatedAt = :now',
            ConditionExpression: 'attribute_exists(id)',
            ExpressionAttributeValues: { ':now': new Date().toISOString(), ...(assignee ? { ':a': assignee } : {}) },
          },
        },
        auditPut({
          actor,
          action: 'ticket_assigned',
          applicationId: ticket.applicationId,
          subject: `ticket ${id}`,
          before: { assignee: ticket.assignee?.email ?? null },
          after: { assignee: assignee?.email ?? null },
        }),
      ],
    }),
  );
  return { ...ticket, ...(assignee ? { assignee } : { assignee: undefined }) };
}

/**
 * Ties a ticket (a contact-form message) to the order it is about: it then shows in the order's
 * conversation on the order page, and staff open the order from it. `reference` is the order's id
 * or its order number. Once tied it stays tied.
 */
export async function linkTicketToOrder(id: string, reference: string, actor: AuditActor): Promise<SupportTicket> {
  const ticket = await requireTicket(id);
  const app = await orderByReference(reference);
  if (ticket.applicationId === app.id) return ticket;
  if (ticket.applicationId) throw new ConflictError('This ticket is already about another order', 'ticket_linked');
  if (app.status === 'draft') throw new ConflictError('That order was never submitted: tie the ticket to a placed order', 'order_not_placed');
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName('tickets'),
              Key: { id },
              // Tied to an order, the ticket is kept with the order: no expiry of its own, nor for its index items.
              UpdateExpression: 'SET applicationId = :app, updatedAt = :now REMOVE #ttl',
              ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(applicationId)',
              ExpressionAttributeNames: { '#ttl': 'ttl' },
              ExpressionAttributeValues: { ':app': app.id, ':now': new Date().toISOString() },
            },
          },
          auditPut({ actor, action: 'ticket_linked', applicationId: app.id, subject: `ticket ${id}`, after: { applicationId: app.id } }),
          ...ticketSearchIndexChanges(ticket, { ...ticket, applicationId: app.id, ttl: undefined }, true),
        ],
      }),
    );
  } catch (err) {
    if (err instanceof TransactionCanceledException) throw new ConflictError('This ticket is already about another order', 'ticket_linked');
    throw err;
  }
  return { ...ticket, applicationId: app.id };
}

const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The order an id or an order number names: a number is looked up in the staff search's order index (one Query). */
async function orderByReference(reference: string) {
  const ref = reference.trim().toLowerCase();
  if (FULL_ID.test(ref)) return getApplication(ref);
  const ids = (await matchingOrderIds('order', ref, 2)).filter((found) => found.startsWith(ref));
  if (ids.length === 0) throw new NotFoundError(`No placed order has the number ${ref}`, 'application_not_found');
  if (ids.length > 1) throw new ConflictError(`More than one order starts with ${ref}: give the whole id`, 'ambiguous_order');
  return getApplication(ids[0]);
}
