/**
 * The Forms 1099 a payer's year records (shared/payers/form-1099-check.ts checks them): the kinds,
 * the limits and the stored shape, apart from the check so the payer list can hold them without
 * importing the check.
 */

import federal from '../data/federal-tax-2026.json' with { type: 'json' };

export const FORMS_1099 = ['1099-NEC', '1099-MISC', '1099-K'] as const;
export type Form1099 = (typeof FORMS_1099)[number];

/** The most forms one payer's year may record, and the most years a payer keeps. */
export const MAX_FORMS_1099_PER_YEAR = 6;
export const MAX_1099_YEARS = 3;

/** A form the creator recorded as arrived: its kind, its amount (whole cents), the day recorded. */
export interface Received1099 {
  form: Form1099;
  amountCents: number;
  recordedOn: string;
}

/** One payer's year as stored on the payer (StoredPayer.forms1099). */
export interface Payer1099Year {
  year: number;
  /** What the creator says the payer paid in the year (whole cents); without it the income map may give it. */
  paidCents?: number;
  /** The forms the creator expects from this payer (Twitch: 1099-MISC and 1099-NEC); without it, by the payer's kind. */
  expectedForms?: Form1099[];
  received: Received1099[];
}

/** The first tax year the January check covers: the year the data's $2,000 1099-NEC threshold applies from. */
export const FIRST_1099_CHECK_YEAR = federal.informationReturns.form1099NEC.from;

/**
 * The day of the January check of the forms for `taxYear`: January 31 after it, the day IRS
 * Publication 15 has payers furnish Form 1099-NEC (shared/data/payer-tax-forms.json `necFurnish`).
 * The calendar's event and the reminder email fall on it (docs/decisions/0430, 0436).
 */
export const forms1099CheckDay = (taxYear: number): string => `${taxYear + 1}-01-31`;
