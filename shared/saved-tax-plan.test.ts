import { describe, expect, it } from 'vitest';
import { complianceCalendar } from './compliance/calendar.ts';
import { computeSavedPlan, laterYearText, NO_SAVED_PLAN_TEXT, type SavedTaxPlan, safeHarbourWords, taxPlanInputOf } from './saved-tax-plan.ts';
import { taxPlan } from './tax-plan.ts';

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
    // The next tax year: no amount, and why.
    const next = events.find((e) => e.id === 'estimated-tax:2027-q1')!;
    expect(next.amountUsd).toBeUndefined();
    expect(next.description).toContain(laterYearText(2026));
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
