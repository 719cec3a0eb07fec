import { createHash } from 'node:crypto';
import { type ConversationMessage, type OrderConversation, orderNumber } from '#shared/orders/conversation.schema.ts';
import { TICKETS_PER_HOUR_PER_IP, type TicketEntry } from '#shared/staff/tickets.schema.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { type TransactItem, TransactionCanceledException, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { ConflictError, RateLimitedError } from '../lib/errors.ts';
import { addressKey, consumeRateLimit } from '../lib/rate-limits.ts';
import { outboxPut } from '../outbox/outbox.ts';
import { activityPut } from './activity.ts';
import type { ApplicationItem } from './applications/item.ts';
import { openTicketsCounterUpdate } from './counters.ts';
import { ticketSearchIndexChanges } from './ticket-search.ts';
import {
  appendEntryUpdate,
  conversationTicketId,
  expiresAfterLastMessage,
  indexExpiryChanges,
  listOrderTickets,
  MAX_TICKET_REPLIES,
  readTicket,
  threadOf,
} from './tickets.ts';

/**
 * The order's conversation (docs/product.md section 10): one thread per order, the ticket
 * `order-<application id>`. The customer's first message from the order page opens it (a
 * high-priority ticket staff see in the tickets tab), later ones are appended to it and reopen it
 * if it was closed; staff replies are appended by replyToTicket. Each customer message is
 * acknowledged by email with the thread's reference, the order number. The page shows this thread
 * merged with any other ticket staff tied to the order (a contact-form message), oldest first.
 */

/** Customer messages on one order's thread an hour, after the first (which the contact form's per-network limit covers). */
export const ORDER_MESSAGES_PER_HOUR = 20;

const customerName = (app: ApplicationItem) => [app.firstName, app.lastName].filter(Boolean).join(' ');

function acknowledgement(app: ApplicationItem, ticketId: string, position: number, message: string, at: string): TransactItem {
  return outboxPut({
    kind: 'message_received',
    to: app.email ?? '',
    applicationId: app.id,
    dedupeKey: `message:${ticketId}:${position}`,
    payload: { firstName: app.firstName ?? '', businessName: app.businessName ?? '', reference: orderNumber(app.id), message, receivedAt: at, ticketId },
  });
}

/**
 * A message from the order page: the first opens the order's conversation, the next ones are
 * appended to it. In one transaction with the acknowledgement email, the activity entry and (when
 * it opens or reopens the ticket) the open-tickets counter.
 */
export async function postCustomerMessage(app: ApplicationItem, message: string, sourceIp: string): Promise<{ ticketId: string; reference: string }> {
  const id = conversationTicketId(app.id);
  const reference = orderNumber(app.id);
  const business = app.businessName || 'your order';
  const existing = await readTicket(id);
  if (!existing) {
    const slot = await consumeRateLimit(`ticket#${addressKey(sourceIp)}`, TICKETS_PER_HOUR_PER_IP, 3600);
    if (!slot.allowed) throw new RateLimitedError('Too many messages from this network; please try again later', slot.retryAfterSeconds);
    const at = new Date().toISOString();
    const item = {
      id,
      feed: 'TICKETS',
      subject: `Change request for ${business} (order ${reference})`.slice(0, 200),
      status: 'open',
      customerEmail: app.email ?? '',
      customerName: customerName(app),
      message,
      priority: 'high',
      applicationId: app.id,
      createdAt: at,
      lastCustomerAt: at,
    };
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName('tickets'), Item: item, ConditionExpression: 'attribute_not_exists(id)' } },
            openTicketsCounterUpdate(1),
            activityPut('order_change_requested', `Change requested for ${business}`, app.id),
            acknowledgement(app, id, 0, message, at),
            ...ticketSearchIndexChanges(undefined, item),
          ],
        }),
      );
      return { ticketId: id, reference };
    } catch (err) {
      // Another first message won the race: this one is appended after it.
      if (!(err instanceof TransactionCanceledException)) throw err;
    }
  }
  const slot = await consumeRateLimit(`order-messages#${app.id}`, ORDER_MESSAGES_PER_HOUR, 3600);
  if (!slot.allowed) throw new RateLimitedError('Too many messages about this order in an hour; please try again later', slot.retryAfterSeconds);
  const ticket = existing ?? (await readTicket(id));
  if (!ticket) throw new ConflictError('Your message could not be added: send it again', 'version_conflict');
  const replies = ticket.replies ?? [];
  if (replies.length >= MAX_TICKET_REPLIES)
    throw new ConflictError('This conversation is full: write to us from the contact page and mention your order number', 'conversation_full');
  const at = new Date().toISOString();
  const entry: TicketEntry = { id: `r${replies.length + 1}`, message, from: customerName(app) || app.email || 'Customer', at, author: 'customer' };
  const reopens = ticket.status !== 'open';
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: appendEntryUpdate(id, replies, entry, ', lastCustomerAt = :now, #status = :open', { ':open': 'open' }, { '#status': 'status' }),
          },
          ...(reopens ? [openTicketsCounterUpdate(1)] : []),
          activityPut('customer_answered', `${reopens ? 'Reopened by the customer: ' : 'The customer wrote about '}${business}`, app.id),
          acknowledgement(app, id, replies.length + 1, message, at),
        ],
      }),
    );
  } catch (err) {
    if (err instanceof TransactionCanceledException)
      throw new ConflictError('Another message was added at the same moment: send yours again', 'version_conflict');
    throw err;
  }
  return { ticketId: id, reference };
}

/** The order page's conversation: every message of the order's tickets, oldest first. */
export async function readOrderConversation(applicationId: string): Promise<OrderConversation> {
  const tickets = await listOrderTickets(applicationId);
  const messages: ConversationMessage[] = tickets
    .flatMap((ticket) =>
      threadOf(ticket).map((e) => ({
        id: `${ticket.id}/${e.id}`,
        author: e.author,
        from: e.from,
        at: e.at,
        message: e.message,
        ...(e.quote ? { quote: e.quote } : {}),
      })),
    )
    .sort((a, b) => a.at.localeCompare(b.at));
  const own = tickets.find((t) => t.id === conversationTicketId(applicationId));
  return { reference: orderNumber(applicationId), messages, full: (own?.replies?.length ?? 0) >= MAX_TICKET_REPLIES };
}

/** What became of an emailed reply (functions/jobs/inbound-email.ts logs it). */
export type EmailReplyOutcome = 'added' | 'duplicate' | 'no_ticket' | 'full' | 'empty';

/**
 * A customer's reply by email to a conversation email (its reply address named `ticketId`): added
 * to the ticket as the customer's message, reopening it if closed, with the open-tickets counter
 * and an activity entry, in one transaction conditional on the replies read. The message's
 * Message-ID names the entry, so the same email delivered twice is added once. No acknowledgement
 * is emailed: an answer to an email would start a loop with an auto-responder.
 */
export async function postEmailReply(ticketId: string, reply: { message: string; from: string; messageId: string }): Promise<EmailReplyOutcome> {
  const message = reply.message.slice(0, 5000).trim();
  if (!message) return 'empty';
  const entryId = `mail-${createHash('sha256')
    .update(reply.messageId || message)
    .digest('hex')
    .slice(0, 20)}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const ticket = await readTicket(ticketId);
    if (!ticket) return 'no_ticket';
    const replies = ticket.replies ?? [];
    if (replies.some((r) => r.id === entryId)) return 'duplicate';
    if (replies.length >= MAX_TICKET_REPLIES) return 'full';
    const known = reply.from && reply.from === ticket.customerEmail.toLowerCase();
    const entry: TicketEntry = {
      id: entryId,
      message,
      from: known ? ticket.customerName || reply.from : `${reply.from || 'Unknown sender'} (by email)`,
      at: new Date().toISOString(),
      author: 'customer',
    };
    const reopens = ticket.status !== 'open';
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              // The message moves a ticket's expiry (and its search items') unless the ticket is kept with an order.
              Update: appendEntryUpdate(
                ticketId,
                replies,
                entry,
                ', lastCustomerAt = :now, #status = :open',
                { ':open': 'open' },
                { '#status': 'status' },
                expiresAfterLastMessage(ticket),
              ),
            },
            ...indexExpiryChanges(ticket, entry.at),
            ...(reopens ? [openTicketsCounterUpdate(1)] : []),
            activityPut(
              'customer_answered',
              `${reopens ? 'Reopened by an emailed reply: ' : 'Emailed reply on '}${ticket.subject.slice(0, 100)}`,
              ticket.applicationId,
            ),
          ],
        }),
      );
      return 'added';
    } catch (err) {
      // Another message was added meanwhile: read the ticket again.
      if (!(err instanceof TransactionCanceledException)) throw err;
    }
  }
  throw new ConflictError('The ticket kept changing while the emailed reply was added', 'version_conflict');
}
