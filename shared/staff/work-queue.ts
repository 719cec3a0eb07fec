import { FILING_PROMISE_BUSINESS_DAYS } from '../pricing.ts';

/**
 * The staff work queue (docs/product.md section 9, "Work queue"): every order that needs a
 * person sits in exactly one stage, oldest first within it. An application carries its stage
 * (`queue`) and since when (`queueSince`), written in the same transaction as the change that
 * moves it, and the applications table's sparse byQueue index serves each stage with one Query.
 */

/** What a person has to do next, in the order the queue shows them. */
export const WORK_STAGES = ['ready', 'review', 'dispute', 'processing', 'filed'] as const;
export type WorkStage = (typeof WORK_STAGES)[number];
/** Submitted but not paid: not a person's work, listed apart (the TTL deletes them after 30 days). */
export const UNPAID_STAGE = 'unpaid';
export type QueueStage = WorkStage | typeof UNPAID_STAGE;
export const QUEUE_STAGES: readonly QueueStage[] = [...WORK_STAGES, UNPAID_STAGE];

export const STAGE_LABELS: Record<QueueStage, string> = {
  ready: 'Ready to start: paid, details complete',
  review: 'Payments held for review',
  dispute: 'Payments disputed (chargebacks): send evidence',
  processing: 'Processing, not filed after {days} days',
  filed: 'Filed, not completed',
  unpaid: 'Submitted, not paid',
};

/** An order in processing this long without Mark Filed is listed for a look. */
export const PROCESSING_STALE_DAYS = 3;

/** Rows of one stage a page holds. */
export const QUEUE_PAGE_SIZE = 25;

/** `at` plus `days` business days (Saturday and Sunday skipped, UTC), same time of day. */
export function addBusinessDays(at: Date, days: number): Date {
  const out = new Date(at.getTime());
  let left = days;
  while (left > 0) {
    out.setUTCDate(out.getUTCDate() + 1);
    const day = out.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return out;
}

/** When the filing promise ("we file within 1-2 business days") runs out for details completed at `detailsCompletedAt`. */
export function promisedBy(detailsCompletedAt: string): Date {
  return addBusinessDays(new Date(detailsCompletedAt), FILING_PROMISE_BUSINESS_DAYS.most);
}

/** Whole hours left of the promise at `now` (negative: overdue by that many). */
export function promiseHoursLeft(detailsCompletedAt: string, now: Date): number {
  return Math.floor((promisedBy(detailsCompletedAt).getTime() - now.getTime()) / 3_600_000);
}

/** The latest `queueSince` a processing order may have to be listed as stale at `now`. */
export function staleProcessingCutoff(now: Date): string {
  return new Date(now.getTime() - PROCESSING_STALE_DAYS * 86_400_000).toISOString();
}

/** Where an order sits given its status, payment and details (undefined: nobody's work now). */
export function queueStageOf(app: { status?: string; paymentStatus?: string; detailsCompletedAt?: string }): QueueStage | undefined {
  if (app.paymentStatus === 'needs_review') return 'review';
  // A chargeback needs evidence sent before its deadline, whatever the filing's stage.
  if (app.paymentStatus === 'disputed') return 'dispute';
  const status = app.status ?? 'submitted';
  if (status === 'draft') return undefined;
  if (app.paymentStatus !== 'paid') return app.paymentStatus === 'refunded' ? undefined : status === 'submitted' ? 'unpaid' : undefined;
  if (status === 'submitted') return app.detailsCompletedAt ? 'ready' : undefined;
  if (status === 'processing') return 'processing';
  if (status === 'filed') return 'filed';
  return undefined;
}
