// The tax plan saved on an order (docs/product.md "Tax planner", decision 0380): the creator's
// inputs as POST /api/tax-plan takes them, the running costs and income map they gave, and what
// the server computes from them. The calendar's estimated-tax dates, their reminders and the
// year-end summary PDF all read the plan through these functions, so they say the same amounts
// in the same words.
import { addYears, daysBetween, longDate } from './compliance/dates.ts';
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
  type YearFigures,
  yearFiguresOf,
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
  /** Once the year's last date is near or past: the next year's plan in words (see nextYearPlan). */
  nextYear?: string;
  /** Once the year's last date is near or past: the next year's four dates, planned on this year's figures. */
  nextYearPlan?: NextYearPlan;
}

/**
 * The next year's instalments planned on this year's figures, while the IRS's figures for the next
 * year are not in the project: the prior-year safe harbour (100% of this year's tax, 110% when this
 * year's AGI is above the threshold; IRC section 6654(d)(1)(B) and (C)) asks for the same amount
 * whatever the next year's brackets are, so it is the one plan that needs none of them.
 */
export interface NextYearPlan {
  year: number;
  /** The next year's four IRS dates (past a weekend or legal holiday, the next business day) and the amount of each. */
  instalments: QuarterlyEstimate[];
  /** 1 or 1.1 of this year's tax. */
  share: number;
  /** This year's tax and AGI as the plan estimates them. */
  basis: YearFigures;
  requiredPayment: number;
  /** That these are planned on this year's figures, not the IRS's for the next year. */
  label: string;
}

/** The next year's plan is shown this many days before the year's last instalment, and after it. */
export const NEXT_YEAR_LEAD_DAYS = 60;

/** The inputs the plan on a day is counted from, beside the plan's own dates and rule. */
export interface PlanDayFigures {
  /** Last year's tax, when the creator gave it (the rule's words name it). */
  priorYearTax?: number;
  /** This year's tax and AGI (shared/tax-plan.ts yearFiguresOf): the next year's safe harbour. */
  year: YearFigures;
}

/** The next year's four instalments on this year's figures (see NextYearPlan). */
export function nextYearPlan(year: TaxPlanYear, basis: YearFigures): NextYearPlan {
  const share = basis.agi > QUARTERLY_SAFE_HARBOUR.agiThreshold ? QUARTERLY_SAFE_HARBOUR.priorYearShareAboveAgi : QUARTERLY_SAFE_HARBOUR.priorYearShare;
  const required = Math.max(0, basis.tax) * share;
  const amount = Math.ceil(required / federal.estimatedTaxDueDates.length);
  return {
    year: year + 1,
    instalments: federal.estimatedTaxDueDates.map((due) => ({ due: irsDueDate(addYears(due, 1)), amount })),
    share,
    basis,
    requiredPayment: Math.ceil(required),
    label: `Planned on our ${year} figures: the IRS's ${year + 1} figures are not in our data yet.`,
  };
}

/** The next year's plan in one paragraph: its dates and amounts, where they come from, and what would change them. */
export function nextYearWords(next: NextYearPlan): string {
  const dates = next.instalments.map((q) => longDate(q.due));
  return `Your ${next.year} payments: ${formatUsd(next.instalments[0]!.amount)} by each of ${listOf(dates)}. ${next.label} ${nextYearBasisWords(next)}`;
}

/** Where the next year's amounts come from and what would change them (the paragraph without its dates). */
export function nextYearBasisWords(next: NextYearPlan): string {
  const year = next.year - 1;
  const why =
    next.share > QUARTERLY_SAFE_HARBOUR.priorYearShare
      ? ` (110%, not 100%, because your ${year} adjusted gross income, ${formatUsd(next.basis.agi)} in the plan, is above ${formatUsd(QUARTERLY_SAFE_HARBOUR.agiThreshold)})`
      : '';
  return `They are ${pct(next.share)} of your estimated ${year} federal tax of ${formatUsd(next.basis.tax)}${why}, in four equal parts: the prior-year safe harbour, which asks for that much whatever the ${next.year} tax rates are (IRC section 6654(d)(1)(B)). It counts the tax on your ${year} return as filed, so if the return shows a different tax or adjusted gross income, count the payments from those instead; income tax withheld from ${next.year} wages counts as paid.`;
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
 * while no amount was due on a date already past. From NEXT_YEAR_LEAD_DAYS before the year's last
 * date, it also plans the next year on this year's figures (`figures.year`), labelled as such:
 * the IRS's next-year figures are not in the project, and the prior-year safe harbour needs none.
 */
export function planOnDay(plan: Pick<TaxPlan, 'year' | 'quarterly' | 'quarterlyRule'>, today: string, figures: PlanDayFigures): PlanOnDay {
  const { priorYearTax } = figures;
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
  if (allPast || daysBetween(today, plan.quarterly.at(-1)!.due) <= NEXT_YEAR_LEAD_DAYS) {
    out.nextYearPlan = nextYearPlan(plan.year, figures.year);
    out.nextYear = nextYearWords(out.nextYearPlan);
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
  const day = planOnDay(plan, today, { ...(priorYearTax !== undefined ? { priorYearTax } : {}), year: yearFiguresOf(plan) });
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
