import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { putApplication } from '../../../tests/fakes/applications.ts';
import { staffHeaders } from '../../../tests/fakes/staff.ts';
import { dynamoCallLog } from '../../../tests/helpers/dynamo-calls.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { handler as changeRequest } from '../orders/change-request.ts';
import { handler as createTicket } from '../support/create-ticket.ts';
import { handler as listTickets } from './list-tickets.ts';
import { handler as updateTicket } from './update-ticket.ts';

/**
 * The tickets tab's search against DynamoDB Local: tickets made by the product's own writes (the
 * contact form, an order page's first message, tying a ticket to an order) are found by the order
 * number or id, the customer's email or name and the subject, by prefix and whatever the case,
 * with a fixed number of requests.
 */
let support: Record<string, string>;
let ip = 0;
const nextIp = () => `203.0.113.${(ip++ % 250) + 1}`;
const tag = randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)
  .padEnd(6, 'x');

beforeAll(async () => {
  support = await staffHeaders({ role: 'support' });
});

async function search(query: Record<string, string>) {
  dynamoCallLog.length = 0;
  const res = await invoke(listTickets, apiEvent({ method: 'GET', route: '/api/staff/tickets', query, headers: support }));
  return { status: res.status, body: res.body, ids: ((res.body.items ?? []) as { id: string }[]).map((t) => t.id), calls: [...dynamoCallLog] };
}

const found = async (q: string, extra: Record<string, string> = {}) => {
  const out = await search({ q, ...extra });
  expect(out.status, JSON.stringify(out.body)).toBe(200);
  return out.ids;
};

async function contactForm(body: { name: string; email: string; subject: string; message: string }): Promise<string> {
  const res = await invoke(createTicket, apiEvent({ method: 'POST', route: '/api/support-tickets', body, sourceIp: nextIp() }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.id);
}

const patchTicket = (id: string, body: Record<string, unknown>) =>
  invoke(
    updateTicket,
    apiEvent({ method: 'PATCH', route: '/api/staff/tickets/{id}', path: `/api/staff/tickets/${id}`, pathParameters: { id }, body, headers: support }),
  );

describe('ticket search (index items written with the ticket)', () => {
  let contactId: string;
  beforeAll(async () => {
    contactId = await contactForm({
      name: `Marisol Vance${tag}`,
      email: `marisol.${tag}@Example.com`,
      subject: `Invoice ${tag} for my Wyoming LLC`,
      message: 'Where is my invoice?',
    });
  });

  it('finds a contact-form ticket by email, name, last name, subject and its own id, whatever the case', async () => {
    expect(await found(`MARISOL.${tag}@example.COM`)).toEqual([contactId]);
    expect(await found(`marisol.${tag}@exa`)).toEqual([contactId]);
    expect(await found(`marisol vance${tag.toUpperCase()}`)).toEqual([contactId]);
    expect(await found(`Vance${tag}`)).toEqual([contactId]);
    expect(await found(`invoice ${tag} for my`)).toEqual([contactId]);
    expect(await found(contactId.slice(0, 8).toUpperCase())).toEqual([contactId]);
    expect(await found(`invoice ${tag} for your`)).toEqual([]);
  });

  it('a search is a fixed number of requests: one Query per kind, one BatchGetItem, never a Scan', async () => {
    const byWords = await search({ q: `invoice ${tag}` });
    expect(byWords.ids).toEqual([contactId]);
    expect(byWords.calls.filter((c) => c === 'QueryCommand')).toHaveLength(4);
    expect(byWords.calls.filter((c) => c === 'BatchGetItemCommand')).toHaveLength(1);
    expect(byWords.calls.filter((c) => c === 'ScanCommand')).toHaveLength(0);
    // An address is only an email: one Query.
    const byEmail = await search({ q: `marisol.${tag}@example.com` });
    expect(byEmail.calls.filter((c) => c === 'QueryCommand')).toHaveLength(1);
    // Nothing found: nothing read.
    const none = await search({ q: `nobody.${tag}@example.com` });
    expect(none.ids).toEqual([]);
    expect(none.calls.filter((c) => c === 'BatchGetItemCommand')).toHaveLength(0);
  });

  it('a ticket tied to an order is found by the order number and id from then on', async () => {
    const order = await putApplication({ status: 'submitted', paymentStatus: 'paid', listPartition: 'ALL' });
    const number = order.id.slice(0, 8);
    expect(await found(number)).not.toContain(contactId);
    const tie = await patchTicket(contactId, { applicationId: order.id });
    expect(tie.status, JSON.stringify(tie.body)).toBe(200);
    expect(await found(number)).toContain(contactId);
    expect(await found(order.id.toUpperCase())).toContain(contactId);
  });

  it("finds an order's conversation by the order number, the customer's email and the subject", async () => {
    const businessName = `Brightwater ${tag} Media LLC`;
    const order = await putApplication({
      status: 'submitted',
      paymentStatus: 'paid',
      listPartition: 'ALL',
      email: `owner.${tag}@example.com`,
      firstName: 'Idris',
      lastName: `Okafor${tag}`,
      businessName,
    });
    const res = await invoke(
      changeRequest,
      apiEvent({
        method: 'POST',
        route: '/api/orders/{id}/change-requests',
        path: `/api/orders/${order.id}/change-requests`,
        pathParameters: { id: order.id },
        body: { message: 'Please add a second member.' },
        sourceIp: nextIp(),
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const ticketId = `order-${order.id}`;
    expect(await found(order.id.slice(0, 8))).toEqual([ticketId]);
    expect(await found(`OWNER.${tag}@example.com`)).toEqual([ticketId]);
    expect(await found(`okafor${tag}`)).toEqual([ticketId]);
    expect(await found(`change request for brightwater ${tag}`)).toEqual([ticketId]);
  });

  it('the open/closed filter applies to the matches', async () => {
    const id = await contactForm({ name: `Priya Nandak${tag}`, email: `priya.${tag}@example.com`, subject: `Closing ${tag} soon`, message: 'Thanks!' });
    expect(await found(`closing ${tag}`, { status: 'open' })).toEqual([id]);
    expect((await patchTicket(id, { status: 'closed' })).status).toBe(200);
    expect(await found(`closing ${tag}`, { status: 'open' })).toEqual([]);
    expect(await found(`closing ${tag}`, { status: 'closed' })).toEqual([id]);
    expect(await found(`closing ${tag}`)).toEqual([id]);
  });

  it('refuses a one-character term and control characters with a 400 the person can read', async () => {
    const short = await search({ q: 'a' });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toMatch(/at least 2 characters/);
    const control = await search({ q: `inv\u0007oice` });
    expect(control.status).toBe(400);
    expect(control.body.code).toBeTruthy();
  });
});
