import { FILING_PROMISE_BUSINESS_DAYS } from '../pricing.ts';

/**
 * The staff work queue (docs/product.md section 9, "Work queue"): every order that needs a
 * person sits in exactly one stage, oldest first within it. An application carries its stage
 * (`queue`) and since when (`queueSince`), written in the same transaction as the change that
 * moves it, and the applications table's sparse byQueue index serves each stage with one Query.
 */

/**
 * What a person has to do next, in the order the queue shows them. Every paid order that is not
 * completed is in exactly one of them (docs/decisions/0410-a-queue-with-no-holes.md):
 * - `details`: paid, the customer has not given the filing details yet (staff chase them);
 * - `ready`: paid, details complete, not started;
 * - `review`, `dispute`: the money needs a person first (whatever the filing's stage);
 * - `processing`: from Start Processing until Mark Filed, every day of it;
 * - `state`: filed, the state's stamped approved document not recorded yet;
 * - `filed`: the state's document is in, the rest of what we owe then Mark Complete.
 */
export const WORK_STAGES = ['details', 'ready', 'review', 'dispute', 'processing', 'state', 'filed'] as const;
export type WorkStage = (typeof WORK_STAGES)[number];
/** Submitted but not paid: not a person's work, listed apart (the TTL deletes them after 30 days). */
export const UNPAID_STAGE = 'unpaid';
export type QueueStage = WorkStage | typeof UNPAID_STAGE;
export const QUEUE_STAGES: readonly QueueStage[] = [...WORK_STAGES, UNPAID_STAGE];

export const STAGE_LABELS: Record<QueueStage, string> = {
  details: "Waiting for the customer's filing details",
  ready: 'Ready to start: paid, details complete',
  review: 'Payments held for review',
  dispute: 'Payments disputed (chargebacks): send evidence',
  processing: 'In processing: not filed yet',
  state: "Filed, waiting on the state's stamped document",
  filed: 'Filed, waiting for documents, then Mark Complete',
  unpaid: 'Submitted, not paid',
};

/** The work stages whose orders are paid and not completed: the dashboard's "Pending" is their sum. */
export const PENDING_STAGES: readonly WorkStage[] = ['details', 'ready', 'dispute', 'processing', 'state', 'filed'];

/** The uploaded document that moves a filed order from `state` to `filed`: the state's stamped approval. */
export const STATE_DOCUMENT_KIND = 'approved_articles';

/** A processing order this long without Mark Filed is marked in its row ("over 3 days"). */
export const PROCESSING_STALE_DAYS = 3;

/** Chasing the customer's details again within this window sends one email (the outbox dedupe key). */
export const CHASE_WINDOW_MINUTES = 10;

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

/** The latest `queueSince` a processing order may have to be marked as stale at `now`. */
export function staleProcessingCutoff(now: Date): string {
  return new Date(now.getTime() - PROCESSING_STALE_DAYS * 86_400_000).toISOString();
}

/** The click window a chase at `at` falls in: chases in one window are one email. */
export function chaseWindow(at: Date): number {
  return Math.floor(at.getTime() / (CHASE_WINDOW_MINUTES * 60_000));
}

/** The parts of an order its stage is read from. */
export interface QueueFacts {
  status?: string;
  paymentStatus?: string;
  detailsCompletedAt?: string;
  documents?: readonly { kind: string }[];
}

/** Where an order sits given its status, payment, details and documents (undefined: nobody's work now). */
export function queueStageOf(app: QueueFacts): QueueStage | undefined {
  if (app.paymentStatus === 'needs_review') return 'review';
  // A chargeback needs evidence sent before its deadline, whatever the filing's stage.
  if (app.paymentStatus === 'disputed') return 'dispute';
  const status = app.status ?? 'submitted';
  if (status === 'draft') return undefined;
  if (app.paymentStatus !== 'paid') return app.paymentStatus === 'refunded' ? undefined : status === 'submitted' ? 'unpaid' : undefined;
  // Paid: money taken, so the order is somebody's work until it is completed.
  if (status === 'submitted') return app.detailsCompletedAt ? 'ready' : 'details';
  if (status === 'processing') return 'processing';
  if (status === 'filed') return (app.documents ?? []).some((d) => d.kind === STATE_DOCUMENT_KIND) ? 'filed' : 'state';
  return undefined;
}

/**
 * When a stored order entered the stage `queueStageOf` gives it, from the dates it carries (the
 * backfill of orders written before their stage was kept): the moment of the change that put it
 * there, or `fallback` when the order does not say.
 */
export function stageSinceOf(
  stage: QueueStage,
  app: Omit<QueueFacts, 'documents'> & {
    paidAt?: string;
    processingAt?: string;
    filedAt?: string;
    reopenedAt?: string;
    submittedAt?: string;
    createdAt?: string;
    updatedAt?: string;
    documents?: readonly { kind: string; createdAt?: string }[];
  },
  fallback: string,
): string {
  const latest = (...dates: (string | undefined)[]) =>
    dates
      .filter((d): d is string => Boolean(d))
      .sort()
      .at(-1);
  switch (stage) {
    case 'details':
      return app.paidAt ?? fallback;
    case 'ready':
      return latest(app.detailsCompletedAt, app.paidAt) ?? fallback;
    case 'processing':
      return app.processingAt ?? fallback;
    case 'state':
      return latest(app.filedAt, app.reopenedAt) ?? fallback;
    case 'filed':
      return latest(app.filedAt, app.reopenedAt, ...(app.documents ?? []).filter((d) => d.kind === STATE_DOCUMENT_KIND).map((d) => d.createdAt)) ?? fallback;
    case 'unpaid':
      return app.submittedAt ?? app.createdAt ?? fallback;
    default:
      return app.updatedAt ?? fallback;
  }
}
