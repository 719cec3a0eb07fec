import { describe, expect, it } from 'vitest';
import { type CalendarInput, complianceCalendar, sCorpElectionDeadline } from './calendar.ts';
import { irsDueDate, isBusinessDay, legalHolidayOn, legalHolidays } from './holidays.ts';

const input = (formationDate: string): CalendarInput => ({
  state: 'FL',
  formationDate,
  addOns: { operatingAgreement: false, feinFiling: false },
  renewal: 'renews',
});

describe('legal holidays (5 U.S.C. 6103, D.C. Code section 1-612.02)', () => {
  it('lists the eleven federal holidays and DC Emancipation Day, as observed', () => {
    expect(legalHolidays(2027).map((h) => `${h.date} ${h.name}`)).toEqual([
      "2027-01-01 New Year's Day",
      '2027-01-18 Birthday of Martin Luther King, Jr.',
      "2027-02-15 Washington's Birthday",
      '2027-04-16 DC Emancipation Day',
      '2027-05-31 Memorial Day',
      // June 19, 2027 is a Saturday: observed on the Friday before.
      '2027-06-18 Juneteenth National Independence Day',
      // July 4, 2027 is a Sunday: observed on the Monday after.
      '2027-07-05 Independence Day',
      '2027-09-06 Labor Day',
      '2027-10-11 Columbus Day',
      '2027-11-11 Veterans Day',
      '2027-11-25 Thanksgiving Day',
      // December 25, 2027 is a Saturday.
      '2027-12-24 Christmas Day',
    ]);
  });

  it('observes New Year’s Day on a Saturday on December 31 before it, and Inauguration Day', () => {
    expect(legalHolidayOn('2021-12-31')?.name).toBe("New Year's Day");
    expect(legalHolidayOn('2025-01-20')?.name).toBeDefined();
    expect(legalHolidays(2033).some((h) => h.name === 'Inauguration Day' && h.date === '2033-01-20')).toBe(true);
    expect(isBusinessDay('2026-12-01')).toBe(true);
    expect(isBusinessDay('2026-12-05')).toBe(false);
  });
});

describe('IRS due dates move past weekends and legal holidays (IRC section 7503)', () => {
  it('moves the four dates of the report to the next business day', () => {
    // Washington's Birthday.
    expect(irsDueDate('2027-02-15')).toBe('2027-02-16');
    // April 15, 2028 is a Saturday; Monday the 17th is DC Emancipation Day observed (the 16th is a Sunday).
    expect(irsDueDate('2028-04-15')).toBe('2028-04-18');
    expect(irsDueDate('2028-04-17')).toBe('2028-04-18');
    // Birthday of Martin Luther King, Jr.
    expect(irsDueDate('2029-01-15')).toBe('2029-01-16');
    // April 15, 2029 is a Sunday; Monday the 16th is DC Emancipation Day.
    expect(irsDueDate('2029-04-15')).toBe('2029-04-17');
    // A business day stays.
    expect(irsDueDate('2027-01-15')).toBe('2027-01-15');
  });

  it('moves the first Form 2553 deadline: December 1, 2026 -> February 16, 2027; April 5, 2026 -> past Juneteenth', () => {
    expect(sCorpElectionDeadline('2026-12-01')).toBe('2027-02-16');
    // June 19, 2026 is a Friday (Juneteenth): the next business day is Monday, June 22.
    expect(sCorpElectionDeadline('2026-04-05')).toBe('2026-06-22');
    // Jan 7 -> Mar 21 (the IRS's example); in 2027 that is a Sunday.
    expect(sCorpElectionDeadline('2027-01-07')).toBe('2027-03-22');
  });

  it('the calendar’s estimated-tax and election dates are moved, and name the rule as their source', () => {
    const events = complianceCalendar(input('2026-12-01'), { today: '2026-12-01' })!;
    const dates = (kind: string) => events.filter((e) => e.kind === kind).map((e) => e.date);
    const estimated = dates('estimated-tax');
    expect(estimated).toContain('2028-01-18'); // January 15, 2028 is a Saturday; Monday the 17th is MLK Day.
    expect(estimated).toContain('2028-04-18');
    expect(estimated).toContain('2029-04-17');
    expect(estimated).not.toContain('2028-04-17');
    expect(dates('s-corp-election')).toEqual(['2027-02-16', '2027-03-15', '2028-03-15', '2029-03-15']);
    for (const e of events.filter((e) => e.kind === 'estimated-tax' || e.kind === 's-corp-election')) {
      expect(e.source.name).toContain('IRC section 7503');
      expect(e.source.name).toContain('D.C. Code section 1-612.02');
    }
    const later = complianceCalendar(input('2028-10-20'), { today: '2028-10-20' })!;
    expect(later.filter((e) => e.kind === 'estimated-tax').map((e) => e.date)).toContain('2029-01-16');
  });
});
