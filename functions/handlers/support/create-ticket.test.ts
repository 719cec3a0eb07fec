import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { batchPut, staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { listRecentActivity } from '../../data/activity.ts';
import { readDashboardCounts } from '../../data/counters.ts';
import { handler as listTickets } from '../staff-support/list-tickets.ts';
import { handler as updateTicket } from '../staff-support/update-ticket.ts';
import { handler as createTicket } from './create-ticket.ts';

let headers: Record<string, string>;
beforeAll(async () => {
  headers = await staffHeaders();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  subject: 'Question about Wyoming',
  message: 'Can I file in Wyoming if I live in Ohio?',
  ...overrides,
});
const post = (body: unknown, sourceIp = '192.0.2.10') => invoke(createTicket, apiEvent({ method: 'POST', route: '/api/support-tickets', body, sourceIp }));
const list = (cursor?: string) =>
  invoke(listTickets, apiEvent({ method: 'GET', route: '/api/staff/tickets', headers, query: cursor === undefined ? undefined : { cursor } }));
const setStatus = (id: string, status: string) =>
  invoke(
    updateTicket,
    apiEvent({ method: 'PATCH', route: '/api/staff/tickets/{id}', path: `/api/staff/tickets/${id}`, pathParameters: { id }, body: { status }, headers }),
  );

describe('POST /api/support-tickets', () => {
  it('creates an open, normal-priority ticket with an activity entry; staff see it newest first', async () => {
    const before = await readDashboardCounts();
    const res = await post(form(), '192.0.2.1');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), status: 'open' });
    expect((await readDashboardCounts()).openTickets).toBe(before.openTickets + 1);
    const activity = await listRecentActivity(1);
    expect(activity[0]).toMatchObject({ action: 'ticket_created', description: expect.stringContaining('jordan@example.com') });
    expect(activity[0].description).toBe('New support ticket from jordan@example.com: Question about Wyoming');
    const second = await post(form({ subject: 'Second question' }), '192.0.2.1');
    const tickets = await list();
    expect(tickets.status).toBe(200);
    expect(tickets.body.items[0]).toMatchObject({ id: second.body.id, subject: 'Second question' });
    expect(tickets.body.items[1]).toEqual({
      id: res.body.id,
      subject: 'Question about Wyoming',
      status: 'open',
      customerEmail: 'jordan@example.com',
      customerName: 'Jordan Lee',
      message: 'Can I file in Wyoming if I live in Ohio?',
      priority: 'normal',
      createdAt: expect.any(String),
      lastCustomerAt: expect.any(String),
    });
  });

  it.each([
    ['missing name', { name: undefined }],
    ['blank subject', { subject: '   ' }],
    ['bad email', { email: 'not-an-email' }],
    ['missing message', { message: undefined }],
    ['over-long message', { message: 'x'.repeat(5001) }],
    ['unknown field', { priority: 'urgent' }],
  ])('rejects %s with 400', async (_, overrides) => {
    const res = await post(form(overrides), '192.0.2.2');
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });

  it('allows 5 per hour per IP, then 429 with Retry-After until the hour ends', async () => {
    // 100 s into a clock hour.
    vi.spyOn(Date, 'now').mockReturnValue((Math.floor(Date.now() / 3_600_000) + 1) * 3_600_000 + 100_000);
    const ip = '192.0.2.50';
    for (let i = 0; i < 5; i++) expect((await post(form({ subject: `Try ${i}` }), ip)).status).toBe(201);
    const sixth = await post(form(), ip);
    expect(sixth.status).toBe(429);
    expect(sixth.headers['retry-after']).toBe('3500');
    expect(sixth.body).toEqual({
      error: 'Too many messages from this network; please try again later',
      code: 'rate_limited',
      retryAfterSeconds: expect.any(Number),
    });
    expect((await post(form(), '192.0.2.51')).status).toBe(201);
  });

  it('invalid forms do not use up the hourly allowance (they count only towards the 10 requests a minute)', async () => {
    vi.spyOn(Date, 'now').mockReturnValue((Math.floor(Date.now() / 3_600_000) + 1) * 3_600_000 + 200_000);
    const ip = '192.0.2.52';
    for (let i = 0; i < 4; i++) expect((await post(form({ email: 'not-an-email' }), ip)).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await post(form({ subject: `Valid ${i}` }), ip)).status).toBe(201);
    const hourly = await post(form(), ip);
    expect(hourly.status).toBe(429);
    expect(hourly.body.error).toBe('Too many messages from this network; please try again later');
    // The minute's 10 requests are used up as well now.
    const minute = await post(form(), ip);
    expect(minute.status).toBe(429);
    expect(minute.body).toEqual({ error: 'Too many requests from this network: try again in 40 seconds', code: 'rate_limited', retryAfterSeconds: 40 });
  });

  it('stores a message of the maximum length in full', async () => {
    const message = `${'m'.repeat(4999)}!`;
    const res = await post(form({ subject: 'Long message', message }), '192.0.2.53');
    expect(res.status).toBe(201);
    const tickets = await list();
    expect(tickets.body.items.find((t: { id: string }) => t.id === res.body.id)?.message).toBe(message);
  });
});

describe('PATCH /api/staff/tickets/{id}', () => {
  it('closes and reopens a ticket, keeping the open-tickets count in step', async () => {
    const { body } = await post(form(), '192.0.2.60');
    const open = (await readDashboardCounts()).openTickets;
    const closed = await setStatus(body.id, 'closed');
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect((await readDashboardCounts()).openTickets).toBe(open - 1);
    expect((await listRecentActivity(1))[0]).toMatchObject({ action: 'ticket_closed', description: `Support ticket ${body.id.slice(0, 8)} closed` });
    const again = await setStatus(body.id, 'closed');
    expect(again.status).toBe(409);
    expect(again.body.currentStatus).toBe('closed');
    expect((await readDashboardCounts()).openTickets).toBe(open - 1);
    expect((await setStatus(body.id, 'open')).status).toBe(200);
    expect((await readDashboardCounts()).openTickets).toBe(open);
    expect((await listRecentActivity(1))[0].action).toBe('ticket_reopened');
  });

  it('validates the status and 404s an unknown ticket', async () => {
    const { body } = await post(form(), '192.0.2.61');
    expect((await setStatus(body.id, 'archived')).status).toBe(400);
    expect((await setStatus('no-such-ticket', 'closed')).status).toBe(404);
    expect((await setStatus('no-such-ticket', 'open')).status).toBe(404);
  });
});

describe('GET /api/staff/tickets', () => {
  it('pages 50 at a time, newest first, with a cursor that continues without repeats', async () => {
    // 55 older tickets (2020), so they follow every ticket created above.
    const old = Array.from({ length: 55 }, (_, i) => ({
      id: `old-ticket-${String(i).padStart(2, '0')}`,
      feed: 'TICKETS',
      subject: `Old ${i}`,
      status: 'closed',
      customerEmail: 'old@example.com',
      customerName: 'Old Customer',
      message: 'Old message',
      priority: 'normal',
      createdAt: `2020-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
    }));
    await batchPut('tickets', old);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list(cursor);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(50);
      if (page.body.nextCursor) expect(page.body.items).toHaveLength(50);
      seen.push(...page.body.items.map((t: { id: string }) => t.id));
      cursor = page.body.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    const olds = seen.filter((id) => id.startsWith('old-ticket-'));
    expect(olds).toEqual(old.map((t) => t.id).reverse());
    expect(seen.indexOf(olds[0])).toBe(seen.length - 55);
  });

  it('answers a tampered cursor with 400', async () => {
    const res = await list('not-a-cursor');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'The cursor is invalid; start again from the first page', code: 'invalid_cursor' });
  });
});
