import { isMoment, shortDate, shortDateTime } from '../../lib/local-dates.ts';

/** Display helpers for the staff screens: "Dec 2, 2026", or a dash when there is no date. */
export function formatDate(iso: string | undefined): string {
  return iso && isMoment(iso) ? shortDate(iso) : '—';
}

/** "Dec 2, 2026, 3:04 PM", or a dash when there is no moment. */
export function formatDateTime(iso: string | undefined): string {
  return iso && isMoment(iso) ? shortDateTime(iso) : '—';
}

/** How long ago `iso` was, in the largest whole unit: "45 min", "5 h", "3 d". */
export function formatAge(iso: string | undefined, now: Date = new Date()): string {
  if (!iso) return '—';
  const ms = now.getTime() - new Date(iso).getTime();
  if (Number.isNaN(ms)) return '—';
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

/** The order number staff and customers quote: the id's first 8 characters. */
export const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * Today as the staff member's calendar has it, kept within what the server accepts: not after
 * today in UTC (filedDateProblem's "future") and not before the day the order was paid.
 */
export function defaultFiledOn(paidAt: string | null | undefined, now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const utc = now.toISOString().slice(0, 10);
  const paidOn = paidAt?.slice(0, 10);
  // ISO days sort as strings: the earlier of the two, then not before the payment (unless that is after today).
  const [day] = [local, utc].sort();
  if (!paidOn || day >= paidOn) return day;
  return [paidOn, utc].sort()[0];
}
