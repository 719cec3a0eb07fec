import { describe, expect, it } from 'vitest';
import { complianceCalendar } from './compliance/calendar.ts';
import {
  computeSavedPlan,
  laterYearText,
  NEXT_YEAR_LEAD_DAYS,
  NO_SAVED_PLAN_TEXT,
  planOnDay as planOnDayOf,
  type SavedTaxPlan,
  safeHarbourWords,
  taxPlanInputOf,
} from './saved-tax-plan.ts';
import { type TaxPlan, taxPlan, yearFiguresOf } from './tax-plan.ts';

/** The plan on a day, its own year's tax and AGI passed as the callers pass them. */
const planOnDay = (plan: TaxPlan, today: string) => planOnDayOf(plan, today, { year: yearFiguresOf(plan) });

const saved = (request: Partial<SavedTaxPlan['request']> = {}, extra: Partial<SavedTaxPlan> = {}): SavedTaxPlan => ({
  request: { year: 2026, filingStatus: 'single', profit: 60_000, ...request },
  savedAt: '2026-11-27T10:00:00.000Z',
  ...extra,
});

const estimates = (plan?: SavedTaxPlan) =>
  complianceCalendar(
    {
      state: 'WY',
      formationDate: '2026-11-22',
      addOns: { operatingAgreement: false, feinFiling: false },
      renewal: 'renews',
      ...(plan ? { taxPlan: plan } : {}),
    },
    { today: '2026-11-27' },
  )!.filter((e) => e.kind === 'estimated-tax');

describe('the saved tax plan', () => {
  it("is computed by the engine from its inputs, last year's tax and AGI as the prior year", () => {
    expect(taxPlanInputOf({ year: 2026, filingStatus: 'joint', profit: 90_000, priorYearTax: 8_000, priorYearAgi: 160_000 })).toEqual({
      filingStatus: 'joint',
      profit: 90_000,
      priorYear: { tax: 8_000, agi: 160_000 },
    });
    // shared/tax-plan.test.ts: 60,000 single is 12,037 of tax; 90% of it in four parts, rounded up.
    expect(computeSavedPlan(saved()).quarterly.map((q) => q.amount)).toEqual([2_709, 2_709, 2_709, 2_709]);
    const costly = computeSavedPlan(saved({ salary: 40_000, profit: 100_000 }, { runningCosts: { payrollService: 5_000, taxPreparer: 5_000, stateFees: 0 } }));
    expect(costly.sCorp?.runningCosts).toBe(10_000);
  });

  it('says the safe harbour in words: 90% of this year, or 100% / 110% of last year', () => {
    const current = computeSavedPlan(saved()).quarterlyRule;
    expect(safeHarbourWords(current)).toContain(
      "90% of your estimated 2026 federal tax (last year's tax, once you give it, applies instead when it asks for less): $10,834 for 2026",
    );
    const high = computeSavedPlan(saved({ priorYearTax: 8_000, priorYearAgi: 160_000, withholding: 2_000 })).quarterlyRule;
    expect(safeHarbourWords(high)).toContain("110% of last year's federal tax (110%, not 100%, because last year's adjusted gross income was above $150,000)");
    expect(safeHarbourWords(high)).toContain('$8,800 for 2026, less $2,000 of income tax withheld from wages,');
    const low = computeSavedPlan(saved({ priorYearTax: 8_000, priorYearAgi: 100_000 })).quarterlyRule;
    expect(safeHarbourWords(low)).toContain("100% of last year's federal tax, which is less than 90% of this year's: $8,000 for 2026");
    expect(safeHarbourWords(low)).toContain('no underpayment penalty');
    // Last year's given, but this year's 90% asks for less: said so.
    const given = computeSavedPlan(saved({ priorYearTax: 20_000, priorYearAgi: 100_000 })).quarterlyRule;
    expect(safeHarbourWords(given, 2026, 20_000)).toContain(
      "90% of your estimated 2026 federal tax, which is less than last year's safe harbour ($20,000 of tax last year)",
    );
  });

  it("puts its amount and rule on the calendar's estimated-tax dates of its year", () => {
    const events = estimates(saved());
    const q4 = events.find((e) => e.id === 'estimated-tax:2026-q4')!;
    expect(q4).toMatchObject({ date: '2027-01-15', title: 'Federal estimated tax, 4th quarter 2026: pay $2,709', amountUsd: 2_709 });
    expect(q4.description).toContain('Your saved tax plan: pay $2,709 by January 15, 2027, as a sole proprietor');
    expect(q4.description).toContain('Safe harbour: the four payments together reach 90%');
    // The next tax year: planned on the plan's figures (100% of its 12,037 of tax in four parts), labelled.
    const next = events.filter((e) => e.id.startsWith('estimated-tax:2027-'));
    expect(next.map((e) => [e.date, e.amountUsd, e.title])).toEqual([
      ['2027-04-15', 3_010, 'Federal estimated tax, 1st quarter 2027: pay $3,010'],
      ['2027-06-15', 3_010, 'Federal estimated tax, 2nd quarter 2027: pay $3,010'],
      ['2027-09-15', 3_010, 'Federal estimated tax, 3rd quarter 2027: pay $3,010'],
      ['2028-01-18', 3_010, 'Federal estimated tax, 4th quarter 2027: pay $3,010'],
    ]);
    expect(next[0].description).toContain(
      "Your saved tax plan: pay $3,010 by April 15, 2027. Planned on our 2026 figures: the IRS's 2027 figures are not in our data yet.",
    );
    expect(next[0].description).toContain('100% of your estimated 2026 federal tax of $12,037');
    // The year after: no amount, and why.
    const later = events.find((e) => e.id === 'estimated-tax:2028-q1')!;
    expect(later.amountUsd).toBeUndefined();
    expect(later.description).toContain(laterYearText(2026));
  });

  it('follows the S-corporation plan when a salary is saved', () => {
    const plan = computeSavedPlan(saved({ profit: 100_000, salary: 40_000 }));
    const q4 = estimates(saved({ profit: 100_000, salary: 40_000 })).find((e) => e.id === 'estimated-tax:2026-q4')!;
    expect(q4.amountUsd).toBe(plan.quarterly[3].amount);
    expect(q4.description).toContain('as an S-corporation owner paid a salary of $40,000');
  });

  it('says no plan is saved, and where to save one, without a plan', () => {
    const q4 = estimates().find((e) => e.id === 'estimated-tax:2026-q4')!;
    expect(q4.title).toBe('Federal estimated tax, 4th quarter 2026');
    expect(q4.amountUsd).toBeUndefined();
    expect(q4.description).toContain(NO_SAVED_PLAN_TEXT);
    expect(NO_SAVED_PLAN_TEXT).toContain('open the tax planner from your order page');
  });

  it('agrees with the engine for any saved input', () => {
    const request = { year: 2026 as const, filingStatus: 'joint' as const, profit: 250_000, salary: 120_000, otherWages: 10_000, withholding: 4_000 };
    expect(computeSavedPlan(saved(request))).toEqual(taxPlan({ ...taxPlanInputOf(request) }));
  });
});

describe('the saved plan is true on the day it is shown (a fixed clock)', () => {
  // $60,000 single: four instalments of $2,709 (April 15, June 15, September 15, 2026 and January 15, 2027).
  const plan = computeSavedPlan(saved({}, { savedAt: '2026-12-01T09:00:00.000Z' }));
  const due = (day: string) =>
    planOnDay(plan, day)
      .instalments.filter((q) => !q.past)
      .map((q) => q.due);
  const past = (day: string) =>
    planOnDay(plan, day)
      .instalments.filter((q) => q.past)
      .map((q) => q.due);
  const calendarOn = (today: string, formationDate = today) =>
    complianceCalendar(
      { state: 'WY', formationDate, addOns: { operatingAgreement: false, feinFiling: false }, renewal: 'renews', taxPlan: saved() },
      { today },
    )!.filter((e) => e.kind === 'estimated-tax');

  it('saved on December 1: only January 15 is due, the three past dates are owed now if unpaid, and no promise of no penalty', () => {
    const day = planOnDay(plan, '2026-12-01');
    expect(due('2026-12-01')).toEqual(['2027-01-15']);
    expect(past('2026-12-01')).toEqual(['2026-04-15', '2026-06-15', '2026-09-15']);
    expect(day.owedNow).toBe(3 * 2_709);
    expect(day.catchUp).toBe(
      'As of December 1, 2026, April 15, June 15 and September 15, 2026 have passed. If you have not paid those instalments, $8,127 is owed now (3 instalments of $2,709): pay it as soon as you can, ahead of the $2,709 due January 15, 2027 (the fourth instalment of your 2026 tax).',
    );
    expect(day.rule).toContain('Safe harbour: the four payments together reach 90% of your estimated 2026 federal tax');
    expect(day.rule).not.toContain('no underpayment penalty');
    // The penalty in plain words, from the IRS's page; the annualised method as the way out.
    expect(day.penalty).toContain('underpayment of estimated tax penalty');
    expect(day.penalty).toContain('https://www.irs.gov/taxtopics/tc306');
    expect(day.penalty).toContain('Form 2210');
    expect(day.penalty).not.toMatch(/\d+(\.\d+)?% /);
    expect(day.annualised).toContain('Form 2210 Schedule AI');
    expect(day.annualised).toContain('https://www.irs.gov/instructions/i2210');
    // January 15, 2027 is 45 days away: the 2027 dates follow, planned on the 2026 figures.
    expect(day.nextYearPlan?.year).toBe(2027);
  });

  it("the calendar's January 15 row, on December 1, says what is owed now instead of the promise", () => {
    const events = calendarOn('2026-12-01');
    const q4 = events.find((e) => e.id === 'estimated-tax:2026-q4')!;
    expect(events.filter((e) => e.id.startsWith('estimated-tax:2026')).map((e) => e.date)).toEqual(['2027-01-15']);
    expect(q4.description).toContain('Your saved tax plan: pay $2,709 by January 15, 2027');
    expect(q4.description).toContain('$8,127 is owed now');
    expect(q4.description).toContain('If you have not paid those instalments');
    expect(q4.description).toContain('Form 2210 Schedule AI');
    expect(q4.description).not.toContain('means no underpayment penalty');
  });

  it('on February 1, 2026 every date is ahead, and the safe harbour promise is true', () => {
    const day = planOnDay(plan, '2026-02-01');
    expect(due('2026-02-01')).toEqual(['2026-04-15', '2026-06-15', '2026-09-15', '2027-01-15']);
    expect(day.owedNow).toBe(0);
    expect(day.catchUp).toBeUndefined();
    expect(day.penalty).toBeUndefined();
    expect(day.rule).toContain('Paying at least that much by each date means no underpayment penalty');
    const events = calendarOn('2026-02-01', '2026-01-20');
    expect(events.filter((e) => e.id.startsWith('estimated-tax:2026')).map((e) => e.date)).toEqual(['2026-04-15', '2026-06-15', '2026-09-15', '2027-01-15']);
    expect(events[0]!.description).toContain('means no underpayment penalty');
  });

  it('on July 1, 2026 April and June are past and owed now if unpaid; September and January are due', () => {
    const day = planOnDay(plan, '2026-07-01');
    expect(past('2026-07-01')).toEqual(['2026-04-15', '2026-06-15']);
    expect(due('2026-07-01')).toEqual(['2026-09-15', '2027-01-15']);
    expect(day.owedNow).toBe(5_418);
    expect(day.catchUp).toContain('April 15 and June 15, 2026 have passed');
    expect(day.catchUp).toContain('ahead of the $2,709 due September 15, 2026.');
    expect(day.rule).not.toContain('no underpayment penalty');
    const q3 = calendarOn('2026-07-01', '2026-03-02').find((e) => e.id === 'estimated-tax:2026-q3')!;
    expect(q3.description).toContain('$5,418 is owed now');
  });

  it('a date is due on its own day and past the day after', () => {
    expect(due('2027-01-15')).toEqual(['2027-01-15']);
    expect(planOnDay(plan, '2027-01-15').catchUp).toContain('$8,127 is owed now');
    expect(due('2027-01-16')).toEqual([]);
  });

  it('on February 1, 2027 all four 2026 dates are past, and the 2027 plan follows on the 2026 figures', () => {
    const day = planOnDay(plan, '2027-02-01');
    expect(day.allPast).toBe(true);
    expect(day.owedNow).toBe(4 * 2_709);
    expect(day.catchUp).toContain('all four dates of your 2026 plan have passed (the last was January 15, 2027)');
    expect(day.catchUp).toContain('what is left of your 2026 tax is due with your return');
    expect(day.nextYear).toContain('Your 2027 payments: $3,010 by each of April 15, 2027');
    expect(day.nextYear).toContain("Planned on our 2026 figures: the IRS's 2027 figures are not in our data yet.");
    expect(day.rule).not.toContain('no underpayment penalty');
  });

  it('with withholding that covers the year, nothing was owed on a past date, and the promise stays true', () => {
    const covered = computeSavedPlan(saved({ withholding: 20_000 }));
    const day = planOnDay(covered, '2026-12-01');
    expect(day.owedNow).toBe(0);
    expect(day.catchUp).toBeUndefined();
    expect(day.rule).toContain('no underpayment penalty');
  });
});

describe("next year's plan on this year's figures, labelled (a fixed clock)", () => {
  // $60,000 single: $12,037 of 2026 tax, AGI $55,761 (below $150,000): 100% of it in four parts.
  const plan = computeSavedPlan(saved());
  // $240,000 single: AGI above $150,000, so 110%.
  const high = computeSavedPlan(saved({ profit: 240_000 }));
  const NEXT_DATES = ['2027-04-15', '2027-06-15', '2027-09-15', '2028-01-18'];

  it('mid-year (July 1, 2026) nothing changes: no next-year plan', () => {
    const day = planOnDay(plan, '2026-07-01');
    expect(day.nextYearPlan).toBeUndefined();
    expect(day.nextYear).toBeUndefined();
    // The day before the lead window opens, still none; on its first day, the plan.
    expect(planOnDay(plan, '2026-11-15').nextYearPlan).toBeUndefined();
    expect(NEXT_YEAR_LEAD_DAYS).toBe(60);
    expect(planOnDay(plan, '2026-11-16').nextYearPlan?.year).toBe(2027);
  });

  it("December 1, 2026 (after September 15): 2027's IRS dates, 100% of the 2026 tax in four parts, labelled as ours", () => {
    expect(yearFiguresOf(plan)).toEqual({ tax: 12_037, agi: 55_761 });
    const next = planOnDay(plan, '2026-12-01').nextYearPlan!;
    expect(next.year).toBe(2027);
    // January 15, 2028 is a Saturday and the 17th Martin Luther King Jr. Day: Tuesday the 18th.
    expect(next.instalments.map((q) => q.due)).toEqual(NEXT_DATES);
    expect(next.share).toBe(1);
    expect(next.instalments.map((q) => q.amount)).toEqual([3_010, 3_010, 3_010, 3_010]);
    expect(next.label).toBe("Planned on our 2026 figures: the IRS's 2027 figures are not in our data yet.");
    const words = planOnDay(plan, '2026-12-01').nextYear!;
    expect(words).toContain('$3,010 by each of April 15, 2027, June 15, 2027, September 15, 2027 and January 18, 2028');
    expect(words).toContain('100% of your estimated 2026 federal tax of $12,037');
    expect(words).toContain('IRC section 6654(d)(1)(B)');
    expect(words).not.toContain("IRS's 2027 amounts");
  });

  it('January 20, 2027 (after January 15): every 2026 date is past; 110% of the 2026 tax when its AGI is above $150,000', () => {
    const figures = yearFiguresOf(high);
    expect(figures.agi).toBeGreaterThan(150_000);
    const day = planOnDay(high, '2027-01-20');
    expect(day.allPast).toBe(true);
    const next = day.nextYearPlan!;
    expect(next.share).toBe(1.1);
    expect(next.instalments.map((q) => q.due)).toEqual(NEXT_DATES);
    expect(next.instalments.map((q) => q.amount)).toEqual(Array(4).fill(Math.ceil((figures.tax * 1.1) / 4)));
    expect(next.requiredPayment).toBe(Math.ceil(figures.tax * 1.1));
    expect(day.nextYear).toContain('110%, not 100%, because your 2026 adjusted gross income');
    expect(day.nextYear).toContain("the IRS's 2027 figures are not in our data yet");
  });

  it('an S-corporation plan counts the tax its instalments cover (income tax and Additional Medicare tax), not the payroll tax', () => {
    const sCorp = computeSavedPlan(saved({ profit: 120_000, salary: 60_000 }));
    const next = planOnDay(sCorp, '2026-12-01').nextYearPlan!;
    expect(next.basis.tax).toBe(sCorp.sCorp!.incomeTax + sCorp.sCorp!.additionalMedicareTax);
    expect(next.basis.agi).toBe(sCorp.sCorp!.adjustedGrossIncome);
  });
});
