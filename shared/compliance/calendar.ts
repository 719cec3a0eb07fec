// The compliance calendar of a paid order (docs/product.md "The compliance calendar"): the dates an
// LLC must meet to stay in good standing, from its filing state, its formation date and its add-ons.
// One function for the order page, the .ics file and the reminder sweep. A state rule the data
// cannot read into a date is an undated "check with the state" event, never a guessed date.

import { compareText } from '../compare-text.ts';
import ELECTION_ANSWER from '../data/s-corp-election-answer.json' with { type: 'json' };
import { formatUsd } from '../money.ts';
import { FIRST_1099_CHECK_YEAR, forms1099CheckDay } from '../payers/forms-1099.ts';
import {
  computeSavedPlan,
  instalmentWords,
  laterYearText,
  NO_SAVED_PLAN_TEXT,
  nextYearBasisWords,
  nextYearPlan,
  type SavedTaxPlan,
} from '../saved-tax-plan.ts';
import { CALIFORNIA_ANNUAL_TAX, californiaTaxDescription, californiaTaxPayments, californiaTaxTitle } from '../state-facts/california-tax.ts';
import { type DbaRule, dbaExpiry, dbaRuleFor } from '../state-facts/dba.ts';
import { annualReportRule, type DueRule, datesFor, describeRule, taxDueRule } from '../state-facts/due-dates.ts';
import { type FactSource, feeSource, feesFor, foreignRegistrationFor, foreignSource, normalizeCode, taxRuleFor, taxSource } from '../state-facts/facts.ts';
import { OUR_PRICE_LIST, REGISTERED_AGENT_RENEWAL_USD } from '../state-facts/our-prices.ts';
import { type CostLine, type ThreeYearCost, threeYearCost } from '../state-facts/three-year-cost.ts';
import { TAX_PLAN_YEARS, yearFiguresOf } from '../tax-plan.ts';
import { ANNUAL_REPORT_CHARGE_LEAD_DAYS } from './annual-report-terms.ts';
import { addDays, addMonths, addYears, isIsoDate, longDate } from './dates.ts';
import { IRS_DUE_DATE_WORDS, irsDueDate } from './holidays.ts';
import type { CalendarEventKind } from './kinds.ts';
import { ESTIMATED_TAX, OPERATING_AGREEMENT_RULES, PUBLICATION_RULES, publicationCostText, S_CORP_ELECTION } from './rules.ts';

export { CALENDAR_EVENT_KINDS, type CalendarEventKind } from './kinds.ts';

/** The kinds that are a state's deadlines: reminder emails go 30, 14 and 3 days before each. */
export const STATE_DEADLINE_KINDS = [
  'annual-report',
  'state-tax',
  'operating-agreement',
  'publication',
  'home-registration',
  'home-annual-report',
  'home-state-tax',
  'dba-renewal',
] as const satisfies readonly CalendarEventKind[];
export type StateDeadlineKind = (typeof STATE_DEADLINE_KINDS)[number];

export interface CalendarEvent {
  /**
   * Stable within an order, and across a change of its formation date (the filing date replacing
   * the payment date moves the dates, not the ids): `<kind>:<n>` for the n-th occurrence of a
   * recurring deadline counted from formation, `<kind>:check` when undated, the kind alone for a
   * one-time obligation, the tax year and quarter or the year for federal dates. The .ics UIDs
   * are built from it, so a re-imported file updates its events instead of adding new ones.
   */
  id: string;
  kind: CalendarEventKind;
  title: string;
  /** YYYY-MM-DD; null: the rule could not be read into a date ("check with the state"). */
  date: string | null;
  description: string;
  source: FactSource;
  /** The state the obligation is owed to (two letters); absent for federal dates and our own service. */
  state?: string;
  /**
   * Whole dollars, where the event is a payment: one the three-year cost counts (the home state's
   * fee, report and tax), or a quarterly estimate of the tax plan saved on the order.
   */
  amountUsd?: number;
}

/** Whether the order's registered agent is renewed after its free first year (docs/product.md "Recurring charges"). */
export type RenewalStatus =
  /** Our agent, renewal agreed: we renew and charge the published price; notices 30 and 7 days before. */
  | 'renews'
  /** Our agent, renewal declined: the service ends after the first year. */
  | 'ends'
  /** Renewal agreed, then cancelled from the order page. */
  | 'cancelled'
  /** The filing details (where the choice is made) are not given yet. */
  | 'undecided'
  /** The customer named their own registered agent: nothing of ours to renew. */
  | 'own-agent'
  /** Agreed, but a renewal charge failed and was not paid within the grace period: the service ended. */
  | 'lapsed';

export interface RegisteredAgentChoice {
  kind: 'ours' | 'own';
  renewalConsent?: boolean;
  /** The yearly price in force when the customer answered (shared/filing/details.schema.ts). */
  renewalPriceUsd?: number;
}

export function renewalStatus(agent: RegisteredAgentChoice | undefined, cancelledAt?: string, lapsedAt?: string): RenewalStatus {
  if (!agent) return 'undecided';
  if (agent.kind === 'own') return 'own-agent';
  if (agent.renewalConsent !== true) return 'ends';
  if (lapsedAt) return 'lapsed';
  return cancelledAt ? 'cancelled' : 'renews';
}

export interface CalendarInput {
  /** The filing state (two letters). */
  state: string;
  /** Where the owner lives (two letters): when it is not the filing state, its registration, report and tax are on the calendar. */
  residence?: string;
  /** YYYY-MM-DD: the date the state filed the LLC, or the payment date until it is filed. */
  formationDate: string;
  addOns: { operatingAgreement: boolean; feinFiling: boolean };
  renewal: RenewalStatus;
  /** When the renewal was cancelled (status 'cancelled'). */
  renewalCancelledAt?: string;
  /** When the renewal lapsed unpaid (status 'lapsed'). */
  renewalLapsedAt?: string;
  /** The renewal price the customer agreed to; the price list's when the order predates the record. */
  renewalPriceUsd?: number;
  /** The creator's name registered as a DBA, once staff recorded the registration (its date). */
  dba?: { name: string; registeredOn: string };
  /** The tax plan saved on the order (its inputs): its year's estimated-tax dates carry the amounts computed from it. */
  taxPlan?: SavedTaxPlan;
  /** The S-corporation election as staff recorded it (shared/s-corp/election.ts): sent, and in effect once the CP261 is recorded. */
  election?: { sentOn: string; effectiveOn?: string };
  /**
   * The home-state registration bought from us (docs/decisions/0429): ours to file, so no reminder
   * to the customer; `registeredOn` once staff uploaded the home state's certificate of authority.
   */
  homeRegistration?: { registeredOn?: string };
  /** The days the payers' tax forms expire (shared/payers/calendar.ts): reminded 30 days before (docs/decisions/0432). */
  payerTaxForms?: string[];
  /** The order lists payers (docs/decisions/0426): the January 1099 check is emailed on its day each year (docs/decisions/0436). */
  payersListed?: boolean;
  /** The annual reports we filed for the customer (docs/decisions/0431), by due date: those events read as done. */
  annualReportsFiled?: { dueOn: string; filedOn: string }[];
  /** The customer asked us to file the annual reports and has not cancelled: the reports not yet filed say we file them. */
  annualReportsOurs?: boolean;
}

/** A run of dates of one obligation, the way reminders follow it. */
export interface DeadlineSeries {
  kind: StateDeadlineKind | 'registered-agent-renewal' | 'estimated-tax' | 's-corp-election' | 'payer-tax-form' | 'forms-1099';
  title: string;
  dates: string[];
  /** Reminded on the day it falls due, and still reminded when written after that day (the home-state registration, due once the LLC exists). */
  dueNow?: boolean;
}

/** How many occurrences of a yearly rule are computed: more than any window asks for. */
const OCCURRENCES = 12;
const CHECK_WITH_STATE = 'check with the state';

const stateNameOf = (code: string) => feesFor(code)?.name ?? code;

interface StateObligation {
  kind: 'annual-report' | 'state-tax' | 'home-annual-report' | 'home-state-tax';
  state: string;
  title: string;
  rule: DueRule;
  description: string;
  source: FactSource;
  amountUsd?: number;
  /** Where one rule module dates each payment itself (California's annual tax): its dates, titles and descriptions. */
  payments?: (formed: string, count: number) => { date: string; title: string; description: string }[];
}

/**
 * One year's line of the three-year cost for `key` in `state`: what the comparison shown before
 * payment counted, so the calendar of a paid order says the same amount with the same source.
 */
const costLine = (cost: ThreeYearCost | undefined, state: string, ...keys: CostLine['key'][]) =>
  cost?.lines.find((l) => l.state === state && keys.includes(l.key) && l.amount > 0);

/**
 * A state's report and tax, as rules; one obligation where the state collects its tax with the
 * report. `home`: the state is the owner's home state, where the LLC registers as a foreign LLC;
 * the amounts and sources are then the three-year cost's lines for it (a foreign LLC's own report
 * fee where the state states one).
 */
function stateObligations(code: string, home?: { cost: ThreeYearCost | undefined }): StateObligation[] {
  const fees = feesFor(code);
  if (!fees) return [];
  const name = fees.name;
  const report = annualReportRule(code) ?? { kind: 'unparsed' as const, text: fees.annualReportDue };
  const tax = taxRuleFor(code);
  const taxRule = taxDueRule(code) ?? { kind: 'none' as const, text: '' };
  const biennial = (report.kind === 'fixed' || report.kind === 'anniversary' || report.kind === 'after-year-end') && report.frequency === 'biennial';
  const reportWord = biennial ? 'biennial report' : 'annual report';
  const reportKind = home ? 'home-annual-report' : 'annual-report';
  const taxKind = home ? 'home-state-tax' : 'state-tax';
  const where = home ? ` (your home state, where the LLC registers as a foreign LLC)` : '';
  const asks = home && foreignRegistrationFor(code)?.ongoingObligationsNote;
  const foreignNote = asks ? ` ${name} asks of a registered foreign LLC: ${asks}` : '';
  const out: StateObligation[] = [];

  if (tax?.applies && tax.collectedWithAnnualReport) {
    // One filing, one payment (Delaware, Arkansas, Nevada, Wyoming): never two events for it.
    const line = home ? costLine(home.cost, code, 'state-tax', 'annual-report') : undefined;
    const least = home ? line?.amount : tax.minimumAnnualUsd;
    const minimum = least ? `, at least ${formatUsd(least)}` : '';
    const rule = report.kind !== 'none' ? report : taxRule;
    out.push({
      kind: reportKind,
      state: code,
      title: `${name} ${reportWord} and ${tax.taxName ?? 'tax'}`,
      rule,
      description: `File the ${reportWord} with ${name}${where} and pay its ${tax.taxName ?? 'tax'}${minimum}, due ${describeRule(rule)}. Late filing costs penalties and can end the LLC's good standing.${foreignNote}`,
      source: line?.source ?? (report.kind !== 'none' ? feeSource(fees) : taxSource(tax)),
      ...(line ? { amountUsd: line.amount } : {}),
    });
    return out;
  }

  if (report.kind !== 'none') {
    const line = home ? costLine(home.cost, code, 'annual-report') : undefined;
    const reportFee = home ? (line?.amount ?? 0) : fees.annualReportFeeUsd;
    const fee = reportFee > 0 ? ` The state's fee: ${formatUsd(reportFee)}.` : ' The state charges no fee for it.';
    out.push({
      kind: reportKind,
      state: code,
      title: `${name} ${reportWord}${home ? ' (home state)' : ''}`,
      rule: report,
      description: `File the ${reportWord} with ${name}${where}, due ${describeRule(report)}.${fee} Missing it can end the LLC's good standing.${foreignNote}`,
      source: line?.source ?? feeSource(fees),
      ...(line ? { amountUsd: line.amount } : {}),
    });
  }
  if (code === 'CA' && tax?.applies) {
    // One rule with the three-year cost (shared/state-facts/california-tax.ts): each payment names its tax year.
    const line = home ? costLine(home.cost, code, 'state-tax') : undefined;
    out.push({
      kind: taxKind,
      state: code,
      title: `${name} ${tax.taxName ?? 'tax'}${home ? ' (home state)' : ''}`,
      rule: taxRule,
      description: `${CALIFORNIA_ANNUAL_TAX.rule}${where}`,
      source: line?.source ?? CALIFORNIA_ANNUAL_TAX.source,
      amountUsd: line?.amount ?? CALIFORNIA_ANNUAL_TAX.amountUsd,
      payments: (formed, count) =>
        californiaTaxPayments(formed, count).map((p) => ({
          date: p.dueDate,
          title: californiaTaxTitle(p, Boolean(home)),
          description: `${californiaTaxDescription(p, formed)}${where ? ` Owed${where}.` : ''}`,
        })),
    });
  } else if (tax?.applies && taxRule.kind !== 'none') {
    const line = home ? costLine(home.cost, code, 'state-tax') : undefined;
    const amount =
      tax.minimumAnnualUsd === null
        ? 'The amount depends on the business.'
        : tax.minimumAnnualUsd === 0
          ? `At the minimum nothing is owed; more is owed as the business grows (${tax.basis ?? 'income'}-based).`
          : `At least ${formatUsd(line?.amount ?? tax.minimumAnnualUsd)} a year.`;
    out.push({
      kind: taxKind,
      state: code,
      title: `${name} ${tax.taxName ?? 'tax'}${home ? ' (home state)' : ''}`,
      rule: taxRule,
      description: `${tax.taxName ?? 'Tax'} due to ${name}${where}: ${amount}${tax.dueDate ? ` In the state's words: "${tax.dueDate}"` : ''}`,
      source: line?.source ?? taxSource(tax),
      ...(line ? { amountUsd: line.amount } : {}),
    });
  }
  return out;
}

/** The owner's home state when it is not the filing state (both known), else undefined. */
function homeStateOf(input: CalendarInput): string | undefined {
  const code = normalizeCode(input.state);
  const home = input.residence ? normalizeCode(input.residence) : undefined;
  return code && home && home !== code && feesFor(home) ? home : undefined;
}

/**
 * Registering the LLC in the owner's home state: the form, where it is filed, its link and the
 * fee, as the three-year cost counted it. Dated on the formation day: it is owed once the LLC
 * exists and does business there, and stays on the calendar until the customer has done it.
 */
function homeRegistrationEvent(
  code: string,
  home: string,
  formed: string,
  cost: ThreeYearCost | undefined,
  ours?: CalendarInput['homeRegistration'],
): CalendarEvent {
  const event = customersHomeRegistrationEvent(code, home, formed, cost);
  if (!ours) return event;
  const homeName = stateNameOf(home);
  const keep = foreignRegistrationFor(home)?.ongoingObligationsNote;
  const after = keep ? ` Afterwards ${homeName} asks: ${keep}` : '';
  return ours.registeredOn
    ? {
        ...event,
        title: `Registered in ${homeName}, your home state: done`,
        date: ours.registeredOn,
        description: `We registered the LLC in ${homeName}: its certificate of authority is in your vault.${after}`,
      }
    : {
        ...event,
        title: `Registration in ${homeName}, your home state: we file it for you`,
        description: `You bought the home-state registration: we file it with ${homeName} and put the certificate of authority in your vault.${after}`,
      };
}

function customersHomeRegistrationEvent(code: string, home: string, formed: string, cost: ThreeYearCost | undefined): CalendarEvent {
  const name = stateNameOf(code);
  const homeName = stateNameOf(home);
  const reg = foreignRegistrationFor(home);
  const line = costLine(cost, home, 'foreign-registration');
  const homeFees = feesFor(home)!;
  const why = `An LLC formed in ${name} that does business in ${homeName} (for example, run from your home there) registers in ${homeName} as a foreign LLC; whether yours does is a question for the state or an adviser.`;
  if (!reg) {
    return {
      id: 'home-registration',
      kind: 'home-registration',
      state: home,
      title: `Register the LLC in ${homeName}, your home state`,
      date: formed,
      description: `${why} We have not yet researched ${homeName}'s foreign registration (its form and fee): check with the state before the LLC does business there.`,
      source: feeSource(homeFees),
    };
  }
  const fee = line ? `The fee: ${formatUsd(line.amount)}.` : `We have not yet researched ${homeName}'s foreign registration fee: check with the state.`;
  const form = reg.formUrl ? ` The form: ${reg.formUrl}` : '';
  const draft = line ? ` This fee comes from a source that is not final yet; check it with ${homeName} before filing.` : '';
  const keep = reg.ongoingObligationsNote ? ` Afterwards ${homeName} asks: ${reg.ongoingObligationsNote}` : '';
  return {
    id: 'home-registration',
    kind: 'home-registration',
    state: home,
    title: `Register the LLC in ${homeName}, your home state (${reg.formName})`,
    date: formed,
    description: `${why} File the ${reg.formName}${reg.filedWith ? ` with the ${reg.filedWith}` : ''}. ${fee}${form}${draft}${keep}`,
    source: line?.source ?? foreignSource(reg),
    ...(line ? { amountUsd: line.amount } : {}),
  };
}

/** The filing state's report and tax, then the home state's (the comparison's lines), for an input. */
function obligationsOf(input: CalendarInput, code: string): StateObligation[] {
  const home = homeStateOf(input);
  if (!home) return stateObligations(code);
  return [...stateObligations(code), ...stateObligations(home, { cost: threeYearCost(code, home, { formationDate: input.formationDate }) })];
}

function renewalDescription(input: CalendarInput, stateName: string): string {
  const price = formatUsd(input.renewalPriceUsd ?? REGISTERED_AGENT_RENEWAL_USD);
  const replace = `Name another registered agent with ${stateName} before this date, or the LLC can lose its good standing.`;
  switch (input.renewal) {
    case 'renews':
      return `Our registered agent service in ${stateName} renews for another year at ${price}, as you agreed. We email you 30 and 7 days before it is charged; you can cancel from your order page until then.`;
    case 'ends':
      return `Our registered agent service in ${stateName} ends after its free first year: you did not agree to a renewal (${price} a year). ${replace}`;
    case 'lapsed':
      return `The renewal was not paid${input.renewalLapsedAt ? `, so our registered agent service in ${stateName} ended on ${longDate(input.renewalLapsedAt.slice(0, 10))}` : `: our registered agent service in ${stateName} has ended`}. ${replace}`;
    case 'cancelled':
      return `You cancelled the renewal${input.renewalCancelledAt ? ` on ${longDate(input.renewalCancelledAt.slice(0, 10))}` : ''}: our registered agent service in ${stateName} ends on this date. ${replace}`;
    default:
      return `The first year of our registered agent service in ${stateName} is included. Whether it renews after that (${price} a year) is your choice when you give your filing details.`;
  }
}

/** The state deadlines, the DBA's end and the registered agent renewal as runs of dates (the reminder sweep follows these). */
export function deadlineSeries(input: CalendarInput): DeadlineSeries[] {
  const code = normalizeCode(input.state);
  if (!code || !feesFor(code) || !isIsoDate(input.formationDate)) return [];
  const formed = input.formationDate;
  const out: DeadlineSeries[] = [];
  const home = homeStateOf(input);
  // Not reminded when bought from us: we file it (docs/decisions/0429).
  if (home && !input.homeRegistration)
    out.push({ kind: 'home-registration', title: `Register the LLC in ${stateNameOf(home)}`, dates: [formed], dueNow: true });
  for (const o of obligationsOf(input, code)) {
    const dates = o.payments ? o.payments(formed, OCCURRENCES).map((p) => p.date) : datesFor(o.rule, formed, OCCURRENCES);
    if (dates?.length) out.push({ kind: o.kind, title: o.title, dates });
  }
  const agreement = OPERATING_AGREEMENT_RULES[code];
  if (agreement?.withinDays)
    out.push({ kind: 'operating-agreement', title: `${stateNameOf(code)} operating agreement`, dates: [addDays(formed, agreement.withinDays)] });
  const publication = PUBLICATION_RULES[code];
  if (publication) out.push({ kind: 'publication', title: `${stateNameOf(code)} publication requirement`, dates: [addDays(formed, publication.withinDays)] });
  // The DBA runs out on its own date (from its registration, not the formation), where the state's words give one.
  const dbaEnds = input.dba ? dbaRenewalEvent(code, input.dba) : undefined;
  if (dbaEnds?.date) out.push({ kind: 'dba-renewal', title: dbaEnds.title, dates: [dbaEnds.date] });
  if (input.renewal !== 'own-agent') {
    out.push({
      kind: 'registered-agent-renewal',
      title: 'Registered agent renewal',
      dates: Array.from({ length: OCCURRENCES }, (_, i) => addYears(formed, i + 1)),
    });
  }
  const estimated = estimatedTaxDates(formed, Number(formed.slice(0, 4)) + OCCURRENCES).map((d) => d.date);
  if (estimated.length) out.push({ kind: 'estimated-tax', title: 'Federal estimated tax', dates: estimated });
  // A sent election with no CP261 yet: reminded the day after its answer was due (docs/decisions/0432).
  if (input.election && !input.election.effectiveOn)
    out.push({
      kind: 's-corp-election',
      title: 'S-corporation election answer',
      dates: [addMonths(input.election.sentOn, ELECTION_ANSWER.followUpAfterMonths)],
    });
  if (input.payerTaxForms?.length) out.push({ kind: 'payer-tax-form', title: 'Platform tax form expiry', dates: [...new Set(input.payerTaxForms)].sort() });
  // The January 1099 check, each year from the formation's (docs/decisions/0436): the sweep emails it only when a payer should send a form.
  if (input.payersListed) {
    const first = Math.max(Number(formed.slice(0, 4)), FIRST_1099_CHECK_YEAR);
    out.push({ kind: 'forms-1099', title: 'Forms 1099 check', dates: Array.from({ length: OCCURRENCES }, (_, i) => forms1099CheckDay(first + i)) });
  }
  return out;
}

/** The federal estimated-tax dates from the formation to the end of `untilYear`: each with its tax year and quarter (0-3). */
function estimatedTaxDates(formed: string, untilYear: number): { date: string; taxYear: number; index: number; quarter: string }[] {
  const out: { date: string; taxYear: number; index: number; quarter: string }[] = [];
  const firstYear = Number(formed.slice(0, 4));
  for (let year = firstYear; year <= untilYear; year++) {
    ESTIMATED_TAX.dueDates.forEach(([month, day, quarter], index) => {
      const taxYear = month === 1 ? year - 1 : year;
      const date = irsDueDate(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
      if (taxYear >= firstYear && date >= formed) out.push({ date, taxYear, index, quarter });
    });
  }
  return out;
}

const ESTIMATED_TAX_GENERAL = `If you expect to owe $1,000 or more of federal tax for the year, pay this quarter’s estimate (Form 1040-ES). The LLC’s profit is taxed on your own return, self-employment tax included, unless it elects to be taxed as a corporation. ${IRS_DUE_DATE_WORDS}`;

function federalEvents(input: CalendarInput, today: string, until: string): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  const formed = input.formationDate;
  const firstYear = Number(formed.slice(0, 4));
  const lastPlanYear = TAX_PLAN_YEARS[TAX_PLAN_YEARS.length - 1];
  const saved = input.taxPlan;
  const computed = saved ? computeSavedPlan(saved) : undefined;
  // The year after the saved plan's: planned on the plan's figures (the prior-year safe harbour), labelled so.
  const next = computed ? nextYearPlan(computed.year, yearFiguresOf(computed)) : undefined;
  for (const { date, taxYear, index, quarter } of estimatedTaxDates(formed, Number(until.slice(0, 4)) + 1)) {
    // The saved plan's year carries its amounts; without a plan the date says so and points to the planner.
    const planned = computed?.year === taxYear ? instalmentWords(computed, index, today, date, saved?.request.priorYearTax) : undefined;
    const nextAmount = !planned && next?.year === taxYear ? next.instalments[index]?.amount : undefined;
    const amount = planned?.estimate.amount ?? nextAmount;
    const title = `Federal estimated tax, ${quarter} ${taxYear}`;
    const plan = planned
      ? planned.text
      : next && nextAmount !== undefined
        ? `Your saved tax plan: pay ${formatUsd(nextAmount)} by ${longDate(date)}. ${next.label} ${nextYearBasisWords(next)}`
        : (TAX_PLAN_YEARS as readonly number[]).includes(taxYear) && !input.taxPlan
          ? NO_SAVED_PLAN_TEXT
          : laterYearText(lastPlanYear);
    events.push({
      id: `estimated-tax:${taxYear}-q${quarter.slice(0, 1)}`,
      kind: 'estimated-tax',
      title: amount !== undefined ? `${title}: pay ${formatUsd(amount)}` : title,
      date,
      description: `${plan} ${ESTIMATED_TAX_GENERAL}`,
      source: ESTIMATED_TAX.source,
      ...(amount !== undefined ? { amountUsd: amount } : {}),
    });
  }

  const ein = input.addOns.feinFiling
    ? 'Form 2553 needs the LLC’s EIN: you ordered our EIN application.'
    : 'Form 2553 needs the LLC’s EIN (free from the IRS; we can apply for it as an add-on).';
  const payoff =
    'Whether the election pays depends on your profit, the salary you would pay yourself and what running payroll costs you: the tax planner on our website shows your own break-even. Below it, the payroll, the extra return and the state’s fees cost more than they save. This is not tax advice: ask a tax adviser before electing.';
  const first = sCorpElectionDeadline(formed);
  events.push({
    id: 's-corp-election:first-year',
    kind: 's-corp-election',
    title: 'S-corporation election window closes (first tax year)',
    date: first,
    description: `Last day to file Form 2553 for the S-corporation election to count from the LLC’s first day. ${payoff} ${ein}`,
    source: S_CORP_ELECTION.source,
  });
  for (let year = firstYear + 1; year <= Number(until.slice(0, 4)); year++) {
    // A calendar tax year starts on January 1: the same count gives March 15 (or the next business day).
    const date = irsDueDate(addDays(addMonths(`${year}-01-01`, S_CORP_ELECTION.months), S_CORP_ELECTION.days - 1));
    events.push({
      id: `s-corp-election:${year}`,
      kind: 's-corp-election',
      title: `S-corporation election for ${year}: last day`,
      date,
      description: `Last day to file Form 2553 for the S-corporation election to apply to all of ${year}. ${payoff} ${ein}`,
      source: S_CORP_ELECTION.source,
    });
  }
  // A sent election not yet accepted: the day to call the IRS when no CP261 came (the Form 2553 instructions' follow-up).
  if (input.election && !input.election.effectiveOn) {
    const due = addMonths(input.election.sentOn, ELECTION_ANSWER.followUpAfterMonths);
    events.push({
      id: 's-corp-election:answer',
      kind: 's-corp-election',
      title: `Call the IRS if no ${ELECTION_ANSWER.letter} by ${longDate(due)}`,
      date: due,
      description: `Form 2553 was sent on ${longDate(input.election.sentOn)}. ${ELECTION_ANSWER.followUp} Have the LLC’s EIN and the fax confirmation or mailing receipt at hand.`,
      source: { name: ELECTION_ANSWER.followUpSource.title, url: ELECTION_ANSWER.followUpSource.url, verifiedAt: ELECTION_ANSWER.followUpSource.checkedOn },
    });
  }
  return events;
}

export interface CalendarWindow {
  /** YYYY-MM-DD: events before this day are left out (the operating agreement a state requires stays). */
  today: string;
  /** How many years ahead of `today` (default 3). */
  years?: number;
}

/**
 * Every event of the order from `today` to `years` later, by date (undated "check with the state"
 * events first). Undefined for an unknown state or a malformed date.
 */
export function complianceCalendar(input: CalendarInput, window: CalendarWindow): CalendarEvent[] | undefined {
  const code = normalizeCode(input.state);
  if (!code || !feesFor(code) || !isIsoDate(input.formationDate) || !isIsoDate(window.today)) return undefined;
  const name = stateNameOf(code);
  const formed = input.formationDate;
  const until = addYears(window.today, window.years ?? 3);
  const events: CalendarEvent[] = [];
  const home = homeStateOf(input);
  if (home) events.push(homeRegistrationEvent(code, home, formed, threeYearCost(code, home, { formationDate: formed }), input.homeRegistration));

  for (const o of obligationsOf(input, code)) {
    const extra = { state: o.state, ...(o.amountUsd !== undefined ? { amountUsd: o.amountUsd } : {}) };
    if (o.payments) {
      o.payments(formed, OCCURRENCES).forEach((p, i) => {
        events.push({ id: `${o.kind}:${i + 1}`, kind: o.kind, title: p.title, date: p.date, description: p.description, source: o.source, ...extra });
      });
      continue;
    }
    const dates = datesFor(o.rule, formed, OCCURRENCES);
    if (dates === undefined) {
      events.push({
        id: `${o.kind}:check`,
        kind: o.kind,
        title: `${o.title}: ${CHECK_WITH_STATE}`,
        date: null,
        description: `We could not read a due date from the state's wording ("${o.rule.text}"), so we show none rather than a wrong one: ${CHECK_WITH_STATE}. ${o.description}`,
        source: o.source,
        ...extra,
      });
      continue;
    }
    // Numbered from formation: the n-th report keeps its id when the filing date moves its day.
    dates.forEach((date, i) => {
      const filed = o.kind === 'annual-report' ? input.annualReportsFiled?.find((f) => f.dueOn === date) : undefined;
      const ours = o.kind === 'annual-report' && input.annualReportsOurs === true;
      const words = filed
        ? { title: `${o.title}: done`, description: `We filed this report for you on ${filed.filedOn}; the state's receipt is in your vault.` }
        : ours
          ? {
              title: `${o.title}: we file it for you`,
              description: `You asked us to file your annual reports: we charge the price you agreed to ${ANNUAL_REPORT_CHARGE_LEAD_DAYS} days before this date, file the report and put the state's receipt in your vault. ${o.description}`,
            }
          : { title: o.title, description: o.description };
      events.push({ id: `${o.kind}:${i + 1}`, kind: o.kind, ...words, date, source: o.source, ...extra });
    });
  }

  const agreement = OPERATING_AGREEMENT_RULES[code];
  if (agreement) {
    const date = agreement.withinDays ? addDays(formed, agreement.withinDays) : formed;
    const ordered = input.addOns.operatingAgreement ? ' You ordered our operating agreement template: have every member sign it.' : '';
    events.push({
      id: 'operating-agreement',
      kind: 'operating-agreement',
      title: agreement.withinDays ? `${name} operating agreement: adopt within ${agreement.withinDays} days` : `${name} operating agreement: required`,
      date,
      description: agreement.withinDays
        ? `${name} requires the members to adopt a written operating agreement within ${agreement.withinDays} days of filing. It is kept with the LLC's records, not filed.${ordered}`
        : `${name} requires an LLC to have an operating agreement from its formation. Keep it in writing with the LLC's records (it is not filed).${ordered}`,
      source: agreement.source,
      state: code,
    });
  }
  const publication = PUBLICATION_RULES[code];
  if (publication) {
    const date = addDays(formed, publication.withinDays);
    events.push({
      id: 'publication',
      kind: 'publication',
      title: `${name} publication: deadline`,
      date,
      description: `Within ${publication.withinDays} days of formation, ${publication.what}. If it is not done, ${publication.ifSkipped}. ${publicationCostText(publication, name)}`,
      source: publication.source,
      state: code,
    });
  }
  if (input.renewal !== 'own-agent') {
    const title = {
      renews: `Registered agent renewal: ${formatUsd(input.renewalPriceUsd ?? REGISTERED_AGENT_RENEWAL_USD)}`,
      ends: 'Registered agent service ends',
      cancelled: 'Registered agent service ends (renewal cancelled)',
      lapsed: 'Registered agent service ended (renewal not paid)',
      undecided: 'Registered agent: first year ends',
    }[input.renewal];
    for (let k = 1; k <= OCCURRENCES; k++) {
      const date = addYears(formed, k);
      events.push({
        id: `registered-agent-renewal:${k}`,
        kind: 'registered-agent-renewal',
        title,
        date,
        description: renewalDescription(input, name),
        source: OUR_PRICE_LIST,
      });
      // Without a renewal the service ends once: no later anniversaries.
      if (input.renewal !== 'renews') break;
    }
  }
  if (input.dba) events.push(dbaRenewalEvent(code, input.dba));
  events.push(...federalEvents(input, window.today, until));

  // Kept once past: the agreement a state requires from formation, and registering in the home state (we cannot know it was done).
  const standing = (e: CalendarEvent) => (e.kind === 'operating-agreement' && !agreement?.withinDays) || e.kind === 'home-registration';
  const kept = events.filter((e) => e.date === null || (e.date <= until && (e.date >= window.today || standing(e))));
  const order = (e: CalendarEvent) => `${e.date ?? '0000'}|${e.kind}`;
  return kept.sort((a, b) => compareText(order(a), order(b)));
}

/** The reminder email's heading for the DBA's end: 'Renew the Wyoming trade name "SunnyBites"'. */
export function dbaReminderTitle(state: string, name: string): string {
  const rule = dbaRuleFor(normalizeCode(state) ?? state);
  return rule ? `Renew the ${rule.name} ${rule.term} "${name}"` : `Renew the registered name "${name}"`;
}

/** When the DBA runs out, from the state's rule; undated ("check with the state") where its words give no date. */
function dbaRenewalEvent(code: string, dba: { name: string; registeredOn: string }): CalendarEvent {
  const rule = dbaRuleFor(code) as DbaRule;
  const date = dbaExpiry(rule, dba.registeredOn) ?? null;
  const source = { name: rule.statuteCitation, url: rule.statuteUrl, verifiedAt: rule.source.verifiedAt };
  const renew = rule.renewalRule ? ` ${rule.renewalRule}` : '';
  return {
    id: 'dba-renewal',
    kind: 'dba-renewal',
    title: date ? `${rule.name} ${rule.term} "${dba.name}": renew by this date` : `${rule.name} ${rule.term} "${dba.name}": ${CHECK_WITH_STATE}`,
    date,
    description: date
      ? `Registered on ${longDate(dba.registeredOn)}; ${rule.name}'s registration lasts: ${rule.duration}.${renew}`
      : `${rule.name}'s registration lasts: ${rule.duration}. We could not read a renewal date from it, so we show none rather than a wrong one.${renew}`,
    source,
    state: code,
  };
}

/**
 * The last day to file Form 2553 for the S-corporation election to count from the LLC's first
 * day: 2 months and 15 days into its first tax year, which starts at formation (IRS: Jan 7 ->
 * Mar 21), moved past a weekend or legal holiday to the next business day (IRC section 7503:
 * December 1, 2026 -> February 15, 2027, Washington's Birthday -> February 16).
 */
export function sCorpElectionDeadline(formed: string): string {
  return irsDueDate(addDays(addMonths(formed, S_CORP_ELECTION.months), S_CORP_ELECTION.days - 1));
}

/** The day the calendar counts from: the filing date once the state filed the LLC, else the payment date. */
export function formationDateOf(order: { filedOn?: string; paidAt?: string }): { date: string; from: 'filing' | 'payment' } | undefined {
  if (order.filedOn && isIsoDate(order.filedOn.slice(0, 10))) return { date: order.filedOn.slice(0, 10), from: 'filing' };
  if (order.paidAt && isIsoDate(order.paidAt.slice(0, 10))) return { date: order.paidAt.slice(0, 10), from: 'payment' };
  return undefined;
}
