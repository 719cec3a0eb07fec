import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { deliverMessage } from '../email/deliver.ts';
import { logger } from '../lib/logger.ts';

/**
 * The outbox table's stream -> one delivery per new (or retried) message. A record whose delivery throws
 * (the database unreachable) is reported back, so the stream retries it; sending is guarded by
 * the claim, so a retried or duplicated record never sends twice.
 */
export async function handler(event: DynamoDBStreamEvent, context?: { getRemainingTimeInMillis?: () => number }): Promise<DynamoDBBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  // Time to wait for the next second while the second's sending quota is full; a message still
  // held back when it runs out stays due, and the sweep sends it (docs/decisions/0420).
  const canWait = () => (context?.getRemainingTimeInMillis?.() ?? 30_000) > 10_000;
  for (const record of event.Records) {
    // A new message, or one staff retried (only that change leaves a message `pending`).
    const retried = record.eventName === 'MODIFY' && record.dynamodb?.NewImage?.status?.S === 'pending';
    if (record.eventName !== 'INSERT' && !retried) continue;
    const messageId = record.dynamodb?.Keys?.messageId?.S;
    if (!messageId) continue;
    try {
      let outcome = await deliverMessage(messageId);
      for (let tries = 0; outcome === 'paced' && tries < 3 && canWait(); tries++) {
        await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000)));
        outcome = await deliverMessage(messageId);
      }
    } catch (err) {
      logger.error('outbox delivery could not run', { messageId, error: err as Error });
      failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? messageId });
    }
  }
  return { batchItemFailures: failures };
}
