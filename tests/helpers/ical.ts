/**
 * A strict reader of the iCalendar files the product writes (RFC 5545), for tests: unfolds lines,
 * checks every BEGIN has its END and every line is NAME[;PARAM]:VALUE, and returns the VEVENTs'
 * properties with text values unescaped. Throws on anything it cannot read.
 */
export interface IcsEvent {
  uid: string;
  summary: string;
  description: string;
  /** DTSTART of an all-day event, YYYY-MM-DD. */
  date: string;
  /** DTEND (exclusive), YYYY-MM-DD. */
  endDate: string;
  props: Record<string, string>;
}

const unescapeText = (v: string) => v.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');
const isoOf = (v: string) => `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;

export function parseIcs(text: string): { calendar: Record<string, string>; events: IcsEvent[] } {
  if (!text.includes('\r\n')) throw new Error('iCalendar lines must end with CRLF');
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((l) => l !== '');
  const stack: string[] = [];
  const calendar: Record<string, string> = {};
  const events: IcsEvent[] = [];
  let current: Record<string, string> | undefined;
  for (const line of lines) {
    const m = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^;:,]*)(?:,(?:"[^"]*"|[^;:,]*))*)*):(.*)$/.exec(line);
    if (!m) throw new Error(`Not an iCalendar content line: ${line}`);
    const [, name, params, value] = m;
    if (name === 'BEGIN') {
      stack.push(value);
      if (value === 'VEVENT') current = {};
      continue;
    }
    if (name === 'END') {
      if (stack.pop() !== value) throw new Error(`END:${value} without its BEGIN`);
      if (value === 'VEVENT' && current) {
        const start = current['DTSTART;VALUE=DATE'];
        const end = current['DTEND;VALUE=DATE'];
        if (!current.UID || !current.SUMMARY || !start || !end) throw new Error(`VEVENT without UID, SUMMARY, DTSTART or DTEND: ${JSON.stringify(current)}`);
        events.push({
          uid: current.UID,
          summary: unescapeText(current.SUMMARY),
          description: unescapeText(current.DESCRIPTION ?? ''),
          date: isoOf(start),
          endDate: isoOf(end),
          props: current,
        });
        current = undefined;
      }
      continue;
    }
    if (current && stack[stack.length - 1] === 'VEVENT') current[`${name}${params}`] = value;
    else if (stack.length === 1) calendar[name] = value;
  }
  if (stack.length) throw new Error(`Unclosed ${stack.join(' > ')}`);
  if (!/^BEGIN:VCALENDAR/.test(text) || calendar.VERSION !== '2.0' || !calendar.PRODID) throw new Error('Not a VCALENDAR 2.0 with a PRODID');
  return { calendar, events };
}
