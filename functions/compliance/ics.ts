import { createEvents, type EventAttributes } from 'ics';
import type { OrderCalendar } from '#shared/compliance/api.schema.ts';
import { STATE_DEADLINE_KINDS } from '#shared/compliance/calendar.ts';
import { addDays, longDate } from '#shared/compliance/dates.ts';

const STATE_DEADLINES: ReadonlySet<string> = new Set(STATE_DEADLINE_KINDS);

/** Days before a state deadline its alarm goes off. */
export const ALARM_DAYS_BEFORE = 14;

const dateArray = (iso: string): [number, number, number] => {
  const [y, m, d] = iso.split('-').map(Number);
  return [y, m, d];
};

/** An event's UID: the order and the event's stable id (shared/compliance/calendar.ts), never its date. */
export const eventUid = (applicationId: string, eventId: string) => `${eventId.replace(':', '-')}.${applicationId}@creator-llc`;

const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 sequence: the library
 * counts characters, so a line with "’" or "ë" came out longer than 75 octets.
 */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; each continuation starts with a space, leaving 74.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const CALNAME_PLACEHOLDER = 'CREATORLLCCALNAME';

/** A TEXT value escaped as RFC 5545 (3.3.11) asks: backslash, semicolon, comma and newline, nothing dropped. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/**
 * What the `ics` library writes, made valid under RFC 5545: its alarm durations end in a bare `T`
 * (`TRIGGER:-P14DT`, which the grammar does not allow and ICSx5 rejects), and its folding counts
 * characters, not octets. Lines are unfolded, corrected and folded again.
 */
export function conform(ics: string): string {
  const lines = ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map((line) => line.replace(/^(TRIGGER(?:;[^:]*)?:[+-]?P(?:\d+W|\d+D))T$/, '$1'));
  return lines.map((line) => (line === '' ? line : fold(line))).join('\r\n');
}

/**
 * The order's calendar as an iCalendar file (RFC 5545), written by the `ics` library (escaping)
 * and corrected by `conform`. Each dated event is an all-day event carrying its source; a state
 * deadline also gets an alarm two weeks ahead. UIDs are stable per order and event (not per date),
 * and SEQUENCE rises when the filing date replaces the payment date, so re-importing the file after
 * filing moves the events instead of adding new ones. Undated "check with the state" events have no
 * day to sit on in a calendar app: they are left out of the file and shown on the order page only.
 */
export function calendarIcs(applicationId: string, businessName: string, calendar: OrderCalendar): string {
  const dated = calendar.events.filter((e) => e.date !== null);
  const sequence = calendar.formationDateFrom === 'filing' ? 1 : 0;
  const events: EventAttributes[] = dated.map((e) => ({
    uid: eventUid(applicationId, e.id),
    sequence,
    start: dateArray(e.date!),
    // An all-day event ends (exclusively) the next day; the library writes `DURATION:P1DT` for a one-day duration, which RFC 5545 does not allow.
    end: dateArray(addDays(e.date!, 1)),
    title: e.title,
    description: `${e.description}\n\nSource: ${e.source.name}, ${e.source.url} (checked ${longDate(e.source.verifiedAt)}).`,
    categories: [STATE_DEADLINES.has(e.kind) ? 'State deadline' : e.kind === 'registered-agent-renewal' ? 'Registered agent' : 'Federal tax'],
    transp: 'TRANSPARENT',
    ...(STATE_DEADLINES.has(e.kind)
      ? { alarms: [{ action: 'display' as const, description: e.title, trigger: { days: ALARM_DAYS_BEFORE, before: true } }] }
      : {}),
  }));
  // The name as the customer wrote it, commas included ("Smith, Jones & Co LLC"). The library does
  // not escape the calendar name, so it writes a placeholder that is replaced by the TEXT-escaped name.
  const name = `${businessName.replace(/\s+/g, ' ').trim() || 'LLC'} compliance calendar (${calendar.stateName})`;
  const { error, value } = createEvents(events, { productId: '-//CreatorLLC//Compliance calendar//EN', calName: CALNAME_PLACEHOLDER });
  if (error || !value) throw error ?? new Error('The calendar file could not be written');
  return conform(value.replace(`X-WR-CALNAME:${CALNAME_PLACEHOLDER}`, () => `X-WR-CALNAME:${icsText(name)}`));
}
