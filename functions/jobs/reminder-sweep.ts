import { sweepReminders } from '../compliance/reminder-sweep.ts';
import { logger } from '../lib/logger.ts';

/** Daily (EventBridge on AWS, a timer locally): queues the compliance calendar's reminders due today, each once. */
export async function handler(): Promise<void> {
  const counts = await sweepReminders();
  if (Object.values(counts).some(Boolean)) logger.info('reminder sweep', counts);
}
