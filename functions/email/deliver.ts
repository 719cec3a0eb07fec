import { logger } from '../lib/logger.ts';
import type { EmailMessage } from './messages.ts';
import { claimMessage, dueMessageIds, isSuppressed, markFailed, markSent, markSuppressed } from './outbox.ts';
import { renderEmail } from './render.ts';
import { DeliveryError, deliver } from './transport.ts';

export type DeliveryOutcome = 'sent' | 'skipped' | 'retry' | 'parked' | 'suppressed';

/**
 * Sends one outbox message at most once: claim (conditional write), check the address is not
 * suppressed, render, send, mark sent. A duplicate stream record or a second sweep finds the
 * message claimed or sent and skips it.
 */
export async function deliverMessage(messageId: string, now = Date.now()): Promise<DeliveryOutcome> {
  const item = await claimMessage(messageId, now);
  if (!item) return 'skipped';
  if (await isSuppressed(item.to)) {
    await markSuppressed(messageId, now);
    logger.warn('email not sent: address suppressed', { messageId, kind: item.kind });
    return 'suppressed';
  }
  try {
    // No order link yet: the order page it would open is not built, so emails say what happens
    // next in words (functions/orders/order-link.ts signs the link when that page exists).
    const rendered = await renderEmail(item as Pick<EmailMessage, 'kind' | 'payload'>);
    await deliver({ ...rendered, messageId, to: item.to });
  } catch (err) {
    const permanent = err instanceof DeliveryError && err.permanent;
    const outcome = await markFailed(item, (err as Error).message, permanent, now);
    logger.warn('email delivery failed', { messageId, kind: item.kind, attempts: item.attempts, outcome, error: (err as Error).message });
    return outcome;
  }
  await markSent(messageId, now);
  logger.info('email sent', { messageId, kind: item.kind });
  return 'sent';
}

/** Everything due now: retries whose backoff ran out and messages a crashed sender held. */
export async function deliverDueMessages(now = Date.now()): Promise<Record<DeliveryOutcome, number>> {
  const counts: Record<DeliveryOutcome, number> = { sent: 0, skipped: 0, retry: 0, parked: 0, suppressed: 0 };
  for (const id of await dueMessageIds(now)) counts[await deliverMessage(id, now)]++;
  return counts;
}
