import { annualReportRule, datesFor } from '../state-facts/due-dates.ts';
import { feesFor } from '../state-facts/facts.ts';
import { findState } from '../states.ts';
import { ANNUAL_REPORT_CHARGE_LEAD_DAYS } from './annual-report-terms.ts';
import { addDays } from './dates.ts';
import type { RenewalCharge, RenewalEvent } from './renewal-charges.ts';

/**
 * Annual reports filed for the customer (docs/decisions/0431-annual-reports-filed-for-the-customer.md):
 * a yearly service the customer agrees to on the order page, charged off-session before each
 * report's due date at the price agreed then (our fee plus the state's fee as our data gave it),
 * filed by staff, whose receipt goes to the vault. The facts the server, the emails and the order
 * page share.
 */

export {
  ANNUAL_REPORT_CHARGE_LEAD_DAYS,
  ANNUAL_REPORT_CONSENT,
  ANNUAL_REPORT_GRACE_DAYS,
  ANNUAL_REPORT_NOTICE_DAYS,
  ANNUAL_REPORT_SERVICE_DEFAULT_USD,
} from './annual-report-terms.ts';

/** The uploaded document kind of the state's receipt for a filed report (the vault shows it). */
export const ANNUAL_REPORT_RECEIPT_KIND = 'annual_report_receipt';

/** Whether we sell the service for an LLC of `state`, and the sentence when not (read from the state data). */
export type ServiceAvailability = { available: true; stateFeeCents: number; dueText: string } | { available: false; reason: string };

export function annualReportServiceAvailability(state: string): ServiceAvailability {
  const code = state.trim().toUpperCase();
  const fees = feesFor(code);
  const name = findState(code)?.name ?? code;
  if (!fees) return { available: false, reason: 'We have no annual report facts for this state.' };
  const rule = annualReportRule(code);
  if (!rule || rule.kind === 'none' || fees.annualReportDue === 'N/A')
    return { available: false, reason: `${name} has no annual report for an LLC, so there is nothing to file and nothing to buy.` };
  if (!(fees.annualReportFeeUsd > 0))
    return {
      available: false,
      reason: `${name}'s annual report is free to file (due: ${fees.annualReportDue}); you file it yourself on the state's site and we remind you before it is due.`,
    };
  if (rule.kind === 'unparsed' || rule.kind === 'after-formation' || rule.kind === 'in-tax-year')
    return {
      available: false,
      reason: `We cannot read a yearly due date from ${name}'s wording ("${fees.annualReportDue}"), so we do not charge for it: check the date with the state.`,
    };
  return { available: true, stateFeeCents: Math.round(fees.annualReportFeeUsd * 100), dueText: fees.annualReportDue };
}

/** The price agreed for each report: our fee plus the state's fee, in cents. */
export function agreedReportCents(serviceUsd: number, stateFeeCents: number): number {
  return Math.round(serviceUsd * 100) + stateFeeCents;
}

/** The due dates of the state's report for an LLC formed on `formationDate` (YYYY-MM-DD), the next `count`. */
export function reportDueDates(state: string, formationDate: string, count = 6): string[] {
  const rule = annualReportRule(state);
  return (rule && datesFor(rule, formationDate, count)) ?? [];
}

/** The day a report due on `dueOn` is charged. */
export const chargeDayOf = (dueOn: string) => addDays(dueOn, -ANNUAL_REPORT_CHARGE_LEAD_DAYS);

/** The first report whose charge day is on or after `today`: the next one the service pays for. */
export function nextChargeableReport(state: string, formationDate: string, today: string): string | undefined {
  return reportDueDates(state, formationDate, 12).find((d) => chargeDayOf(d) >= today);
}

/**
 * The customer's agreement, as recorded on the order (`annualReportService`): the price frozen then,
 * with its parts, and when it was cancelled (undone by clearing it).
 */
export interface AnnualReportService {
  agreedAt: string;
  state: string;
  serviceUsd: number;
  stateFeeCents: number;
  /** Charged for each report: our fee plus the state's, frozen at agreement. */
  priceCents: number;
  cancelledAt?: string;
}

/** One report's charge: the renewal's shape (claim with a lease, paid, payment due, lapsed), its period being the report's due date. */
export type AnnualReportCharge = RenewalCharge;
/** One line of the service's history (charged, charge-failed, paid-by-link, lapsed). */
export type AnnualReportEvent = RenewalEvent;

/**
 * The agreement at the price of `at`: our fee then (`serviceUsd`) plus the state's fee in the data
 * then, frozen; undefined where the state's report is not sold. The order page's agreement and the
 * checkout's (frozen when the payment starts, recorded when it settles: docs/decisions/0434) both
 * make it here.
 */
export function annualReportAgreement(state: string, serviceUsd: number, at: string): AnnualReportService | undefined {
  const sold = annualReportServiceAvailability(state);
  if (!sold.available) return undefined;
  return {
    agreedAt: at,
    state: state.trim().toUpperCase(),
    serviceUsd,
    stateFeeCents: sold.stateFeeCents,
    priceCents: agreedReportCents(serviceUsd, sold.stateFeeCents),
  };
}

/**
 * The checkout's offer for an LLC of `state` paid on `today`: the price per report with its parts
 * and the first report the service would pay for, counted from today (the state's filing date sets
 * it once recorded); or the sentence that says why it is not sold there.
 */
export type AnnualReportOffer =
  | { available: true; serviceUsd: number; stateFeeCents: number; priceCents: number; dueText: string; firstDueOn?: string; chargeOn?: string }
  | { available: false; reason: string };

export function annualReportOffer(state: string, serviceUsd: number, today: string): AnnualReportOffer {
  const sold = annualReportServiceAvailability(state);
  if (!sold.available) return { available: false, reason: sold.reason };
  const firstDueOn = nextChargeableReport(state.trim().toUpperCase(), today, today);
  return {
    available: true,
    serviceUsd,
    stateFeeCents: sold.stateFeeCents,
    priceCents: agreedReportCents(serviceUsd, sold.stateFeeCents),
    dueText: sold.dueText,
    ...(firstDueOn ? { firstDueOn, chargeOn: chargeDayOf(firstDueOn) } : {}),
  };
}

/** A report staff filed: its due date, the state's confirmation number and the receipt in the vault. */
export interface AnnualReportFiling {
  dueOn: string;
  confirmation: string;
  receiptDocumentId: string;
  filedOn: string;
}
