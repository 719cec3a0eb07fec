import { addDays } from '../compliance/dates.ts';
import { isBusinessDay } from '../compliance/holidays.ts';

/**
 * Business hours of the mail room (docs/decisions/0421-mail-room.md): 9:00 to 17:00 US Eastern
 * (America/New_York, daylight saving time included), Monday to Friday, except the legal holidays
 * of shared/compliance/holidays.ts (the federal ones, as observed, and DC Emancipation Day). Pure:
 * every function takes the instant it counts from.
 */
export const BUSINESS_TIME_ZONE = 'America/New_York';
export const BUSINESS_OPENS_MINUTE = 9 * 60;
export const BUSINESS_CLOSES_MINUTE = 17 * 60;
/** One business day is the hours between opening and closing. */
export const BUSINESS_DAY_HOURS = (BUSINESS_CLOSES_MINUTE - BUSINESS_OPENS_MINUTE) / 60;

/**
 * The Eastern wall clock's format, made at its first use: made at import, it loads the zone data
 * into every browser page that imports this module for its constants (the order page), a long task
 * on a phone.
 */
let wallFormat: Intl.DateTimeFormat | undefined;
const eastern = () =>
  (wallFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }));

/** The Eastern wall clock at an instant: the day (YYYY-MM-DD) and the minute of that day. */
function wallClock(ms: number): { day: string; minute: number } {
  const parts = Object.fromEntries(
    eastern()
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) + Number(parts.second) / 60 };
}

/** The instant a wall-clock minute of an Eastern day names (business hours never meet the daylight-saving jump at 2:00). */
function instantOf(day: string, minute: number): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, 0, 0) + minute * 60_000;
  // The zone's offset at that moment, found by reading the wall clock of a first guess.
  let guess = asUtc + 5 * 3_600_000;
  for (let i = 0; i < 2; i++) {
    const wall = wallClock(guess);
    const [wy, wm, wd] = wall.day.split('-').map(Number) as [number, number, number];
    const wallAsUtc = Date.UTC(wy, wm - 1, wd) + Math.round(wall.minute * 60_000);
    guess += asUtc - wallAsUtc;
  }
  return guess;
}

const nextBusinessDay = (day: string) => {
  let next = addDays(day, 1);
  while (!isBusinessDay(next)) next = addDays(next, 1);
  return next;
};

/**
 * The instant `hours` business hours after `from` (an ISO instant): hours outside 9:00-17:00
 * Eastern on a business day do not count. A service of process logged on a Friday at 16:00 is due
 * on Monday at 12:00 (one hour on Friday, three on Monday).
 */
export function addBusinessHours(from: string | number, hours: number): string {
  let { day, minute } = wallClock(typeof from === 'number' ? from : Date.parse(from));
  if (!isBusinessDay(day) || minute >= BUSINESS_CLOSES_MINUTE) {
    day = nextBusinessDay(day);
    minute = BUSINESS_OPENS_MINUTE;
  }
  minute = Math.max(minute, BUSINESS_OPENS_MINUTE);
  let left = hours * 60;
  for (;;) {
    const open = BUSINESS_CLOSES_MINUTE - minute;
    if (left <= open) return new Date(instantOf(day, minute + left)).toISOString();
    left -= open;
    day = nextBusinessDay(day);
    minute = BUSINESS_OPENS_MINUTE;
  }
}
