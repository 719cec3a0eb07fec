import { deliverDueMessages } from '../email/deliver.ts';
import { logger } from '../lib/logger.ts';

/** Scheduled: sends every outbox message that is due (retries, and any a crashed sender held). */
export async function handler(): Promise<void> {
  const counts = await deliverDueMessages();
  if (Object.values(counts).some(Boolean)) logger.info('outbox sweep', counts);
}
