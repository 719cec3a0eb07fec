import { describe, expect, it } from 'vitest';
import {
  annualReportRule,
  datesFor,
  describeRule,
  isIsoDate,
  nextDueDates,
  nextTaxDueDates,
  parseReportDue,
  parseTaxDue,
  scheduleYears,
  taxDueRule,
  unparsedStates,
} from './due-dates.ts';
import { JURISDICTION_CODES } from './facts.ts';

describe('parseReportDue', () => {
  it.each([
    ['May 1', { kind: 'fixed', month: 5, day: 1, frequency: 'annual' }],
    ['April 15', { kind: 'fixed', month: 4, day: 15, frequency: 'annual' }],
    ['Sept 30', { kind: 'fixed', month: 9, day: 30, frequency: 'annual' }],
    ['Jan 1 - Mar 31', { kind: 'fixed', month: 3, day: 31, opens: { month: 1, day: 1 }, frequency: 'annual' }],
    ['Jan 2 (Biennial)', { kind: 'fixed', month: 1, day: 2, frequency: 'biennial' }],
    ['Apr 1 (Biennial, odd years)', { kind: 'fixed', month: 4, day: 1, frequency: 'biennial', years: 'odd' }],
    ['April 1 (biennial; first year after registration)', { kind: 'fixed', month: 4, day: 1, frequency: 'biennial', firstYearStated: true }],
    ['Jan 1 - Apr 15 (after tax year end)', { kind: 'fixed', month: 4, day: 15, calendarTaxYear: true }],
    ['Apr 15 (Fee waived timely)', { kind: 'fixed', month: 4, day: 15, frequency: 'annual' }],
    ['Last day of anniversary month (Biennial)', { kind: 'anniversary', period: 'month', day: 'last', frequency: 'biennial' }],
    ['Anniversary month', { kind: 'anniversary', period: 'month', day: 'last', frequency: 'annual' }],
    ['Anniversary month (Biennial)', { kind: 'anniversary', period: 'month', day: 'last', frequency: 'biennial' }],
    ['Anniversary month window', { kind: 'anniversary', period: 'month', day: 'last', window: true }],
    ['Anniversary date', { kind: 'anniversary', period: 'month', day: 'date' }],
    ['First day of anniversary month', { kind: 'anniversary', day: 'first' }],
    ['1st day of anniversary month', { kind: 'anniversary', day: 'first' }],
    ['Before first day of anniversary month', { kind: 'anniversary', day: 'before-first' }],
    ['End of anniversary quarter', { kind: 'anniversary', period: 'quarter', day: 'last' }],
    ['Anniversary quarter', { kind: 'anniversary', period: 'quarter', day: 'last' }],
    ['Within 90 days of formation', { kind: 'after-formation', days: 90 }],
    ['Within 3 months after fiscal year end', { kind: 'after-year-end', monthsAfter: 3, day: 'last' }],
    ['N/A', { kind: 'none' }],
  ])('reads %j', (text, expected) => {
    expect(parseReportDue(text)).toMatchObject({ ...expected, text });
  });

  it.each(['Sometime in spring', 'May 1 (Triennial)', 'Feb 30', 'May 1 (odd years)', 'Anniversary date (odd years)', ''])(
    'leaves %j unparsed rather than guessing',
    (text) => {
      expect(parseReportDue(text)).toEqual({ kind: 'unparsed', text });
    },
  );
});

describe('parseTaxDue', () => {
  it.each([
    ['The annual taxes for the prior year are due on or before June 1st.', { kind: 'fixed', month: 6, day: 1 }],
    ['ALL REPORTS ARE DUE ON OR BEFORE MAY 1.', { kind: 'fixed', month: 5, day: 1 }],
    [
      'The annual franchise tax report is due May 15. If May 15 falls on a weekend or holiday, the due date will be the next business day.',
      { kind: 'fixed', month: 5, day: 15 },
    ],
    [
      'Your subsequent annual tax payments will continue to be due on the 15th day of the 4th month of your taxable year.',
      { kind: 'in-tax-year', month: 4, day: 15 },
    ],
    [
      "on or before the fifteenth day of the fourth month following the close of the taxpayer's taxable year",
      { kind: 'after-year-end', monthsAfter: 4, day: 15 },
    ],
    ['The due date is the 20th day of the fourth month following the close of the taxable year.', { kind: 'after-year-end', monthsAfter: 4, day: 20 }],
    [
      'The fee and renewal form are due on the last day of the anniversary month in which the license was originally filed.',
      { kind: 'anniversary', day: 'last' },
    ],
    ['On or before the first day of the month of organization of every year', { kind: 'anniversary', day: 'first' }],
  ])('reads %j', (text, expected) => {
    expect(parseTaxDue(text)).toMatchObject(expected);
  });

  it.each([
    'Monthly returns are due the 25th of every month. Quarterly returns are due the end of the month following the tax quarter. Annual returns are due April 15.',
    "on or before the due date prescribed for the filing of the entity's federal return",
    'due on or before the due date of the return for the taxpayer due under section 289A.18, subdivision 1',
    '1-Year Fee – Business License Expiring 12/31/2026 $ 50.00',
  ])('leaves %j unparsed', (text) => {
    expect(parseTaxDue(text).kind).toBe('unparsed');
  });
});

/** Each jurisdiction's annual report rule and its first due date for an LLC formed on 2026-03-10. */
const REPORTS: Record<string, [kind: string, frequency: string | null, first: string | null]> = {
  AL: ['none', null, null],
  AK: ['fixed', 'biennial', '2027-01-02'],
  AZ: ['none', null, null],
  AR: ['fixed', 'annual', '2027-05-01'],
  CA: ['anniversary', 'biennial', '2026-06-08'],
  CO: ['anniversary', 'annual', '2027-03-31'],
  CT: ['fixed', 'annual', '2027-03-31'],
  DE: ['fixed', 'annual', '2027-06-01'],
  DC: ['fixed', 'biennial', '2027-04-01'],
  FL: ['fixed', 'annual', '2027-05-01'],
  GA: ['fixed', 'annual', '2027-04-01'],
  HI: ['anniversary', 'annual', '2027-03-31'],
  ID: ['anniversary', 'annual', '2027-03-31'],
  IL: ['anniversary', 'annual', '2027-02-28'],
  IN: ['anniversary', 'biennial', '2028-03-31'],
  IA: ['fixed', 'biennial', '2027-04-01'],
  KS: ['fixed', 'annual', '2027-04-15'],
  KY: ['fixed', 'annual', '2027-06-30'],
  LA: ['anniversary', 'annual', '2027-03-10'],
  ME: ['fixed', 'annual', '2027-06-01'],
  MD: ['fixed', 'annual', '2027-04-15'],
  MA: ['anniversary', 'annual', '2027-03-10'],
  MI: ['fixed', 'annual', '2027-02-15'],
  MN: ['fixed', 'annual', '2027-12-31'],
  MS: ['fixed', 'annual', '2027-04-15'],
  MO: ['none', null, null],
  MT: ['fixed', 'annual', '2027-04-15'],
  NE: ['fixed', 'biennial', '2027-04-01'],
  NV: ['anniversary', 'annual', '2027-03-31'],
  NH: ['fixed', 'annual', '2027-04-01'],
  NJ: ['anniversary', 'annual', '2027-03-31'],
  NM: ['none', null, null],
  NY: ['anniversary', 'biennial', '2028-03-31'],
  NC: ['fixed', 'annual', '2027-04-15'],
  ND: ['fixed', 'annual', '2027-11-15'],
  OH: ['none', null, null],
  OK: ['anniversary', 'annual', '2027-03-10'],
  OR: ['anniversary', 'annual', '2027-03-10'],
  PA: ['fixed', 'annual', '2027-09-30'],
  RI: ['fixed', 'annual', '2027-05-01'],
  SC: ['none', null, null],
  SD: ['anniversary', 'annual', '2027-03-01'],
  TN: ['fixed', 'annual', '2027-04-01'],
  TX: ['fixed', 'annual', '2027-05-15'],
  UT: ['anniversary', 'annual', '2027-03-10'],
  VT: ['after-year-end', 'annual', '2027-03-31'],
  VA: ['anniversary', 'annual', '2027-03-31'],
  WA: ['anniversary', 'annual', '2027-03-31'],
  WV: ['fixed', 'annual', '2027-06-30'],
  WI: ['anniversary', 'annual', '2027-03-31'],
  WY: ['anniversary', 'annual', '2027-03-01'],
};

/** Each jurisdiction's franchise-type tax due rule ('none' where no such tax applies to a default LLC). */
const TAXES: Record<string, string> = {
  AL: 'unparsed',
  AK: 'unparsed',
  AZ: 'none',
  AR: 'fixed',
  CA: 'in-tax-year',
  CO: 'none',
  CT: 'none',
  DE: 'fixed',
  DC: 'after-year-end',
  FL: 'none',
  GA: 'none',
  HI: 'after-year-end',
  ID: 'none',
  IL: 'none',
  IN: 'none',
  IA: 'none',
  KS: 'none',
  KY: 'after-year-end',
  LA: 'none',
  ME: 'none',
  MD: 'none',
  MA: 'none',
  MI: 'none',
  MN: 'unparsed',
  MS: 'none',
  MO: 'none',
  MT: 'none',
  NE: 'none',
  NV: 'anniversary',
  NH: 'unparsed',
  NJ: 'none',
  NM: 'none',
  NY: 'after-year-end',
  NC: 'none',
  ND: 'none',
  OH: 'unparsed',
  OK: 'none',
  OR: 'after-year-end',
  PA: 'none',
  RI: 'after-year-end',
  SC: 'none',
  SD: 'none',
  TN: 'after-year-end',
  TX: 'fixed',
  UT: 'none',
  VT: 'unparsed',
  VA: 'none',
  WA: 'unparsed',
  WV: 'none',
  WI: 'none',
  WY: 'anniversary',
};

describe('annual report rules for all 51 jurisdictions', () => {
  it('covers the 50 states and DC', () => {
    expect(JURISDICTION_CODES).toHaveLength(51);
    expect(Object.keys(REPORTS).sort()).toEqual([...JURISDICTION_CODES].sort());
  });

  it('has no unparsed annual report text (a changed text shows up here)', () => {
    expect(unparsedStates()).toEqual([]);
    expect(unparsedStates('annual-report')).toEqual([]);
  });

  it.each(Object.entries(REPORTS))('%s', (code, [kind, frequency, first]) => {
    const rule = annualReportRule(code)!;
    expect(rule.kind).toBe(kind);
    if (frequency) expect(rule).toMatchObject({ frequency });
    expect(describeRule(rule)).not.toMatch(/undefined|NaN/);
    const dates = nextDueDates(code, '2026-03-10', 4)!;
    if (first === null) {
      expect(dates).toEqual([]);
      return;
    }
    expect(dates).toHaveLength(4);
    expect(dates[0]).toBe(first);
    for (const d of dates) expect(isIsoDate(d)).toBe(true);
    for (let i = 1; i < dates.length; i++) expect(dates[i] > dates[i - 1]).toBe(true);
    expect(dates[0] > '2026-03-10').toBe(true);
    // The regular cycle (after California's first statement): one or two years apart.
    const regular = code === 'CA' ? dates.slice(1) : dates;
    const gap = Number(regular[1].slice(0, 4)) - Number(regular[0].slice(0, 4));
    expect(gap).toBe(frequency === 'biennial' ? 2 : 1);
  });

  it('is case-insensitive and knows no other codes', () => {
    expect(annualReportRule('fl')).toEqual(annualReportRule('FL'));
    expect(annualReportRule('ZZ')).toBeUndefined();
    expect(nextDueDates('ZZ', '2026-03-10', 2)).toBeUndefined();
  });
});

describe('franchise-type tax due rules for all 51 jurisdictions', () => {
  it('lists exactly the states whose tax due date cannot be read from the data', () => {
    expect(unparsedStates('tax')).toEqual(['AK', 'AL', 'MN', 'NH', 'OH', 'VT', 'WA']);
  });

  it.each(Object.entries(TAXES))('%s', (code, kind) => {
    const rule = taxDueRule(code)!;
    expect(rule.kind).toBe(kind);
    const dates = nextTaxDueDates(code, '2026-03-10', 3);
    if (kind === 'unparsed') expect(dates).toBeUndefined();
    else if (kind === 'none') expect(dates).toEqual([]);
    else expect(dates).toHaveLength(3);
  });

  it('dates California’s annual tax from formation, then each April 15', () => {
    expect(nextTaxDueDates('CA', '2026-03-10', 3)).toEqual(['2026-06-15', '2027-04-15', '2028-04-15']);
    expect(nextTaxDueDates('CA', '2026-11-20', 3)).toEqual(['2027-02-15', '2027-04-15', '2028-04-15']);
  });

  it('dates Delaware’s tax for the prior year on June 1, and Wyoming’s fee on its anniversaries', () => {
    expect(nextTaxDueDates('DE', '2026-03-10', 2)).toEqual(['2027-06-01', '2028-06-01']);
    expect(nextTaxDueDates('WY', '2026-07-22', 2)).toEqual(['2027-07-01', '2028-07-01']);
    expect(nextTaxDueDates('KY', '2026-07-22', 1)).toEqual(['2027-04-15']);
  });
});

describe('dates', () => {
  it('clamps an anniversary on February 29 and wraps "before the first day" of January', () => {
    const date = parseReportDue('Anniversary date');
    expect(datesFor(date, '2024-02-29', 2)).toEqual(['2025-02-28', '2026-02-28']);
    expect(datesFor(parseReportDue('Before first day of anniversary month'), '2026-01-15', 2)).toEqual(['2026-12-31', '2027-12-31']);
  });

  it('ends an anniversary quarter on the quarter’s last day', () => {
    expect(datesFor(parseReportDue('Anniversary quarter'), '2026-08-05', 2)).toEqual(['2027-09-30', '2028-09-30']);
  });

  it('files odd-year biennial reports in odd years only', () => {
    expect(datesFor(parseReportDue('Apr 1 (Biennial, odd years)'), '2027-06-01', 2)).toEqual(['2029-04-01', '2031-04-01']);
    expect(datesFor(parseReportDue('Apr 1 (Biennial, odd years)'), '2026-06-01', 2)).toEqual(['2027-04-01', '2029-04-01']);
  });

  it('handles one-off and year-end rules', () => {
    expect(datesFor(parseReportDue('Within 90 days of formation'), '2026-11-15', 3)).toEqual(['2027-02-13']);
    expect(datesFor(parseReportDue('Within 3 months after fiscal year end'), '2026-11-15', 2)).toEqual(['2027-03-31', '2028-03-31']);
    expect(datesFor(parseReportDue('N/A'), '2026-11-15', 2)).toEqual([]);
    expect(datesFor(parseReportDue('whenever'), '2026-11-15', 2)).toBeUndefined();
    expect(nextDueDates('FL', '2026-03-10', 0)).toEqual([]);
  });

  it('rejects a date that is not YYYY-MM-DD', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('03/10/2026')).toBe(false);
    expect(() => nextDueDates('FL', '2026-13-01', 1)).toThrow(RangeError);
  });
});

describe('scheduleYears', () => {
  it('places annual reports in years 2 and 3, biennial anniversary reports in year 3', () => {
    expect(scheduleYears(annualReportRule('FL')!).years).toEqual([2, 3]);
    expect(scheduleYears(annualReportRule('WY')!).years).toEqual([2, 3]);
    expect(scheduleYears(annualReportRule('NY')!).years).toEqual([3]);
    expect(scheduleYears(annualReportRule('CA')!).years).toEqual([1, 3]);
    expect(scheduleYears(annualReportRule('DC')!)).toEqual({ years: [2] });
    expect(scheduleYears(annualReportRule('AL')!).years).toEqual([]);
  });

  it('says so when the year of a biennial report is not known', () => {
    expect(scheduleYears(annualReportRule('IA')!).uncertain).toMatch(/year 2 or year 3/);
    expect(scheduleYears(annualReportRule('AK')!).uncertain).toMatch(/does not say/);
    expect(scheduleYears(annualReportRule('IA')!, '2026-05-01')).toEqual({ years: [2] });
    expect(scheduleYears(annualReportRule('IA')!, '2027-05-01')).toEqual({ years: [3] });
  });

  it('agrees with the concrete dates for calendar-date rules', () => {
    for (const code of JURISDICTION_CODES) {
      const rule = annualReportRule(code)!;
      if (rule.kind !== 'fixed' || rule.initialWithinDays !== undefined) continue;
      for (const formed of ['2026-01-05', '2027-09-30']) {
        const y = Number(formed.slice(0, 4));
        const within = nextDueDates(code, formed, 3)!
          .map((d) => Number(d.slice(0, 4)) - y + 1)
          .filter((year) => year <= 3);
        expect(within, `${code} formed ${formed}`).toEqual(scheduleYears(rule, formed).years);
      }
    }
  });
});
