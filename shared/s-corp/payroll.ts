import payrollStart from '../data/payroll-start.json' with { type: 'json' };
import { formatUsd } from '../money.ts';
import { computeSavedPlan, type SavedTaxPlan, taxPlanInputOf } from '../saved-tax-plan.ts';
import { DEFAULT_RUNNING_COSTS, type QuarterlyEstimate, REASONABLE_COMPENSATION_TEXT, taxPlan } from '../tax-plan.ts';
import { writtenDate } from '../written-date.ts';

/**
 * The payroll hand-off (issue 46 item 3): the salary from the saved tax plan with its reasoning
 * (the planner's assumptions, the IRS's reasonable-compensation guidance with its source, and
 * that the figure is the creator's decision), a checklist for starting payroll (the federal items
 * from IRS Publication 15's calendar; the home state's registrations only where our data has
 * them, else said plainly), and the quarterly estimates recomputed once withholding starts.
 * Pure: the income tax the payroll will withhold is the creator's figure (their payroll
 * provider's), never computed here: we do not hold the withholding tables.
 */

export interface PayrollStep {
  id: string;
  text: string;
  source?: string;
}

export interface PayrollHandOff {
  salary: number;
  reasoning: { text: string; source?: string }[];
  checklist: { federal: PayrollStep[]; state: PayrollStep[] };
  /** The plan's instalments as saved, and again with `withholding` a year of income tax withheld from the salary. */
  quarterly: { before: QuarterlyEstimate[]; after?: QuarterlyEstimate[]; withholding?: number };
  sourceUrl: string;
  checked: string;
}

/** What our data holds on a home state's payroll: today only who lists employer withholding, or that there is no income tax to withhold. */
interface StatePayrollFacts {
  withholding?: { text: string; quote: string; source: string };
}
const STATES = payrollStart.states as Record<string, StatePayrollFacts | undefined>;

/**
 * The home state's step when our data holds nothing on it (the state dataset has no employer
 * registration records for any state, docs/decisions/0437): said plainly, naming no agency,
 * since which office handles withholding and which unemployment insurance differs by state and
 * our data does not say. "Whether and how": a state with no income tax has nothing to withhold.
 */
export const stateRegistrationUnknown = (stateName: string) =>
  `Our data has nothing on ${stateName}'s employer registration for state income tax withholding or for unemployment insurance, nor on which ${stateName} office handles each: find out from ${stateName} whether and how your LLC registers as an employer for each before the first payday.`;

/** The unemployment half alone, for a state whose withholding our data speaks of: no state's unemployment insurance office is in our data. */
export const unemploymentRegistrationUnknown = (stateName: string) =>
  `Our data has nothing on ${stateName}'s employer registration for unemployment insurance, nor on which ${stateName} office handles it: find out from ${stateName} whether and how your LLC registers for it before the first payday.`;

/**
 * The home state's lines of the checklist: where our data quotes the state on withholding
 * (shared/data/payroll-start.json `states`, copied from the state dataset with its source), that
 * line with its source and the unemployment line said plainly; elsewhere one line saying our data
 * has nothing on either.
 */
export function stateSteps(stateName: string): PayrollStep[] {
  const withholding = STATES[stateName]?.withholding;
  if (!withholding) return [{ id: 'state-registration', text: stateRegistrationUnknown(stateName) }];
  return [
    { id: 'state-withholding', text: withholding.text, source: withholding.source },
    { id: 'state-unemployment', text: unemploymentRegistrationUnknown(stateName) },
  ];
}

/**
 * The hand-off for the saved plan and the order (its state's name and its EIN); undefined when
 * the plan has no salary. `withholding`: the income tax the payroll will withhold in the plan's
 * year, as the creator's payroll provider gives it.
 */
export function payrollHandOff(saved: SavedTaxPlan, order: { stateName: string; ein?: string }, withholding?: number): PayrollHandOff | undefined {
  const { salary, profit, filingStatus } = saved.request;
  if (salary === undefined) return undefined;
  const plan = computeSavedPlan(saved);
  const costs = saved.runningCosts ?? DEFAULT_RUNNING_COSTS;
  const share = profit > 0 ? Math.round((salary / profit) * 100) : 0;
  const reasoning = [
    {
      text: `The planner took a salary of ${formatUsd(salary)} (${share}% of a ${formatUsd(profit)} profit, filing ${filingStatus}), with running costs of ${formatUsd(costs.payrollService + costs.taxPreparer + costs.stateFees)} a year for payroll, the Form 1120-S return and state fees. These are the figures you gave or accepted in the tax plan saved on ${writtenDate(saved.savedAt.slice(0, 10))}.`,
    },
    { text: REASONABLE_COMPENSATION_TEXT, source: payrollStart.reasonableCompensationSource.title },
    {
      text: 'The salary is your decision, not ours: we do not set or approve it. Ask a tax professional who knows your work what someone else would be paid to do it before you start payroll.',
    },
  ];
  const federal: PayrollStep[] = [
    {
      id: 'ein',
      text: order.ein
        ? `Run payroll under your LLC's EIN (${order.ein}), the number on its Form W-9 once the election is in effect.`
        : 'Your LLC needs its EIN before payroll can start: it is not on your order yet.',
    },
    ...payrollStart.federal.map((f) => ({ id: f.id, text: f.text, source: f.source })),
  ];
  const state = stateSteps(order.stateName);
  const after =
    withholding !== undefined && withholding > 0
      ? taxPlan(taxPlanInputOf({ ...saved.request, withholding: (saved.request.withholding ?? 0) + withholding }, costs)).quarterly
      : undefined;
  return {
    salary,
    reasoning,
    checklist: { federal, state },
    quarterly: { before: plan.quarterly, ...(after ? { after, withholding } : {}) },
    sourceUrl: payrollStart.sourceUrl,
    checked: payrollStart.checked,
  };
}
