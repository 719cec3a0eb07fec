import type { AnnualReportCharge, AnnualReportEvent, AnnualReportFiling, AnnualReportService } from '#shared/compliance/annual-report-service.ts';
import type { TransactItem } from '../../lib/clients/dynamodb-sdk.ts';
import { ItemUpdate, updateWith } from './item.ts';

/**
 * The annual-report service's writes on the order (functions/compliance/annual-report.ts decides
 * them, docs/decisions/0431): each conditional on what the decision read, with what it implies
 * (rows, activity, audit, email) in the same transaction. False when the condition failed.
 */

/** The service agreed at its frozen price, unless one is already agreed. */
export function agreeAnnualReportsWrite(id: string, service: AnnualReportService, at: string, alongside: TransactItem[]): Promise<boolean> {
  const change = new ItemUpdate(id).when('attribute_not_exists(#annualReportService)').set('annualReportService', service).set('updatedAt', at);
  return updateWith(change, alongside);
}

/** Cancelled, unless it already is. */
export function cancelAnnualReportsWrite(id: string, at: string, alongside: TransactItem[]): Promise<boolean> {
  const change = new ItemUpdate(id).when('attribute_not_exists(#annualReportCancelledAt)').set('annualReportCancelledAt', at).set('updatedAt', at);
  return updateWith(change, alongside);
}

/** The cancellation of `cancelledAt` undone, only while it is that one. */
export function resumeAnnualReportsWrite(id: string, cancelledAt: string, at: string, alongside: TransactItem[]): Promise<boolean> {
  const change = new ItemUpdate(id)
    .when('#annualReportCancelledAt = :cancelledAt', { ':cancelledAt': cancelledAt })
    .remove('annualReportCancelledAt')
    .set('updatedAt', at);
  return updateWith(change, alongside);
}

/** A report filed by staff, added to the order's filings. */
export function recordAnnualReportFilingWrite(id: string, filing: AnnualReportFiling, at: string, alongside: TransactItem[]): Promise<boolean> {
  const change = new ItemUpdate(id).append('annualReportFilings', [filing]).set('updatedAt', at);
  return updateWith(change, alongside);
}

/**
 * One report's charge refunded (docs/decisions/0435), only at the version read: the history's
 * `refunded` line and, when that report is still the current charge, the refund on it.
 */
export function refundAnnualReportWrite(
  id: string,
  version: number,
  event: AnnualReportEvent,
  charge: AnnualReportCharge | undefined,
  at: string,
  alongside: TransactItem[],
): Promise<boolean> {
  const change = new ItemUpdate(id).atVersion(version).append('annualReportHistory', [event]).set('updatedAt', at);
  if (charge) change.set('annualReportCharge', charge);
  return updateWith(change, alongside);
}
