import { createEvents, type EventAttributes } from 'ics';
import type { OrderCalendar } from '#shared/compliance/api.schema.ts';
import { STATE_DEADLINE_KINDS } from '#shared/compliance/calendar.ts';
import { addDays } from '#shared/compliance/dates.ts';

const STATE_DEADLINES: ReadonlySet<string> = new Set(STATE_DEADLINE_KINDS);

const dateArray = (iso: string): [number, number, number] => {
  const [y, m, d] = iso.split('-').map(Number);
  return [y, m, d];
};

/**
 * The order's calendar as an iCalendar file (RFC 5545), written by the `ics` library (escaping,
 * line folding, UIDs). Each dated event is an all-day event carrying its source; a state deadline
 * also gets an alarm two weeks ahead. Undated "check with the state" events have no day to sit on
 * in a calendar app: they are left out of the file and shown on the order page only.
 */
export function calendarIcs(applicationId: string, businessName: string, calendar: OrderCalendar): string {
  const dated = calendar.events.filter((e) => e.date !== null);
  const events: EventAttributes[] = dated.map((e) => ({
    uid: `${e.id}.${applicationId}@creator-llc`,
    start: dateArray(e.date!),
    // An all-day event ends (exclusively) the next day; the library writes `DURATION:P1DT` for a one-day duration, which RFC 5545 does not allow.
    end: dateArray(addDays(e.date!, 1)),
    title: e.title,
    description: `${e.description}\n\nSource: ${e.source.name}, ${e.source.url} (checked ${e.source.verifiedAt}).`,
    categories: [STATE_DEADLINES.has(e.kind) ? 'State deadline' : e.kind === 'registered-agent-renewal' ? 'Registered agent' : 'Federal tax'],
    transp: 'TRANSPARENT',
    ...(STATE_DEADLINES.has(e.kind) ? { alarms: [{ action: 'display' as const, description: e.title, trigger: { days: 14, before: true } }] } : {}),
  }));
  // The library does not escape the calendar name: keep it to characters that need none.
  const name = `${businessName.replace(/[,;\\"\s]+/g, ' ').trim() || 'LLC'} compliance calendar (${calendar.stateName})`;
  const { error, value } = createEvents(events, { productId: '-//CreatorLLC//Compliance calendar//EN', calName: name });
  if (error || !value) throw error ?? new Error('The calendar file could not be written');
  return value;
}
