import { sweepAnnualReports } from '../compliance/annual-report.ts';
import { logger } from '../lib/logger.ts';

/**
 * Daily (EventBridge on AWS, a timer locally), and hourly until the window's end (functions/jobs.ts):
 * the notices of the annual reports filed for the customer, their charges 21 days before each due
 * date at the agreed price, and the lapse of those left unpaid (docs/decisions/0431).
 */
export async function handler(): Promise<void> {
  const counts = await sweepAnnualReports(Date.now());
  if (Object.values(counts).some(Boolean)) logger.info('annual report sweep', counts);
}
