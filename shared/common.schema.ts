import * as z from './zod.ts';

// Field schemas the answers of every part of the API are built from.

export const int = () => z.number().check(z.int());
/** Whole cents, as a payment provider charges them. */
export const cents = () => z.number().check(z.int(), z.nonnegative());
/** Dollars, as prices are shown. */
export const dollars = () => z.number().check(z.nonnegative());
/** ISO 8601 timestamps, as the server writes them. */
export const timestamp = () => z.string();

/** Whether `YYYY-MM-DD` names a day of the calendar (not 2026-99-99, not February 29 of a common year). */
export function isCalendarDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A day as `YYYY-MM-DD` that exists on the calendar: the one schema of every date a person enters
 * or a query names. `format` is said when the text is not a date at all, `unreal` when it names no
 * day (2026-99-99).
 */
export const calendarDay = (format: string, unreal = 'Enter a real date: month, day and year') =>
  z.string({ error: format }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, format),
    z.refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || isCalendarDay(v), unreal),
  );
