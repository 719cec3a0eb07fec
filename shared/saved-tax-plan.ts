// The tax plan saved on an order (docs/product.md "Tax planner", decision 0380): the creator's
// inputs as POST /api/tax-plan takes them, the running costs and income map they gave, and what
// the server computes from them. The calendar's estimated-tax dates, their reminders and the
// year-end summary PDF all read the plan through these functions, so they say the same amounts
// in the same words.
import { addYears, longDate } from './compliance/dates.ts';
import { irsDueDate } from './compliance/holidays.ts';
import federal from './data/federal-tax-2026.json' with { type: 'json' };
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
 * The safe harbour the instalments follow, in plain words: which share of which year's tax and the
 * year's required payment, with the withholding counted. Said alone, without the promise that no
 * penalty is owed, on a day some of the plan's dates have passed (see planOnDay).
 */
export function safeHarbourTarget(rule: Omit<QuarterlyPlan, 'instalments'>, year: TaxPlanYear = 2026, priorYearTax?: number): string {
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
  return `Safe harbour: the four payments together reach ${target}: ${formatUsd(rule.requiredPayment)} for ${year}${withheld} paid in four equal parts`;
}

const SAFE_HARBOUR_PROMISE =
  'Paying at least that much by each date means no underpayment penalty, even if you owe more when you file (Form 1040-ES; IRC section 6654(d)).';

/**
 * The safe harbour with its promise: true only while none of the plan's dates has passed. A page
 * that knows the day uses planOnDay, which leaves the promise out once a date is behind.
 */
export function safeHarbourWords(rule: Omit<QuarterlyPlan, 'instalments'>, year: TaxPlanYear = 2026, priorYearTax?: number): string {
  return `${safeHarbourTarget(rule, year, priorYearTax)}. ${SAFE_HARBOUR_PROMISE}`;
}

const penalty = federal.estimatedTaxPenalty;
const QUARTER_WORDS = ['first', 'second', 'third', 'fourth'] as const;

/** One instalment of the plan as it stands on a day: past (its date is before the day) or still ahead. */
export interface InstalmentOnDay extends QuarterlyEstimate {
  /** 1-4: the instalment of the plan's tax year (the fourth falls in January of the next year). */
  quarter: number;
  past: boolean;
}

/** The plan's instalments as they stand on a day, and what to say about them that day. */
export interface PlanOnDay {
  /** YYYY-MM-DD: the day the words are true on (the server's day). */
  asOf: string;
  instalments: InstalmentOnDay[];
  /** The past instalments together: owed now if they were not paid (we do not know what was). */
  owedNow: number;
  /** Every date of the plan's year has passed. */
  allPast: boolean;
  /** The safe harbour; with the promise of no penalty only when no amount was due on a past date. */
  rule: string;
  /** What is owed now, "if you have not paid them". */
  catchUp?: string;
  /** The underpayment penalty in plain words, with its source. */
  penalty?: string;
  /** The annualised income installment method (Form 2210 Schedule AI), the way out when income came late. */
  annualised?: string;
  /** Once all the plan's dates have passed: that the planner has no figures for the next year's payments. */
  nextYear?: string;
}

const listOf = (items: string[]) => (items.length < 3 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** "April 15, June 15 and September 15, 2026": dates of one year written once with the year. */
function datesWords(dates: string[]): string {
  const sameYear = dates.every((d) => d.slice(0, 4) === dates[0]!.slice(0, 4));
  if (!sameYear) return listOf(dates.map(longDate));
  const days = dates.map((d) => longDate(d).replace(/, \d{4}$/, ''));
  return `${listOf(days)}, ${dates[0]!.slice(0, 4)}`;
}

/**
 * The plan on a day (`today`, YYYY-MM-DD, the server's clock passed in): which dates are past and
 * which still ahead, what is owed now if the past ones were not paid, the penalty that runs on a
 * late instalment (IRS Topic no. 306, Form 2210) and the annualised method (Form 2210 Schedule AI)
 * for income that came late in the year. The safe harbour's promise of no penalty is said only
 * while no amount was due on a date already past. Once every date of the plan's year has passed,
 * it says the planner holds that year's figures only, never a guess at the next year's.
 */
export function planOnDay(plan: Pick<TaxPlan, 'year' | 'quarterly' | 'quarterlyRule'>, today: string, priorYearTax?: number): PlanOnDay {
  const instalments = plan.quarterly.map((q, i) => ({ ...q, quarter: i + 1, past: q.due < today }));
  const past = instalments.filter((q) => q.past);
  const ahead = instalments.filter((q) => !q.past);
  const owedNow = past.reduce((sum, q) => sum + q.amount, 0);
  const allPast = ahead.length === 0;
  const target = safeHarbourTarget(plan.quarterlyRule, plan.year, priorYearTax);
  const out: PlanOnDay = {
    asOf: today,
    instalments,
    owedNow,
    allPast,
    rule: owedNow > 0 ? `${target} (Form 1040-ES; IRC section 6654(d)).` : `${target}. ${SAFE_HARBOUR_PROMISE}`,
  };
  if (allPast) {
    const nextFirst = irsDueDate(addYears(plan.quarterly[0]!.due, 1));
    out.nextYear = `The payments for your ${plan.year + 1} tax start ${longDate(nextFirst)}. Our tax planner holds the ${plan.year} figures only, so it shows no ${plan.year + 1} amounts. Paying at least 100% of your ${plan.year} tax over ${plan.year + 1}'s four dates (110% when your ${plan.year} adjusted gross income was above ${formatUsd(QUARTERLY_SAFE_HARBOUR.agiThreshold)}) means no underpayment penalty for ${plan.year + 1} (IRC section 6654(d)).`;
  }
  if (owedNow === 0) return out;
  const same = past.every((q) => q.amount === past[0]!.amount);
  const parts = past.length > 1 && same ? ` (${past.length} instalments of ${formatUsd(past[0]!.amount)})` : '';
  const next = ahead[0];
  const then = next
    ? `, ahead of the ${formatUsd(next.amount)} due ${longDate(next.due)}${next.due.slice(0, 4) !== String(plan.year) ? ` (the ${QUARTER_WORDS[next.quarter - 1]} instalment of your ${plan.year} tax)` : ''}`
    : `; what is left of your ${plan.year} tax is due with your return`;
  const passed = allPast
    ? `all four dates of your ${plan.year} plan have passed (the last was ${longDate(past.at(-1)!.due)})`
    : `${datesWords(past.map((q) => q.due))} ${past.length > 1 ? 'have' : 'has'} passed`;
  out.catchUp = `As of ${longDate(today)}, ${passed}. If you have not paid ${past.length > 1 ? 'those instalments' : 'that instalment'}, ${formatUsd(owedNow)} is owed now${parts}: pay it as soon as you can${then}.`;
  out.penalty = `Paying the later dates on time does not undo a late one: the IRS charges the underpayment of estimated tax penalty on each instalment paid late or short, for the days it was late, at the underpayment rate it publishes each quarter (the federal short-term rate plus ${Math.round(penalty.underpaymentRateAboveFederalShortTermRate * 100)} percentage points; our data does not hold the quarter's rate). It stops growing on the day the instalment is paid. The IRS figures it from your return, or you figure it on Form 2210 (${penalty.topic}: ${penalty.topicUrl}).`;
  out.annualised = `If your income came in late in the year (most of it after the dates that have passed), the annualised income installment method may lower or remove the penalty: Form 2210 Schedule AI sets each instalment from the income you had received by the end of its period, so the past instalments can be smaller, or nothing. File Form 2210 with Schedule AI with your ${plan.year} return (Instructions for Form 2210: ${penalty.formInstructionsUrl}).`;
  return out;
}

/**
 * The n-th instalment (0-3) of the saved plan, and the sentence the calendar, the .ics and the
 * reminder say about it on `today`; `date`: the day it is due (a weekend or holiday moves it).
 * On a day the plan's earlier dates have passed it says what is owed now, the penalty and the
 * annualised method, not the promise of no penalty.
 */
export function instalmentWords(
  plan: TaxPlan,
  quarter: number,
  today: string,
  date?: string,
  priorYearTax?: number,
): { estimate: QuarterlyEstimate; text: string } | undefined {
  const estimate = plan.quarterly[quarter];
  if (!estimate) return undefined;
  const day = planOnDay(plan, today, priorYearTax);
  const then = [day.catchUp, day.penalty, day.annualised].filter(Boolean).join(' ');
  return {
    estimate,
    text: `Your saved tax plan: pay ${formatUsd(estimate.amount)} by ${longDate(date ?? estimate.due)}, ${planBasisWords(plan)}. ${day.rule}${then ? ` ${then}` : ''}`,
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
