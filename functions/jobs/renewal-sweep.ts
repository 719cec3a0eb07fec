import type { Context } from 'aws-lambda';
import { sweepRenewals } from '../compliance/renewal-sweep.ts';
import { stopAtOf } from '../compliance/sweep-pages.ts';
import { logger } from '../lib/logger.ts';

/**
 * Daily (EventBridge on AWS, a timer locally), and again each following hour until the window's
 * end (functions/jobs.ts): charges the registered agent renewals due today at the agreed price,
 * and lapses the unpaid ones. A run that nears its timeout stops between pages; the next hour's
 * run goes on from what is still due.
 */
export async function handler(_event?: unknown, context?: Context): Promise<void> {
  const report = await sweepRenewals(Date.now(), { stopAt: stopAtOf(context) });
  if (Object.values(report.counts).some(Boolean) || !report.complete)
    logger.info('renewal sweep', { ...report.counts, pages: report.pages, complete: report.complete, backlogHours: report.backlogHours });
}
