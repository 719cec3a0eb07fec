import { addDays } from '#shared/compliance/dates.ts';
import type { CalendarOrder } from '../../functions/data/applications/calendar-input.ts';
import { dueReminders, type ReminderRow, reminderPuts } from '../../functions/data/reminders.ts';
import { applicationItem, batchPut } from './staff.ts';

/**
 * Many customers with the federal estimated-tax series, written straight into the tables as the
 * payment writes them (the order, and its estimated-tax reminder row from `reminderPuts`, so each
 * row's send day is the order's day of the spread: functions/data/reminder-spread.ts). Used by the
 * reminder sweep's volume test (1,200 customers, every `npm test`) and the bench (100,000,
 * scripts/bench/reminders.ts). The orders are Wyoming orders paid on PAID_AT: their first
 * estimated-tax date is FIRST_DATE, and on LAST_SEND_DAY (a week before it) every row is due.
 */
export const PAID_AT = '2026-11-22T15:00:00.000Z';
export const FIRST_DATE = '2027-01-15';
export const NEXT_DATE = '2027-04-15';
export const LAST_SEND_DAY = addDays(FIRST_DATE, -7);

export async function seedEstimatedTaxCustomers(count: number): Promise<string[]> {
  const paidAt = Date.parse(PAID_AT);
  const apps = Array.from({ length: count }, (_, i) =>
    applicationItem({
      state: 'WY',
      residenceState: 'WY',
      status: 'submitted',
      email: `owner${i}@example.com`,
      createdAt: PAID_AT,
      paidAt: PAID_AT,
    }),
  );
  await batchPut('applications', apps);
  const rows = apps.flatMap((app) =>
    reminderPuts(app as unknown as CalendarOrder, paidAt)
      .map((put) => put.Put?.Item as ReminderRow)
      .filter((row) => row?.series === 'estimated-tax'),
  );
  if (rows.length !== count) throw new Error(`Expected one estimated-tax row an order, got ${rows.length} for ${count}`);
  await batchPut('reminders', rows as unknown as Record<string, unknown>[]);
  return apps.map((a) => a.id);
}

/** The estimated-tax rows due up to `day`, read the way the sweep reads them (the due index, page by page). */
export const estimatedTaxRowsDueBy = async (day: string): Promise<ReminderRow[]> => (await dueReminders(day)).filter((r) => r.series === 'estimated-tax');

export interface SendPlan {
  /** Send days of each date: how many reminders on each day. */
  days: Map<string, Map<string, number>>;
  busiest: number;
  /** Rows planned fewer than 7 days before their date (or after it). */
  late: number;
}

/** The planned send days of the rows: per date, per day, with the busiest day and the late ones. */
export function sendPlanOf(rows: readonly ReminderRow[]): SendPlan {
  const days = new Map<string, Map<string, number>>();
  let late = 0;
  for (const r of rows) {
    const byDay = days.get(r.dueOn) ?? new Map<string, number>();
    byDay.set(r.sendOn, (byDay.get(r.sendOn) ?? 0) + 1);
    days.set(r.dueOn, byDay);
    if (r.sendOn > addDays(r.dueOn, -7)) late++;
  }
  const busiest = Math.max(0, ...[...days.values()].flatMap((m) => [...m.values()]));
  return { days, busiest, late };
}
