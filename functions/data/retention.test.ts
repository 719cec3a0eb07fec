import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_RETENTION_DAYS, expiryAfterDays, MONEY_ACTIVITY_RETENTION_YEARS, TICKET_RETENTION_YEARS, ticketExpiry } from '#shared/retention.ts';
import { ticketSearchEntries } from '#shared/staff/search.ts';
import { putApplication } from '../../tests/fakes/applications.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { GetCommand, QueryCommand } from '../lib/clients/dynamodb-sdk.ts';
import { recordActivity } from './activity.ts';
import { SYSTEM_ACTOR } from './audit.ts';
import { postEmailReply } from './conversation.ts';
import { createTicket, linkTicketToOrder, replyToTicket } from './tickets.ts';

/**
 * Activity entries and support tickets expire on the schedule the privacy page states
 * (shared/retention.ts, docs/decisions/0413): the TTL attribute each one carries.
 */
const DAY = 24 * 3600 * 1000;
// Now (whole seconds): every expiry lies ahead, so no TTL deletes an item while it is checked.
const T0 = Math.floor(Date.now() / 1000) * 1000;

afterEach(() => {
  vi.useRealTimers();
});
/** Only Date is faked: the SDK's own timers run as usual. */
const at = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
};

const rawTicket = async (id: string) => (await ddb().send(new GetCommand({ TableName: tableName('tickets'), Key: { id }, ConsistentRead: true }))).Item;
const indexExpiries = async (ticket: Parameters<typeof ticketSearchEntries>[0]) =>
  Promise.all(
    ticketSearchEntries(ticket).map(
      async (e) =>
        (await ddb().send(new GetCommand({ TableName: tableName('searchIndex'), Key: { pk: e.pk, sk: e.sk }, ConsistentRead: true }))).Item?.expiresAt,
    ),
  );
let ip = 0;
const newTicket = (email = `keeper-${Math.random().toString(36).slice(2, 8)}@example.com`) =>
  createTicket({ name: 'Kim Keeper', email, subject: 'How long do you keep this?', message: 'Just asking.' }, `198.51.100.${++ip}`);

describe('retention of activity entries and tickets', () => {
  const entryAt = async (category: string, description: string) => {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName('activity'),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :at)',
        ExpressionAttributeValues: { ':pk': `FEED#${category}`, ':at': new Date(T0).toISOString() },
        ConsistentRead: true,
      }),
    );
    return out.Items?.find((i) => i.description === description);
  };

  it('an activity entry expires ACTIVITY_RETENTION_DAYS after it was written; a money entry, which the payments export reads, after MONEY_ACTIVITY_RETENTION_YEARS', async () => {
    at(T0);
    await recordActivity('lead_captured', 'Lead retention-probe captured');
    const entry = await entryAt('lead', 'Lead retention-probe captured');
    expect(ACTIVITY_RETENTION_DAYS).toBe(90);
    expect(entry?.ttl).toBe(expiryAfterDays(ACTIVITY_RETENTION_DAYS, T0));
    expect(entry?.ttl).toBe(Math.floor(T0 / 1000) + 90 * 24 * 3600);
    await recordActivity('payment_received', 'Payment retention-probe received');
    expect((await entryAt('money', 'Payment retention-probe received'))?.ttl).toBe(expiryAfterDays(MONEY_ACTIVITY_RETENTION_YEARS * 365, T0));
  });

  it('a ticket and its search items expire TICKET_RETENTION_YEARS after its last message; a reply pushes both', async () => {
    at(T0);
    const ticket = await newTicket();
    expect(TICKET_RETENTION_YEARS).toBe(2);
    const first = ticketExpiry(new Date(T0).toISOString());
    expect(first).toBe(Math.floor(T0 / 1000) + 2 * 365 * 24 * 3600);
    expect((await rawTicket(ticket.id))?.ttl).toBe(first);
    expect(await indexExpiries(ticket)).toEqual(ticketSearchEntries(ticket).map(() => first));

    // A staff reply 100 days later moves the expiry to two years after the reply.
    at(T0 + 100 * DAY);
    await replyToTicket(ticket.id, 'We keep it two years after the last message.', 'Sam');
    const pushed = ticketExpiry(new Date(T0 + 100 * DAY).toISOString());
    expect(pushed).toBe(first + 100 * 24 * 3600);
    expect((await rawTicket(ticket.id))?.ttl).toBe(pushed);
    expect(await indexExpiries(ticket)).toEqual(ticketSearchEntries(ticket).map(() => pushed));

    // The customer's emailed answer a month later moves it again.
    at(T0 + 130 * DAY);
    expect(await postEmailReply(ticket.id, { message: 'Thanks!', from: ticket.customerEmail, messageId: `<${ticket.id}@mail.example>` })).toBe('added');
    const again = ticketExpiry(new Date(T0 + 130 * DAY).toISOString());
    expect((await rawTicket(ticket.id))?.ttl).toBe(again);
    expect(await indexExpiries(ticket)).toEqual(ticketSearchEntries(ticket).map(() => again));
  });

  it('a ticket tied to an order is kept with the order: no expiry of its own, nor for its search items', async () => {
    at(T0);
    const ticket = await newTicket();
    const app = await putApplication({ status: 'submitted', paymentStatus: 'paid' });
    await linkTicketToOrder(ticket.id, app.id, SYSTEM_ACTOR);
    expect((await rawTicket(ticket.id))?.ttl).toBeUndefined();
    const linked = { ...ticket, applicationId: app.id };
    expect(await indexExpiries(linked)).toEqual(ticketSearchEntries(linked).map(() => undefined));
    // A reply then leaves it without one.
    await replyToTicket(ticket.id, 'Tied to your order now.', 'Sam');
    expect(await postEmailReply(ticket.id, { message: 'Great.', from: ticket.customerEmail, messageId: `<${ticket.id}@mail.example>` })).toBe('added');
    expect((await rawTicket(ticket.id))?.ttl).toBeUndefined();
    expect(await indexExpiries(linked)).toEqual(ticketSearchEntries(linked).map(() => undefined));
  });
});
