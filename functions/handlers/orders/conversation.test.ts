import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { putApplication, setApplicationFields } from '../../../tests/fakes/applications.ts';
import { staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { searchIndexChanges } from '../../data/search-index.ts';
import { CONTACT_REPLY_SUBJECT, conversationTicketId } from '../../data/tickets.ts';
import { ddb, tableName } from '../../lib/clients/dynamodb.ts';
import { TransactWriteCommand } from '../../lib/clients/dynamodb-sdk.ts';
import { getMessage, listOrderMessages } from '../../outbox/outbox.ts';
import { handler as listTickets } from '../staff-support/list-tickets.ts';
import { handler as replyTicket } from '../staff-support/reply-ticket.ts';
import { handler as updateTicket } from '../staff-support/update-ticket.ts';
import { handler as createTicket } from '../support/create-ticket.ts';
import { handler as changeRequest } from './change-request.ts';
import { handler as conversation } from './conversation.ts';

/**
 * One conversation per order (docs/product.md section 10): the customer's messages from the order
 * page and the staff replies form one thread, acknowledged and quoted by email.
 */
let ip = 0;
const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;
let headers: Record<string, string>;
beforeAll(async () => {
  headers = await staffHeaders();
});

const paidOrder = () => putApplication({ status: 'submitted', paymentStatus: 'paid', paidAt: '2026-11-20T10:00:00.000Z', listPartition: 'ALL' });

const write = (id: string, message: string, resumeSecret?: string | null) =>
  invoke(
    changeRequest,
    apiEvent({
      method: 'POST',
      route: '/api/orders/{id}/change-requests',
      path: `/api/orders/${id}/change-requests`,
      pathParameters: { id },
      body: { message },
      sourceIp: nextIp(),
      resumeSecret,
    }),
  );

const read = (id: string, resumeSecret?: string | null) =>
  invoke(
    conversation,
    apiEvent({ method: 'GET', route: '/api/orders/{id}/conversation', path: `/api/orders/${id}/conversation`, pathParameters: { id }, resumeSecret }),
  );

const reply = (ticketId: string, body: Record<string, unknown>) =>
  invoke(
    replyTicket,
    apiEvent({
      method: 'POST',
      route: '/api/staff/tickets/{id}/replies',
      path: `/api/staff/tickets/${ticketId}/replies`,
      pathParameters: { id: ticketId },
      body,
      headers,
    }),
  );

const patchTicket = (ticketId: string, body: Record<string, unknown>, as = headers) =>
  invoke(
    updateTicket,
    apiEvent({
      method: 'PATCH',
      route: '/api/staff/tickets/{id}',
      path: `/api/staff/tickets/${ticketId}`,
      pathParameters: { id: ticketId },
      body,
      headers: as,
    }),
  );

const openTickets = async () => Number((await ddb().send(new GetCommand({ TableName: tableName('counters'), Key: { id: 'STATS' } }))).Item?.openTickets ?? 0);

describe("the order's conversation", () => {
  it('threads the change request, its acknowledgement, a quoting reply and the answer, in order', async () => {
    const app = await paidOrder();
    const reference = app.id.slice(0, 8);
    const before = await openTickets();

    const first = await write(app.id, 'Please spell the business name Ava Creates Media LLC');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ ticketId: conversationTicketId(app.id), reference });
    expect(await openTickets()).toBe(before + 1);
    // The acknowledgement, in the same transaction, to the order's address with the reference.
    const ack = await getMessage(`message:${conversationTicketId(app.id)}:0`);
    expect(ack).toMatchObject({
      kind: 'message_received',
      to: 'ava@example.com',
      applicationId: app.id,
      payload: { reference, message: 'Please spell the business name Ava Creates Media LLC' },
    });

    // Staff answer it: the reply quotes the customer's words.
    const answered = await reply(conversationTicketId(app.id), { message: 'Done: the name is corrected.' });
    expect(answered.status).toBe(200);
    const email = await getMessage(`ticket-reply:${conversationTicketId(app.id)}:1`);
    expect(email).toMatchObject({
      kind: 'ticket_reply',
      to: 'ava@example.com',
      payload: {
        reply: 'Done: the name is corrected.',
        reference,
        quote: { from: 'Ava Creator', message: 'Please spell the business name Ava Creates Media LLC' },
      },
    });

    // The customer answers from the page: added to the same ticket, acknowledged again.
    const second = await write(app.id, 'Thank you! Also the phone is 305-555-0199.');
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await getMessage(`message:${conversationTicketId(app.id)}:2`)).toMatchObject({ kind: 'message_received', payload: { reference } });
    expect(await openTickets()).toBe(before + 1);

    const thread = await read(app.id);
    expect(thread.status).toBe(200);
    expect(thread.body.reference).toBe(reference);
    expect(thread.body.messages.map((m: { author: string; message: string }) => [m.author, m.message])).toEqual([
      ['customer', 'Please spell the business name Ava Creates Media LLC'],
      ['staff', 'Done: the name is corrected.'],
      ['customer', 'Thank you! Also the phone is 305-555-0199.'],
    ]);
    expect(thread.body.messages[0]).toMatchObject({ from: 'Ava Creator', at: expect.stringMatching(/^\d{4}-/) });
    expect(thread.body.messages[1]).toMatchObject({ from: 'The CreatorLLC team', quote: { message: 'Please spell the business name Ava Creates Media LLC' } });

    // The next reply names the message it answers; a message of ours cannot be quoted as the customer's.
    const wrong = await reply(conversationTicketId(app.id), { message: 'Hm', quotes: 'r1' });
    expect(wrong.status).toBe(404);
    const named = await reply(conversationTicketId(app.id), { message: 'The phone is changed too.', quotes: 'r2' });
    expect(named.status).toBe(200);
    expect(named.body.replies.at(-1).quote.message).toBe('Thank you! Also the phone is 305-555-0199.');
  });

  it('a message on a closed conversation reopens it', async () => {
    const app = await paidOrder();
    const ticketId = conversationTicketId(app.id);
    expect((await write(app.id, 'First question')).status).toBe(201);
    expect((await patchTicket(ticketId, { status: 'closed' })).status).toBe(200);
    const before = await openTickets();
    expect((await write(app.id, 'One more thing')).status).toBe(201);
    expect(await openTickets()).toBe(before + 1);
    const stored = await ddb().send(new GetCommand({ TableName: tableName('tickets'), Key: { id: ticketId } }));
    expect(stored.Item?.status).toBe('open');
  });

  it('staff replies go to the address on the order as it is now', async () => {
    const app = await paidOrder();
    expect((await write(app.id, 'My email has a typo')).status).toBe(201);
    await setApplicationFields(app.id, { email: 'ava.fixed@example.com' });
    expect((await reply(conversationTicketId(app.id), { message: 'Fixed.' })).status).toBe(200);
    expect(await getMessage(`ticket-reply:${conversationTicketId(app.id)}:1`)).toMatchObject({ to: 'ava.fixed@example.com' });
  });

  it('opens only for the holder of the order', async () => {
    const app = await paidOrder();
    expect((await read(app.id, null)).status).toBe(404);
    expect((await read(app.id, 'another-secret-0123456789abcdef')).status).toBe(404);
    expect((await write(app.id, 'hello', null)).status).toBe(404);
    const empty = await read(app.id);
    expect(empty.body).toEqual({ reference: app.id.slice(0, 8), messages: [], full: false });
  });

  it("a contact-form ticket tied to the order shows in the order's conversation", async () => {
    const app = await paidOrder();
    const created = await invoke(
      createTicket,
      apiEvent({
        method: 'POST',
        route: '/api/support-tickets',
        body: { name: 'Ava Creator', email: 'ava@example.com', subject: 'Where is my filing?', message: 'Any news on my LLC?' },
        sourceIp: nextIp(),
      }),
    );
    expect(created.status).toBe(201);
    const ticketId = created.body.id as string;
    expect((await patchTicket(ticketId, { applicationId: 'not-a-uuid' })).status).toBe(400);
    const linked = await patchTicket(ticketId, { applicationId: app.id });
    expect(linked.status).toBe(200);
    expect(linked.body.applicationId).toBe(app.id);
    expect((await reply(ticketId, { message: 'We file it tomorrow.' })).status).toBe(200);
    // The reply never repeats the subject a stranger typed into the form.
    const sent = (await listOrderMessages(app.id)).find((m) => m.kind === 'ticket_reply');
    expect(sent?.payload).toMatchObject({ subject: CONTACT_REPLY_SUBJECT });
    const thread = await read(app.id);
    expect(thread.body.messages.map((m: { message: string }) => m.message)).toEqual(['Any news on my LLC?', 'We file it tomorrow.']);
    // Tied once, it stays with that order.
    const other = await paidOrder();
    expect((await patchTicket(ticketId, { applicationId: other.id })).status).toBe(409);
  });

  it('a reply to a contact-form message does not repeat the subject its sender typed', async () => {
    const created = await invoke(
      createTicket,
      apiEvent({
        method: 'POST',
        route: '/api/support-tickets',
        body: { name: 'Mallory', email: 'victim@example.com', subject: 'You won a prize: call +1 555 0100', message: 'Hello?' },
        sourceIp: nextIp(),
      }),
    );
    const ticketId = created.body.id as string;
    expect((await reply(ticketId, { message: 'How can we help?' })).status).toBe(200);
    const sent = await getMessage(`ticket-reply:${ticketId}:1`);
    expect(sent).toMatchObject({ kind: 'ticket_reply', to: 'victim@example.com', payload: { subject: CONTACT_REPLY_SUBJECT } });
  });

  it('ties a ticket by the order number staff and customers see', async () => {
    const app = await paidOrder();
    // The order's staff-search entries, as its submission writes them.
    await ddb().send(new TransactWriteCommand({ TransactItems: searchIndexChanges(undefined, app) }));
    const created = await invoke(
      createTicket,
      apiEvent({
        method: 'POST',
        route: '/api/support-tickets',
        body: { name: 'Ava Creator', email: 'ava@example.com', subject: 'About my order', message: `Order ${app.id.slice(0, 8)}: any news?` },
        sourceIp: nextIp(),
      }),
    );
    const ticketId = created.body.id as string;
    const unknown = await patchTicket(ticketId, { applicationId: 'ffffffff' });
    expect(unknown.status).toBe(404);
    const linked = await patchTicket(ticketId, { applicationId: app.id.slice(0, 8).toUpperCase() });
    expect(linked.status).toBe(200);
    expect(linked.body.applicationId).toBe(app.id);
  });
});

describe('the tickets tab', () => {
  it('filters open and closed tickets and assigns a ticket to the signed-in person', async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    expect((await write(a.id, 'Open one')).status).toBe(201);
    expect((await write(b.id, 'Closed one')).status).toBe(201);
    expect((await patchTicket(conversationTicketId(b.id), { status: 'closed' })).status).toBe(200);

    const list = async (status?: string) => {
      const res = await invoke(listTickets, apiEvent({ method: 'GET', route: '/api/staff/tickets', query: status ? { status } : {}, headers }));
      expect(res.status).toBe(200);
      return (res.body.items as { id: string; status: string }[]).map((t) => t.id);
    };
    const open = await list('open');
    expect(open).toContain(conversationTicketId(a.id));
    expect(open).not.toContain(conversationTicketId(b.id));
    const closed = await list('closed');
    expect(closed).toContain(conversationTicketId(b.id));
    expect(closed).not.toContain(conversationTicketId(a.id));
    expect(await list()).toEqual(expect.arrayContaining([conversationTicketId(a.id), conversationTicketId(b.id)]));
    const bad = await invoke(listTickets, apiEvent({ method: 'GET', route: '/api/staff/tickets', query: { status: 'pending' }, headers }));
    expect(bad.status).toBe(400);

    const mine = await patchTicket(conversationTicketId(a.id), { assign: 'me' });
    expect(mine.status).toBe(200);
    expect(mine.body.assignee).toMatchObject({ email: expect.stringContaining('@') });
    const released = await patchTicket(conversationTicketId(a.id), { assign: 'nobody' });
    expect(released.body.assignee).toBeUndefined();
    // One change at a time.
    expect((await patchTicket(conversationTicketId(a.id), { assign: 'me', status: 'closed' })).status).toBe(400);
  });
});
