// The tax plan saved on an order (docs/product.md "Tax planner", decision 0380): the creator's
// inputs as POST /api/tax-plan takes them, the running costs and income map they gave, and what
// the server computes from them. The calendar's estimated-tax dates, their reminders and the
// year-end summary PDF all read the plan through these functions, so they say the same amounts
// in the same words.
import { longDate } from './compliance/dates.ts';
import { INCOME_KINDS, type IncomeMap } from './income-map.ts';
import { formatUsd } from './money.ts';
import type { TaxPlanRequest } from './tax-plan.schema.ts';
import {
  DEFAULT_RUNNING_COSTS,
  QUARTERLY_SAFE_HARBOUR,
  type QuarterlyEstimate,
  type QuarterlyPlan,
  type RunningCosts,
  type TaxPlan,
  type TaxPlanInput,
  type TaxPlanYear,
  taxPlan,
} from './tax-plan.ts';

/** The creator's income map as saved: each kind of income and the year's business expenses, whole dollars. */
export type SavedIncomeMap = IncomeMap & { expenses: number };

/** What the order keeps: the inputs only. The amounts are computed again whenever they are shown. */
export interface SavedTaxPlan {
  request: TaxPlanRequest;
  runningCosts?: RunningCosts;
  incomeMap?: SavedIncomeMap;
  /** ISO timestamp of the save (it also names the summary PDF's version). */
  savedAt: string;
}

/** The engine's input for a request of POST /api/tax-plan (last year's tax and AGI as one prior year). */
export function taxPlanInputOf(request: TaxPlanRequest, runningCosts?: RunningCosts): TaxPlanInput {
  const { year: _year, priorYearTax, priorYearAgi, ...rest } = request;
  return {
    ...rest,
    ...(priorYearTax !== undefined && priorYearAgi !== undefined ? { priorYear: { tax: priorYearTax, agi: priorYearAgi } } : {}),
    ...(runningCosts ? { runningCosts } : {}),
  };
}

/** The saved plan computed now, by the one engine. */
export function computeSavedPlan(saved: SavedTaxPlan): TaxPlan {
  return taxPlan(taxPlanInputOf(saved.request, saved.runningCosts ?? DEFAULT_RUNNING_COSTS));
}

const pct = (share: number) => `${Math.round(share * 100)}%`;

/** Which plan the instalments follow: an S-corporation's pays its payroll tax through payroll. */
export function planBasisWords(plan: Pick<TaxPlan, 'sCorp'>): string {
  return plan.sCorp
    ? `as an S-corporation owner paid a salary of ${formatUsd(plan.sCorp.salary)} (payroll tax goes through payroll; these payments cover the income tax)`
    : 'as a sole proprietor or single-member LLC (income tax and self-employment tax)';
}

/**
 * The safe harbour the instalments follow, in plain words: which share of which year's tax, the
 * year's required payment, the withholding counted, and why no underpayment penalty is owed.
 */
export function safeHarbourWords(rule: Omit<QuarterlyPlan, 'instalments'>, year: TaxPlanYear = 2026, priorYearTax?: number): string {
  const target =
    rule.safeHarbour === 'prior-year'
      ? `${pct(rule.share)} of last year's federal tax${
          rule.share > QUARTERLY_SAFE_HARBOUR.priorYearShare
            ? ` (110%, not 100%, because last year's adjusted gross income was above ${formatUsd(QUARTERLY_SAFE_HARBOUR.agiThreshold)})`
            : ''
        }, which is less than ${pct(QUARTERLY_SAFE_HARBOUR.currentYearShare)} of this year's`
      : priorYearTax !== undefined
        ? `${pct(rule.share)} of your estimated ${year} federal tax, which is less than last year's safe harbour (${formatUsd(priorYearTax)} of tax last year)`
        : `${pct(rule.share)} of your estimated ${year} federal tax (last year's tax, once you give it, applies instead when it asks for less)`;
  const withheld = rule.withholding > 0 ? `, less ${formatUsd(rule.withholding)} of income tax withheld from wages,` : '';
  return `Safe harbour: the four payments together reach ${target}: ${formatUsd(rule.requiredPayment)} for ${year}${withheld} paid in four equal parts. Paying at least that much by each date means no underpayment penalty, even if you owe more when you file (Form 1040-ES; IRC section 6654(d)).`;
}

/**
 * The n-th instalment (0-3) of the saved plan, and the sentence the calendar, the .ics and the
 * reminder say about it; `date`: the day it is due when a weekend moved it.
 */
export function instalmentWords(
  plan: TaxPlan,
  quarter: number,
  date?: string,
  priorYearTax?: number,
): { estimate: QuarterlyEstimate; text: string } | undefined {
  const estimate = plan.quarterly[quarter];
  if (!estimate) return undefined;
  return {
    estimate,
    text: `Your saved tax plan: pay ${formatUsd(estimate.amount)} by ${longDate(date ?? estimate.due)}, ${planBasisWords(plan)}. ${safeHarbourWords(plan.quarterlyRule, plan.year, priorYearTax)}`,
  };
}

/** What an estimated-tax date says when no plan is saved on the order. */
export const NO_SAVED_PLAN_TEXT =
  'No tax plan is saved on your order, so this date shows no amount: open the tax planner from your order page, enter your profit and save the plan, and this date will say what to pay under the safe harbour you qualify for.';

/** What an estimated-tax date of a tax year after the planner's says: no amount, and the prior-year safe harbour. */
export const laterYearText = (year: TaxPlanYear) =>
  `Our tax planner holds the ${year} figures only, so this date shows no amount. Paying at least 100% of your ${year} tax over this year's four dates (110% when your ${year} adjusted gross income was above ${formatUsd(QUARTERLY_SAFE_HARBOUR.agiThreshold)}) means no underpayment penalty.`;

/** The income map's total income (every kind). */
export function savedIncomeTotal(map: SavedIncomeMap): number {
  return INCOME_KINDS.reduce((sum, k) => sum + map[k], 0);
}
