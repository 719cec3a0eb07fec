import { dayOf } from '#shared/compliance/dates.ts';
import { agreedRenewalUsd, calendarInputOf } from '../data/applications/calendar-input.ts';
import { findApplication } from '../data/applications/reads.ts';
import { claimRenewalCharge } from '../data/applications/renewal.ts';
import { dueRowsPage, oldestDueSendOn, RENEWAL_QUEUE, type ReminderRow, renewalRowDelete, renewalRowPut } from '../data/reminders.ts';
import { ddb } from '../lib/clients/dynamodb.ts';
import { type TransactItem, TransactWriteCommand } from '../lib/clients/dynamodb-sdk.ts';
import { logger } from '../lib/logger.ts';
import { chargeOffSession, nextRenewalOf, recordFailed, recordLapsed, recordPaid } from './renewal-charge.ts';
import { backlogHours, mapLimit } from './sweep-pages.ts';

/**
 * The daily renewal sweep (docs/product.md "Recurring charges"): every renewal charge row due by
 * today, each acted on once however often, and however concurrently, the sweep runs. On the
 * renewal date the agreed price is charged (functions/compliance/renewal-charge.ts); after a failed
 * charge the row comes back the day after the grace period and lapses the renewal if it is still
 * unpaid.
 */
export type RenewalOutcome =
  /** Charged now. */
  | 'charged'
  /** The charge failed: the payment link is emailed. */
  | 'payment-due'
  | 'lapsed'
  /** Already paid (another sweep, the customer's link): the row moved on to the next renewal. */
  | 'moved-on'
  /** Nothing to charge: the renewal was cancelled, declined, never agreed, or the order is gone. */
  | 'dropped'
  /** Another sweep holds or recorded the period. */
  | 'taken'
  /** The provider could not be reached: the claim's lease runs out and a later sweep tries again. */
  | 'retry';

/**
 * How long a claimed period is held before another sweep may take it over: longer than the sweep
 * may run (300 s, functions/jobs.ts), so a live charge is never doubled; the Stripe idempotency
 * key makes a takeover after a crash return the first charge rather than make another.
 */
export const RENEWAL_LEASE_MS = 10 * 60_000;

const write = (items: TransactItem[]) => ddb().send(new TransactWriteCommand({ TransactItems: items }));

/** One due row of one order (its `dueOn` is the renewal period): decide from the order as it is now. */
export async function processRenewalRow(row: ReminderRow, now = Date.now()): Promise<RenewalOutcome> {
  const period = row.dueOn;
  const app = await findApplication(row.applicationId);
  const charge = app?.renewalCharge?.period === period ? app.renewalCharge : undefined;
  if (app && charge?.state === 'paid') {
    await write([renewalRowPut(app.id, nextRenewalOf(app, period), nextRenewalOf(app, period), now)]);
    return 'moved-on';
  }
  if (app && charge?.state === 'payment-due') {
    // Not yet past the grace period (the row was re-dated by hand, or the clock moved back): wait for its end.
    if (charge.graceEndsOn && dayOf(now) <= charge.graceEndsOn) return 'taken';
    return (await recordLapsed(app, charge, now)) ? 'lapsed' : 'taken';
  }
  if (charge?.state === 'lapsed') {
    await write([renewalRowDelete(row.applicationId)]);
    return 'dropped';
  }
  const input = app && app.paymentStatus === 'paid' ? calendarInputOf(app) : undefined;
  if (!app || input?.renewal !== 'renews') {
    await write([renewalRowDelete(row.applicationId)]);
    return 'dropped';
  }
  if (charge?.state === 'charging' && (charge.leaseUntil ?? 0) >= now) return 'taken';

  const claimed = await claimRenewalCharge(app, period, agreedRenewalUsd(app) * 100, RENEWAL_LEASE_MS, now);
  if (!claimed) return 'taken';
  const result = await chargeOffSession(app, claimed);
  if (result.kind === 'retry') {
    logger.warn('renewal charge to be retried', { applicationId: app.id, period, reason: result.reason });
    return 'retry';
  }
  const recorded = result.kind === 'paid' ? await recordPaid(app, claimed, result.reference, 'charged', now) : await recordFailed(app, claimed, result, now);
  // Not recorded: the claim was taken over after its lease ran out, and the other sweep records the same charge.
  if (!recorded) return 'taken';
  return result.kind === 'paid' ? 'charged' : 'payment-due';
}

/** Renewal rows acted on at once (each its own order, claim and Stripe idempotency key). */
export const RENEWAL_SWEEP_CONCURRENCY = 4;

export interface RenewalSweepReport {
  counts: Record<RenewalOutcome, number>;
  /** False when the run stopped at `stopAt` with pages left: the next run (within the hour) goes on. */
  complete: boolean;
  pages: number;
  /** Hours since the start of the day of the oldest charge row still due after the run (0: none). */
  backlogHours: number;
}

/**
 * The daily sweep: every renewal charge row due by today, once. Pages through the due rows
 * (LastEvaluatedKey) until none is left, or until `stopAt` (the Lambda's time budget), when the
 * rest stay due for the next scheduled run (docs/decisions/0414-reminders-at-scale.md). Publishes
 * DueRenewalAgeHours, which alarms when a charge row is left due for more than a day.
 */
export async function sweepRenewals(now = Date.now(), options: { stopAt?: number } = {}): Promise<RenewalSweepReport> {
  const counts: Record<RenewalOutcome, number> = { charged: 0, 'payment-due': 0, lapsed: 0, 'moved-on': 0, dropped: 0, taken: 0, retry: 0 };
  const today = dayOf(now);
  let after: Record<string, unknown> | undefined;
  let pages = 0;
  let complete = true;
  do {
    if (options.stopAt !== undefined && Date.now() >= options.stopAt) {
      complete = false;
      break;
    }
    const page = await dueRowsPage(RENEWAL_QUEUE, today, after);
    pages++;
    await mapLimit(page.rows, RENEWAL_SWEEP_CONCURRENCY, async (row) => {
      try {
        counts[await processRenewalRow(row, now)]++;
      } catch (err) {
        // One order's failure does not stop the others; its row stays due for the next run.
        logger.error('renewal row failed', { applicationId: row.applicationId, error: err as Error });
        counts.retry++;
      }
    });
    after = page.next;
  } while (after);
  const hours = backlogHours(await oldestDueSendOn(RENEWAL_QUEUE, today), now);
  logger.metric('DueRenewalAgeHours', hours);
  return { counts, complete, pages, backlogHours: hours };
}
