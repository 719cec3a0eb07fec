import type { S3Event, SESEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putApplication } from '../../tests/fakes/applications.ts';
import { staffHeaders } from '../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../tests/helpers/events.ts';
import { readTicket } from '../data/tickets.ts';
import { renderEmail } from '../email/render.ts';
import { replyAddressFor, ticketOfReplyAddress } from '../email/reply-address.ts';
import { handler as changeRequest } from '../handlers/orders/change-request.ts';
import { handler as updateTicket } from '../handlers/staff-support/update-ticket.ts';
import { documentsBucket, s3 } from '../lib/clients/s3.ts';
import { PutObjectCommand } from '../lib/clients/s3-sdk.ts';
import { handler } from './inbound-email.ts';

/**
 * Replies by email come back into the ticket (docs/decisions/0377), against DynamoDB Local and
 * the local S3 store: a reply to a conversation email's reply address, stored as SES receiving
 * stores it, is added to the thread once, with its quoted part cut off; a forged address, an
 * auto-reply or the same message twice adds nothing.
 */
const DOMAIN = 'reply.creator-llc.test';
const before = process.env.INBOUND_EMAIL_DOMAIN;
let ip = 0;
let headers: Record<string, string>;

beforeAll(async () => {
  process.env.INBOUND_EMAIL_DOMAIN = DOMAIN;
  headers = await staffHeaders({ role: 'support' });
});
afterAll(() => {
  if (before === undefined) delete process.env.INBOUND_EMAIL_DOMAIN;
  else process.env.INBOUND_EMAIL_DOMAIN = before;
});

async function conversation(email: string): Promise<string> {
  const order = await putApplication({ status: 'submitted', paymentStatus: 'paid', listPartition: 'ALL', email, firstName: 'Lena', lastName: 'Park' });
  const res = await invoke(
    changeRequest,
    apiEvent({
      method: 'POST',
      route: '/api/orders/{id}/change-requests',
      path: `/api/orders/${order.id}/change-requests`,
      pathParameters: { id: order.id },
      body: { message: 'Can you add my middle name?' },
      sourceIp: `198.18.0.${++ip}`,
    }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return `order-${order.id}`;
}

const rawEmail = (o: { from: string; to: string; body: string; messageId: string; extra?: string }) =>
  [
    `From: Lena Park <${o.from}>`,
    `To: ${o.to}`,
    'Subject: Re: Change request',
    `Message-ID: ${o.messageId}`,
    ...(o.extra ? [o.extra] : []),
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    o.body,
    '--b1',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>html part</p>',
    '--b1--',
    '',
  ].join('\r\n');

/** Stores the message as SES receiving does and hands the job the bucket's notification. */
async function receive(raw: string): Promise<void> {
  const key = `inbound-mail/${Math.random().toString(36).slice(2)}`;
  await s3().send(new PutObjectCommand({ Bucket: documentsBucket(), Key: key, Body: raw }));
  const event = { Records: [{ s3: { bucket: { name: documentsBucket() }, object: { key, size: raw.length } } }] } as unknown as S3Event;
  await handler(event);
}

const customerEntries = async (ticketId: string) => ((await readTicket(ticketId))?.replies ?? []).filter((r) => r.author === 'customer');

describe('replies by email', () => {
  it('a reply address names its ticket, signed; a changed token names none', async () => {
    const address = (await replyAddressFor('order-6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10')) as string;
    expect(address).toMatch(/^reply\+o6f1c1b1e8a4b4c559d5e2b7f5a3c9e10\.[0-9a-f]{16}@reply\.creator-llc\.test$/);
    expect(address.length - DOMAIN.length - 1).toBeLessThanOrEqual(64);
    expect(await ticketOfReplyAddress(address.toUpperCase())).toBe('order-6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10');
    const forged = address.replace(/\.([0-9a-f])/, (_, c: string) => `.${c === '0' ? '1' : '0'}`);
    expect(await ticketOfReplyAddress(forged)).toBeUndefined();
    expect(await ticketOfReplyAddress(address.replace(DOMAIN, 'elsewhere.example'))).toBeUndefined();
    expect(await replyAddressFor('order-6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10', {})).toBeUndefined();
  });

  it('the conversation emails carry the reply address and say to reply', async () => {
    const replyTo = 'reply+o6f1c1b1e8a4b4c559d5e2b7f5a3c9e10.0123456789abcdef@reply.creator-llc.test';
    const payload = { subject: 'Change request', reply: 'Done.', staffName: 'The team', reference: '6f1c1b1e' };
    const out = await renderEmail({ kind: 'ticket_reply', payload } as never, 'https://creatorllc.example/orders/x', undefined, undefined, {}, replyTo);
    expect(out.text).toContain('To answer, reply to this email');
    expect(out.text).not.toContain('not read');
  });

  it('adds the new words of a reply to the thread, once, and reopens a closed ticket', async () => {
    const ticketId = await conversation('lena.reply@example.com');
    const closed = await invoke(
      updateTicket,
      apiEvent({
        method: 'PATCH',
        route: '/api/staff/tickets/{id}',
        path: `/api/staff/tickets/${ticketId}`,
        pathParameters: { id: ticketId },
        body: { status: 'closed' },
        headers,
      }),
    );
    expect(closed.status).toBe(200);
    const to = (await replyAddressFor(ticketId)) as string;
    const body = [
      'Yes: Lena Mar=C3=ADa Park, please.',
      '',
      'On Tue, Nov 24, 2026 at 10:00 AM CreatorLLC <orders@creator-llc.local>',
      'wrote:',
      '> Can you add my middle name?',
    ].join('\r\n');
    const raw = rawEmail({ from: 'lena.reply@example.com', to, body, messageId: '<m1@mail.example.com>' });
    await receive(raw);
    const entries = await customerEntries(ticketId);
    expect(entries.map((e) => e.message)).toEqual(['Yes: Lena María Park, please.']);
    expect(entries[0].from).toBe('Lena Park');
    expect((await readTicket(ticketId))?.status).toBe('open');
    // Delivered twice (a retried notification): added once.
    await receive(raw);
    expect(await customerEntries(ticketId)).toHaveLength(1);
  });

  it('adds nothing for a forged address, an auto-reply or an address of another domain', async () => {
    const ticketId = await conversation('lena.forged@example.com');
    const to = (await replyAddressFor(ticketId)) as string;
    const forged = to.replace(/\.[0-9a-f]{16}@/, '.0000000000000000@');
    await receive(rawEmail({ from: 'lena.forged@example.com', to: forged, body: 'Forged', messageId: '<f1@x>' }));
    await receive(rawEmail({ from: 'lena.forged@example.com', to, body: 'I am out of office', messageId: '<f2@x>', extra: 'Auto-Submitted: auto-replied' }));
    await receive(rawEmail({ from: 'lena.forged@example.com', to: to.replace(DOMAIN, 'other.example'), body: 'Elsewhere', messageId: '<f3@x>' }));
    expect(await customerEntries(ticketId)).toEqual([]);
    // A sender other than the ticket's customer is shown as such.
    await receive(rawEmail({ from: 'assistant@example.com', to, body: 'Writing for Lena: yes.', messageId: '<f4@x>' }));
    const entries = await customerEntries(ticketId);
    expect(entries.map((e) => [e.message, e.from])).toEqual([['Writing for Lena: yes.', 'assistant@example.com (by email)']]);
  });

  it('on AWS: the receipt rule stores the message, then invokes the job with the SES event; spam is skipped', async () => {
    const ticketId = await conversation('lena.ses@example.com');
    const to = (await replyAddressFor(ticketId)) as string;
    process.env.INBOUND_MAIL_BUCKET = documentsBucket();
    const sesEvent = (messageId: string, spam: 'PASS' | 'FAIL') =>
      ({
        Records: [{ eventSource: 'aws:ses', ses: { mail: { messageId }, receipt: { spamVerdict: { status: spam }, virusVerdict: { status: 'PASS' } } } }],
      }) as unknown as SESEvent;
    try {
      for (const [messageId, body] of [
        ['ses-msg-1', 'Through SES: yes.'],
        ['ses-msg-2', 'Buy cheap watches'],
      ] as const)
        await s3().send(
          new PutObjectCommand({
            Bucket: documentsBucket(),
            Key: `inbound-mail/${messageId}`,
            Body: rawEmail({ from: 'lena.ses@example.com', to, body, messageId: `<${messageId}@x>` }),
          }),
        );
      await handler(sesEvent('ses-msg-1', 'PASS'));
      await handler(sesEvent('ses-msg-2', 'FAIL'));
    } finally {
      delete process.env.INBOUND_MAIL_BUCKET;
    }
    expect((await customerEntries(ticketId)).map((e) => e.message)).toEqual(['Through SES: yes.']);
  });
});
