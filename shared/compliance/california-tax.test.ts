import { describe, expect, it } from 'vitest';
import { CALIFORNIA_ANNUAL_TAX, californiaTaxPayments } from '../state-facts/california-tax.ts';
import { threeYearCost } from '../state-facts/three-year-cost.ts';
import { type CalendarInput, complianceCalendar, deadlineSeries } from './calendar.ts';

// One California rule for the calendar and the three-year cost (docs/decisions/0415): the tax of
// every tax year, the first (from the filing to December 31) included, each payment naming its year.

const input = (formationDate: string, over: Partial<CalendarInput> = {}): CalendarInput => ({
  state: 'CA',
  formationDate,
  addOns: { operatingAgreement: false, feinFiling: false },
  renewal: 'renews',
  ...over,
});

/** The calendar's $800 payments on a fixed clock: the formation day is "today". */
const calendarTax = (formed: string, kind: 'state-tax' | 'home-state-tax' = 'state-tax', over: Partial<CalendarInput> = {}) =>
  complianceCalendar(input(formed, over), { today: formed })!.filter((e) => e.kind === kind);

const costTax = (formed: string, filing = 'CA', residence?: string) =>
  threeYearCost(filing, residence, { formationDate: formed })!.lines.filter((l) => l.key === 'state-tax' && l.state === 'CA');

describe.each([
  // [formation, the calendar's payments within three years of it as [tax year, due date]]
  [
    'December',
    '2026-12-10',
    [
      [2026, '2027-03-15'],
      [2027, '2027-04-15'],
      [2028, '2028-04-15'],
      [2029, '2029-04-15'],
    ],
  ],
  [
    'January',
    '2027-01-10',
    [
      [2027, '2027-04-15'],
      [2028, '2028-04-15'],
      [2029, '2029-04-15'],
    ],
  ],
  [
    'mid-year',
    '2027-06-15',
    [
      [2027, '2027-09-15'],
      [2028, '2028-04-15'],
      [2029, '2029-04-15'],
      [2030, '2030-04-15'],
    ],
  ],
] as const)('California annual tax, %s formation (%s)', (_, formed, expected) => {
  it('the calendar names the tax year of each payment, the first one from the filing to December 31', () => {
    const events = calendarTax(formed);
    expect(events.map((e) => [e.date, e.title])).toEqual(
      expected.map(([year, date], i) => [date, `California Annual Tax for ${year} (${['first', 'second', 'third', 'fourth'][i]} tax year)`]),
    );
    for (const e of events) {
      expect(e.amountUsd).toBe(800);
      expect(e.source.url).toBe(CALIFORNIA_ANNUAL_TAX.source.url);
      expect(e.description).toContain(CALIFORNIA_ANNUAL_TAX.notKnown);
    }
    expect(events[0].description).toContain(`from the filing on ${formed} to December 31`);
    // A fourth payment inside the calendar's window is for a tax year the cost does not count, and says so.
    if (events[3]) expect(events[3].description).toContain('after the three the three-year cost counts');
  });

  it('the cost counts the same first three payments, $800 each, with the calendar’s due dates', () => {
    const lines = costTax(formed);
    const events = calendarTax(formed);
    expect(lines.map((l) => [l.year, l.amount, l.dueDate])).toEqual(events.slice(0, 3).map((e, i) => [i + 1, 800, e.date]));
    expect(lines.every((l) => l.source.url === CALIFORNIA_ANNUAL_TAX.source.url)).toBe(true);
    const note = threeYearCost('CA', undefined, { formationDate: formed })!.notes.find((n) => n.startsWith('California Annual Tax'));
    expect(note).toContain(
      californiaTaxPayments(formed, 3)
        .map((p) => `${p.taxYear} due ${p.dueDate}`)
        .join(', '),
    );
    expect(note).toContain(CALIFORNIA_ANNUAL_TAX.notKnown);
  });

  it('the reminders follow the same dates', () => {
    const series = deadlineSeries(input(formed)).find((s) => s.kind === 'state-tax')!;
    expect(series.dates.slice(0, expected.length)).toEqual(expected.map(([, date]) => date));
  });

  it('a California resident forming elsewhere: the home-state tax follows the same rule and the cost’s lines', () => {
    const events = calendarTax(formed, 'home-state-tax', { state: 'WY', residence: 'CA' });
    expect(events.map((e) => e.date)).toEqual(expected.map(([, date]) => date));
    expect(events[0].title).toMatch(/\(first tax year\) \(home state\)$/);
    expect(costTax(formed, 'WY', 'CA').map((l) => l.dueDate)).toEqual(events.slice(0, 3).map((e) => e.date));
  });
});

describe('the rule read from the copied dataset', () => {
  it('$800, no first-year exemption, source the Franchise Tax Board', () => {
    expect(CALIFORNIA_ANNUAL_TAX.amountUsd).toBe(800);
    expect(CALIFORNIA_ANNUAL_TAX.firstYearExemption).toBe(false);
    expect(CALIFORNIA_ANNUAL_TAX.source.url).toMatch(/^https:\/\/www\.ftb\.ca\.gov\//);
  });
  it('a filing in October pays its first year in January of the next year', () => {
    expect(californiaTaxPayments('2026-10-31', 2).map((p) => p.dueDate)).toEqual(['2027-01-15', '2027-04-15']);
  });
});
