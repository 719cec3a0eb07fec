import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SNSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putApplication, readApplication } from '../../../tests/fakes/applications.ts';
import { signedInPerson, staffHeaders } from '../../../tests/fakes/staff.ts';
import { apiEvent, invoke } from '../../../tests/helpers/events.ts';
import { searchApplications } from '../../data/applications/search.ts';
import { listAudit } from '../../data/audit.ts';
import { deliverMessage } from '../../email/deliver.ts';
import { resetEmailTransportForTests, SES_BOUNCE_SIMULATOR } from '../../email/transport.ts';
import { handler as emailFeedback } from '../../jobs/email-feedback.ts';
import { handler as outboxStream } from '../../jobs/outbox-stream.ts';
import { enqueueEmail, getMessage, isSuppressed, suppressAddress } from '../../outbox/outbox.ts';
import { handler as correctEmail } from '../staff-support/correct-email.ts';
import { handler as decideChange } from '../staff-support/email-change.ts';
import { handler as retry } from '../staff-support/email-retry.ts';
import { handler as orderEmails } from '../staff-support/order-emails.ts';
import { handler as resendLink } from '../staff-support/resend-order-link.ts';
import { handler as undelivered } from '../staff-support/undelivered-emails.ts';

/**
 * Email delivery made visible (docs/product.md section 2): an order's email history, the list of
 * messages that did not reach their customer with a retry and a reason, and the contact fixes.
 */
let headers: Record<string, string>;
let mailDir: string;
const saved = { ...process.env };
beforeAll(async () => {
  headers = await staffHeaders();
  mailDir = mkdtempSync(join(tmpdir(), 'delivery-mail-'));
  // The local transport: files only (no SMTP server), so a send succeeds unless it is refused.
  Object.assign(process.env, { EMAIL_TRANSPORT: 'smtp', EMAIL_FROM: 'CreatorLLC <orders@creator-llc.local>', MAIL_DIR: mailDir });
  delete process.env.SMTP_PORT;
  resetEmailTransportForTests();
});
afterAll(() => {
  process.env = saved;
  resetEmailTransportForTests();
  rmSync(mailDir, { recursive: true, force: true });
});

const paidOrder = (email: string) =>
  putApplication({ status: 'submitted', paymentStatus: 'paid', paidAt: '2026-11-20T10:00:00.000Z', listPartition: 'ALL', email, firstName: 'Ava' });

const receipt = (id: string, to: string) =>
  enqueueEmail({
    kind: 'order_link',
    to,
    applicationId: id,
    dedupeKey: `order-link:${id}:test`,
    payload: { firstName: 'Ava', businessName: 'Ava Creates LLC' },
  });

const staffGet = (handler: typeof orderEmails, route: string, id?: string) =>
  invoke(handler, apiEvent({ method: 'GET', route, path: id ? route.replace('{id}', id) : route, pathParameters: id ? { id } : undefined, headers }));

const staffPost = (handler: typeof retry, route: string, body: unknown, id?: string) =>
  invoke(handler, apiEvent({ method: 'POST', route, path: id ? route.replace('{id}', id) : route, pathParameters: id ? { id } : undefined, body, headers }));

describe('email delivery', () => {
  it('a parked email shows in the delivery list and the order history, and is retried to the corrected address', async () => {
    const app = await paidOrder(SES_BOUNCE_SIMULATOR);
    await receipt(app.id, SES_BOUNCE_SIMULATOR);
    const messageId = `order-link:${app.id}:test`;
    // The address is refused for good: parked at once.
    expect(await deliverMessage(messageId)).toBe('parked');

    const list = await staffGet(undelivered, '/api/staff/emails');
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(
      expect.objectContaining({ messageId, status: 'parked', to: SES_BOUNCE_SIMULATOR, lastError: expect.stringContaining('550'), applicationId: app.id }),
    );
    const history = await staffGet(orderEmails, '/api/staff/applications/{id}/emails', app.id);
    expect(history.status).toBe(200);
    expect(history.body.items.map((m: { messageId: string; status: string }) => [m.messageId, m.status])).toEqual([[messageId, 'parked']]);

    // Staff ask for the correction and a second person approves it (docs/decisions/0409): audited, the old address told, the new one sent the link.
    const asked = await staffPost(
      correctEmail,
      '/api/staff/applications/{id}/email',
      { email: 'ava.real@example.com', reason: 'Customer called: typo in the address' },
      app.id,
    );
    expect(asked.status).toBe(200);
    const second = await signedInPerson({ role: 'processor' });
    const corrected = await invoke(
      decideChange,
      apiEvent({
        method: 'POST',
        route: '/api/staff/applications/{id}/email-change',
        path: `/api/staff/applications/${app.id}/email-change`,
        pathParameters: { id: app.id },
        body: { decision: 'approve', reason: 'Called the customer back' },
        headers: second.headers,
      }),
    );
    expect(corrected.status).toBe(200);
    expect(corrected.body.email).toBe('ava.real@example.com');
    expect((await readApplication(app.id))?.emailKey).toBe('ava.real@example.com');
    // Staff search finds the order by the new address, no longer by the old one.
    const found = async (term: string) => (await searchApplications(term, {})).items.map((a) => a.id);
    expect(await found('ava.real@example.com')).toContain(app.id);
    expect(await found(SES_BOUNCE_SIMULATOR)).not.toContain(app.id);
    const notices = (await staffGet(orderEmails, '/api/staff/applications/{id}/emails', app.id)).body.items as { kind: string; to: string }[];
    expect(notices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'email_change_requested', to: SES_BOUNCE_SIMULATOR }),
        expect.objectContaining({ kind: 'email_changed', to: SES_BOUNCE_SIMULATOR }),
        expect.objectContaining({ kind: 'email_changed', to: 'ava.real@example.com' }),
      ]),
    );
    const audit = await listAudit({ applicationId: app.id });
    expect(audit.items.find((e) => e.action === 'customer_email_corrected')).toMatchObject({
      before: { email: SES_BOUNCE_SIMULATOR },
      after: { email: 'ava.real@example.com', reason: 'Customer called: typo in the address' },
    });

    // Retry from the list: a reason is required; the message goes to the address as it is now.
    expect((await staffPost(retry, '/api/staff/emails/retries', { messageId, reason: '' })).status).toBe(400);
    const retried = await staffPost(retry, '/api/staff/emails/retries', { messageId, reason: 'Address corrected' });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ messageId, status: 'pending', to: 'ava.real@example.com', attempts: 0 });
    // The outbox stream's sender delivers a retried message at once (its MODIFY record, status pending).
    const stored = await getMessage(messageId);
    await outboxStream({
      Records: [{ eventName: 'MODIFY', dynamodb: { Keys: { messageId: { S: messageId } }, NewImage: { status: { S: stored?.status ?? '' } } } }],
    } as never);
    expect(await getMessage(messageId)).toMatchObject({ status: 'sent', to: 'ava.real@example.com' });
    expect(((await staffGet(undelivered, '/api/staff/emails')).body.items as { messageId: string }[]).map((m) => m.messageId)).not.toContain(messageId);
    expect((await listAudit({ applicationId: app.id })).items.find((e) => e.action === 'email_retried')).toMatchObject({
      after: { to: 'ava.real@example.com', reason: 'Address corrected' },
    });
    // A sent message is not retried again.
    expect((await staffPost(retry, '/api/staff/emails/retries', { messageId, reason: 'Again please' })).status).toBe(409);
  });

  it('a suppressed message is listed with why; its retry lifts the suppression', async () => {
    const address = `suppressed-${Date.now()}@example.com`;
    const app = await paidOrder(address);
    await suppressAddress(address, 'bounce');
    await receipt(app.id, address);
    const messageId = `order-link:${app.id}:test`;
    expect(await deliverMessage(messageId)).toBe('suppressed');
    const listed = ((await staffGet(undelivered, '/api/staff/emails')).body.items as { messageId: string; status: string; lastError?: string }[]).find(
      (m) => m.messageId === messageId,
    );
    expect(listed).toMatchObject({ status: 'suppressed', lastError: expect.stringContaining('bounced or complained') });
    const retried = await staffPost(retry, '/api/staff/emails/retries', { messageId, reason: 'Customer emptied the mailbox' });
    expect(retried.status).toBe(200);
    expect(await isSuppressed(address)).toBe(false);
    expect(await deliverMessage(messageId)).toBe('sent');
  });

  it('a permanent bounce reported by SES marks its message bounced and lists it', async () => {
    const address = `bounced-${Date.now()}@example.com`;
    const app = await paidOrder(address);
    await receipt(app.id, address);
    const messageId = `order-link:${app.id}:test`;
    expect(await deliverMessage(messageId)).toBe('sent');
    const note = {
      eventType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'NoEmail',
        bouncedRecipients: [{ emailAddress: address, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
      },
      mail: { tags: { outboxId: [Buffer.from(messageId).toString('hex')] } },
    };
    await emailFeedback({ Records: [{ Sns: { Message: JSON.stringify(note), MessageId: 'sns-1' } }] } as unknown as SNSEvent);
    expect(await getMessage(messageId)).toMatchObject({ status: 'bounced', lastError: 'Bounced: smtp; 550 5.1.1 user unknown' });
    expect(await isSuppressed(address)).toBe(true);
    const history = await staffGet(orderEmails, '/api/staff/applications/{id}/emails', app.id);
    expect(history.body.items[0]).toMatchObject({ messageId, status: 'bounced' });
  });

  it('resends the order link to the address on file, audited', async () => {
    const app = await paidOrder('ava.resend@example.com');
    const res = await staffPost(resendLink, '/api/staff/applications/{id}/order-link', {}, app.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sent: true, to: 'ava.resend@example.com' });
    expect(await getMessage(res.body.messageId)).toMatchObject({ kind: 'order_link', to: 'ava.resend@example.com', applicationId: app.id });
    expect((await listAudit({ applicationId: app.id })).items.map((e) => e.action)).toContain('order_link_resent');
  });

  it('resends an unpaid draft a link that continues it in the wizard', async () => {
    const draft = await putApplication({ email: 'ava.draft@example.com' });
    const res = await staffPost(resendLink, '/api/staff/applications/{id}/order-link', {}, draft.id);
    expect(res.status).toBe(200);
    expect(await getMessage(res.body.messageId)).toMatchObject({ kind: 'continue_link', payload: { at: 'wizard' } });
  });

  it('refuses a correction to the same address or a malformed one', async () => {
    const app = await paidOrder('same@example.com');
    expect((await staffPost(correctEmail, '/api/staff/applications/{id}/email', { email: 'Same@Example.com', reason: 'typo' }, app.id)).status).toBe(409);
    expect((await staffPost(correctEmail, '/api/staff/applications/{id}/email', { email: 'not-an-address', reason: 'typo' }, app.id)).status).toBe(400);
  });
});
