import federal from '../data/federal-tax-2026.json' with { type: 'json' };
import type { FactSource } from '../state-facts/facts.ts';
import { IRS_DUE_DATE_RULE } from './holidays.ts';

/**
 * The compliance rules the state dataset does not hold, each with the public rule it restates.
 * `verifiedAt` is the day the rule was written down here from that source; review them each year
 * (docs/decisions/0161-compliance-rules-outside-the-dataset.md).
 */
export const COMPLIANCE_RULES_WRITTEN_ON = '2026-11-22';

const source = (name: string, url: string): FactSource => ({ name, url, verifiedAt: COMPLIANCE_RULES_WRITTEN_ON });

/**
 * States whose LLC law requires an operating agreement (the list: CA, NY, ME, MO). New
 * York alone sets a deadline: members adopt a written agreement within 90 days of filing.
 */
export const OPERATING_AGREEMENT_RULES: Readonly<Record<string, { withinDays?: number; written: boolean; source: FactSource }>> = {
  CA: {
    written: false,
    source: source(
      'California Corporations Code §17701.10 (operating agreement)',
      'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CORP&sectionNum=17701.10',
    ),
  },
  NY: {
    withinDays: 90,
    written: true,
    source: source('New York Limited Liability Company Law §417 (operating agreement)', 'https://www.nysenate.gov/legislation/laws/LLC/417'),
  },
  ME: {
    written: false,
    source: source(
      'Maine Revised Statutes, Title 31, Chapter 21 (Limited Liability Company Act)',
      'https://legislature.maine.gov/statutes/31/title31ch21sec0.html',
    ),
  },
  MO: {
    written: false,
    source: source('Missouri Revised Statutes §347.081 (operating agreement)', 'https://revisor.mo.gov/main/OneSection.aspx?section=347.081'),
  },
};

/** A state's rule that a new LLC publishes notice of its formation, and what follows if it does not. */
export interface PublicationRule {
  /** Days after formation by which it is done. */
  withinDays: number;
  /** The task in a few words, for the order's list ("Publish in two newspapers"). */
  task: string;
  /** What to do, in plain words. */
  what: string;
  /** What the state does when it is not done. */
  ifSkipped: string;
  /** Whole dollars the publication costs, where a public source states them; null: not in our data (the page says so). */
  costUsd: { min: number; max: number } | null;
  source: FactSource;
}

/**
 * Formation publication rules. The state dataset has none (its publication fields are the DBA
 * rules'); New York's is its LLC Law §206. What the newspapers charge is set by each newspaper
 * the county clerk designates: no public source states a range, so none is given.
 */
export const PUBLICATION_RULES: Readonly<Record<string, PublicationRule>> = {
  NY: {
    withinDays: 120,
    task: 'Publish in two newspapers',
    what: 'publish a copy of the articles or a notice of formation once a week for six successive weeks in two newspapers (one daily, one weekly) that the clerk of the county of the LLC’s office designates, then file the Certificate of Publication, with the newspapers’ affidavits, with the Department of State',
    ifSkipped: 'the LLC’s authority to carry on business in New York is suspended until the Certificate of Publication is filed',
    costUsd: null,
    source: source('New York Limited Liability Company Law §206 (publication)', 'https://www.nysenate.gov/legislation/laws/LLC/206'),
  },
};

/** New York's publication (PUBLICATION_RULES.NY). */
export const NY_PUBLICATION = PUBLICATION_RULES.NY;

/** "$X to $Y", or the sentence that says we have no figure. */
export function publicationCostText(rule: PublicationRule, stateName: string): string {
  return rule.costUsd
    ? `It typically costs $${rule.costUsd.min} to $${rule.costUsd.max}.`
    : `What the newspapers charge is not in our data: each sets its own price, which varies by county in ${stateName}, so ask the designated newspapers for a quote.`;
}

/**
 * States where an LLC need not have a registered agent, because the Secretary of State is its
 * agent for service of process by law (our New York Articles designate it: functions/documents).
 */
export const REGISTERED_AGENT_OPTIONAL: Readonly<Record<string, { why: string; source: FactSource }>> = {
  NY: {
    why: 'the Secretary of State is the LLC’s agent for service of process and mails legal papers on to the address the LLC gives',
    source: source('New York Limited Liability Company Law §301 (service of process)', 'https://www.nysenate.gov/legislation/laws/LLC/301'),
  },
};

/**
 * Federal estimated tax: four due dates a year (the fourth in January of the next year), as
 * month and day, from the federal data file's dates (the tax plan reads the same file); each
 * year's date moves past a weekend or legal holiday (./holidays.ts, IRC section 7503).
 */
const QUARTERS = ['1st quarter', '2nd quarter', '3rd quarter', '4th quarter'] as const;
export const ESTIMATED_TAX = {
  /** [month, day, quarter label]; the January one belongs to the previous tax year. */
  dueDates: federal.estimatedTaxDueDates.map((iso, i) => [Number(iso.slice(5, 7)), Number(iso.slice(8, 10)), QUARTERS[i]!] as const),
  source: source(`IRS: Estimated taxes (Form 1040-ES); ${IRS_DUE_DATE_RULE}`, 'https://www.irs.gov/businesses/small-businesses-self-employed/estimated-taxes'),
};

/**
 * The S-corporation election (Form 2553), from the federal data file: no later than 2 months and
 * 15 days after the start of the tax year it is to take effect for (a new LLC's first tax year
 * starts when it is formed); for a calendar year after the first, the same count from January 1.
 * A last day on a weekend or legal holiday moves to the next business day (./holidays.ts).
 */
export const S_CORP_ELECTION = {
  months: federal.sCorporationElection.deadlineMonths,
  days: federal.sCorporationElection.deadlineDays,
  source: source(`IRS: About Form 2553, Election by a Small Business Corporation; ${IRS_DUE_DATE_RULE}`, 'https://www.irs.gov/forms-pubs/about-form-2553'),
};
