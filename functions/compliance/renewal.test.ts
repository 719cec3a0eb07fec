import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_OPERATOR_SETTINGS } from '#shared/operator/facts.ts';
import { orderForApplication } from '#shared/payments/order.ts';
import { putApplication, readApplication, setApplicationFields, TEST_RESUME_SECRET } from '../../tests/fakes/applications.ts';
import { storedFilingDetails } from '../../tests/fakes/filing-details.ts';
import { apiEvent, invoke } from '../../tests/helpers/events.ts';
import type { CalendarOrder } from '../data/applications/calendar-input.ts';
import { markPaid, toPaymentApplication } from '../data/applications/payments.ts';
import { RENEWAL_CHARGE_SERIES, reminderPuts, remindersOf } from '../data/reminders.ts';
import { deliverMessage } from '../email/deliver.ts';
import { resetEmailTransportForTests } from '../email/transport.ts';
import { handler as renewalPaymentRoute } from '../handlers/compliance/renewal-payment.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { PutCommand, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { getMessage } from '../outbox/outbox.ts';
import { startCardPayment } from '../payments/card.ts';
import { confirmTestPayment } from '../payments/test-payment.ts';
import { renewalView } from './order-calendar.ts';
import { sweepReminders } from './reminder-sweep.ts';
import { cancelRegisteredAgentRenewal, payRenewal, renewalPriceAgreed, resumeRegisteredAgentRenewal } from './renewal.ts';
import { processRenewalRow, RENEWAL_LEASE_MS, sweepRenewals } from './renewal-sweep.ts';

/**
 * The registered agent renewal the customer agreed to, end to end against DynamoDB Local: the
 * price recorded with the consent is the one every notice quotes, whatever the operator's price
 * is today.
 */
const PAID_AT = '2026-11-22T15:00:00.000Z';
const at = (iso: string) => new Date(iso).getTime();
/** The first renewal of an order filed on PAID_AT's day, and the sweep's hour that day. */
const PERIOD = '2027-11-22';
const RENEWAL_DAY = at('2027-11-22T15:00:00Z');

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

/** A sent message as the customer reads it: the .eml with quoted-printable soft breaks and folded headers undone. */
async function readEmail(messageId: string, now: number): Promise<string> {
  expect(await deliverMessage(messageId, now)).toBe('sent');
  return readFileSync(join(mailDir, `${messageId}.eml`), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/\r?\n[ \t]+/g, ' ');
}

const testCard = (cardNumber: string) => ({ cardNumber, expiry: '12/40', cvc: '123', zip: '10001' });

/**
 * A Wyoming order paid on PAID_AT's day and filed that day, whose customer agreed to the renewal
 * at `priceUsd`. `card`: paid at checkout with this test card, kept for the renewal (the
 * checkout's consent); without it, paid by another provider and no card is kept.
 */
async function consentingOrder(priceUsd = 125, card?: string): Promise<string> {
  const app = await putApplication({ state: 'WY', residenceState: 'WY', email: `owner-${Math.random().toString(36).slice(2)}@example.com` });
  if (card) {
    const amount = orderForApplication(app as never)!.totalCents;
    const { clientSecret } = await startCardPayment({ applicationId: app.id, amount, saveCardForRenewal: true }, TEST_RESUME_SECRET);
    await confirmTestPayment({ applicationId: app.id, clientSecret, card: testCard(card) }, TEST_RESUME_SECRET);
  } else {
    await markPaid(toPaymentApplication(app as never), { provider: 'stripe', reference: `pi_${app.id.slice(0, 8)}`, amountCents: 25_000, currency: 'usd' });
  }
  const details = storedFilingDetails({ registeredAgent: { kind: 'ours', renewalConsent: true, renewalPriceUsd: priceUsd } as never });
  await setApplicationFields(app.id, { filingDetails: details, filedOn: PAID_AT.slice(0, 10) });
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
    expect(first).toMatch(/Subject: Your registered agent renews on November 22, 2027 \(\$125\)/);
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

/** What the order's renewal came to: its charge, its history, and the emails queued for it. */
async function renewalOf(id: string) {
  const app = (await readApplication(id))!;
  return { charge: app.renewalCharge, history: (app.renewalHistory ?? []) as { kind: string; amountCents: number }[], card: app.renewalCard };
}

/** The order's entries in the staff activity feed's money partition and in the audit trail, by action. */
async function trailOf(id: string) {
  const activity = await ddb().send(
    new QueryCommand({
      TableName: tableName('activity'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'FEED#money' },
      ConsistentRead: true,
    }),
  );
  const audit = await ddb().send(
    new QueryCommand({
      TableName: tableName('audit'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'AUDIT' },
      ConsistentRead: true,
    }),
  );
  const mine = (items: Record<string, unknown>[] | undefined) => (items ?? []).filter((i) => i.applicationId === id).map((i) => String(i.action));
  return { activity: mine(activity.Items), audit: mine(audit.Items) };
}

const chargeRow = async (id: string) => (await remindersOf(id)).find((r) => r.series === RENEWAL_CHARGE_SERIES);
const emailId = (id: string, kind: string) => `renewal:${id}:${PERIOD}:${kind}`;

describe('charging the agreed renewal', () => {
  it('keeps the card saved at checkout, and dates the charge row on the renewal date', async () => {
    const id = await consentingOrder(125, '4242 4242 4242 4242');
    expect((await renewalOf(id)).card).toMatchObject({ provider: 'test', paymentMethodId: 'pm_test_4242', last4: '4242' });
    expect(await chargeRow(id)).toMatchObject({ queue: 'RENEWAL', dueOn: PERIOD, sendOn: PERIOD });
    expect(renewalView((await readApplication(id)) as never)).toMatchObject({ status: 'renews', cardLast4: '4242', graceDays: 14 });
  });

  it('charges $125 once after the operator changed the price to $149: twice-run and concurrent sweeps charge once', async () => {
    const sequential = await consentingOrder(125, '4242 4242 4242 4242');
    const concurrent = await consentingOrder(125, '4242 4242 4242 4242');
    await setOperatorRenewalPrice(149);
    // The day before nothing is due.
    await sweepRenewals(RENEWAL_DAY - 86_400_000);
    expect((await renewalOf(sequential)).charge).toBeUndefined();

    await sweepRenewals(RENEWAL_DAY);
    await sweepRenewals(RENEWAL_DAY);
    await Promise.all([sweepRenewals(RENEWAL_DAY), sweepRenewals(RENEWAL_DAY), sweepRenewals(RENEWAL_DAY)]);

    for (const id of [sequential, concurrent]) {
      const { charge, history } = await renewalOf(id);
      expect(charge).toMatchObject({ period: PERIOD, state: 'paid', amountCents: 12_500 });
      expect(history).toEqual([expect.objectContaining({ kind: 'charged', amountCents: 12_500 })]);
      const trail = await trailOf(id);
      expect(trail.activity.filter((a) => a === 'renewal_charged')).toHaveLength(1);
      expect(trail.audit.filter((a) => a === 'renewal_charged')).toHaveLength(1);
      // The row moved on to the next renewal.
      expect(await chargeRow(id)).toMatchObject({ dueOn: '2028-11-22', sendOn: '2028-11-22' });
      const receipt = await readEmail(emailId(id, 'renewal_charged'), RENEWAL_DAY);
      expect(receipt).toContain('$125');
      expect(receipt).toContain('card ending 4242');
      expect(receipt).not.toContain('$149');
    }
    // The order page says what was charged, at the agreed price.
    expect(renewalView((await readApplication(sequential)) as never)).toMatchObject({
      priceUsd: 125,
      charge: { period: PERIOD, state: 'paid', amountCents: 12_500 },
      history: [expect.objectContaining({ kind: 'charged', amountCents: 12_500 })],
    });
    await setOperatorRenewalPrice(null);
  });

  it('a sweep that died holding a period blocks others until its lease runs out; the next one charges it once', async () => {
    const id = await consentingOrder(125, '4242 4242 4242 4242');
    const row = (await chargeRow(id))!;
    // A claim as a crashed sweep left it: charging, its lease running.
    await setApplicationFields(id, {
      renewalCharge: { period: PERIOD, amountCents: 12_500, state: 'charging', attempt: 1, leaseUntil: RENEWAL_DAY + RENEWAL_LEASE_MS },
    });
    expect(await processRenewalRow(row, RENEWAL_DAY + 60_000)).toBe('taken');
    expect((await renewalOf(id)).history).toEqual([]);
    expect(await processRenewalRow(row, RENEWAL_DAY + RENEWAL_LEASE_MS + 1)).toBe('charged');
    expect(await processRenewalRow(row, RENEWAL_DAY + RENEWAL_LEASE_MS + 2)).toBe('moved-on');
    expect((await renewalOf(id)).history).toHaveLength(1);
    expect((await renewalOf(id)).charge).toMatchObject({ state: 'paid', attempt: 2 });
  });

  it('a declined card emails a payment link for $125; after the grace period the renewal lapses with an email', async () => {
    const id = await consentingOrder(125, '4000 0027 6000 3184');
    await setOperatorRenewalPrice(149);
    await Promise.all([sweepRenewals(RENEWAL_DAY), sweepRenewals(RENEWAL_DAY)]);
    const due = await renewalOf(id);
    expect(due.charge).toMatchObject({ state: 'payment-due', amountCents: 12_500, graceEndsOn: '2027-12-06', failure: { code: 'authentication_required' } });
    expect(due.history).toEqual([expect.objectContaining({ kind: 'charge-failed', amountCents: 12_500 })]);
    const link = await readEmail(emailId(id, 'renewal_payment_due'), RENEWAL_DAY);
    expect(link).toContain('Subject: Action needed: pay your registered agent renewal ($125) by December 6, 2027');
    expect(link).toContain('Pay $125');
    expect(link).toContain(`http://127.0.0.1:3000/orders/${id}#access=`);
    expect(link).not.toContain('$149');
    expect(await chargeRow(id)).toMatchObject({ sendOn: '2027-12-07' });

    // The grace period's last day: still payable, nothing lapses.
    await sweepRenewals(at('2027-12-06T15:00:00Z'));
    expect((await renewalOf(id)).charge?.state).toBe('payment-due');
    // The day after: lapsed, once, however often the sweep runs.
    const lapseDay = at('2027-12-07T15:00:00Z');
    await Promise.all([sweepRenewals(lapseDay), sweepRenewals(lapseDay)]);
    await sweepRenewals(lapseDay);
    const lapsed = await renewalOf(id);
    expect(lapsed.charge).toMatchObject({ state: 'lapsed' });
    expect(lapsed.history.map((h) => h.kind)).toEqual(['charge-failed', 'lapsed']);
    const ended = await readEmail(emailId(id, 'renewal_lapsed'), lapseDay);
    expect(ended).toContain('Subject: Your registered agent service for');
    expect(ended).toContain('was not paid within 14 days');
    expect(await chargeRow(id)).toBeUndefined();
    expect(renewalView((await readApplication(id)) as never).status).toBe('lapsed');
    const trail = await trailOf(id);
    expect(trail.audit.filter((a) => a.startsWith('renewal_'))).toEqual(expect.arrayContaining(['renewal_charge_failed', 'renewal_lapsed']));
    expect(trail.activity.filter((a) => a.startsWith('renewal_')).sort()).toEqual(['renewal_charge_failed', 'renewal_lapsed']);
    await setOperatorRenewalPrice(null);
  });

  it('paid from the link within the grace period: the renewal continues and never lapses', async () => {
    const id = await consentingOrder(125, '4000 0027 6000 3184');
    await sweepRenewals(RENEWAL_DAY);
    const app = (await readApplication(id)) as never;
    await expect(payRenewal(app, testCard('4000 0000 0000 0002'), RENEWAL_DAY + 3_600_000)).rejects.toMatchObject({ status: 402 });
    const paid = await payRenewal(app, testCard('4242 4242 4242 4242'), RENEWAL_DAY + 3_600_000);
    expect(paid).toMatchObject({ status: 'paid', registeredAgent: { charge: { state: 'paid', amountCents: 12_500 } } });
    await expect(payRenewal((await readApplication(id)) as never, testCard('4242 4242 4242 4242'))).rejects.toMatchObject({ code: 'no_renewal_payment_due' });
    await sweepRenewals(at('2027-12-07T15:00:00Z'));
    const { charge, history } = await renewalOf(id);
    expect(charge?.state).toBe('paid');
    expect(history.map((h) => h.kind)).toEqual(['charge-failed', 'paid-by-link']);
    expect(await chargeRow(id)).toMatchObject({ dueOn: '2028-11-22' });
  });

  it('no card on file: the renewal date sends the payment link; a cancelled renewal is never charged', async () => {
    const noCard = await consentingOrder(125);
    const cancelled = await consentingOrder(125, '4242 4242 4242 4242');
    await setApplicationFields(cancelled, { renewalCancelledAt: '2027-10-01T10:00:00.000Z' });
    await sweepRenewals(RENEWAL_DAY);
    expect((await renewalOf(noCard)).charge).toMatchObject({ state: 'payment-due', failure: { code: 'no_card' } });
    expect(await getMessage(emailId(noCard, 'renewal_payment_due'))).toBeDefined();
    expect((await renewalOf(cancelled)).charge).toBeUndefined();
    expect(await chargeRow(cancelled)).toBeUndefined();
  });
});

describe('POST /api/orders/{id}/registered-agent/renewal-payment', () => {
  let ip = 0;
  const post = (id: string, body: unknown, resumeSecret?: string | null) =>
    invoke(
      renewalPaymentRoute,
      apiEvent({
        method: 'POST',
        route: '/api/orders/{id}/registered-agent/renewal-payment',
        path: `/api/orders/${id}/registered-agent/renewal-payment`,
        pathParameters: { id },
        body,
        resumeSecret,
        sourceIp: `198.51.100.${++ip}`,
      }),
    );

  it('pays the renewal due with the test card; refuses a stranger, a bad body, a declined card and a second payment', async () => {
    const id = await consentingOrder(125, '4000 0027 6000 3184');
    // Nothing is due before the renewal date.
    expect((await post(id, { card: testCard('4242 4242 4242 4242') })).body).toMatchObject({ code: 'no_renewal_payment_due' });
    await sweepRenewals(RENEWAL_DAY);

    expect((await post(id, { card: testCard('4242 4242 4242 4242') }, 'not-the-secret-of-this-order-0000')).status).toBe(404);
    const bad = await post(id, { card: { cardNumber: '12' }, extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: expect.any(String) });
    expect((await post(id, {})).status).toBe(400);
    const declined = await post(id, { card: testCard('4000 0000 0000 0002') });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'Your card was declined.' });

    const paid = await post(id, { card: testCard('4242 4242 4242 4242') });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', registeredAgent: { status: 'renews', charge: { state: 'paid', amountCents: 12_500 } } });
    const again = await post(id, { card: testCard('4242 4242 4242 4242') });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'no_renewal_payment_due' });
    expect((await renewalOf(id)).history.map((h) => h.kind)).toEqual(['charge-failed', 'paid-by-link']);
  });
});

describe('leaving the registered agent service (the Refund Policy: a renewal refunded within 30 days)', () => {
  it('cancelled 10 days after the charge: refunded in full once, the service runs 30 more days, the email says what to file, no charge after', async () => {
    const id = await consentingOrder(125, '4242 4242 4242 4242');
    await sweepRenewals(RENEWAL_DAY);
    expect((await renewalOf(id)).charge).toMatchObject({ state: 'paid', amountCents: 12_500 });
    const tenDaysLater = at('2027-12-02T15:00:00Z');
    // Before cancelling, the order page says what cancelling today gives.
    expect(renewalView((await readApplication(id)) as never, tenDaysLater).exit).toMatchObject({ endsOn: '2028-01-01', refundCents: 12_500 });
    // Two cancellations at once, then a retry: one refund, one record.
    const app = (await readApplication(id)) as never;
    const answers = await Promise.allSettled([cancelRegisteredAgentRenewal(app, tenDaysLater), cancelRegisteredAgentRenewal(app, tenDaysLater)]);
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    const view = await cancelRegisteredAgentRenewal((await readApplication(id)) as never, tenDaysLater);
    expect(view).toMatchObject({ status: 'cancelled', serviceEndsOn: '2028-01-01', exit: { endsOn: '2028-01-01', refundCents: 12_500 } });
    expect(view.exit?.refund).toContain('$125 for is refunded in full');
    expect(view.exit?.steps.join(' ')).toContain("File Wyoming's change of registered agent");
    const { charge, history } = await renewalOf(id);
    expect(charge?.refund).toMatchObject({ amountCents: 12_500, id: expect.stringMatching(/^test_refund_renewal_/) });
    expect(history.map((h) => h.kind)).toEqual(['charged', 'refunded']);
    const trail = await trailOf(id);
    expect(trail.activity.filter((a) => a === 'renewal_refunded')).toHaveLength(1);
    expect(trail.audit.filter((a) => a === 'renewal_refunded')).toHaveLength(1);
    const email = await readEmail(`renewal-cancelled:${id}:${view.cancelledAt}`, tenDaysLater);
    expect(email).toContain('$125 for is refunded in full');
    expect(email).toContain('January 1, 2028');
    expect(email).toContain('change of registered agent');
    expect(email).not.toContain('undo the cancellation');
    // A refunded year cannot be undone from the page; no later sweep charges.
    await expect(resumeRegisteredAgentRenewal((await readApplication(id)) as never, tenDaysLater)).rejects.toMatchObject({ code: 'renewal_refunded' });
    await sweepRenewals(at('2028-11-22T15:00:00Z'));
    expect((await renewalOf(id)).history.map((h) => h.kind)).toEqual(['charged', 'refunded']);
  });

  it('cancelled 31 days after the charge: no refund, the service runs to the end of the paid year, and it can be undone', async () => {
    const id = await consentingOrder(125, '4242 4242 4242 4242');
    await sweepRenewals(RENEWAL_DAY);
    const later = at('2027-12-23T15:00:00Z');
    const view = await cancelRegisteredAgentRenewal((await readApplication(id)) as never, later);
    expect(view).toMatchObject({ status: 'cancelled', serviceEndsOn: '2028-11-22', exit: { endsOn: '2028-11-22', refundCents: 0 } });
    expect(view.exit?.refund).toContain('more than 30 days old');
    expect((await renewalOf(id)).charge?.refund).toBeUndefined();
    expect((await resumeRegisteredAgentRenewal((await readApplication(id)) as never, later)).status).toBe('renews');
  });

  it('in the free first year: nothing to refund, the service ends on the first anniversary', () => {
    const order = {
      state: 'WY',
      paymentStatus: 'paid',
      paidAt: PAID_AT,
      filedOn: PAID_AT.slice(0, 10),
      filingDetails: storedFilingDetails({ registeredAgent: { kind: 'ours', renewalConsent: true, renewalPriceUsd: 125 } as never }),
    };
    const exit = renewalView(order as never, at('2027-03-01T12:00:00Z')).exit;
    expect(exit).toMatchObject({ endsOn: PERIOD, refundCents: 0 });
    expect(exit?.refund).toContain('the first year is included in your formation price');
  });
});
