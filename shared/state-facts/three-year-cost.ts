// What an LLC costs over its first three years: the filing state's fees and taxes, our fees, and,
// when the owner lives in another state, what that state asks of an LLC formed elsewhere that does
// business there. Whole dollars. Every line names its source; what the data does not know is said
// in `notes`, never estimated.

import { PUBLICATION_RULES, publicationCostText, REGISTERED_AGENT_OPTIONAL } from '../compliance/rules.ts';
import { findStatePricing } from '../states.ts';
import { CALIFORNIA_ANNUAL_TAX, californiaTaxCostNote, californiaTaxPayments } from './california-tax.ts';
import { annualReportRule, describeRule, isIsoDate, scheduleYears, taxDueRule } from './due-dates.ts';
import {
  type FactSource,
  feeSource,
  feesFor,
  foreignRegistrationFor,
  foreignSource,
  normalizeCode,
  type StateFees,
  type TaxRule,
  taxRuleFor,
  taxSource,
} from './facts.ts';
import { OUR_PRICE_LIST, REGISTERED_AGENT_RENEWAL_USD } from './our-prices.ts';

export type CostYear = 1 | 2 | 3;

export interface CostLine {
  key: 'formation-fee' | 'service-fee' | 'registered-agent' | 'annual-report' | 'state-tax' | 'foreign-registration' | 'publication' | 'add-on';
  /** The state the line is paid in (or, for our fees, the filing state). */
  state: string;
  label: string;
  /** Whole US dollars. */
  amount: number;
  /** 1 is the year of formation. */
  year: CostYear;
  source: FactSource;
  /** YYYY-MM-DD, where the line is a dated payment and a formation date was given (California's annual tax). */
  dueDate?: string;
}

export interface ThreeYearCost {
  state: string;
  /** The owner's home state; the filing state when none was given. */
  residence: string;
  years: 3;
  lines: CostLine[];
  /** The sum of the lines' amounts. */
  total: number;
  notes: string[];
  /**
   * What the total leaves out, in a few words each, shown beside the figure ("publication, which
   * varies by county"): a cost the data knows of but cannot price, or a choice the LLC need not make.
   */
  notCounted: string[];
}

export interface ThreeYearCostOptions {
  /** YYYY-MM-DD. Only decides the year of a biennial report filed in odd or even years; the total does not change. */
  formationDate?: string;
  /** Our registered-agent renewal price when the operator's settings set one; the price list's otherwise. */
  registeredAgentRenewalUsd?: number;
  /**
   * The states where we act as registered agent (shared/operator/facts.ts ourAgentStates). Elsewhere
   * the customer names their own agent: nothing of ours is priced there, and a note says so.
   * Absent: every state (the published price list, before the operator's settings are read).
   */
  ourAgentStates?: readonly string[];
}

const YEARS: readonly CostYear[] = [1, 2, 3];

const usd = (n: number) => `$${Number.isInteger(n) ? n : n.toFixed(2)}`;

/** "years 1, 2 and 3" */
function yearsText(years: readonly number[]): string {
  if (years.length === 1) return `year ${years[0]}`;
  return `years ${years.slice(0, -1).join(', ')} and ${years[years.length - 1]}`;
}

/** The state's own words for when its tax is due, quoted. */
const dueQuote = (tax: TaxRule) => (tax.dueDate ? ` When it is due, in the state's words: "${tax.dueDate}"` : '');

/** A foreign LLC's report fee where the residence state's record states one apart from the domestic fee ("$200.00 for a foreign LLC"). */
export function foreignReportFee(state: string): number | undefined {
  const note = foreignRegistrationFor(state)?.ongoingObligationsNote ?? '';
  const m = /\$(\d+(?:\.\d{2})?) for a foreign LLC/i.exec(note);
  return m ? Number(m[1]) : undefined;
}

/** The years of a franchise-type tax: each year the LLC exists, unless it is paid on anniversaries with the annual report. */
function taxYears(code: string, tax: TaxRule): number[] {
  const rule = taxDueRule(code);
  if (rule?.kind === 'anniversary') return scheduleYears(rule).years;
  return tax.firstYearExemption ? [2, 3] : [1, 2, 3];
}

/** The report fees and minimum taxes a state charges an LLC each year, as an LLC formed there or registered there from elsewhere. */
function yearlyObligations(fees: StateFees, foreign: boolean, options: ThreeYearCostOptions): { lines: CostLine[]; notes: string[]; notCounted: string[] } {
  const lines: CostLine[] = [];
  const notes: string[] = [];
  const notCounted: string[] = [];
  const code = fees.code;
  const name = fees.name;
  const asForeign = foreign ? ' (as a foreign LLC)' : '';
  const push = (key: CostLine['key'], label: string, amount: number, years: number[], source: FactSource) => {
    for (const year of years) lines.push({ key, state: code, label, amount: Math.round(amount), year: year as CostYear, source });
  };

  const tax = taxRuleFor(code);
  const rule = annualReportRule(code) ?? { kind: 'unparsed' as const, text: fees.annualReportDue };
  const stated = foreign ? foreignReportFee(code) : undefined;
  const reportFee = stated ?? fees.annualReportFeeUsd;
  if (stated !== undefined && stated !== fees.annualReportFeeUsd) {
    notes.push(`${name} charges a foreign LLC ${usd(stated)} for its report (${usd(fees.annualReportFeeUsd)} for an LLC formed there).`);
  }
  const taxMinimum = tax?.applies ? tax.minimumAnnualUsd : null;
  const taxName = tax?.taxName ?? 'tax';

  // One payment where the state collects its tax with the yearly filing (Delaware, Arkansas, Wyoming, Nevada): never counted twice.
  if (tax?.applies && tax.collectedWithAnnualReport && taxMinimum && taxMinimum > 0) {
    const years = taxYears(code, tax);
    if (reportFee <= taxMinimum) {
      push('state-tax', `${name} ${taxName}${asForeign}`, taxMinimum, years, taxSource(tax));
      notes.push(
        `${name} ${taxName}: ${usd(taxMinimum)}, counted in ${yearsText(years)}. It is ${name}'s yearly filing payment, so no separate report fee is added.${dueQuote(tax)}`,
      );
    } else {
      push('annual-report', `${name} annual report fee, including the ${usd(taxMinimum)} ${taxName}${asForeign}`, reportFee, years, feeSource(fees));
      notes.push(`${name}'s annual report fee of ${usd(reportFee)} already includes the ${usd(taxMinimum)} ${taxName}; it is counted once.`);
    }
    return { lines, notes, notCounted };
  }

  // The annual (or biennial) report.
  if (reportFee > 0) {
    let { years, uncertain } = scheduleYears(rule, options.formationDate);
    if (rule.kind === 'unparsed' || rule.kind === 'none') {
      years = [2, 3];
      notes.push(`We could not read when ${name}'s report is due ("${fees.annualReportDue}"); its ${usd(reportFee)} fee is counted in years 2 and 3.`);
    }
    const biennial = (rule.kind === 'fixed' || rule.kind === 'anniversary') && rule.frequency === 'biennial';
    const foreignRecord = stated !== undefined ? foreignRegistrationFor(code) : undefined;
    push(
      'annual-report',
      `${name} ${biennial ? 'biennial' : 'annual'} report fee${asForeign}`,
      reportFee,
      years,
      foreignRecord ? foreignSource(foreignRecord) : feeSource(fees),
    );
    if (!Number.isInteger(reportFee)) notes.push(`${name}'s report fee is ${usd(reportFee)}; shown rounded to whole dollars.`);
    if (uncertain) notes.push(`${name}'s biennial report ${uncertain}.`);
    if (rule.kind !== 'unparsed' && rule.kind !== 'none') notes.push(`${name} report: due ${describeRule(rule)}.`);
  } else if (rule.kind !== 'none') {
    notes.push(`${name}'s annual report has no state fee.`);
  }

  // The franchise-type tax, at its published minimum.
  if (tax?.applies) {
    if (taxMinimum === null || taxMinimum === undefined) {
      notes.push(`${name} ${taxName}: no minimum is published (it depends on the business), so it is not counted.`);
      notCounted.push(`${name}'s ${taxName}, which depends on the business`);
    } else if (taxMinimum === 0) {
      notes.push(`${name} ${taxName}: $0 at the minimum (${tax.basis ?? 'income'}-based), so it is counted as $0; it may be owed as the business grows.`);
      notCounted.push(`${name}'s ${taxName} above its $0 minimum (${tax.basis ?? 'income'}-based)`);
    } else if (code === 'CA') {
      // One rule with the calendar (./california-tax.ts): the tax of the first three tax years, the first however short.
      const dates = options.formationDate ? californiaTaxPayments(options.formationDate, 3).map((p) => p.dueDate) : [];
      for (const year of YEARS) {
        lines.push({
          key: 'state-tax',
          state: code,
          label: `${name} ${taxName}, minimum${asForeign}`,
          amount: CALIFORNIA_ANNUAL_TAX.amountUsd,
          year,
          source: CALIFORNIA_ANNUAL_TAX.source,
          ...(dates[year - 1] ? { dueDate: dates[year - 1] } : {}),
        });
      }
      notes.push(californiaTaxCostNote(options.formationDate, foreign));
    } else {
      const years = taxYears(code, tax);
      push('state-tax', `${name} ${taxName}, minimum${asForeign}`, taxMinimum, years, taxSource(tax));
      const more = tax.basis && tax.basis !== 'flat' ? ` More is owed above the minimum (${tax.basis}-based).` : '';
      notes.push(`${name} ${taxName}: ${usd(taxMinimum)} a year at the minimum, counted in ${yearsText(years)}.${more}${dueQuote(tax)}`);
    }
  }
  return { lines, notes, notCounted };
}

/**
 * The first three years of an LLC filed in `filingState` by an owner living in `residence`
 * (two-letter codes, any case; residence defaults to the filing state). undefined when either
 * code is not one of the 50 states or DC.
 */
export function threeYearCost(filingState: string, residence?: string, options: ThreeYearCostOptions = {}): ThreeYearCost | undefined {
  const code = normalizeCode(filingState);
  const pricing = code ? findStatePricing(code) : undefined;
  const fees = code ? feesFor(code) : undefined;
  if (!code || !pricing || !fees) return undefined;
  const home = residence?.trim() ? normalizeCode(residence) : code;
  const homeFees = home ? feesFor(home) : undefined;
  if (!home || !homeFees) return undefined;
  if (options.formationDate !== undefined && !isIsoDate(options.formationDate)) throw new RangeError(`Not a date (YYYY-MM-DD): ${options.formationDate}`);

  const lines: CostLine[] = [];
  const notes: string[] = [];
  const notCounted: string[] = [];
  const renewal = options.registeredAgentRenewalUsd ?? REGISTERED_AGENT_RENEWAL_USD;
  const our = (key: CostLine['key'], state: string, label: string, amount: number, year: CostYear) =>
    lines.push({ key, state, label, amount, year, source: OUR_PRICE_LIST });

  lines.push({ key: 'formation-fee', state: code, label: `${fees.name} state filing fee`, amount: pricing.filingFee, year: 1, source: feeSource(fees) });
  our('service-fee', code, 'Our service fee', pricing.serviceFee, 1);
  const weAct = (state: string) => !options.ourAgentStates || options.ourAgentStates.includes(state);
  const agentOptional = REGISTERED_AGENT_OPTIONAL[code];
  if (!weAct(code)) {
    notes.push(`We do not act as registered agent in ${fees.name}: you name your own there, and what that agent charges is not counted.`);
    notCounted.push(agentOptional ? `a registered agent, optional in ${fees.name}` : `your own registered agent in ${fees.name}`);
  } else {
    our('registered-agent', code, `Registered agent in ${fees.name}: first year included`, 0, 1);
  }
  if (!weAct(code)) {
    // Nothing of ours renews where we have no office.
  } else if (agentOptional) {
    // Nobody has to keep an agent there: a renewal is the customer's choice, not a cost of the LLC.
    notes.push(
      `A registered agent is optional in ${fees.name}: ${agentOptional.why} (${agentOptional.source.name}). Our first year is included; its renewal (${usd(renewal)} a year) is not counted, since the LLC need not keep one.`,
    );
    notCounted.push(`our registered agent's renewal, optional in ${fees.name}`);
  } else {
    for (const year of [2, 3] as const) our('registered-agent', code, `Registered agent in ${fees.name}: yearly renewal`, renewal, year);
  }
  const publication = PUBLICATION_RULES[code];
  if (publication) {
    notes.push(
      `${fees.name} publication, required within ${publication.withinDays} days of formation: ${publication.what}. If it is not done, ${publication.ifSkipped} (${publication.source.name}). ${publicationCostText(publication, fees.name)}${publication.costUsd ? '' : ' It is not counted in the total.'}`,
    );
    // First: a cost the law requires, where the others are choices or depend on the business.
    if (!publication.costUsd) notCounted.unshift(`${fees.name} publication, which varies by county (${publication.source.name})`);
    if (publication.costUsd) {
      lines.push({
        key: 'publication',
        state: code,
        label: `${fees.name} publication (typical low end)`,
        amount: publication.costUsd.min,
        year: 1,
        source: publication.source,
      });
    }
  }

  const own = yearlyObligations(fees, false, options);
  lines.push(...own.lines);
  notes.push(...own.notes);
  notCounted.push(...own.notCounted);

  if (home !== code) {
    const reg = foreignRegistrationFor(home);
    if (reg && reg.registrationFeeUsd !== null) {
      lines.push({
        key: 'foreign-registration',
        state: home,
        label: `${homeFees.name} foreign LLC registration fee (${reg.formName})`,
        amount: Math.round(reg.registrationFeeUsd),
        year: 1,
        source: foreignSource(reg),
      });
      notes.push(
        `Foreign registration fees come from a part of the dataset its maintainer still marks as a draft; check the fee with ${homeFees.name} before filing.`,
      );
    } else {
      notes.push(`We have not yet researched ${homeFees.name}'s foreign registration fee: check with the state`);
    }
    const theirs = yearlyObligations(homeFees, true, options);
    lines.push(...theirs.lines);
    notes.push(...theirs.notes);
    notCounted.push(...theirs.notCounted);
    const homeAgentOptional = REGISTERED_AGENT_OPTIONAL[home];
    if (homeAgentOptional) {
      notes.push(`A registered agent is optional in ${homeFees.name}: ${homeAgentOptional.why} (${homeAgentOptional.source.name}); none is counted there.`);
    } else if (!weAct(home)) {
      notes.push(
        `A registered LLC needs a registered agent in ${homeFees.name} too; we do not act as one there, so what your agent there charges is not counted.`,
      );
      notCounted.push(`your own registered agent in ${homeFees.name}`);
    } else {
      for (const year of YEARS) {
        our(
          'registered-agent',
          home,
          `Registered agent in ${homeFees.name}, your home state (the included first year covers only the ${fees.name} agent)`,
          renewal,
          year,
        );
      }
    }
    if (reg?.ongoingObligationsNote) notes.push(`${homeFees.name} asks of a registered foreign LLC: ${reg.ongoingObligationsNote}`);
    notes.push(
      `The ${homeFees.name} lines apply when the LLC does business in ${homeFees.name} (for example, run from your home there); whether it does is a question for the state or an adviser.`,
    );
  }

  lines.sort((a, b) => a.year - b.year);
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return { state: code, residence: home, years: 3, lines, total, notes, notCounted };
}
