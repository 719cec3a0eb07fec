// Calendar arithmetic on YYYY-MM-DD strings, in UTC: a due date is a day, never a moment.

export { isIsoDate } from '../state-facts/due-dates.ts';

import { writtenDate } from '../written-date.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toIso(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return [y, m, d];
}

/** The UTC calendar day of a moment (an ISO timestamp or epoch milliseconds). */
export function dayOf(moment: string | number | Date): string {
  return toIso(new Date(moment));
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = parts(iso);
  return toIso(new Date(Date.UTC(y, m - 1, d + days)));
}

/** The same day `months` later; a day the month lacks becomes its last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = parts(iso);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return toIso(new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))));
}

export const addYears = (iso: string, years: number) => addMonths(iso, 12 * years);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** "November 26, 2026" (shared/written-date.ts, the one formatter of dates customers read). */
export function longDate(iso: string): string {
  return writtenDate(iso.slice(0, 10));
}
