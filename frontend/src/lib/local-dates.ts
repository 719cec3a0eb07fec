/**
 * Moments as the visitor's own clock reads them ("Dec 2, 2026", "December 2, 2026 at 3:04 PM"),
 * written as en-US `toLocaleString` writes them. Built from the Date's local fields instead of
 * Intl: the page's first `Intl.DateTimeFormat` loads the locale data, tens of ms on a phone, in
 * the render that shows the order (docs/decisions/0440). `local-dates.test.ts` holds each against
 * Intl's own output.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The moment `iso` as a Date, or undefined when it is not one. */
function momentOf(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Whether `iso` reads as a moment. */
export const isMoment = (iso: string): boolean => momentOf(iso) !== undefined;

/** "Dec 2, 2026" (en-US, month short); `iso` unchanged when it is not a moment. */
export function shortDate(iso: string): string {
  const d = momentOf(iso);
  return d ? `${MONTHS[d.getMonth()].slice(0, 3)} ${d.getDate()}, ${d.getFullYear()}` : iso;
}

/** "3:04 PM" (en-US, short time); empty when `iso` is not a moment. */
export function clockTime(iso: string): string {
  const d = momentOf(iso);
  if (!d) return '';
  const hours = d.getHours();
  return `${hours % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Dec 2, 2026, 3:04 PM" (en-US, month short, to the minute); `iso` unchanged when it is not a moment. */
export function shortDateTime(iso: string): string {
  return momentOf(iso) ? `${shortDate(iso)}, ${clockTime(iso)}` : iso;
}

/** "December 2, 2026 at 3:04 PM" (en-US, month long, to the minute); `iso` unchanged when it is not a moment. */
export function longDateTime(iso: string): string {
  const d = momentOf(iso);
  return d ? `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()} at ${clockTime(iso)}` : iso;
}
