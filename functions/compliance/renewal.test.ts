import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import { putApplication, readApplication, setApplicationFields } from '../../tests/fakes/applications.ts';
import { storedFilingDetails } from '../../tests/fakes/filing-details.ts';
import { markPaid, toPaymentApplication } from '../data/applications/payments.ts';
import { reminderPuts } from '../data/reminders.ts';
import { deliverMessage } from '../email/deliver.ts';
import { getMessage } from '../email/outbox.ts';
import { resetEmailTransportForTests } from '../email/transport.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { PutCommand, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { type CalendarOrder, renewalView } from './order-calendar.ts';
import { sweepReminders } from './reminder-sweep.ts';
import { renewalPriceAgreed } from './renewal.ts';

/**
 * The registered agent renewal the customer agreed to, end to end against DynamoDB Local: the
 * price recorded with the consent is the one every notice quotes, whatever the operator's price
 * is today.
 */
const PAID_AT = '2026-11-22T15:00:00.000Z';
const at = (iso: string) => new Date(iso).getTime();

let mailDir: string;
beforeAll(() => {
  mailDir = mkdtempSync(join(tmpdir(), 'creator-llc-renewal-'));
  // No SMTP port: the sender writes each message as <messageId>.eml, as beside the local mail catcher.
  Object.assign(process.env, { EMAIL_TRANSPORT: 'smtp', EMAIL_FROM: 'CreatorLLC <orders@creator-llc.local>', MAIL_DIR: mailDir });
  delete process.env.SMTP_PORT;
  resetEmailTransportForTests();
});
afterAll(() => rmSync(mailDir, { recursive: true, force: true }));

/** The operator's renewal price today (the staff settings page's field). */
async function setOperatorRenewalPrice(usd: number | null): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tableName('operatorSettings'),
      Item: { id: 'OPERATOR', ...EMPTY_OPERATOR_SETTINGS, registeredAgentRenewalUsd: usd, version: 1 },
    }),
  );
}

/** A sent message as the customer reads it: the .eml with quoted-printable soft breaks undone. */
async function readEmail(messageId: string, now: number): Promise<string> {
  expect(await deliverMessage(messageId, now)).toBe('sent');
  return readFileSync(join(mailDir, `${messageId}.eml`), 'utf8').replace(/=\r?\n/g, '');
}

/** A Wyoming order paid on PAID_AT's day and filed that day, whose customer agreed to the renewal at `priceUsd`. */
async function consentingOrder(priceUsd = 125): Promise<string> {
  const app = await putApplication({
    state: 'WY',
    residenceState: 'WY',
    status: 'submitted',
    email: `owner-${Math.random().toString(36).slice(2)}@example.com`,
  });
  const details = storedFilingDetails({ registeredAgent: { kind: 'ours', renewalConsent: true, renewalPriceUsd: priceUsd } as never });
  await setApplicationFields(app.id, { filingDetails: details, filedOn: PAID_AT.slice(0, 10) });
  await markPaid(toPaymentApplication((await readApplication(app.id)) as never), {
    provider: 'stripe',
    reference: `pi_${app.id.slice(0, 8)}`,
    amountCents: 25_000,
    currency: 'usd',
  });
  // Recorded "now"; dated on PAID_AT (and its reminder rows with it) so the calendar is fixed.
  await setApplicationFields(app.id, { paidAt: PAID_AT });
  const paid = (await readApplication(app.id)) as CalendarOrder;
  await ddb().send(new TransactWriteCommand({ TransactItems: reminderPuts(paid, at(PAID_AT)) }));
  return app.id;
}

describe('the agreed renewal price', () => {
  it('is what the 30- and 7-day notices and the order page quote after the operator raises the price', async () => {
    const id = await consentingOrder(125);
    await setOperatorRenewalPrice(149);
    expect(renewalView((await readApplication(id)) as never).priceUsd).toBe(125);

    // Filed on the payment's day: 2027-11-22 is the first renewal.
    await sweepReminders(at('2027-10-23T14:00:00Z'));
    const thirty = `reminder:${id}:registered-agent-renewal:2027-11-22:30`;
    expect((await getMessage(thirty))?.payload).toMatchObject({ priceUsd: 125 });
    const first = await readEmail(thirty, at('2027-10-23T14:00:00Z'));
    expect(first).toContain('Subject: Your registered agent renews on 2027-11-22 ($125)');
    expect(first).toContain('$125');
    expect(first).not.toContain('$149');

    await sweepReminders(at('2027-11-15T14:00:00Z'));
    const seven = await readEmail(`reminder:${id}:registered-agent-renewal:2027-11-22:7`, at('2027-11-15T14:00:00Z'));
    expect(seven).toContain('$125');
    expect(seven).not.toContain('$149');
    await setOperatorRenewalPrice(null);
  });

  it('stays the one agreed when the customer saves the filing details again with the consent', () => {
    const agreed = { kind: 'ours' as const, renewalConsent: true, renewalPriceUsd: 125 };
    expect(renewalPriceAgreed(agreed, { kind: 'ours', renewalConsent: true }, 149)).toBe(125);
    // A new consent (after declining, or a first one) agrees to the price the form shows now.
    expect(renewalPriceAgreed({ ...agreed, renewalConsent: false }, { kind: 'ours', renewalConsent: true }, 149)).toBe(149);
    expect(renewalPriceAgreed(undefined, { kind: 'ours', renewalConsent: true }, 149)).toBe(149);
    // A consent recorded before prices were (no price on record): today's, as the form showed.
    expect(renewalPriceAgreed({ kind: 'ours', renewalConsent: true }, { kind: 'ours', renewalConsent: true }, 149)).toBe(149);
  });
});
