// California's $800 annual tax: which tax years owe it and when each payment is due. One rule for
// the compliance calendar and the three-year cost alike (docs/decisions/0415), read from the
// dataset's California record (shared/data/california-annual-tax.json, copied with its source).

import data from '../data/california-annual-tax.json' with { type: 'json' };
import type { FactSource } from './facts.ts';

export const CALIFORNIA_ANNUAL_TAX = {
  taxName: data.taxName,
  amountUsd: data.minimumAnnualUsd,
  /** Whether the first tax year is exempt: false in the data (the 2021-2023 waiver has ended). */
  firstYearExemption: data.firstYearExemption,
  source: { name: data.sourcePage.name, url: data.sourcePage.url, verifiedAt: data.sourcePage.accessed } satisfies FactSource,
  /** The rule in plain words, as the data states it. */
  rule: 'California charges the $800 annual tax for every tax year of the LLC, the first included, until it is cancelled. The first tax year runs from the filing to December 31, however short, and its payment is due on the 15th day of the 4th month from the filing; each later year’s is due on the 15th day of its 4th month (April 15).',
  /** What the data does not settle, said wherever the rule is shown. */
  notKnown:
    'Not settled by our data: whether the filing month counts as the first of the 4 months (we count it, so a December filing pays by March 15), and whether a very short first tax year is spared (the data states no such exception, so a full $800 is counted for it). The dates assume the LLC’s tax year is the calendar year.',
} as const;

export interface CaliforniaTaxPayment {
  /** The tax year paid for (a calendar year; the first runs from the filing to December 31). */
  taxYear: number;
  /** 1 for the tax year of formation. */
  nth: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  amountUsd: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The first `count` payments of an LLC filed (or registered) in California on `formationDate`
 * (YYYY-MM-DD): the tax year of formation, due the 15th day of the 4th month counting the filing
 * month, then every later tax year on April 15.
 */
export function californiaTaxPayments(formationDate: string, count: number): CaliforniaTaxPayment[] {
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(formationDate);
  if (!m) throw new RangeError(`Not a date (YYYY-MM-DD): ${formationDate}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const out: CaliforniaTaxPayment[] = [];
  for (let nth = 1; nth <= Math.max(0, Math.floor(count)); nth++) {
    const taxYear = year + nth - 1;
    let dueDate: string;
    if (nth === 1) {
      const due = month + 3; // the filing month is the 1st
      dueDate = `${year + Math.floor((due - 1) / 12)}-${pad(((due - 1) % 12) + 1)}-15`;
    } else {
      dueDate = `${taxYear}-04-15`;
    }
    out.push({ taxYear, nth, dueDate, amountUsd: CALIFORNIA_ANNUAL_TAX.amountUsd });
  }
  return out;
}

const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const nthWord = (n: number) => ORDINALS[n] ?? `${n}th`;

/** "California Annual Tax for 2026 (first tax year)". */
export function californiaTaxTitle(p: CaliforniaTaxPayment, home = false): string {
  return `California ${CALIFORNIA_ANNUAL_TAX.taxName} for ${p.taxYear} (${nthWord(p.nth)} tax year)${home ? ' (home state)' : ''}`;
}

/** What one payment is for, how the rule places it, and what the three-year cost counts. */
export function californiaTaxDescription(p: CaliforniaTaxPayment, formationDate: string): string {
  const which =
    p.nth === 1
      ? `$${p.amountUsd} for the tax year ${p.taxYear}, the LLC’s first: from the filing on ${formationDate} to December 31, ${p.taxYear}.`
      : `$${p.amountUsd} for the tax year ${p.taxYear}, the LLC’s ${nthWord(p.nth)}.`;
  const counted =
    p.nth <= 3
      ? ` The three-year cost counts this payment (tax years ${p.taxYear - p.nth + 1} to ${p.taxYear - p.nth + 3}).`
      : ' It is for a tax year after the three the three-year cost counts.';
  return `${which}${counted} ${CALIFORNIA_ANNUAL_TAX.rule} ${CALIFORNIA_ANNUAL_TAX.notKnown}`;
}

/** The three-year cost's note: the three tax years it counts and, with a formation date, their due dates. */
export function californiaTaxCostNote(formationDate?: string, foreign = false): string {
  const counted = `California ${CALIFORNIA_ANNUAL_TAX.taxName}${foreign ? ' (as a foreign LLC)' : ''}: $${CALIFORNIA_ANNUAL_TAX.amountUsd} for each of the first three tax years, counted in years 1, 2 and 3.`;
  const dates = formationDate
    ? ` For a filing on ${formationDate}: ${californiaTaxPayments(formationDate, 3)
        .map((p) => `${p.taxYear} due ${p.dueDate}`)
        .join(', ')}.`
    : '';
  return `${counted}${dates} ${CALIFORNIA_ANNUAL_TAX.rule} ${CALIFORNIA_ANNUAL_TAX.notKnown}`;
}
