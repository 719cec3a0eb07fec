import { describe, expect, it } from 'vitest';
import { addBusinessHours } from './business-hours.ts';
import { mailClock } from './mail.ts';

// Eastern wall clock → instant: EST is UTC-5 (November to March), EDT UTC-4.
describe('addBusinessHours (9:00-17:00 US Eastern, Monday to Friday, legal holidays excluded)', () => {
  it('a Friday 4pm service of process is due Monday noon', () => {
    // Friday, January 9, 2026, 16:00 EST.
    expect(addBusinessHours('2026-01-09T21:00:00.000Z', 4)).toBe('2026-01-12T17:00:00.000Z');
  });

  it('counts within one day when the hours fit', () => {
    // Tuesday, June 16, 2026, 10:30 EDT + 4 hours = 14:30 EDT.
    expect(addBusinessHours('2026-06-16T14:30:00.000Z', 4)).toBe('2026-06-16T18:30:00.000Z');
  });

  it('starts at 9:00 when logged before opening, and the next business day when after closing', () => {
    // Wednesday, June 17, 2026, 7:00 EDT → 13:00 EDT.
    expect(addBusinessHours('2026-06-17T11:00:00.000Z', 4)).toBe('2026-06-17T17:00:00.000Z');
    // Wednesday 18:00 EDT → Thursday 13:00 EDT.
    expect(addBusinessHours('2026-06-17T22:00:00.000Z', 4)).toBe('2026-06-18T17:00:00.000Z');
  });

  it('skips a mid-year holiday: Juneteenth, Friday June 19, 2026', () => {
    // Thursday, June 18, 2026, 15:00 EDT: 2 hours Thursday, the Friday is a holiday, 2 hours Monday → Monday 11:00 EDT.
    expect(addBusinessHours('2026-06-18T19:00:00.000Z', 4)).toBe('2026-06-22T15:00:00.000Z');
  });

  it('one business day over a weekend: Saturday mail is due at the close of Monday', () => {
    // Saturday, January 10, 2026, 11:00 EST → Monday 17:00 EST.
    expect(addBusinessHours('2026-01-10T16:00:00.000Z', 8)).toBe('2026-01-12T22:00:00.000Z');
  });

  it('skips New Year’s Day and Martin Luther King Day in January', () => {
    // Wednesday, December 31, 2025, 16:00 EST: 1 hour, then January 1 is a holiday → Friday January 2, 12:00 EST.
    expect(addBusinessHours('2025-12-31T21:00:00.000Z', 4)).toBe('2026-01-02T17:00:00.000Z');
    // Friday, January 16, 2026, 13:00 EST + 8 hours: 4 Friday, Monday the 19th is MLK Day → Tuesday 13:00 EST.
    expect(addBusinessHours('2026-01-16T18:00:00.000Z', 8)).toBe('2026-01-20T18:00:00.000Z');
  });

  it('skips Christmas in December', () => {
    // Thursday, December 24, 2026, 14:00 EST: 3 hours, Friday the 25th is Christmas → Monday December 28, 10:00 EST.
    expect(addBusinessHours('2026-12-24T19:00:00.000Z', 4)).toBe('2026-12-28T15:00:00.000Z');
  });

  it('crosses the change to daylight saving time on the wall clock', () => {
    // Friday, March 6, 2026, 16:00 EST → Monday, March 9 (EDT since the 8th), 12:00 EDT.
    expect(addBusinessHours('2026-03-06T21:00:00.000Z', 4)).toBe('2026-03-09T16:00:00.000Z');
  });
});

describe('mailClock', () => {
  it('gives a service of process 4 business hours and other mail one business day, overdue after', () => {
    const loggedAt = '2026-01-09T21:00:00.000Z';
    expect(mailClock({ kind: 'service_of_process', loggedAt }, '2026-01-12T16:59:00.000Z')).toEqual({
      dueAt: '2026-01-12T17:00:00.000Z',
      hours: 4,
      overdue: false,
    });
    expect(mailClock({ kind: 'service_of_process', loggedAt }, '2026-01-12T17:01:00.000Z').overdue).toBe(true);
    expect(mailClock({ kind: 'state_notice', loggedAt }, loggedAt)).toEqual({ dueAt: '2026-01-12T21:00:00.000Z', hours: 8, overdue: false });
  });
});
