import type { Context } from 'aws-lambda';
import { sweepReminders } from '../compliance/reminder-sweep.ts';
import { stopAtOf } from '../compliance/sweep-pages.ts';
import { logger } from '../lib/logger.ts';

/**
 * Daily (EventBridge on AWS, a timer locally), and again each following hour until the window's
 * end (functions/jobs.ts): queues the compliance calendar's reminders due today, each once. A run
 * that nears its timeout stops between pages; the next hour's run goes on from what is still due,
 * and the runs after finish at once with nothing due.
 */
export async function handler(_event?: unknown, context?: Context): Promise<void> {
  const report = await sweepReminders(Date.now(), { stopAt: stopAtOf(context) });
  if (Object.values(report.counts).some(Boolean) || !report.complete)
    logger.info('reminder sweep', { ...report.counts, pages: report.pages, complete: report.complete, backlogHours: report.backlogHours });
}
