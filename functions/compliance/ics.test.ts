import { describe, expect, it } from 'vitest';
import { calendarIcs, icsText } from './ics.ts';

/** The calendar file's name keeps the business name as written, escaped as RFC 5545 TEXT (3.3.11). */
describe('the calendar name', () => {
  const calendar = {
    stateName: 'Wyoming',
    formationDateFrom: 'payment',
    events: [
      {
        id: 'annual-report',
        kind: 'annual-report',
        date: '2027-08-01',
        title: 'Wyoming annual report',
        description: 'File it.',
        source: { name: 'Wyoming', url: 'https://sos.wyo.gov', verifiedAt: '2026-07-17' },
      },
    ],
  };

  it('keeps commas and semicolons, escaped, instead of dropping them', () => {
    const ics = calendarIcs('3f2a6c1e-8b4d-4c2a-9e7f-000000000001', 'Smith, Jones; Co LLC', calendar as never);
    const line = ics
      .replace(/\r\n[ \t]/g, '')
      .split('\r\n')
      .find((l) => l.startsWith('X-WR-CALNAME:'));
    expect(line).toBe('X-WR-CALNAME:Smith\\, Jones\\; Co LLC compliance calendar (Wyoming)');
  });

  it('writes the source check date in words', () => {
    const ics = calendarIcs('3f2a6c1e-8b4d-4c2a-9e7f-000000000001', 'Byte Works LLC', calendar as never).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('checked July 17\\, 2026');
    expect(ics).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
  });

  it('escapes backslashes and newlines too', () => {
    expect(icsText('a\\b\nc, d; e')).toBe('a\\\\b\\nc\\, d\\; e');
  });
});
