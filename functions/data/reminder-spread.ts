import { createHash } from 'node:crypto';
import type { DeadlineSeries } from '#shared/compliance/calendar.ts';
import { reminderDaysFor } from '#shared/compliance/reminders.ts';

/**
 * Reminders of a deadline every customer shares (the federal estimated tax: four dates a year,
 * the same for every order) are spread over a window before the date instead of all going out on
 * one day (docs/decisions/0414-reminders-at-scale.md). Each order gets one day of the window,
 * fixed by a hash of its id: the same day for every date, whoever writes the row (the payment,
 * the filing, a saved tax plan, the sweep moving on), and independent of how many customers there
 * are, so nothing has to be re-planned when the base grows.
 *
 * The window runs from SPREAD_LATEST_DAYS_BEFORE + SPREAD_DAYS − 1 days before the date to
 * SPREAD_LATEST_DAYS_BEFORE days before it: every reminder arrives at least a week ahead.
 */
export const SPREAD_LATEST_DAYS_BEFORE = 7;
export const SPREAD_DAYS = 14;
/**
 * The share of the daily sending quota the spread series may take on one day: the rest is for
 * the state deadlines' reminders and the transactional mail (receipts, links, conversations).
 */
export const SPREAD_SHARE_OF_DAILY_QUOTA = 0.5;

/** The days before an estimated-tax date this order's reminder goes (7 to 20). */
export function spreadDaysBefore(applicationId: string): number {
  const hash = createHash('sha256').update(applicationId).digest().readUInt32BE(0);
  return SPREAD_LATEST_DAYS_BEFORE + (hash % SPREAD_DAYS);
}

/** The series every order shares on the same dates. */
export const isSharedSeries = (kind: string): boolean => kind === 'estimated-tax';

/** The days before each deadline of a series that this order's reminders go. */
export function reminderDaysOf(kind: DeadlineSeries['kind'], applicationId: string): readonly number[] {
  return isSharedSeries(kind) ? [spreadDaysBefore(applicationId)] : reminderDaysFor(kind);
}

/** How many customers the window holds within a daily quota: reminders a day times the window's days. */
export const spreadCapacity = (perDay: number): number => Math.floor(perDay * SPREAD_SHARE_OF_DAILY_QUOTA) * SPREAD_DAYS;
