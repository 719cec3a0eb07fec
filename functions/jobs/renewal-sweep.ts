import { sweepRenewals } from '../compliance/renewal-sweep.ts';
import { logger } from '../lib/logger.ts';

/** Daily (EventBridge on AWS, a timer locally): charges the registered agent renewals due today at the agreed price, and lapses the unpaid ones. */
export async function handler(): Promise<void> {
  const counts = await sweepRenewals();
  if (Object.values(counts).some(Boolean)) logger.info('renewal sweep', counts);
}
