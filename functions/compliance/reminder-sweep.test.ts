import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/compliance/dates.ts';
import { NO_SAVED_PLAN_TEXT } from '#shared/saved-tax-plan.ts';
import { nextDueDates } from '#shared/state-facts/due-dates.ts';
import { putApplication, readApplication, setApplicationFields } from '../../tests/fakes/applications.ts';
import { GENERATED_FORMATION_DOCUMENT } from '../../tests/fakes/documents.ts';
import { storedFilingDetails } from '../../tests/fakes/filing-details.ts';
import type { CalendarOrder } from '../data/applications/calendar-input.ts';
import { unsubscribeReminders } from '../data/applications/order-page.ts';
import { markPaid, toPaymentApplication } from '../data/applications/payments.ts';
import { updateApplicationByStaff } from '../data/applications/staff.ts';
import { spreadDaysBefore } from '../data/reminder-spread.ts';
import { dueReminders, RENEWAL_CHARGE_SERIES, type ReminderRow, reminderPuts, remindersOf as rowsOf } from '../data/reminders.ts';
import { ddb } from '../lib/clients/dynamodb.ts';
import { TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { getMessage } from '../outbox/outbox.ts';
import { processReminder, sweepReminders } from './reminder-sweep.ts';

/**
 * The compliance calendar's reminders, end to end against DynamoDB Local: rows written with the
 * payment, re-dated at filing, and each reminder queued once however often (and however
 * concurrently) the daily sweep runs.
 */
const PAID_AT = '2026-11-22T15:00:00.000Z';
const at = (iso: string) => new Date(iso).getTime();
const STAFF = { id: 'test-staff', email: 'staff@example.com', role: 'processor' as const };

/**
 * A Wyoming order of a Wyoming resident, paid through the store's own fulfilment write on
 * PAID_AT's day and filed by the state that day (`filed: false` leaves it unfiled).
 */
async function paidOrder(fields: Record<string, unknown> = {}, { filed = true } = {}) {
  const app = await putApplication({
    state: 'WY',
    residenceState: 'WY',
    status: 'submitted',
    email: `owner-${Math.random().toString(36).slice(2)}@example.com`,
    ...fields,
  });
  await markPaid(toPaymentApplication(app as never), { provider: 'stripe', reference: `pi_${app.id.slice(0, 8)}`, amountCents: 25_000, currency: 'usd' });
  // The payment is recorded "now"; the fixtures date it (and its reminder rows) on PAID_AT so the calendar is fixed.
  await setApplicationFields(app.id, { paidAt: PAID_AT, filingDetails: storedFilingDetails(), ...(filed ? { filedOn: PAID_AT.slice(0, 10) } : {}), ...fields });
  const paid = (await readApplication(app.id)) as CalendarOrder;
  await ddb().send(new TransactWriteCommand({ TransactItems: reminderPuts(paid, at(PAID_AT)) }));
  return app.id;
}

/** An order's reminder rows; the renewal charge's row beside them is the renewal sweep's (functions/compliance/renewal.test.ts). */
const remindersOf = async (id: string) => (await rowsOf(id)).filter((r) => r.series !== RENEWAL_CHARGE_SERIES);
const mine = async (id: string, today: string) => (await dueReminders(today)).filter((r) => r.applicationId === id);
const messageId = (id: string, series: string, dueOn: string, days: number) => `reminder:${id}:${series}:${dueOn}:${days}`;
const row = (rows: ReminderRow[], series: string) => rows.find((r) => r.series === series);

describe('reminder rows', () => {
  it('are written in the payment’s transaction: the next reminder of each run of deadlines', async () => {
    const app = await putApplication({ state: 'NY', residenceState: 'NY', status: 'submitted' });
    await markPaid(toPaymentApplication(app as never), { provider: 'stripe', reference: 'pi_ny', amountCents: 35_000, currency: 'usd' });
    const rows = await remindersOf(app.id);
    expect(rows.map((r) => r.series).sort()).toEqual([
      'annual-report',
      'estimated-tax',
      'operating-agreement',
      'publication',
      'registered-agent-renewal',
      'state-tax',
    ]);
    for (const r of rows) {
      expect(r.queue).toBe('DUE');
      expect(r.sendOn < r.dueOn).toBe(true);
    }
    // New York: the operating agreement within 90 days of formation, first reminded 30 days before.
    const paidOn = (await readApplication(app.id))!.paidAt.slice(0, 10);
    const agreement = row(rows, 'operating-agreement')!;
    expect(agreement.daysBefore).toBe(30);
    expect(agreement.dueOn).toBe(new Date(at(`${paidOn}T00:00:00Z`) + 90 * 86_400_000).toISOString().slice(0, 10));
  });

  it('are re-dated from the filing date when staff record the filing', async () => {
    // Mark Filed files our formation document: the order has one.
    const id = await paidOrder(
      {
        status: 'processing',
        detailsCompletedAt: PAID_AT,
        documents: [GENERATED_FORMATION_DOCUMENT],
      },
      { filed: false },
    );
    await updateApplicationByStaff(id, { status: 'filed', fileNumber: '2026-000123', filedOn: '2026-11-25' }, STAFF);
    const report = row(await remindersOf(id), 'annual-report')!;
    expect(report.dueOn).toBe(nextDueDates('WY', '2026-11-25', 1)![0]);
    expect(report.dueOn).toBe('2027-11-01');
    expect(row(await remindersOf(id), 'registered-agent-renewal')!.dueOn).toBe('2027-11-25');
  });
});

describe('a California resident forming in Wyoming', () => {
  it('has California’s registration, report and $800 tax in the reminder table, and is reminded of each once filed', async () => {
    const app = await putApplication({ state: 'WY', residenceState: 'CA', status: 'submitted', email: 'ca-owner@example.com' });
    await markPaid(toPaymentApplication(app as never), { provider: 'stripe', reference: `pi_${app.id.slice(0, 8)}`, amountCents: 25_000, currency: 'usd' });
    // Written with the payment: California's three runs beside Wyoming's.
    expect((await remindersOf(app.id)).map((r) => r.series).sort()).toEqual([
      'annual-report',
      'estimated-tax',
      'home-annual-report',
      'home-registration',
      'home-state-tax',
      'registered-agent-renewal',
    ]);
    // Filed on 2026-11-22, recorded by staff on 2026-11-25: the registration is owed already, so its reminder goes that day.
    await setApplicationFields(app.id, { paidAt: PAID_AT, filedOn: '2026-11-22', filingDetails: storedFilingDetails() });
    const filed = (await readApplication(app.id)) as CalendarOrder;
    await ddb().send(new TransactWriteCommand({ TransactItems: reminderPuts(filed, at('2026-11-25T12:00:00Z')) }));
    const rows = await remindersOf(app.id);
    expect(row(rows, 'home-registration')).toMatchObject({ dueOn: '2026-11-22', daysBefore: 0, sendOn: '2026-11-25' });
    // The tax on the 15th day of the 4th month of the first taxable year (from 2026-11-22), 30 days ahead.
    expect(row(rows, 'home-state-tax')).toMatchObject({ dueOn: '2027-02-15', daysBefore: 30, sendOn: '2027-01-16' });
    // The first Statement of Information within 90 days of formation.
    expect(row(rows, 'home-annual-report')).toMatchObject({ dueOn: '2027-02-20', daysBefore: 30 });

    await sweepReminders(at('2026-11-25T14:00:00Z'));
    const registration = await getMessage(messageId(app.id, 'home-registration', '2026-11-22', 0));
    expect(registration?.payload).toMatchObject({
      stateName: 'California',
      title: 'Register the LLC in California, your home state (Application to Register)',
    });
    expect((registration!.payload as { description: string }).description).toContain('The fee: $70.');
    // Sent once: nothing left of that run.
    expect(row(await remindersOf(app.id), 'home-registration')).toBeUndefined();

    await sweepReminders(at('2027-01-16T14:00:00Z'));
    const tax = (await getMessage(messageId(app.id, 'home-state-tax', '2027-02-15', 30)))?.payload as Record<string, string>;
    // Each payment names its tax year (shared/state-facts/california-tax.ts).
    expect(tax).toMatchObject({ stateName: 'California', dueOn: '2027-02-15' });
    expect(tax.title).toMatch(/^California Annual Tax for \d{4} \(\w+ tax year\) \(home state\)$/);
    expect(tax.description).toContain('$800');
    expect(tax.sourceUrl).toMatch(/ftb\.ca\.gov/);
    await sweepReminders(at('2027-01-21T14:00:00Z'));
    const report = (await getMessage(messageId(app.id, 'home-annual-report', '2027-02-20', 30)))?.payload as Record<string, string>;
    expect(report.description).toContain('Statement of Information');
  });
});

describe('the reminder sweep', () => {
  it('sends no state deadline reminder before the state has filed the LLC', async () => {
    const id = await paidOrder({}, { filed: false });
    // Counted from the payment, the report would be reminded on 2027-10-02: the order is not filed, so nothing goes.
    expect(row(await mine(id, '2027-10-02'), 'annual-report')).toMatchObject({ dueOn: '2027-11-01', daysBefore: 30 });
    await sweepReminders(at('2027-10-02T14:00:00Z'));
    expect(await getMessage(messageId(id, 'annual-report', '2027-11-01', 30))).toBeUndefined();
    expect(row(await remindersOf(id), 'annual-report')).toMatchObject({ daysBefore: 14 });
  });

  it('queues each reminder once, even when it runs twice on the same day', async () => {
    const id = await paidOrder();
    const morning = at('2027-10-02T14:00:00Z');
    // Wyoming's annual report for an LLC formed 2026-11-22 is due 2027-11-01: the 30-day reminder goes 2027-10-02.
    expect(row(await mine(id, '2027-10-02'), 'annual-report')).toMatchObject({ dueOn: '2027-11-01', daysBefore: 30, sendOn: '2027-10-02' });

    await sweepReminders(morning);
    const first = await getMessage(messageId(id, 'annual-report', '2027-11-01', 30));
    expect(first).toMatchObject({ kind: 'deadline_reminder', applicationId: id, status: 'pending' });
    expect(first?.payload).toMatchObject({ title: 'Wyoming annual report and License Fee', dueOn: '2027-11-01', daysBefore: 30, stateName: 'Wyoming' });
    // The row moved on to the 14-day reminder; nothing of this order is due any more today.
    expect(row(await remindersOf(id), 'annual-report')).toMatchObject({ dueOn: '2027-11-01', daysBefore: 14, sendOn: '2027-10-18' });
    expect(await mine(id, '2027-10-02')).toEqual([]);

    await sweepReminders(at('2027-10-02T22:00:00Z'));
    const again = await getMessage(messageId(id, 'annual-report', '2027-11-01', 30));
    expect(again?.createdAt).toBe(first?.createdAt);
    expect(row(await remindersOf(id), 'annual-report')).toMatchObject({ daysBefore: 14, sendOn: '2027-10-18' });
    expect(await getMessage(messageId(id, 'annual-report', '2027-11-01', 14))).toBeUndefined();

    // 14 and 3 days before, then the next year's report.
    await sweepReminders(at('2027-10-18T14:00:00Z'));
    await sweepReminders(at('2027-10-29T14:00:00Z'));
    expect(await getMessage(messageId(id, 'annual-report', '2027-11-01', 14))).toBeDefined();
    expect(await getMessage(messageId(id, 'annual-report', '2027-11-01', 3))).toBeDefined();
    expect(row(await remindersOf(id), 'annual-report')).toMatchObject({ dueOn: '2028-11-01', daysBefore: 30, sendOn: '2028-10-02' });
  });

  it('reminds the federal estimated tax on the order’s day of the spread, with the saved plan’s amount and rule, even before the state files', async () => {
    const planned = await paidOrder({ savedTaxPlan: { request: { year: 2026, filingStatus: 'single', profit: 60_000 }, savedAt: PAID_AT } }, { filed: false });
    const bare = await paidOrder({}, { filed: false });
    // Each order's day is fixed by its id, between 20 and 7 days before the date (docs/decisions/0414).
    const [plannedDays, bareDays] = [spreadDaysBefore(planned), spreadDaysBefore(bare)];
    for (const days of [plannedDays, bareDays]) {
      expect(days).toBeGreaterThanOrEqual(7);
      expect(days).toBeLessThanOrEqual(20);
    }
    expect(row(await remindersOf(planned), 'estimated-tax')).toMatchObject({
      dueOn: '2027-01-15',
      daysBefore: plannedDays,
      sendOn: addDays('2027-01-15', -plannedDays),
    });
    // The day before its day, nothing goes.
    await sweepReminders(at(`${addDays('2027-01-15', -plannedDays - 1)}T14:00:00Z`));
    expect(await getMessage(messageId(planned, 'estimated-tax', '2027-01-15', plannedDays))).toBeUndefined();
    // A week before the date, every order's has gone.
    await sweepReminders(at('2027-01-08T14:00:00Z'));
    const sent = (await getMessage(messageId(planned, 'estimated-tax', '2027-01-15', plannedDays)))?.payload as Record<string, unknown>;
    // 60,000 single: 12,037 of tax; 90% of it in four parts, rounded up.
    expect(sent).toMatchObject({
      stateName: 'the IRS',
      federal: true,
      title: 'Federal estimated tax, 4th quarter 2026: pay $2,709',
      dueOn: '2027-01-15',
      daysBefore: plannedDays,
    });
    expect(sent.description).toContain('Safe harbour: the four payments together reach 90%');
    const none = (await getMessage(messageId(bare, 'estimated-tax', '2027-01-15', bareDays)))?.payload as Record<string, unknown>;
    expect(none).toMatchObject({ title: 'Federal estimated tax, 4th quarter 2026' });
    expect(none.description).toContain(NO_SAVED_PLAN_TEXT);
    // Then the next quarter's, on the same day of its window.
    expect(row(await remindersOf(planned), 'estimated-tax')).toMatchObject({
      dueOn: '2027-04-15',
      daysBefore: plannedDays,
      sendOn: addDays('2027-04-15', -plannedDays),
    });
  });

  it('queues a reminder once when two sweeps take the same rows at the same time', async () => {
    const id = await paidOrder();
    const now = at('2027-10-02T14:00:00Z');
    // The annual report's row (the estimated tax's, due since January, is another test's).
    const rows = (await mine(id, '2027-10-02')).filter((r) => r.series === 'annual-report');
    expect(rows).toHaveLength(1);
    const outcomes = await Promise.all([processReminder(rows[0], now), processReminder(rows[0], now), processReminder(rows[0], now)]);
    expect(outcomes.filter((o) => o === 'queued')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'queued').every((o) => o === 'taken')).toBe(true);
    expect(await getMessage(messageId(id, 'annual-report', '2027-11-01', 30))).toBeDefined();
  });

  it('announces the agreed registered agent renewal 30 and 7 days before it is charged', async () => {
    const id = await paidOrder();
    await sweepReminders(at('2027-10-23T14:00:00Z'));
    expect((await getMessage(messageId(id, 'registered-agent-renewal', '2027-11-22', 30)))?.payload).toMatchObject({
      renewsOn: '2027-11-22',
      priceUsd: 125,
      daysBefore: 30,
    });
    await sweepReminders(at('2027-11-15T14:00:00Z'));
    expect((await getMessage(messageId(id, 'registered-agent-renewal', '2027-11-22', 7)))?.kind).toBe('renewal_notice');
    expect(row(await remindersOf(id), 'registered-agent-renewal')).toMatchObject({ dueOn: '2028-11-22', daysBefore: 30 });
  });

  it('announces no renewal without consent, and none once it is cancelled', async () => {
    const declined = await paidOrder();
    await setApplicationFields(declined, { filingDetails: storedFilingDetails({ registeredAgent: { kind: 'ours', renewalConsent: false } }) });
    const cancelled = await paidOrder({ renewalCancelledAt: '2027-01-05T10:00:00.000Z' });
    await sweepReminders(at('2027-10-23T14:00:00Z'));
    expect(await getMessage(messageId(declined, 'registered-agent-renewal', '2027-11-22', 30))).toBeUndefined();
    expect(await getMessage(messageId(cancelled, 'registered-agent-renewal', '2027-11-22', 30))).toBeUndefined();
    // Not agreed: the row waits for a later decision; cancelled: the row is gone.
    expect(row(await remindersOf(declined), 'registered-agent-renewal')).toMatchObject({ daysBefore: 7 });
    expect(row(await remindersOf(cancelled), 'registered-agent-renewal')).toBeUndefined();
  });

  it('sends no deadline reminder after the customer unsubscribed, but still announces the renewal', async () => {
    const id = await paidOrder();
    expect(await unsubscribeReminders(id)).toBe(true);
    expect(await unsubscribeReminders(id)).toBe(false);
    await sweepReminders(at('2027-10-23T14:00:00Z'));
    expect(await getMessage(messageId(id, 'annual-report', '2027-11-01', 30))).toBeUndefined();
    expect(row(await remindersOf(id), 'annual-report')).toBeUndefined();
    expect(await getMessage(messageId(id, 'registered-agent-renewal', '2027-11-22', 30))).toBeDefined();
  });

  it('drops the rows of a refunded order', async () => {
    const id = await paidOrder();
    await setApplicationFields(id, { paymentStatus: 'refunded' });
    await sweepReminders(at('2027-10-23T14:00:00Z'));
    expect(await remindersOf(id)).toEqual([]);
    expect(await getMessage(messageId(id, 'annual-report', '2027-11-01', 30))).toBeUndefined();
  });
});
