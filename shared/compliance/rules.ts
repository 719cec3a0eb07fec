import type { FactSource } from '../state-facts/facts.ts';

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

/** New York's publication: within 120 days of formation, six weeks in two newspapers, then a Certificate of Publication. */
export const NY_PUBLICATION = {
  withinDays: 120,
  source: source('New York Limited Liability Company Law §206 (publication)', 'https://www.nysenate.gov/legislation/laws/LLC/206'),
};

/** Federal estimated tax: four due dates a year (the fourth in January of the next year). */
export const ESTIMATED_TAX = {
  /** [month, day, quarter label]; the January one belongs to the previous tax year. */
  dueDates: [
    [4, 15, '1st quarter'],
    [6, 15, '2nd quarter'],
    [9, 15, '3rd quarter'],
    [1, 15, '4th quarter'],
  ] as const,
  source: source('IRS: Estimated taxes (Form 1040-ES)', 'https://www.irs.gov/businesses/small-businesses-self-employed/estimated-taxes'),
};

/**
 * The S-corporation election (Form 2553): no later than 2 months and 15 days after the start of the
 * tax year it is to take effect for (a new LLC's first tax year starts when it is formed); for a
 * calendar year after the first, by March 15 of that year.
 */
export const S_CORP_ELECTION = {
  months: 2,
  days: 15,
  laterYears: { month: 3, day: 15 },
  source: source('IRS: About Form 2553, Election by a Small Business Corporation', 'https://www.irs.gov/forms-pubs/about-form-2553'),
};
