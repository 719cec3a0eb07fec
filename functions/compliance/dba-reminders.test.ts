import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putApplication, readApplication, setApplicationFields } from '../../tests/fakes/applications.ts';
import { storedFilingDetails } from '../../tests/fakes/filing-details.ts';
import { recordDocuments } from '../data/applications/documents.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { unsubscribeReminders } from '../data/applications/order-page.ts';
import { markPaid, toPaymentApplication } from '../data/applications/payments.ts';
import { remindersOf } from '../data/reminders.ts';
import { deliverMessage } from '../email/deliver.ts';
import { resetEmailTransportForTests } from '../email/transport.ts';
import { getMessage } from '../outbox/outbox.ts';
import { sweepReminders } from './reminder-sweep.ts';

/**
 * The DBA's renewal reminders (docs/product.md "Reminders"), against DynamoDB Local: recording
 * the registration writes the reminder row, the daily sweep queues the emails at the state
 * deadlines' lead times (30, 14 and 3 days), and an unsubscribed order gets none.
 */
const PAID_AT = '2026-11-22T15:00:00.000Z';
const REGISTERED_AT = '2026-12-01T10:00:00.000Z';
/** Wyoming's trade name lasts ten years from registration. */
const EXPIRES = '2036-12-01';
const at = (iso: string) => new Date(iso).getTime();
const STAFF = { id: 'test-staff', email: 'staff@example.com', role: 'processor' as const };
const messageId = (id: string, dueOn: string, days: number) => `reminder:${id}:dba-renewal:${dueOn}:${days}`;

let mailDir: string;
beforeAll(() => {
  mailDir = mkdtempSync(join(tmpdir(), 'creator-llc-dba-reminders-'));
  // No SMTP port: the sender writes each message as <messageId>.eml, as the local mail catcher stores it.
  Object.assign(process.env, { EMAIL_TRANSPORT: 'smtp', EMAIL_FROM: 'CreatorLLC <orders@creator-llc.local>', MAIL_DIR: mailDir });
  delete process.env.SMTP_PORT;
  resetEmailTransportForTests();
});
afterAll(() => rmSync(mailDir, { recursive: true, force: true }));

/** A sent message as the customer reads it: quoted-printable soft breaks and folded headers undone. */
async function readEmail(id: string, now: number): Promise<string> {
  expect(await deliverMessage(id, now)).toBe('sent');
  return readFileSync(join(mailDir, `${id}.eml`), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=')
    .replace(/\r?\n[ \t]+/g, ' ');
}

/** The sent message's Subject as a mail client shows it: folded lines joined, encoded words (RFC 2047, Q) decoded. */
function subjectOf(id: string): string {
  const headers = readFileSync(join(mailDir, `${id}.eml`), 'utf8').replace(/\r?\n[ \t]+/g, ' ');
  const raw = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
  return raw
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_m, q: string) =>
      Buffer.from(
        q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .trim();
}

/** A filed Wyoming order that bought the DBA "SunnyBites", with its registration recorded by staff on REGISTERED_AT. */
async function registeredDba(): Promise<string> {
  const app = await putApplication({
    state: 'WY',
    residenceState: 'WY',
    status: 'submitted',
    email: `owner-${Math.random().toString(36).slice(2)}@example.com`,
    dbaRegistration: true,
    dbaName: 'SunnyBites',
  });
  await markPaid(toPaymentApplication(app as never), { provider: 'stripe', reference: `pi_${app.id.slice(0, 8)}`, amountCents: 37_400, currency: 'usd' });
  await setApplicationFields(app.id, { paidAt: PAID_AT, filedOn: PAID_AT.slice(0, 10), filingDetails: storedFilingDetails() });
  const paid = (await readApplication(app.id)) as ApplicationItem;
  expect((await remindersOf(app.id)).map((r) => r.series)).not.toContain('dba-renewal');
  const doc = {
    id: crypto.randomUUID(),
    kind: 'dba_registration' as const,
    title: 'DBA registration',
    key: `orders/${app.id}/dba.pdf`,
    fileName: 'dba-registration.pdf',
    origin: 'uploaded' as const,
    size: 1024,
    createdAt: REGISTERED_AT,
  };
  await recordDocuments(paid, [doc], { activity: { action: 'document_uploaded', text: 'DBA registration uploaded' }, actor: STAFF });
  return app.id;
}

describe('DBA renewal reminders', () => {
  it('start when staff record the registration, and go 30, 14 and 3 days before it runs out, with the unsubscribe link', async () => {
    const id = await registeredDba();
    const row = (await remindersOf(id)).find((r) => r.series === 'dba-renewal');
    expect(row).toMatchObject({ queue: 'DUE', dueOn: EXPIRES, daysBefore: 30, sendOn: '2036-11-01' });

    // The day before: nothing yet.
    await sweepReminders(at('2036-10-31T14:00:00Z'));
    expect(await getMessage(messageId(id, EXPIRES, 30))).toBeUndefined();

    const first = at('2036-11-01T14:00:00Z');
    await sweepReminders(first);
    const email = await readEmail(messageId(id, EXPIRES, 30), first);
    expect(subjectOf(messageId(id, EXPIRES, 30))).toBe('Due December 1, 2036: Renew the Wyoming trade name "SunnyBites" for Ava Creates LLC');
    expect(email).toContain('RENEW THE WYOMING TRADE NAME "SUNNYBITES": DUE IN 30 DAYS');
    expect(email).toContain('December 1, 2036');
    expect(email).toContain('Registered on December 1, 2026');
    expect(email).toContain('a $50 renewal application');
    expect(email).toMatch(/^List-Unsubscribe: <[^>]+\/api\/reminders\/unsubscribe\?token=/m);
    expect(email).toContain('Unsubscribe from deadline reminders');

    await sweepReminders(at('2036-11-17T14:00:00Z'));
    expect(await getMessage(messageId(id, EXPIRES, 14))).toBeDefined();
    await sweepReminders(at('2036-11-28T14:00:00Z'));
    expect(await getMessage(messageId(id, EXPIRES, 3))).toBeDefined();
    // Three reminders, then the row is done.
    expect((await remindersOf(id)).find((r) => r.series === 'dba-renewal')).toBeUndefined();
  });

  it('are not sent once the customer unsubscribed from deadline reminders', async () => {
    const id = await registeredDba();
    expect(await unsubscribeReminders(id)).toBe(true);
    await sweepReminders(at('2036-11-01T14:00:00Z'));
    expect(await getMessage(messageId(id, EXPIRES, 30))).toBeUndefined();
    expect((await remindersOf(id)).find((r) => r.series === 'dba-renewal')).toBeUndefined();
  });

  it('are not planned when the registration is recorded after the customer unsubscribed', async () => {
    const app = await putApplication({ state: 'WY', residenceState: 'WY', status: 'submitted', dbaRegistration: true, dbaName: 'SunnyBites' });
    await markPaid(toPaymentApplication(app as never), { provider: 'stripe', reference: `pi_${app.id.slice(0, 8)}`, amountCents: 37_400, currency: 'usd' });
    expect(await unsubscribeReminders(app.id)).toBe(true);
    const paid = (await readApplication(app.id)) as ApplicationItem;
    const doc = {
      id: crypto.randomUUID(),
      kind: 'dba_registration' as const,
      title: 'DBA registration',
      key: 'k',
      fileName: 'd.pdf',
      origin: 'uploaded' as const,
      size: 1,
      createdAt: REGISTERED_AT,
    };
    await recordDocuments(paid, [doc], { activity: { action: 'document_uploaded', text: 'DBA registration uploaded' } });
    expect((await remindersOf(app.id)).map((r) => r.series)).not.toContain('dba-renewal');
  });
});
