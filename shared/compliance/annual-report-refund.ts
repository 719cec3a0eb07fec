import { formatExactCents } from '../money.ts';
import type { AnnualReportEvent, AnnualReportFiling } from './annual-report-service.ts';
import { longDate } from './dates.ts';

/**
 * Refunding one annual report's charge (docs/decisions/0435-refund-a-report-charge.md): which
 * reports of an order were charged, and whether the Refund Policy (section 5, "Annual reports
 * filed for you") lets staff give one back. The policy's words: "If we do not file a report we
 * charged for before its due date, we refund that charge in full. Once a report is filed, the
 * state keeps its fee and ours has been earned, so neither is refunded." So a report filed before
 * its due date is refused; one not filed, or filed on or after its due date, may be refunded (the
 * policy owes it once the due date has come without the report filed). The server refuses with
 * the same sentences the staff screen shows.
 */

/** One charged report of the order, as its history and filings tell it. */
export interface ChargedReport {
  /** The report's due date: the charge's period. */
  dueOn: string;
  amountCents: number;
  /** When it was charged, or paid from the emailed link. */
  paidAt: string;
  /** The provider's payment, where the order recorded it. */
  reference?: string;
  /** The day staff recorded it filed with the state. */
  filedOn?: string;
  refund?: { amountCents: number; at: string; reason?: string };
}

/** What the order holds of the service, on the server's item and in the staff view alike. */
export interface ReportChargesSource {
  annualReportHistory?: readonly AnnualReportEvent[];
  annualReportFilings?: readonly AnnualReportFiling[];
}

/** Every report charged on the order, soonest due first (a charge failed and never paid is not one). */
export function chargedReports(source: ReportChargesSource): ChargedReport[] {
  const history = source.annualReportHistory ?? [];
  const out = new Map<string, ChargedReport>();
  for (const e of history) {
    if ((e.kind !== 'charged' && e.kind !== 'paid-by-link') || out.has(e.period)) continue;
    out.set(e.period, { dueOn: e.period, amountCents: e.amountCents, paidAt: e.at, ...(e.reference ? { reference: e.reference } : {}) });
  }
  for (const e of history) {
    const report = out.get(e.period);
    if (e.kind === 'refunded' && report && !report.refund) report.refund = { amountCents: e.amountCents, at: e.at, ...(e.detail ? { reason: e.detail } : {}) };
  }
  for (const f of source.annualReportFilings ?? []) {
    const report = out.get(f.dueOn);
    if (report) report.filedOn = f.filedOn;
  }
  return [...out.values()].sort((a, b) => a.dueOn.localeCompare(b.dueOn));
}

export type ReportRefundRefusal = 'not_charged' | 'already_refunded' | 'report_filed';

/** Whether the report due on `dueOn` (of `reports`: chargedReports) may be refunded on `today` (YYYY-MM-DD), and the sentence why. */
export type ReportRefundDecision =
  | { ok: true; report: ChargedReport; owed: boolean; sentence: string }
  | { ok: false; code: ReportRefundRefusal; message: string };

export function reportRefundDecision(reports: readonly ChargedReport[], dueOn: string, today: string): ReportRefundDecision {
  const due = longDate(dueOn);
  const report = reports.find((r) => r.dueOn === dueOn);
  if (!report) return { ok: false, code: 'not_charged', message: `The annual report due ${due} was never charged, so there is nothing to refund.` };
  if (report.refund)
    return {
      ok: false,
      code: 'already_refunded',
      message: `The annual report due ${due} was already refunded (${formatExactCents(report.refund.amountCents)} on ${longDate(report.refund.at)}).`,
    };
  if (report.filedOn && report.filedOn < dueOn)
    return {
      ok: false,
      code: 'report_filed',
      message: `The annual report due ${due} was filed on ${longDate(report.filedOn)}, before its due date: the Refund Policy does not refund a filed report (the state keeps its fee and ours is earned).`,
    };
  if (report.filedOn)
    return {
      ok: true,
      report,
      owed: true,
      sentence: `Filed on ${longDate(report.filedOn)}, not before its due date: the Refund Policy refunds this charge in full.`,
    };
  if (today >= dueOn) return { ok: true, report, owed: true, sentence: `Not filed by its due date (${due}): the Refund Policy refunds this charge in full.` };
  return {
    ok: true,
    report,
    owed: false,
    sentence: `Not filed yet, due ${due}: the Refund Policy owes no refund before the due date. Refunded now, we do not file it and the customer files it themselves.`,
  };
}
