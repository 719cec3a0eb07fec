// The creator's federal tax plan (docs/decisions/0283): one filer's 2026 federal tax as a sole
// proprietor / single-member LLC and as an S-corporation owner paying themselves a salary, the
// election's savings and break-even, and the quarterly estimates. Pure functions; every figure
// comes from ./data/federal-tax-2026.json (IRS Rev. Proc. 2025-32, SSA, P.L. 119-21) and is named
// with its source in TAX_PLAN_SOURCES. Its input schema is in shared/tax-plan.schema.ts.
import { longDate } from './compliance/dates.ts';
import { irsDueDate } from './compliance/holidays.ts';
import federal from './data/federal-tax-2026.json' with { type: 'json' };
import { formatUsd } from './money.ts';

export const TAX_PLAN_YEARS = [2026] as const;
export type TaxPlanYear = (typeof TAX_PLAN_YEARS)[number];
export const FILING_STATUSES = ['single', 'joint'] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];

/** The largest profit or wage the plan computes (whole dollars). */
export const MAX_TAX_PLAN_AMOUNT = 10_000_000;

/**
 * What electing S-corporation status costs to run each year, in whole dollars, before the
 * operator or the creator changes them: a payroll service for the owner's salary (about $45 a
 * month), the preparer's extra fee for the corporation's own return (Form 1120-S), and the
 * state's S-corporation fees (none by default: the state data has no S-corporation fee).
 */
export interface RunningCosts {
  payrollService: number;
  taxPreparer: number;
  stateFees: number;
}
export const DEFAULT_RUNNING_COSTS: RunningCosts = { payrollService: 540, taxPreparer: 1200, stateFees: 0 };

export function runningCostsTotal(costs: RunningCosts): number {
  return costs.payrollService + costs.taxPreparer + costs.stateFees;
}

const { ordinaryIncomeBrackets, standardDeduction, selfEmployment, payroll, additionalMedicare, qualifiedBusinessIncome } = federal;
const harbour = federal.estimatedTaxSafeHarbour;
/** The quarterly safe harbour's shares and AGI threshold, for pages that explain it. */
export const QUARTERLY_SAFE_HARBOUR = harbour;
/** Taxable income above which the qualified-business-income deduction's wage limit phases in. */
export const QBI_THRESHOLD = qualifiedBusinessIncome.taxableIncomeThreshold;

/** $184,500; 15.3%: the data file's figures as the sources below print them. */
// Not toLocaleString: its first call loads the browser's locale data, a long task on a phone
// while the order page's sections load (shared/money.ts).
const usd = formatUsd;
const pct = (rate: number) => `${Number((rate * 100).toFixed(4))}%`;
const dueDates = federal.estimatedTaxDueDates.map(longDate);

/** Where each figure comes from, shown beside it. Every number is read from the data file. */
export const TAX_PLAN_SOURCES = {
  figures: `${federal.source.primary}; copied from ${federal.source.copiedFrom}`,
  selfEmploymentTax: `Schedule SE (Form 1040): ${pct(selfEmployment.socialSecurityRate + selfEmployment.medicareRate)} of ${pct(selfEmployment.netEarningsFactor)} of net profit; the ${pct(selfEmployment.socialSecurityRate)} Social Security part only up to the ${usd(selfEmployment.socialSecurityWageBase)} wage base (less W-2 wages), the ${pct(selfEmployment.medicareRate)} Medicare part on all of it; none below ${usd(selfEmployment.minimumNetEarnings)} of net earnings (IRC section 1402(b)(2))`,
  deductibleHalf: 'Schedule 1 (Form 1040) line 15: half of the self-employment tax is an adjustment to income',
  standardDeduction: `Form 1040 line 12, Rev. Proc. 2025-32: ${usd(standardDeduction.single)} single, ${usd(standardDeduction.joint)} married filing jointly`,
  qbiDeduction: `Form 8995 / IRC section 199A: ${pct(qualifiedBusinessIncome.rate)} of qualified business income (net profit less the deductible half of self-employment tax; for an S-corporation, its profit after the owner's salary), at most ${pct(qualifiedBusinessIncome.rate)} of taxable income before it, at least ${usd(qualifiedBusinessIncome.minimumDeduction)} when that income is ${usd(qualifiedBusinessIncome.minimumQualifiedIncomeForMinimum)} or more; above ${usd(qualifiedBusinessIncome.taxableIncomeThreshold.single)} (${usd(qualifiedBusinessIncome.taxableIncomeThreshold.joint)} joint) of taxable income the ${pct(qualifiedBusinessIncome.w2WageLimitShare)} W-2 wage limit phases in over ${usd(qualifiedBusinessIncome.phaseInRange.single)} (${usd(qualifiedBusinessIncome.phaseInRange.joint)}), and the part of the income that is endorsement, likeness or name income (a specified service business, IRC section 199A(d)) counts only its shrinking applicable percentage, nothing past the range`,
  incomeTax: 'Tax Computation Worksheet (Form 1040 instructions) with the 2026 brackets of Rev. Proc. 2025-32',
  additionalMedicareTax: `Form 8959: ${pct(additionalMedicare.rate)} of wages and self-employment earnings above ${usd(additionalMedicare.threshold.single)} single, ${usd(additionalMedicare.threshold.joint)} joint`,
  payrollTax: `Form 941 / Publication 15: ${pct(payroll.socialSecurityRateEach)} Social Security (up to the ${usd(payroll.socialSecurityWageBase)} wage base) and ${pct(payroll.medicareRateEach)} Medicare, paid by the employee and again by the employer; the employer's half is a business expense`,
  runningCosts:
    "Estimates of what the election costs to run each year (payroll service, the corporation's Form 1120-S return, state S-corporation fees); change them to your own quotes. They are business expenses, so they also lower the corporation's profit, and with it the income tax and the QBI deduction: the plan counts them once as a cost and once as a deduction",
  total: 'Self-employment or payroll tax, income tax and Additional Medicare tax; for the S-corporation, plus its running costs',
  breakEvenProfit: "The smallest profit at which the S-corporation's total is no more than the sole proprietor's, at the same salary share and running costs",
  quarterly: `Form 1040-ES and IRC section 6654(d): four instalments that together pay at least the lesser of ${pct(harbour.currentYearShare)} of this year's tax and ${pct(harbour.priorYearShare)} of last year's (${pct(harbour.priorYearShareAboveAgi)} when last year's AGI was above ${usd(harbour.agiThreshold)}), less the income tax withheld from wages; due ${dueDates.slice(0, -1).join(', ')} and ${dueDates.at(-1)}`,
} as const;

/**
 * The IRS's reasonable-compensation guidance in plain words (IRS fact sheet FS-2008-25, "Wage
 * compensation for S corporation officers").
 */
export const REASONABLE_COMPENSATION_TEXT =
  "As an S-corporation owner who works in the business, you must pay yourself a reasonable salary before you take profit out: no salary share is safe by itself. The IRS asks what the business would pay someone else to do your work, and looks at your training and experience, your duties and the time you spend, what comparable businesses pay for similar work, where the money comes from (your own videos, posts and deals rather than others' work or equipment), and what you took as salary and as distributions in earlier years. A salary too low for the work can be recharacterised as wages, with the payroll tax, interest and penalties due.";

/** The Form 2553 deadline rule and the late-election relief path, in plain words. */
export const FORM_2553_TEXT = `To be taxed as an S-corporation from your LLC's first day, file IRS Form 2553 no more than ${federal.sCorporationElection.deadlineMonths} months and ${federal.sCorporationElection.deadlineDays} days after the LLC first has members, acquires assets or begins business. Filed later, the election starts the next year, unless you ask for late-election relief under Rev. Proc. 2013-30: within 3 years and 75 days of the date you wanted, with a reasonable cause for the delay written on the form.`;

export interface TaxPlanInput {
  filingStatus: FilingStatus;
  /** The business's net profit before any owner's salary (Schedule C line 31). */
  profit: number;
  /** The owner's salary as an S-corporation owner; no S-corporation plan without it. */
  salary?: number;
  /** W-2 wages from other jobs (the filer's, or both spouses' when joint). */
  otherWages?: number;
  runningCosts?: RunningCosts;
  /** Last year's total tax and AGI, for the prior-year safe harbour. */
  priorYear?: { tax: number; agi: number };
  /** Income tax withheld this year from wages (the owner's salary and other jobs). */
  withholding?: number;
  /**
   * The share (0 to 1) of the business's income that is endorsement, likeness or name income:
   * above the taxable-income threshold the QBI deduction treats that part as a specified service
   * business (qbiDeductionFor). 0 when not said.
   */
  specifiedServiceShare?: number;
}

/** One filer's federal tax on a plan, in whole dollars. */
export interface TaxComputation {
  adjustedGrossIncome: number;
  taxableIncomeBeforeQbi: number;
  qbiDeduction: number;
  taxableIncome: number;
  incomeTax: number;
  additionalMedicareTax: number;
  total: number;
}

export interface SoleProprietorPlan extends TaxComputation {
  selfEmploymentTax: number;
}

export interface SCorpPlan extends TaxComputation {
  salary: number;
  /** Employee and employer halves together. */
  payrollTax: number;
  employerPayrollTax: number;
  /** The corporation's profit passed through to the owner: profit less salary, employer payroll tax and running costs. */
  passThroughProfit: number;
  runningCosts: number;
  /** The sole proprietor's total less the S-corporation's (negative: the election costs money). */
  savings: number;
}

export interface QuarterlyEstimate {
  due: string;
  amount: number;
}

export interface TaxPlan {
  year: TaxPlanYear;
  filingStatus: FilingStatus;
  profit: number;
  soleProprietor: SoleProprietorPlan;
  sCorp?: SCorpPlan;
  breakEvenProfit?: number;
  quarterly: QuarterlyEstimate[];
  quarterlyRule: Omit<QuarterlyPlan, 'instalments'>;
}

const cents = (n: number) => Math.round(n * 100) / 100;
const dollars = (n: number) => Math.round(n);

/** Income tax on a taxable income from the 2026 brackets (the Tax Computation Worksheet's rule), to the cent. */
export function incomeTaxOn(taxableIncome: number, status: FilingStatus): number {
  const edges = ordinaryIncomeBrackets[status];
  const rates = ordinaryIncomeBrackets.rates;
  let tax = 0;
  let lower = 0;
  for (let i = 0; i < rates.length; i++) {
    const upper = i < edges.length ? edges[i]! : Number.POSITIVE_INFINITY;
    if (taxableIncome <= lower) break;
    tax += (Math.min(taxableIncome, upper) - lower) * rates[i]!;
    lower = upper;
  }
  return cents(tax);
}

/** Schedule SE: self-employment tax on a net profit, with W-2 wages using up part of the Social Security wage base. */
export function selfEmploymentTaxOn(profit: number, wages = 0): number {
  const netEarnings = profit * selfEmployment.netEarningsFactor;
  if (netEarnings < selfEmployment.minimumNetEarnings) return 0;
  const socialSecurityBase = Math.max(0, selfEmployment.socialSecurityWageBase - wages);
  const socialSecurity = Math.min(netEarnings, socialSecurityBase) * selfEmployment.socialSecurityRate;
  const medicare = netEarnings * selfEmployment.medicareRate;
  return cents(socialSecurity + medicare);
}

/**
 * Form 8995 below the threshold (the lesser of 20% of qualified business income and 20% of taxable
 * income, at least $400 from $1,000 of it); above the threshold, the W-2 wage limit (50% of the
 * business's W-2 wages) phases in across the range, as Form 8995-A computes for a business that is
 * not a specified service business.
 */
export function qbiDeductionFor(qualifiedIncome: number, taxableIncomeBeforeQbi: number, w2Wages: number, status: FilingStatus, specifiedShare = 0): number {
  if (qualifiedIncome <= 0 || taxableIncomeBeforeQbi <= 0) return 0;
  const { rate, taxableIncomeThreshold, phaseInRange, minimumDeduction, minimumQualifiedIncomeForMinimum } = qualifiedBusinessIncome;
  const threshold = taxableIncomeThreshold[status];
  const above = taxableIncomeBeforeQbi > threshold;
  const phaseIn = above ? Math.min(1, (taxableIncomeBeforeQbi - threshold) / phaseInRange[status]) : 0;
  // One part's component: 20% of its income, limited above the threshold by 50% of its W-2 wages, phased in.
  const componentOf = (income: number, wages: number) => {
    const tentative = income * rate;
    const wageLimit = wages * qualifiedBusinessIncome.w2WageLimitShare;
    return above && wageLimit < tentative ? tentative - (tentative - wageLimit) * phaseIn : tentative;
  };
  // The specified service part (endorsement, likeness and name income: IRC section 199A(d)(2) and
  // (d)(3)) counts only its "applicable percentage" of income and wages above the threshold,
  // nothing past the phase-in range; the rest of the business counts whole.
  const specified = Math.min(1, Math.max(0, specifiedShare));
  const applicable = 1 - phaseIn;
  const component =
    componentOf(qualifiedIncome * (1 - specified), w2Wages * (1 - specified)) +
    componentOf(qualifiedIncome * specified * applicable, w2Wages * specified * applicable);
  const minimum = qualifiedIncome >= minimumQualifiedIncomeForMinimum ? minimumDeduction : 0;
  // The $400 minimum (P.L. 119-21) replaces a smaller deduction after the taxable-income limit; it
  // never takes taxable income below zero.
  return cents(Math.min(Math.max(Math.min(component, taxableIncomeBeforeQbi * rate), minimum), taxableIncomeBeforeQbi));
}

/** Form 8959: 0.9% of Medicare wages and self-employment earnings together above the threshold. */
export function additionalMedicareTaxOn(wages: number, selfEmploymentEarnings: number, status: FilingStatus): number {
  return cents(Math.max(0, wages + Math.max(0, selfEmploymentEarnings) - additionalMedicare.threshold[status]) * additionalMedicare.rate);
}

function incomeTaxes(status: FilingStatus, agi: number, qualifiedIncome: number, w2Wages: number, specifiedShare = 0) {
  const taxableIncomeBeforeQbi = Math.max(0, agi - standardDeduction[status]);
  const qbiDeduction = qbiDeductionFor(qualifiedIncome, taxableIncomeBeforeQbi, w2Wages, status, specifiedShare);
  const taxableIncome = Math.max(0, taxableIncomeBeforeQbi - qbiDeduction);
  return { taxableIncomeBeforeQbi, qbiDeduction, taxableIncome, incomeTax: incomeTaxOn(taxableIncome, status) };
}

/** The plan as a sole proprietor or single-member LLC taxed as one. */
export function soleProprietorPlan(filingStatus: FilingStatus, profit: number, otherWages = 0, specifiedShare = 0): SoleProprietorPlan {
  const selfEmploymentTax = selfEmploymentTaxOn(profit, otherWages);
  const deductibleHalf = cents(selfEmploymentTax * selfEmployment.deductibleShare);
  const agi = profit + otherWages - deductibleHalf;
  const taxes = incomeTaxes(filingStatus, agi, profit - deductibleHalf, 0, specifiedShare);
  const netEarnings = profit * selfEmployment.netEarningsFactor;
  const additionalMedicareTax = additionalMedicareTaxOn(otherWages, netEarnings >= selfEmployment.minimumNetEarnings ? netEarnings : 0, filingStatus);
  // Each line in whole dollars, as the forms round them; the total is the sum of the shown lines.
  const shown = { selfEmploymentTax: dollars(selfEmploymentTax), incomeTax: dollars(taxes.incomeTax), additionalMedicareTax: dollars(additionalMedicareTax) };
  return {
    adjustedGrossIncome: dollars(agi),
    taxableIncomeBeforeQbi: dollars(taxes.taxableIncomeBeforeQbi),
    qbiDeduction: dollars(taxes.qbiDeduction),
    taxableIncome: dollars(taxes.taxableIncome),
    ...shown,
    total: shown.selfEmploymentTax + shown.incomeTax + shown.additionalMedicareTax,
  };
}

/** Payroll tax on an owner's salary: the employee's half (less the Social Security already paid on other wages, refunded as a credit) and the employer's. */
export function payrollTaxOn(salary: number, otherWages = 0): { employee: number; employer: number } {
  const base = payroll.socialSecurityWageBase;
  const employer = Math.min(salary, base) * payroll.socialSecurityRateEach + salary * payroll.medicareRateEach;
  const employee = Math.min(salary, Math.max(0, base - otherWages)) * payroll.socialSecurityRateEach + salary * payroll.medicareRateEach;
  return { employee: cents(employee), employer: cents(employer) };
}

/** The plan as an S-corporation owner with this salary; savings against the sole proprietor's total. */
export function sCorpPlan(
  filingStatus: FilingStatus,
  profit: number,
  salary: number,
  otherWages = 0,
  costs: RunningCosts = DEFAULT_RUNNING_COSTS,
  soleProprietor?: SoleProprietorPlan,
  specifiedShare = 0,
): SCorpPlan {
  const sole = soleProprietor ?? soleProprietorPlan(filingStatus, profit, otherWages, specifiedShare);
  const runningCosts = runningCostsTotal(costs);
  const payrollTax = payrollTaxOn(salary, otherWages);
  const passThroughProfit = profit - salary - payrollTax.employer - runningCosts;
  const agi = salary + otherWages + passThroughProfit;
  const taxes = incomeTaxes(filingStatus, agi, passThroughProfit, salary, specifiedShare);
  const additionalMedicareTax = additionalMedicareTaxOn(otherWages + salary, 0, filingStatus);
  const shown = {
    payrollTax: dollars(payrollTax.employee + payrollTax.employer),
    incomeTax: dollars(taxes.incomeTax),
    additionalMedicareTax: dollars(additionalMedicareTax),
  };
  const total = shown.payrollTax + shown.incomeTax + shown.additionalMedicareTax + runningCosts;
  return {
    salary,
    employerPayrollTax: dollars(payrollTax.employer),
    passThroughProfit: dollars(passThroughProfit),
    runningCosts,
    adjustedGrossIncome: dollars(agi),
    taxableIncomeBeforeQbi: dollars(taxes.taxableIncomeBeforeQbi),
    qbiDeduction: dollars(taxes.qbiDeduction),
    taxableIncome: dollars(taxes.taxableIncome),
    ...shown,
    total,
    savings: sole.total - total,
  };
}

/** The search's ceiling: past it the election's break-even is reported as none. */
export const BREAK_EVEN_CEILING = 2_000_000;

/**
 * The smallest whole-dollar profit at which the election saves money (savings >= 0) with the
 * salary at this share of profit: a $250 scan for the first profit that pays, then a bisection to
 * the dollar. Undefined when none up to BREAK_EVEN_CEILING does.
 */
export function breakEvenProfit(
  filingStatus: FilingStatus,
  salaryShare: number,
  otherWages = 0,
  costs: RunningCosts = DEFAULT_RUNNING_COSTS,
  specifiedShare = 0,
): number | undefined {
  const pays = (profit: number) => sCorpPlan(filingStatus, profit, Math.round(profit * salaryShare), otherWages, costs, undefined, specifiedShare).savings >= 0;
  const step = 250;
  let high = step;
  while (high <= BREAK_EVEN_CEILING && !pays(high)) high += step;
  if (high > BREAK_EVEN_CEILING) return undefined;
  let low = high - step;
  if (pays(low)) return low;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (pays(mid)) high = mid;
    else low = mid;
  }
  return high;
}

/** Which safe harbour sets the year's required payment (Form 1040-ES, IRC section 6654(d)). */
export type SafeHarbour = 'current-year' | 'prior-year';

export interface QuarterlyPlan {
  /** The rule that applied: this year's tax, or last year's when it asks for less. */
  safeHarbour: SafeHarbour;
  /** The share of that year's tax the rule asks for (0.9, 1 or 1.1). */
  share: number;
  /** What the year's payments must reach, before withholding. */
  requiredPayment: number;
  /** Income tax withheld from wages, which counts as paid in four equal parts. */
  withholding: number;
  instalments: QuarterlyEstimate[];
}

/**
 * The four instalments (Form 1040-ES worksheet): the year's required payment is the lesser of 90%
 * of this year's tax and 100% of last year's (110% when last year's AGI was above $150,000), when
 * last year's is known; income tax withheld from wages counts toward it; the rest is paid in four
 * equal parts, rounded up so they pay it in full.
 */
export function quarterlyPlan(yearTax: number, priorYear?: { tax: number; agi: number }, withholding = 0): QuarterlyPlan {
  const current = yearTax * harbour.currentYearShare;
  let plan = { safeHarbour: 'current-year' as SafeHarbour, share: harbour.currentYearShare, required: current };
  if (priorYear) {
    const share = priorYear.agi > harbour.agiThreshold ? harbour.priorYearShareAboveAgi : harbour.priorYearShare;
    const prior = priorYear.tax * share;
    if (prior < current) plan = { safeHarbour: 'prior-year', share, required: prior };
  }
  const amount = Math.ceil(Math.max(0, plan.required - withholding) / federal.estimatedTaxDueDates.length);
  return {
    safeHarbour: plan.safeHarbour,
    share: plan.share,
    requiredPayment: Math.ceil(Math.max(0, plan.required)),
    withholding,
    // Each date as the IRS counts it: past a weekend or legal holiday, the next business day (IRC section 7503).
    instalments: federal.estimatedTaxDueDates.map((due) => ({ due: irsDueDate(due), amount })),
  };
}

/** The four instalments alone (see quarterlyPlan). */
export function quarterlyEstimates(yearTax: number, priorYear?: { tax: number; agi: number }, withholding = 0): QuarterlyEstimate[] {
  return quarterlyPlan(yearTax, priorYear, withholding).instalments;
}

/** The whole plan: the sole proprietor's, the S-corporation's when a salary is given, its break-even and the quarterly estimates. */
export function taxPlan(input: TaxPlanInput): TaxPlan {
  const { filingStatus, profit, salary, otherWages = 0, runningCosts = DEFAULT_RUNNING_COSTS, withholding = 0, specifiedServiceShare = 0 } = input;
  const soleProprietor = soleProprietorPlan(filingStatus, profit, otherWages, specifiedServiceShare);
  const estimates = (yearTax: number) => {
    const { instalments, ...quarterlyRule } = quarterlyPlan(yearTax, input.priorYear, withholding);
    return { quarterly: instalments, quarterlyRule };
  };
  if (salary === undefined) {
    return { year: 2026, filingStatus, profit, soleProprietor, ...estimates(soleProprietor.total) };
  }
  const sCorp = sCorpPlan(filingStatus, profit, salary, otherWages, runningCosts, soleProprietor, specifiedServiceShare);
  const share = profit > 0 ? salary / profit : 0;
  const breakEven = breakEvenProfit(filingStatus, share, otherWages, runningCosts, specifiedServiceShare);
  // With a salary the estimates follow the S-corporation plan: its payroll tax is paid through
  // payroll, and the income tax withheld from the salary counts as paid.
  return {
    year: 2026,
    filingStatus,
    profit,
    soleProprietor,
    sCorp,
    ...(breakEven === undefined ? {} : { breakEvenProfit: breakEven }),
    ...estimates(sCorp.incomeTax + sCorp.additionalMedicareTax),
  };
}

/**
 * This year's figures the next year's prior-year safe harbour is counted from (IRC section
 * 6654(d)(1)(B)): the federal tax the year's instalments cover (an S-corporation owner's payroll
 * tax goes through payroll) and the adjusted gross income, as the plan estimates them.
 */
export interface YearFigures {
  tax: number;
  agi: number;
}

/** The plan's year figures: the S-corporation's when the plan has a salary, else the sole proprietor's. */
export function yearFiguresOf(plan: Pick<TaxPlan, 'soleProprietor' | 'sCorp'>): YearFigures {
  const { sCorp, soleProprietor } = plan;
  return sCorp
    ? { tax: sCorp.incomeTax + sCorp.additionalMedicareTax, agi: sCorp.adjustedGrossIncome }
    : { tax: soleProprietor.total, agi: soleProprietor.adjustedGrossIncome };
}

/** POST /api/tax-plan's answer: the shape (payrollTax counts both halves) and the source of each figure. */
export interface TaxPlanAnswer {
  year: TaxPlanYear;
  filingStatus: FilingStatus;
  profit: number;
  soleProprietor: Pick<SoleProprietorPlan, 'selfEmploymentTax' | 'incomeTax' | 'qbiDeduction' | 'total'>;
  sCorp?: Pick<SCorpPlan, 'salary' | 'payrollTax' | 'incomeTax' | 'qbiDeduction' | 'runningCosts' | 'total' | 'savings'>;
  breakEvenProfit?: number;
  quarterly: QuarterlyEstimate[];
  quarterlyRule: Omit<QuarterlyPlan, 'instalments'>;
  sources: Record<keyof typeof TAX_PLAN_SOURCES, string>;
}

export function taxPlanAnswer(plan: TaxPlan): TaxPlanAnswer {
  const { soleProprietor: sp, sCorp } = plan;
  return {
    year: plan.year,
    filingStatus: plan.filingStatus,
    profit: plan.profit,
    soleProprietor: { selfEmploymentTax: sp.selfEmploymentTax, incomeTax: sp.incomeTax, qbiDeduction: sp.qbiDeduction, total: sp.total },
    ...(sCorp
      ? {
          sCorp: {
            salary: sCorp.salary,
            payrollTax: sCorp.payrollTax,
            incomeTax: sCorp.incomeTax,
            qbiDeduction: sCorp.qbiDeduction,
            runningCosts: sCorp.runningCosts,
            total: sCorp.total,
            savings: sCorp.savings,
          },
        }
      : {}),
    ...(plan.breakEvenProfit === undefined ? {} : { breakEvenProfit: plan.breakEvenProfit }),
    quarterly: plan.quarterly,
    quarterlyRule: plan.quarterlyRule,
    sources: { ...TAX_PLAN_SOURCES },
  };
}
