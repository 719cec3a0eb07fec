import ICAL from 'ical.js';

/**
 * Reads the iCalendar files the product writes (RFC 5545) for tests, with ical.js (an independent
 * parser, the one many calendar clients are built on), then checks what ical.js forgives: CRLF line
 * ends, content lines of at most 75 octets, and alarm durations that follow the RFC's grammar
 * (ical.js reads `-P14DT` as two weeks; the RFC and ICSx5 reject it). Throws on anything else.
 */
export interface IcsAlarm {
  action: string;
  /** The TRIGGER value exactly as written in the file. */
  trigger: string;
}

export interface IcsEvent {
  uid: string;
  summary: string;
  description: string;
  /** DTSTART of an all-day event, YYYY-MM-DD. */
  date: string;
  /** DTEND (exclusive), YYYY-MM-DD. */
  endDate: string;
  sequence: number;
  categories: string[];
  alarms: IcsAlarm[];
}

/** RFC 5545 §3.3.6 dur-value. */
export const RFC5545_DURATION = /^[+-]?P(?:\d+W|\d+D(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))$/;

const encoder = new TextEncoder();

/** The value of a property as the file wrote it (jCal keeps the text of a duration). */
function rawValue(component: ICAL.Component, name: string): string | undefined {
  const prop = (component.jCal[1] as unknown[][]).find((p) => p[0] === name);
  return prop ? String(prop[3]) : undefined;
}

export function parseIcs(text: string): { calendar: Record<string, string>; events: IcsEvent[] } {
  if (!text.includes('\r\n') || /[^\r]\n/.test(text)) throw new Error('iCalendar lines must end with CRLF');
  for (const line of text.split('\r\n')) {
    const octets = encoder.encode(line).length;
    if (octets > 75) throw new Error(`A content line of ${octets} octets (at most 75): ${line}`);
  }
  const root = new ICAL.Component(ICAL.parse(text));
  if (root.name !== 'vcalendar') throw new Error(`Not a VCALENDAR: ${root.name}`);
  const calendar: Record<string, string> = {};
  for (const prop of root.getAllProperties()) calendar[prop.name.toUpperCase()] = String(prop.getFirstValue());
  if (calendar.VERSION !== '2.0' || !calendar.PRODID) throw new Error('Not a VCALENDAR 2.0 with a PRODID');

  const events = root.getAllSubcomponents('vevent').map((vevent): IcsEvent => {
    const event = new ICAL.Event(vevent);
    const start = vevent.getFirstPropertyValue('dtstart');
    const end = vevent.getFirstPropertyValue('dtend');
    if (!event.uid || !event.summary || !(start instanceof ICAL.Time) || !(end instanceof ICAL.Time)) {
      throw new Error(`VEVENT without UID, SUMMARY, DTSTART or DTEND: ${vevent.toString()}`);
    }
    if (!start.isDate || !end.isDate) throw new Error(`Not an all-day event: ${event.uid}`);
    const alarms = vevent.getAllSubcomponents('valarm').map((valarm) => {
      const trigger = rawValue(valarm, 'trigger');
      if (!trigger || !RFC5545_DURATION.test(trigger)) throw new Error(`TRIGGER not an RFC 5545 duration: ${trigger} (${event.uid})`);
      return { action: String(valarm.getFirstPropertyValue('action')), trigger };
    });
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description ?? '',
      date: start.toString(),
      endDate: end.toString(),
      sequence: event.sequence ?? 0,
      categories: vevent.getAllProperties('categories').flatMap((p) => p.getValues().map(String)),
      alarms,
    };
  });
  return { calendar, events };
}
