import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { complianceCalendar } from '#shared/compliance/calendar.ts';
import { putApplication, readApplication, setApplicationFields } from '../../tests/fakes/applications.ts';
import { calendarInputOf } from '../data/applications/calendar-input.ts';
import type { ApplicationItem } from '../data/applications/item.ts';
import { markPaid, toPaymentApplication } from '../data/applications/payments.ts';
import { ANNUAL_REPORT_QUEUE, reminderPuts, remindersOf } from '../data/reminders.ts';
import { renderEmail } from '../email/render.ts';
import { ddb, tableName } from '../lib/clients/dynamodb.ts';
import { type TransactItem, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { getMessage } from '../outbox/outbox.ts';
import {
  agreeToAnnualReports,
  annualReportView,
  cancelAnnualReports,
  payAnnualReport,
  recordAnnualReportFiled,
  recordAnnualReportIntent,
  reportsToFile,
  resumeAnnualReports,
  sweepAnnualReports,
} from './annual-report.ts';
import { sweepReminders } from './reminder-sweep.ts';

/**
 * Annual reports filed for the customer (docs/decisions/0431), against DynamoDB Local with a fixed
 * clock: a Florida LLC filed on 2026-11-22, whose first report ($138.75 to the state) is due on
 * May 1, 2027 and charged 21 days before, on April 10.
 */
const at = (iso: string) => new Date(iso).getTime();
const AGREED = at('2026-12-01T15:00:00Z');
const DUE = '2027-05-01';
const CHARGE_DAY = at('2027-04-10T15:00:00Z');
const FLORIDA_PRICE = 9_900 + 13_875;

/** A paid Florida order with the card kept at checkout (`last4`: 4242 charges, 0002 is declined), agreed at our default $99. */
async function floridaOrder(last4 = '4242'): Promise<string> {
  const app = await putApplication({ state: 'FL', residenceState: 'FL', email: `owner-${Math.random().toString(36).slice(2)}@example.com` });
  await markPaid(toPaymentApplication(app as never), { provider: 'stripe', reference: `pi_${app.id.slice(0, 8)}`, amountCents: 25_000, currency: 'usd' });
  await setApplicationFields(app.id, {
    paidAt: '2026-11-22T15:00:00.000Z',
    filedOn: '2026-11-22',
    renewalCard: { provider: 'test', paymentMethodId: `pm_test_${last4}`, last4, savedAt: '2026-11-22T15:00:00.000Z' },
  });
  await agreeToAnnualReports((await readApplication(app.id)) as ApplicationItem, undefined, AGREED);
  return app.id;
}

const order = async (id: string) => (await readApplication(id)) as ApplicationItem;
const chargeRow = async (id: string) => (await remindersOf(id)).find((r) => r.queue === ANNUAL_REPORT_QUEUE);

async function trail(id: string, partition: string) {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(partition === 'AUDIT' ? 'audit' : 'activity'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).filter((i) => i.applicationId === id).map((i) => String(i.action));
}

describe('annual reports filed for a Florida LLC', () => {
  it('freezes the agreed price, notices 30 and 7 days before, charges once under concurrent sweeps, lists it for staff, records it filed', async () => {
    const id = await floridaOrder();
    expect((await order(id)).annualReportService).toMatchObject({ state: 'FL', serviceUsd: 99, stateFeeCents: 13_875, priceCents: FLORIDA_PRICE });
    expect(await chargeRow(id)).toMatchObject({ dueOn: DUE, daysBefore: 30, sendOn: '2027-03-11' });
    expect((await getMessage(`annual-report:${id}:agreed:${new Date(AGREED).toISOString()}`))?.payload).toMatchObject({
      event: 'agreed',
      dueOn: DUE,
      chargeOn: '2027-04-10',
    });

    // The notices, each once.
    await Promise.all([sweepAnnualReports(at('2027-03-11T15:00:00Z')), sweepAnnualReports(at('2027-03-11T15:00:00Z'))]);
    expect((await getMessage(`annual-report:${id}:${DUE}:notice:30`))?.payload).toMatchObject({ event: 'notice', amountCents: FLORIDA_PRICE, daysBefore: 30 });
    await sweepAnnualReports(at('2027-04-03T15:00:00Z'));
    expect((await getMessage(`annual-report:${id}:${DUE}:notice:7`))?.payload).toMatchObject({ event: 'notice', daysBefore: 7 });
    expect(await chargeRow(id)).toMatchObject({ daysBefore: 0, sendOn: '2027-04-10' });

    // The day before the charge day nothing is charged; on it, sweeps run twice and three at once charge once.
    await sweepAnnualReports(CHARGE_DAY - 86_400_000);
    expect((await order(id)).annualReportCharge).toBeUndefined();
    await sweepAnnualReports(CHARGE_DAY);
    await Promise.all([sweepAnnualReports(CHARGE_DAY), sweepAnnualReports(CHARGE_DAY), sweepAnnualReports(CHARGE_DAY)]);
    const paid = await order(id);
    expect(paid.annualReportCharge).toMatchObject({
      period: DUE,
      state: 'paid',
      amountCents: FLORIDA_PRICE,
      reference: `pi_test_annual_report_${id.replace(/\W/g, '_')}_2027_05_01`,
    });
    expect(paid.annualReportHistory).toEqual([expect.objectContaining({ kind: 'charged', amountCents: FLORIDA_PRICE })]);
    expect((await trail(id, 'FEED#money')).filter((a) => a === 'annual_report_charged')).toHaveLength(1);
    expect((await trail(id, 'AUDIT')).filter((a) => a === 'annual_report_charged')).toHaveLength(1);
    const receipt = await getMessage(`annual-report:${id}:${DUE}:charged`);
    expect((await renderEmail(receipt as never)).subject).toBe(`Receipt: Florida annual report for ${paid.businessName} ($237.75)`);
    // The next report's row, the notice 30 days before its charge day.
    expect(await chargeRow(id)).toMatchObject({ dueOn: '2028-05-01', daysBefore: 30 });

    // Staff's list: due date and the state's annual-report page.
    const listed = (await reportsToFile()).find((r) => r.applicationId === id);
    expect(listed).toMatchObject({ dueOn: DUE, state: 'FL', annualReportUrl: expect.stringMatching(/^https:\/\//) });

    // Staff upload the state's receipt and record the confirmation number.
    const receiptDoc = {
      id: 'doc-ar-1',
      kind: 'annual_report_receipt',
      title: "Annual report: the state's receipt",
      key: `documents/${id}/ar.pdf`,
      fileName: 'annual-report-receipt.pdf',
      version: 1,
      createdAt: '2027-04-14T10:00:00.000Z',
    };
    await setApplicationFields(id, { documents: [receiptDoc] });
    const staff = { id: 'staff-1', email: 'staff@example.com' };
    await expect(
      recordAnnualReportFiled(await order(id), { dueOn: DUE, confirmation: 'L26000123456', receiptDocumentId: 'missing' }, staff, at('2027-04-14T10:05:00Z')),
    ).rejects.toThrow(/Upload/);
    const filing = await recordAnnualReportFiled(
      await order(id),
      { dueOn: DUE, confirmation: 'L26000123456', receiptDocumentId: 'doc-ar-1' },
      staff,
      at('2027-04-14T10:05:00Z'),
    );
    expect(filing).toEqual({ dueOn: DUE, confirmation: 'L26000123456', receiptDocumentId: 'doc-ar-1', filedOn: '2027-04-14' });
    expect((await reportsToFile()).find((r) => r.applicationId === id)).toBeUndefined();
    const filed = await getMessage(`annual-report:${id}:${DUE}:filed`);
    expect(filed?.payload).toMatchObject({ event: 'filed', confirmation: 'L26000123456' });
    expect((await renderEmail(filed as never)).text).toContain("The state's receipt is in your vault");
    expect(annualReportView(await order(id), at('2027-04-14T10:05:00Z')).filings).toEqual([filing]);
    // The calendar's annual-report event of that year reads as done; the next year's does not.
    const input = calendarInputOf(await order(id))!;
    const events = complianceCalendar(input, { today: '2027-04-14' }) ?? [];
    expect(events.find((e) => e.kind === 'annual-report' && e.date === DUE)?.title).toMatch(/: done$/);
    expect(events.find((e) => e.kind === 'annual-report' && e.date === '2028-05-01')?.title).toMatch(/: we file it for you$/);
    // The customer's own reminders: none for the report we filed; the next one says we file it.
    await ddb().send(new TransactWriteCommand({ TransactItems: reminderPuts((await order(id)) as never, at('2027-04-14T10:05:00Z')) }));
    const reminder = (await remindersOf(id)).find((r) => r.series === 'annual-report')!;
    expect(reminder.dueOn).toBe(DUE);
    await sweepReminders(at(`${reminder.sendOn}T14:00:00Z`));
    expect(await getMessage(`reminder:${id}:annual-report:${DUE}:${reminder.daysBefore}`)).toBeUndefined();
  });

  it('a declined report paid from the link within the grace period is paid, listed to file and never lapses', async () => {
    const id = await floridaOrder('0002');
    await sweepAnnualReports(CHARGE_DAY);
    expect((await order(id)).annualReportCharge?.state).toBe('payment-due');
    await expect(
      payAnnualReport(await order(id), { cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123', zip: '10001' }, CHARGE_DAY + 3_600_000),
    ).rejects.toThrow();
    const paid = await payAnnualReport(
      await order(id),
      { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', zip: '10001' },
      CHARGE_DAY + 3_600_000,
    );
    expect(paid).toMatchObject({ status: 'paid', annualReports: { charge: { state: 'paid', amountCents: FLORIDA_PRICE } } });
    expect((await order(id)).annualReportHistory?.map((e) => e.kind)).toEqual(['charge-failed', 'paid-by-link']);
    expect((await reportsToFile()).some((r) => r.applicationId === id && r.dueOn === DUE)).toBe(true);
    await sweepAnnualReports(at('2027-04-25T15:00:00Z'));
    expect((await order(id)).annualReportCharge?.state).toBe('paid');
  });

  it("the provider's webhook records a payment of the agreed price once, and not one of another amount", async () => {
    const id = await floridaOrder('0002');
    await sweepAnnualReports(CHARGE_DAY);
    const done = (outcome: string): TransactItem => ({
      Put: { TableName: tableName('reminders'), Item: { applicationId: id, series: `webhook-test:${outcome}`, updatedAt: new Date().toISOString() } },
    });
    const intent = { id: 'pi_link_1', amount: FLORIDA_PRICE, amount_received: FLORIDA_PRICE, currency: 'usd', metadata: { applicationId: id, dueOn: DUE } };
    expect(await recordAnnualReportIntent({ ...intent, amount: 100, amount_received: 100 }, done, CHARGE_DAY)).toMatchObject({
      outcome: 'annual-report-amount-mismatch',
    });
    expect(await recordAnnualReportIntent(intent, done, CHARGE_DAY)).toEqual({ outcome: 'annual-report-paid', recorded: true });
    expect(await recordAnnualReportIntent(intent, done, CHARGE_DAY)).toEqual({ outcome: 'already-recorded', recorded: false });
    expect((await order(id)).annualReportCharge).toMatchObject({ state: 'paid', reference: 'pi_link_1' });
  });

  it('charges the next year on its own day, and a report is still recorded after the next one is charged', async () => {
    const id = await floridaOrder();
    await sweepAnnualReports(CHARGE_DAY);
    for (const day of ['2028-03-11', '2028-04-03', '2028-04-10']) await sweepAnnualReports(at(`${day}T15:00:00Z`));
    const later = await order(id);
    expect(later.annualReportCharge).toMatchObject({ period: '2028-05-01', state: 'paid', amountCents: FLORIDA_PRICE });
    expect(later.annualReportHistory?.map((e) => e.period)).toEqual([DUE, '2028-05-01']);
    expect((await reportsToFile()).filter((r) => r.applicationId === id).map((r) => r.dueOn)).toEqual([DUE, '2028-05-01']);
    await setApplicationFields(id, {
      documents: [
        {
          id: 'doc-ar-2',
          kind: 'annual_report_receipt',
          title: 'Receipt',
          key: `documents/${id}/ar.pdf`,
          fileName: 'r.pdf',
          version: 1,
          createdAt: '2028-04-12T10:00:00.000Z',
        },
      ],
    });
    const staff = { id: 'staff-1', email: 'staff@example.com' };
    await recordAnnualReportFiled(await order(id), { dueOn: DUE, confirmation: 'LATE-1', receiptDocumentId: 'doc-ar-2' }, staff, at('2028-04-12T10:05:00Z'));
    expect((await reportsToFile()).filter((r) => r.applicationId === id).map((r) => r.dueOn)).toEqual(['2028-05-01']);
  });

  it('a declined card emails the link and a grace period, then lapses once', async () => {
    const id = await floridaOrder('0002');
    await sweepAnnualReports(CHARGE_DAY);
    await sweepAnnualReports(CHARGE_DAY);
    const due = await order(id);
    expect(due.annualReportCharge).toMatchObject({ state: 'payment-due', graceEndsOn: '2027-04-24' });
    expect((await getMessage(`annual-report:${id}:${DUE}:payment_due`))?.payload).toMatchObject({ event: 'payment_due', graceEndsOn: '2027-04-24' });
    expect(await chargeRow(id)).toMatchObject({ daysBefore: -1, sendOn: '2027-04-25' });
    await sweepAnnualReports(at('2027-04-24T15:00:00Z'));
    expect((await order(id)).annualReportCharge?.state).toBe('payment-due');
    await Promise.all([sweepAnnualReports(at('2027-04-25T15:00:00Z')), sweepAnnualReports(at('2027-04-25T15:00:00Z'))]);
    const lapsed = await order(id);
    expect(lapsed.annualReportCharge?.state).toBe('lapsed');
    expect(lapsed.annualReportHistory?.map((e) => e.kind)).toEqual(['charge-failed', 'lapsed']);
    expect(await chargeRow(id)).toBeUndefined();
  });

  it('cancelling in one step stops the next charge; the undo brings it back at the agreed price', async () => {
    const id = await floridaOrder();
    const cancelled = await cancelAnnualReports(await order(id), at('2027-03-01T12:00:00Z'));
    expect(cancelled.status).toBe('cancelled');
    expect(await chargeRow(id)).toBeUndefined();
    const confirmation = await getMessage(`annual-report:${id}:cancelled:2027-03-01T12:00:00.000Z`);
    expect(confirmation?.payload).toMatchObject({ event: 'cancelled', dueOn: DUE });

    const resumed = await resumeAnnualReports(await order(id), at('2027-03-02T12:00:00Z'));
    expect(resumed).toMatchObject({ status: 'active', priceCents: FLORIDA_PRICE, nextDueOn: DUE });
    expect(await chargeRow(id)).toMatchObject({ dueOn: DUE, daysBefore: 30 });

    // Cancelled again before the charge day: the sweep on that day charges nothing.
    await cancelAnnualReports(await order(id), at('2027-04-05T12:00:00Z'));
    await sweepAnnualReports(CHARGE_DAY);
    expect((await order(id)).annualReportCharge).toBeUndefined();
  });

  it('a state whose report is free says so and is not sold', async () => {
    const app = await putApplication({ state: 'TX', residenceState: 'TX' });
    await markPaid(toPaymentApplication(app as never), { provider: 'stripe', reference: `pi_${app.id.slice(0, 8)}`, amountCents: 25_000, currency: 'usd' });
    await expect(agreeToAnnualReports((await readApplication(app.id)) as ApplicationItem, undefined, AGREED)).rejects.toThrow(/free to file/);
  });
});
