import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { MailDev } from 'maildev';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local/services.ts';
import { putApplication } from '../../tests/fakes/applications.ts';
import { handler as streamHandler } from '../jobs/outbox-stream.ts';
import { handler as sweepHandler } from '../jobs/outbox-sweep.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { PutCommand, UpdateCommand } from '../lib/clients/dynamodb-sdk.ts';
import type { NewEmail } from '../outbox/messages.ts';
import { claimMessage, enqueueEmail, getMessage, listParkedMessages, MAX_ATTEMPTS, outboxPut, suppressAddress } from '../outbox/outbox.ts';
import { deliverMessage } from './deliver.ts';
import { messageIdHeader, resetEmailTransportForTests } from './transport.ts';

let maildev: MailDev;
let webPort: number;
let smtpPort: number;
let mailDir: string;

async function caught(): Promise<{ subject: string; to: { address: string }[]; text: string; html: string }[]> {
  const res = await fetch(`http://127.0.0.1:${webPort}/api/email`);
  return (await res.json()) as never;
}

beforeAll(async () => {
  [smtpPort, webPort] = [await freePort(), await freePort()];
  mailDir = mkdtempSync(join(tmpdir(), 'creator-llc-mail-'));
  maildev = new MailDev({ smtp: smtpPort, web: webPort, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true, log: { level: 'silent' } } as never);
  await maildev.start();
  Object.assign(process.env, {
    EMAIL_TRANSPORT: 'smtp',
    EMAIL_FROM: 'CreatorLLC <orders@creator-llc.local>',
    SMTP_PORT: String(smtpPort),
    MAIL_DIR: mailDir,
    LINK_SIGNING_KEY: 'test-link-signing-key-0123456789abcdef',
  });
  resetEmailTransportForTests();
});

afterAll(async () => {
  await maildev.stop();
  rmSync(mailDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await fetch(`http://127.0.0.1:${webPort}/api/email/all`, { method: 'DELETE' });
});

let n = 0;
const receipt = (over: Partial<Extract<NewEmail, { kind: 'payment_received' }>> = {}): NewEmail => ({
  kind: 'payment_received',
  to: `ada${++n}@example.com`,
  applicationId: '6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10',
  dedupeKey: `test-${n}-${Date.now()}`,
  payload: {
    firstName: 'Ada',
    businessName: 'Byte Works LLC',
    stateName: 'Wyoming',
    lines: [
      { label: 'Wyoming state filing fee', amount: 100 },
      { label: 'Service fee', amount: 150 },
    ],
    total: 250,
    paidAt: '2026-11-22T10:00:00.000Z',
    provider: 'card',
    processingTime: '3-5 business days',
  },
  ...over,
});

const insertRecord = (messageId: string, seq: string) => ({
  eventName: 'INSERT' as const,
  dynamodb: { Keys: { messageId: { S: messageId } }, SequenceNumber: seq },
});

describe('the outbox sender', () => {
  it('sends a message once, over SMTP and as an .eml file', async () => {
    const email = receipt();
    // The order link is signed only for the address the order has (docs/decisions/0409).
    await putApplication({ id: email.applicationId, email: email.to, status: 'submitted', paymentStatus: 'paid' });
    await enqueueEmail(email);
    expect(await deliverMessage(email.dedupeKey!)).toBe('sent');
    const mails = await caught();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Receipt for Byte Works LLC: payment received');
    expect(mails[0].to[0].address).toBe(email.to);
    expect(mails[0].text).toContain('Total paid');
    expect(mails[0].text).toContain('$250');
    // The order-page link, signed when the message is sent (the token rides in the fragment).
    expect(mails[0].html).toMatch(/\/orders\/6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10#access=\d+\.[\w-]{43}/);
    expect(mails[0].text).toContain('/orders/6f1c1b1e-8a4b-4c55-9d5e-2b7f5a3c9e10#access=');
    expect(readFileSync(join(mailDir, `${email.dedupeKey}.eml`), 'utf8')).toContain('Subject: Receipt for Byte Works LLC');
    expect((await getMessage(email.dedupeKey!))?.status).toBe('sent');
    expect(await deliverMessage(email.dedupeKey!)).toBe('skipped');
    expect(await caught()).toHaveLength(1);
  });

  it('duplicate stream records of one message send it at most once', async () => {
    const email = receipt();
    await enqueueEmail(email);
    const id = email.dedupeKey!;
    const event = { Records: [insertRecord(id, '1'), insertRecord(id, '2')] } as unknown as DynamoDBStreamEvent;
    // The same batch twice, concurrently: as a retried stream batch would arrive.
    const results = await Promise.all([streamHandler(event), streamHandler(event), deliverMessage(id)]);
    expect(results[0].batchItemFailures).toEqual([]);
    expect((await caught()).filter((m) => m.to[0].address === email.to)).toHaveLength(1);
  });

  it('the same change queued twice (same dedupe key) is one message', async () => {
    const email = receipt();
    expect(await enqueueEmail(email)).toBe(true);
    expect(await enqueueEmail(email)).toBe(false);
  });

  it('never mails a suppressed address', async () => {
    const email = receipt();
    await suppressAddress(email.to.toUpperCase(), 'bounce');
    await enqueueEmail(email);
    expect(await deliverMessage(email.dedupeKey!)).toBe('suppressed');
    expect(await caught()).toHaveLength(0);
    expect((await getMessage(email.dedupeKey!))?.status).toBe('suppressed');
  });

  it('a message claimed by a sender that died is sent by the sweep once its lease ran out', async () => {
    const email = receipt();
    const now = Date.now();
    await enqueueEmail(email, now);
    // A sender claims it and is killed before sending.
    expect(await claimMessage(email.dedupeKey!, now)).toBeDefined();
    expect(await deliverMessage(email.dedupeKey!, now + 1000)).toBe('skipped');
    expect(await caught()).toHaveLength(0);
    const { deliverDueMessages } = await import('./deliver.ts');
    const counts = await deliverDueMessages(now + 3 * 60_000);
    expect(counts.sent).toBeGreaterThanOrEqual(1);
    expect((await caught()).filter((m) => m.to[0].address === email.to)).toHaveLength(1);
    await sweepHandler();
  });

  it('a message sent again after a crash before it was marked sent keeps its Message-ID, so mail clients show one', async () => {
    const email = receipt({ dedupeKey: `paid:${randomUUID()}` });
    const now = Date.now();
    await enqueueEmail(email, now);
    expect(await deliverMessage(email.dedupeKey!, now)).toBe('sent');
    const firstEml = readFileSync(join(mailDir, `${email.dedupeKey}.eml`), 'utf8');
    // The sender died after SMTP accepted the message and before markSent: its claim is all that is left.
    await ddb().send(
      new UpdateCommand({
        TableName: tableName('outbox'),
        Key: { messageId: email.dedupeKey },
        UpdateExpression: 'SET #status = :sending, leaseUntil = :lease, #queue = :due, dueAt = :due_at REMOVE sentAt',
        ExpressionAttributeNames: { '#status': 'status', '#queue': 'queue' },
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':lease': new Date(now + 1000).toISOString(),
          ':due': 'DUE',
          ':due_at': new Date(now).toISOString(),
        },
      }),
    );
    // The sweep after the lease sends it again.
    expect(await deliverMessage(email.dedupeKey!, now + 3 * 60_000)).toBe('sent');
    const copies = (await caught()).filter((m) => m.to[0].address === email.to) as unknown as { messageId: string; headers: Record<string, string> }[];
    expect(copies).toHaveLength(2);
    const expected = messageIdHeader(email.dedupeKey!, process.env.EMAIL_FROM as string);
    expect(expected).toBe(`<paid=3A${email.dedupeKey!.slice(5)}@creator-llc.local>`);
    expect(copies.map((c) => c.headers['message-id'])).toEqual([expected, expected]);
    const secondEml = readFileSync(join(mailDir, `${email.dedupeKey}.eml`), 'utf8');
    for (const eml of [firstEml, secondEml]) expect(eml).toContain(`Message-ID: ${expected}`);
  });

  it('retries with backoff while the mail server is down, then parks the message for staff', async () => {
    process.env.SMTP_PORT = String(await freePort()); // nothing listens there
    resetEmailTransportForTests();
    try {
      const email = receipt();
      const id = email.dedupeKey!;
      let now = Date.now();
      await enqueueEmail(email, now);
      expect(await deliverMessage(id, now)).toBe('retry');
      const first = await getMessage(id);
      expect(first?.status).toBe('retry');
      expect(Date.parse(first!.dueAt!)).toBeGreaterThan(now);
      // Not due yet: nothing happens.
      expect(await deliverMessage(id, now + 1000)).toBe('skipped');
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        now = Date.parse((await getMessage(id))!.dueAt!) + 1;
        expect(await deliverMessage(id, now)).toBe(attempt === MAX_ATTEMPTS ? 'parked' : 'retry');
      }
      expect((await listParkedMessages()).map((m) => m.messageId)).toContain(id);
    } finally {
      process.env.SMTP_PORT = String(smtpPort);
      resetEmailTransportForTests();
    }
  });

  it('the details reminder waits a day, then goes once, only while the paid order still lacks its details', async () => {
    const now = Date.now();
    const waiting = await putApplication({ paymentStatus: 'paid', status: 'submitted', detailsCompletedAt: undefined, email: `late${++n}@example.com` });
    const done = await putApplication({ paymentStatus: 'paid', status: 'submitted', email: `done${++n}@example.com` });
    for (const app of [waiting, done]) {
      const put = outboxPut(
        {
          kind: 'details_reminder',
          to: app.email as string,
          applicationId: app.id,
          dedupeKey: `details-reminder:${app.id}`,
          payload: { firstName: 'Ada', businessName: 'Byte Works LLC' },
        },
        now,
        { sendAt: now + 24 * 3600_000 },
      ).Put!;
      await ddb().send(new PutCommand({ TableName: put.TableName, Item: put.Item }));
    }
    // The stream hands it to the sender at once: not due yet, nothing is sent.
    expect(await deliverMessage(`details-reminder:${waiting.id}`, now)).toBe('skipped');
    const { deliverDueMessages } = await import('./deliver.ts');
    await deliverDueMessages(now + 23 * 3600_000);
    expect(await caught()).toHaveLength(0);
    // A day later the sweep sends the one still waiting, and drops the other.
    await deliverDueMessages(now + 24 * 3600_000 + 1000);
    await deliverDueMessages(now + 25 * 3600_000);
    const mails = await caught();
    expect(mails.map((m) => m.to[0].address)).toEqual([waiting.email]);
    expect(mails[0].subject).toBe('We need your filing details for Byte Works LLC');
    expect((await getMessage(`details-reminder:${done.id}`))?.status).toBe('dropped');
  });

  it('writes no .eml and sends nothing for a message that was never queued', async () => {
    expect(await deliverMessage('not-a-queued-message')).toBe('skipped');
    expect(existsSync(join(mailDir, 'not-a-queued-message.eml'))).toBe(false);
    expect(readdirSync(mailDir).every((f) => f.endsWith('.eml'))).toBe(true);
  });
});
